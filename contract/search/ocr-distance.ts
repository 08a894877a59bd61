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

const PAIRS: Array<[string, string]> = OCR_CONFUSIONS.flatMap(
  ([a, b]) =>
    [
      [a, b],
      [b, a],
    ] as Array<[string, string]>,
);

/** The edit budget of word~ by length: 1 for 4-7 letters, 2 for 8 or more; shorter words match only themselves. */
export function fuzzyBudget(word: string, explicit?: number): number {
  const n = [...word].length;
  if (explicit !== undefined) return explicit;
  return n >= 8 ? 2 : n >= 4 ? 1 : 0;
}

/**
 * The confusion-aware distance between a word and a form in the index (weighted Levenshtein where a
 * confusion pair, possibly two characters for one, costs CONFUSION_COST). Stops early above `max`
 * (returns Infinity then).
 */
export function ocrDistance(word: string, form: string, max = Infinity): number {
  return ocrDistanceTo(word)(form, max);
}

/**
 * ocrDistance with the word fixed: which confusions can end at each of its letters is worked out once, so
 * scoring the tens of thousands of forms of a vocabulary range costs a plain edit distance each, not a
 * look at every confusion pair in every cell (expansion of senate~ over 100,000 pages: seconds to tens of ms).
 */
export function ocrDistanceTo(word: string): (form: string, max?: number) => number {
  const a = [...word];
  const aLen = a.length;
  // For each i (1..aLen): the pairs whose first side ends the word's first i letters, as [length, other side].
  const ending: Array<Array<[number, string]>> = [[]];
  for (let i = 1; i <= aLen; i++) {
    const list: Array<[number, string]> = [];
    for (const [x, y] of PAIRS) {
      const xl = [...x].length;
      if (xl <= i && a.slice(i - xl, i).join('') === x) list.push([xl, y]);
    }
    ending.push(list);
  }
  // One table for every form scored (rows of the DP side by side), grown when a longer form comes: scoring
  // tens of thousands of forms allocates nothing per form.
  let table = new Float64Array(0);
  let width = 0;
  return (form, max = Infinity) => {
    const b = [...form];
    const bLen = b.length;
    if (Math.abs(aLen - bLen) > max) return Infinity;
    const w = bLen + 1;
    if (w > width || table.length < (aLen + 1) * w) {
      width = Math.max(w, width);
      table = new Float64Array((aLen + 1) * width);
    }
    // Rows kept whole: a two-letter confusion reaches two rows back. Row i starts at i * width.
    for (let j = 0; j <= bLen; j++) table[j] = j;
    for (let i = 1; i <= aLen; i++) {
      const at = i * width;
      const above = at - width;
      table[at] = i;
      let best = i;
      const pairs = ending[i];
      const ai = a[i - 1];
      for (let j = 1; j <= bLen; j++) {
        let d = Math.min(table[above + j] + 1, table[at + j - 1] + 1, table[above + j - 1] + (ai === b[j - 1] ? 0 : 1));
        for (const [xl, y] of pairs) {
          const yl = y.length; // confusion sides are ASCII
          if (yl > j) continue;
          const from = table[(i - xl) * width + j - yl];
          if (from + CONFUSION_COST >= d) continue;
          let same = true;
          for (let k = 0; k < yl; k++)
            if (b[j - yl + k] !== y[k]) {
              same = false;
              break;
            }
          if (same) d = from + CONFUSION_COST;
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

/**
 * Confusions in a word's first three letters that its vocabulary ranges allow for (see fuzzyPrefixes). One,
 * measured (bench/search-recall.ts, bench/search/run.ts): two read twice the forms at 100,000 pages for 0.2
 * points of recall and a point less precision.
 */
export const FUZZY_PREFIX_CONFUSIONS = 1;

/** What a first letter may be read as (or what may be read before it): for the ranges of a first letter changed
 *  or added. */
const FIRST_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The two-letter ranges a confusion in a word's first three letters moves it to (senate: se, sc, so, 5e, …). */
export function confusionPrefixes(word: string): string[] {
  const seen = new Set<string>([word]);
  let frontier = [word];
  for (let round = 0; round < FUZZY_PREFIX_CONFUSIONS; round++) {
    const next: string[] = [];
    for (const w of frontier)
      for (const [x, y] of PAIRS)
        for (let at = w.indexOf(x); at >= 0 && at < 3; at = w.indexOf(x, at + 1)) {
          const v = w.slice(0, at) + y + w.slice(at + x.length);
          if (!seen.has(v)) {
            seen.add(v);
            next.push(v);
          }
        }
    frontier = next;
  }
  return [...new Set([...seen].map((w) => [...w].slice(0, 2).join('')))].sort();
}

/**
 * The vocabulary ranges worth reading for a word's misreadings: its confusion ranges (confusionPrefixes) and
 * the ranges of a first letter changed, dropped or added (Xen, en, Xse for senate: "dames" for james,
 * "ntelligence", "tthe"; +2.1 points of recall for 1.1 of precision on bench/search-recall's fixture, the changed
 * letter most of it). A misreading that changes the start any other way (two plain edits in the first letters)
 * is not looked for: reading the whole vocabulary costs too much. Ranges inside a wider one are left out.
 */
export function fuzzyPrefixes(word: string): string[] {
  const out = new Set(confusionPrefixes(word));
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
