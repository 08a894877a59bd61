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
  const a = [...word];
  const b = [...form];
  if (Math.abs(a.length - b.length) > max) return Infinity;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      // Only pairs whose last characters are these two can end here (a lookup, not a scan of every pair):
      // expansion compares a word with thousands of index words, so this loop is the cost of word~.
      for (const [x, y] of PAIRS_BY_END.get(`${a[i - 1]}\u0000${b[j - 1]}`) ?? NO_PAIRS) {
        if (x.length > i || y.length > j) continue;
        if (endsWith(a, i, x) && endsWith(b, j, y)) d = Math.min(d, rows[i - x.length][j - y.length] + CONFUSION_COST);
      }
      row.push(d);
      best = Math.min(best, d);
    }
    rows.push(row);
    if (best > max + 1e-9) return Infinity;
  }
  const d = rows[a.length][b.length];
  return d > max + 1e-9 ? Infinity : Math.round(d * 100) / 100;
}

/** The confusion pairs as characters, by their last characters ('x' + NUL + 'y'). */
const PAIRS_BY_END = new Map<string, Array<[string[], string[]]>>();
for (const [x, y] of PAIRS) {
  const cx = [...x];
  const cy = [...y];
  const key = `${cx[cx.length - 1]}\u0000${cy[cy.length - 1]}`;
  PAIRS_BY_END.set(key, [...(PAIRS_BY_END.get(key) ?? []), [cx, cy]]);
}
const NO_PAIRS: Array<[string[], string[]]> = [];

/** Whether chars[end - part.length .. end) equals part. */
function endsWith(chars: string[], end: number, part: string[]): boolean {
  for (let k = 0; k < part.length; k++) if (chars[end - part.length + k] !== part[k]) return false;
  return true;
}

/**
 * The vocabulary ranges worth reading for a word's misreadings: its first two letters and what up to two
 * confusions in its first three letters make of them (senate: se, sc, so, 5e, …). A misreading that
 * changes the start any other way is not looked for: reading the whole vocabulary costs too much.
 */
export function fuzzyPrefixes(word: string): string[] {
  const seen = new Set<string>([word]);
  let frontier = [word];
  for (let round = 0; round < 2; round++) {
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
