// How likely one word is an OCR misreading of another: an edit distance where the confusions OCR makes
// on old newsprint (e/c/o, n/u/ii, rn/m, l/1/i, h/b, s/5, …) cost less than other edits, and the budget
// a word~ gets by its length. Pure; used by both engines' expansion and by the recall benchmark.

/** Pairs OCR confuses (folded, lower case), either way round; one character may stand for two. */
export const OCR_CONFUSIONS: ReadonlyArray<readonly [string, string]> = [
  ['e', 'c'],
  ['e', 'o'],
  ['c', 'o'],
  ['a', 'o'],
  ['a', 'e'],
  ['a', 's'],
  ['n', 'u'],
  ['ii', 'n'],
  ['ii', 'u'],
  ['in', 'm'],
  ['rn', 'm'],
  ['ni', 'm'],
  ['iu', 'm'],
  ['ri', 'n'],
  ['l', '1'],
  ['l', 'i'],
  ['i', '1'],
  ['t', 'l'],
  ['f', 't'],
  ['f', 's'],
  ['h', 'b'],
  ['h', 'li'],
  ['b', 'li'],
  ['s', '5'],
  ['o', '0'],
  ['r', 'k'],
  ['r', 'i'],
  ['r', 't'],
  ['cl', 'd'],
  ['vv', 'w'],
  ['y', 'v'],
  ['g', 'q'],
  ['b', '6'],
  ['z', '2'],
  ['g', '9'],
];

/** What a confusion costs; any other substitution, insertion or deletion costs 1. */
export const CONFUSION_COST = 0.4;

/** One confusion, read in one direction: `from` (letters of the true word, '' for a letter OCR added) read as
 *  `to` (letters of the form, '' for a letter OCR dropped), at `cost` (an edit not listed costs 1). */
export type Confusion = readonly [from: string, to: string, cost: number];

/** The hand list both ways round at CONFUSION_COST. */
export const LISTED_CONFUSIONS: ReadonlyArray<Confusion> = OCR_CONFUSIONS.flatMap(([a, b]) => [
  [a, b, CONFUSION_COST] as const,
  [b, a, CONFUSION_COST] as const,
]);

/** The edit budget of word~ by length: 1 for 4-7 letters, 2 for 8 or more; shorter words match only themselves. */
export function fuzzyBudget(word: string, explicit?: number): number {
  const n = [...word].length;
  if (explicit !== undefined) return explicit;
  return n >= 8 ? 2 : n >= 4 ? 1 : 0;
}

/**
 * The confusion-aware distance from a word to a form in the index (weighted Levenshtein where a listed
 * confusion, possibly two characters for one, one dropped or one added, costs its own price). Stops early
 * above `max` (returns Infinity then).
 */
export function ocrDistance(word: string, form: string, max = Infinity, table: ReadonlyArray<Confusion> = LISTED_CONFUSIONS): number {
  return ocrDistanceTo(word, table)(form, max);
}

/**
 * ocrDistance with the word fixed: which confusions can end at each of its letters is worked out once, so
 * scoring the tens of thousands of forms of a vocabulary range costs a plain edit distance each, not a
 * look at every confusion pair in every cell (expansion of senate~ over 100,000 pages: seconds to tens of ms).
 */
export function ocrDistanceTo(word: string, confusions: ReadonlyArray<Confusion> = LISTED_CONFUSIONS): (form: string, max?: number) => number {
  const a = [...word];
  const aLen = a.length;
  // Worked out once per word: what each of its letters costs read as another letter (sub) or dropped (drop),
  // what adding a letter costs (add), and the confusions of two letters for one or one for two that end at each
  // of its letters (multi, as [how many letters of the word, the form's letters as codes, cost]). A learned table holds hundreds
  // of confusions: a cell of the DP looks up one price, not every confusion.
  // Prices by letter code (below 128; other letters are looked up in a map): a typed array read per cell.
  const sub: Float64Array[] = [new Float64Array(0)];
  const subOther: Array<Map<string, number> | null> = [null];
  const drop = new Float64Array(aLen + 1).fill(1);
  const add = new Float64Array(128).fill(1);
  const addOther = new Map<string, number>();
  const multi: Array<Array<readonly [number, Int32Array, number]>> = [[]];
  for (let i = 1; i <= aLen; i++) {
    sub.push(new Float64Array(128).fill(1));
    subOther.push(null);
    multi.push([]);
  }
  for (const [x, y, c] of confusions) {
    const xs = [...x];
    const ys = [...y];
    if (xs.length === 0 && ys.length === 1) {
      const code = y.charCodeAt(0);
      if (code < 128) add[code] = Math.min(add[code], c);
      else addOther.set(y, Math.min(addOther.get(y) ?? 1, c));
    } else if (xs.length === 1 && ys.length <= 1) {
      for (let i = 1; i <= aLen; i++)
        if (a[i - 1] === x) {
          if (ys.length === 0) drop[i] = Math.min(drop[i], c);
          else if (y.charCodeAt(0) < 128) sub[i][y.charCodeAt(0)] = Math.min(sub[i][y.charCodeAt(0)], c);
          else (subOther[i] ??= new Map()).set(y, Math.min(subOther[i]!.get(y) ?? 1, c));
        }
    } else if (xs.length > 0) {
      const yCodes = Int32Array.from(ys.map((ch) => ch.codePointAt(0)!));
      for (let i = xs.length; i <= aLen; i++) if (a.slice(i - xs.length, i).join('') === x) multi[i].push([xs.length, yCodes, c]);
    }
  }
  const aCodes = Int32Array.from(a.map((ch) => ch.codePointAt(0)!));
  // One table for every form scored (rows of the DP side by side), grown when a longer form comes, and the form's
  // letters as codes: scoring tens of thousands of forms allocates nothing per form.
  let table = new Float64Array(0);
  let width = 0;
  let codes = new Int32Array(32);
  let addCost = new Float64Array(33);
  return (form, max = Infinity) => {
    if (codes.length < form.length) {
      codes = new Int32Array(form.length * 2);
      addCost = new Float64Array(form.length * 2 + 1);
    }
    let bLen = 0;
    for (let k = 0; k < form.length; k++) {
      const code = form.codePointAt(k)!;
      if (code > 0xffff) k++;
      codes[bLen++] = code;
    }
    if (Math.abs(aLen - bLen) > max) return Infinity;
    const w = bLen + 1;
    if (w > width || table.length < (aLen + 1) * w) {
      width = Math.max(w, width);
      table = new Float64Array((aLen + 1) * width);
    }
    for (let j = 1; j <= bLen; j++) {
      const code = codes[j - 1];
      addCost[j] = code < 128 ? add[code] : (addOther.get(String.fromCodePoint(code)) ?? 1);
    }
    // Rows kept whole: a two-letter confusion reaches two rows back. Row i starts at i * width.
    table[0] = 0;
    for (let j = 1; j <= bLen; j++) table[j] = table[j - 1] + addCost[j];
    for (let i = 1; i <= aLen; i++) {
      const at = i * width;
      const above = at - width;
      const pairs = multi[i];
      const ai = aCodes[i - 1];
      const subs = sub[i];
      const other = subOther[i];
      const dropCost = drop[i];
      table[at] = table[above] + dropCost;
      let best = table[at];
      for (let j = 1; j <= bLen; j++) {
        const bj = codes[j - 1];
        const change = ai === bj ? 0 : bj < 128 ? subs[bj] : (other?.get(String.fromCodePoint(bj)) ?? 1);
        let d = table[above + j - 1] + change;
        const dropped = table[above + j] + dropCost;
        if (dropped < d) d = dropped;
        const added = table[at + j - 1] + addCost[j];
        if (added < d) d = added;
        for (let p = 0; p < pairs.length; p++) {
          const [xl, y, c] = pairs[p];
          const yl = y.length;
          if (yl > j) continue;
          const from = table[(i - xl) * width + j - yl];
          if (from + c >= d) continue;
          let same = true;
          for (let k = 0; k < yl; k++)
            if (codes[j - yl + k] !== y[k]) {
              same = false;
              break;
            }
          if (same) d = from + c;
        }
        table[at + j] = d;
        if (d < best) best = d;
      }
      if (best > max + 1e-9) return Infinity;
    }
    const d = table[aLen * width + bLen];
    return d > max + 1e-9 ? Infinity : Math.round(d * 100) / 100;
  };
}

/** What a letter (or two) may be read as, for the ranges only: its PREFIX_MOVES cheapest confusions (every one of the listed table). A learned
 *  table can price a dozen readings of one letter below 1; a range each would read most of the vocabulary (the
 *  listed table has one to three a letter). */
export const PREFIX_MOVES = 5;
const movesOf = new WeakMap<ReadonlyArray<Confusion>, Array<[string, string]>>();
function prefixMoves(table: ReadonlyArray<Confusion>): Array<[string, string]> {
  let moves = movesOf.get(table);
  if (!moves) {
    const byFrom = new Map<string, Confusion[]>();
    for (const c of table) if (c[0] && c[2] < 1) (byFrom.get(c[0]) ?? byFrom.set(c[0], []).get(c[0])!).push(c);
    moves = [...byFrom.values()].flatMap((cs) =>
      cs
        .sort((a, b) => a[2] - b[2] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
        .slice(0, PREFIX_MOVES)
        .map(([x, y]) => [x, y] as [string, string]),
    );
    movesOf.set(table, moves);
  }
  return moves;
}

/**
 * Confusions in a word's first three letters that its vocabulary ranges allow for (see fuzzyPrefixes). One,
 * measured (bench/search-recall.ts, bench/search/run.ts): two read twice the forms at 100,000 pages for 0.2
 * points of recall and a point less precision.
 */
export const FUZZY_PREFIX_CONFUSIONS = 1;

/** What a first letter may be read as (or what may be read before it): for the ranges of a first letter changed
 *  or added. */
const FIRST_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The ranges a confusion in a word's first three letters moves it to: two letters, three when the first letter
 *  changed (senate: se, sc, so, 5en, …). */
export function confusionPrefixes(word: string, table: ReadonlyArray<Confusion> = LISTED_CONFUSIONS): string[] {
  const seen = new Set<string>([word]);
  let frontier = [word];
  const moves = prefixMoves(table);
  for (let round = 0; round < FUZZY_PREFIX_CONFUSIONS; round++) {
    const next: string[] = [];
    for (const w of frontier)
      for (const [x, y] of moves)
        for (let at = w.indexOf(x); at >= 0 && at < 3; at = w.indexOf(x, at + 1)) {
          const v = w.slice(0, at) + y + w.slice(at + x.length);
          if (!seen.has(v)) {
            seen.add(v);
            next.push(v);
          }
        }
    frontier = next;
  }
  // Two letters of each variant, three when the confusion changed the first letter (then the other two stay the
  // word's): a learned table reads a first letter a dozen ways, and a two-letter range each ("de", "be", "te" for
  // repeated) read ten times the forms.
  const first = [...word][0];
  const ranges = [...seen].map((w) => [...w].slice(0, [...w][0] === first ? 2 : 3).join(''));
  return [...new Set(ranges)].sort();
}

/**
 * The vocabulary ranges worth reading for a word's misreadings: its confusion ranges (confusionPrefixes) and
 * the ranges of a first letter changed, dropped or added (Xen, en, Xse for senate: "dames" for james,
 * "ntelligence", "tthe"; +2.1 points of recall for 1.1 of precision on bench/search-recall's fixture, the changed
 * letter most of it). A misreading that changes the start any other way (two plain edits in the first letters)
 * is not looked for: reading the whole vocabulary costs too much. Ranges inside a wider one are left out.
 */
export function fuzzyPrefixes(word: string, table: ReadonlyArray<Confusion> = LISTED_CONFUSIONS): string[] {
  const out = new Set(confusionPrefixes(word, table));
  const letters = [...word];
  if (letters.length >= 3) {
    const rest = letters.slice(1, 3).join('');
    const start = letters.slice(0, 2).join('');
    out.add(rest);
    for (const c of FIRST_LETTERS) {
      out.add(c + rest);
      out.add(c + start);
    }
  }
  return [...out].filter((p) => ![...out].some((q) => q !== p && p.startsWith(q))).sort();
}

/**
 * The ending whose forms are read as well (the vocabulary by reversed spelling, both engines and the offline
 * worker): a misreading that changes the start beyond fuzzyPrefixes' ranges (two plain edits in the first
 * letters: "sxnate" for senate) keeps the end. The last three letters, four from 8 letters on (an -ing or
 * -ion of a long word's length window holds tens of thousands of forms at 100,000 pages, and the fourth letter
 * lost nothing on bench/search-recall's fixture): +1.0 point of recall there, precision unchanged.
 */
export function fuzzyEnding(word: string): string {
  const letters = [...word];
  if (letters.length < 4) return ''; // a short word's ending is most of the vocabulary: not read
  return letters.slice(-(letters.length >= 8 ? 4 : 3)).join('');
}

/** A word spelled backwards (by code point): the key of the vocabulary by ending. */
export const reversed = (word: string) => [...word].reverse().join('');
