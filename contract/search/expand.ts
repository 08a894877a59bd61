// Expanding a pattern (wash*, wom?n) into the index's words: which range of the vocabulary to read, which
// words in it fit, and which of them to search when too many fit. Both engines read their vocabulary in
// byte order and hand the rows here, so they choose the same words. Pure.
import type { Expansion } from './plan';
import { LISTED_CONFUSIONS, ocrDistanceTo, type Confusion } from './ocr-distance';
import { collapseWildcards } from './syntax';

/** Words searched for one pattern at most: the most frequent ones when more fit. */
export const MAX_EXPANSION = 100;
/** Vocabulary words read for one pattern at most (in word order); beyond it the pattern is too broad. */
export const EXPANSION_SCAN = 5000;

export interface VocabularyWord {
  term: string;
  /** Pages holding the word. */
  pages: number;
}

/** What an engine needs to read a pattern's words: the literal start, and the pattern as SQL LIKE. */
export interface VocabularyPattern {
  /** The letters before the first wildcard: the vocabulary range [prefix, prefix + U+10FFFF). */
  prefix: string;
  /** LIKE pattern: tokens hold only letters and digits, so % and _ need no escaping. */
  like: string;
  /** The same test in JavaScript (whole word, one code point per ?). */
  test: (term: string) => boolean;
  /** Only words of these lengths (code points), when given: an OCR-tolerant word's forms. */
  lengths?: { min: number; max: number };
}

export const RANGE_END = String.fromCodePoint(0x10ffff);

/** Where a range from `key` starts in items sorted by `keyOf` (the first at or after it): a vocabulary held in
 *  memory (the offline worker's, the recall benchmark's) read as the engines read their indexes. */
export function rangeStart<T>(items: readonly T[], key: string, keyOf: (item: T) => string): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keyOf(items[mid]) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Whether a word fits a pattern (`*` any letters, `?` one code point), in time proportional to the word's
 * length times the pattern's at worst: after a mismatch only the last * takes one more letter (a * before it
 * never needs to, since the letters after the last * can only be placed later). A regular expression here
 * backtracked into every way of sharing the letters between the stars: `abc*?*?…*?z` against a 30-letter word
 * ran for seconds.
 */
export function globMatch(pattern: readonly string[], word: readonly string[]): boolean {
  let p = 0;
  let w = 0;
  let star = -1;
  let mark = 0;
  while (w < word.length) {
    if (p < pattern.length && pattern[p] !== '*' && (pattern[p] === '?' || pattern[p] === word[w])) {
      p++;
      w++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      mark = w;
    } else if (star >= 0) {
      p = star + 1;
      w = ++mark;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

export function vocabularyPattern(given: string): VocabularyPattern {
  const pattern = collapseWildcards(given);
  const first = pattern.search(/[*?]/);
  const prefix = first < 0 ? pattern : pattern.slice(0, first);
  const letters = [...pattern];
  const open = letters.includes('*');
  // A word shorter than the pattern's letters and ?s (or, without a *, of another length) cannot fit.
  const least = letters.filter((ch) => ch !== '*').length;
  const test = (term: string) => {
    const word = [...term];
    return (open ? word.length >= least : word.length === least) && globMatch(letters, word);
  };
  return { prefix, like: pattern.replace(/\*/g, '%').replace(/\?/g, '_'), test };
}

/**
 * The words to search from the fitting vocabulary rows (in word order, at most EXPANSION_SCAN + 1 of them):
 * all of them when few, else the MAX_EXPANSION held by most pages (ties by word), flagged as limited.
 */
export function chooseExpansion(rows: VocabularyWord[]): Expansion {
  const fitting = rows.slice(0, EXPANSION_SCAN);
  const best = [...fitting].sort((a, b) => b.pages - a.pages || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0)).slice(0, MAX_EXPANSION);
  return { words: best.map((w) => w.term), matched: rows.length, limited: rows.length > MAX_EXPANSION };
}

/** The notice a bounded expansion carries, for the results screen. */
export function expansionNotice(label: string, e: Expansion): string | null {
  if (!e.limited) return null;
  if (/~\d?$/.test(label)) return `${label} has ${e.matched.toLocaleString('en-US')} likely misreadings: only the ${MAX_FUZZY} closest are searched.`;
  const many = e.matched > EXPANSION_SCAN ? `more than ${EXPANSION_SCAN.toLocaleString('en-US')}` : e.matched.toLocaleString('en-US');
  return `${label} matches too many words (${many}): only the ${e.words.length} most frequent are searched. Add letters to narrow it.`;
}

/** Forms read per vocabulary range for one OCR-tolerant word, and forms searched at most. */
export const FUZZY_SCAN = 20000;
export const MAX_FUZZY = 50;
/** Forms checked against likelier sources at most for one word (the closest first). */
export const MAX_FUZZY_CHECKS = 400;
/** The noisy channel's price of one unit of OCR distance, in log pages (fitted with the learned confusions on
 *  bench/search-recall's even pages: 1.25 with the listed ones). */
export const CHANNEL_LAMBDA = 2.5;

const codePoints = (t: string) => [...t].length;

/** How far from the word (in budgets) a likelier source of one of its forms is looked for: 3 and more found the
 *  same sources on bench/search-recall's fixture, 2 nearly (precision 96.1 against 96.3%). */
export const RIVAL_REACH = 2;
/** A likelier source is a word printed on at least this many pages (a form on one or two is itself most likely a
 *  misreading, and is not taken for a word of its own either): the bulk of a noisy vocabulary is such forms, so
 *  few rows need the wider distance. Rivals on 10+ pages only found the same sources on the fixture (80 pages). */
export const RIVAL_PAGES = 3;

/** A vocabulary row that could be a likelier source, with its distance to the word searched. */
export interface Rival extends VocabularyWord {
  /** OCR distance from the word searched to this row. */
  d: number;
  /** Its length in code points. */
  len: number;
  /** The row's own distance function, made when first needed. */
  to?: (form: string, max?: number) => number;
}

/**
 * Whether `word` (on `own` pages) is the likeliest source of `form` (on `formPages` pages, at distance `d`)
 * among `rivals` (rows near the word, most pages first), scoring each source W by ln(pages holding W) -
 * CHANNEL_LAMBDA x the OCR distance from W to the form (a noisy channel: a common word misread a little, or a
 * rarer one read right). The form itself is a source at distance 0: a form on nearly as many pages as the word
 * is a word of its own ("state" is not a misreading of "store"), a form close to a more frequent word is that
 * word's misreading ("sald" is "said", not "sale").
 */
export function likeliestSource(
  word: string,
  own: number,
  form: string,
  formPages: number,
  d: number,
  rivals: Rival[],
  table: ReadonlyArray<Confusion> = LISTED_CONFUSIONS,
): boolean {
  const mine = Math.log(own) - CHANNEL_LAMBDA * d;
  // A form printed on fewer than RIVAL_PAGES pages is no word of its own, however rare the word: in a small
  // archive "appioprlatlons" (1 page) is still "appropriations" (3 pages) misread.
  if (formPages >= RIVAL_PAGES && Math.log(formPages) > mine) return false;
  const n = codePoints(form);
  for (const w of rivals) {
    const lp = Math.log(w.pages);
    if (lp <= mine) break; // every later row is rarer still: it cannot beat the word even read exactly
    if (w.term === word || w.term === form) continue;
    // W wins when lp - lambda * d(W, form) > mine, i.e. within `max` of the form. The distance from W to the
    // form is at least the difference of their distances to the word: most rows are ruled out by that.
    const max = (lp - mine) / CHANNEL_LAMBDA;
    if (Math.abs(w.d - d) >= max || Math.abs(w.len - n) >= max) continue;
    w.to ??= ocrDistanceTo(w.term, table);
    if (w.to(form, max) < max) return false;
  }
  return true;
}

/** Rows read from several ranges (a form can be in a prefix range and the ending's), each term once: what
 *  chooseFuzzy is given on the server and on the device alike. In no particular order (chooseFuzzy's choice does
 *  not depend on it; sorting 40,000 forms took 10-15 ms at 100,000 pages). */
export function uniqueRows(rows: VocabularyWord[]): VocabularyWord[] {
  const byTerm = new Map<string, VocabularyWord>();
  for (const r of rows) if (!byTerm.has(r.term)) byTerm.set(r.term, r);
  return [...byTerm.values()];
}

/** The pieces a word OCR split in two is read as (its first or last letters, 4 or more and at least 40% of it,
 *  leaving 2 or more), for words of SPLIT_MIN_LENGTH letters or more: searched alone when rare (choosePieces). */
export const SPLIT_MIN_LENGTH = 7;
export function splitPieces(word: string): string[] {
  const letters = [...word];
  const n = letters.length;
  if (n < SPLIT_MIN_LENGTH) return [];
  const out = new Set<string>();
  for (let k = Math.max(4, Math.ceil(n * 0.4)); k <= n - 2; k++) {
    out.add(letters.slice(0, k).join(''));
    out.add(letters.slice(n - k).join(''));
  }
  return [...out].sort();
}

/** The word cut in two, each half 2 letters or more ("abun" "dant"): searched as a phrase when the index holds
 *  both halves (a split reading). */
export function splitHalves(word: string): Array<[string, string]> {
  const letters = [...word];
  const out: Array<[string, string]> = [];
  for (let k = 2; k <= letters.length - 2; k++) out.push([letters.slice(0, k).join(''), letters.slice(k).join('')]);
  return out;
}

/** The words an engine looks up exactly for a word's split readings (splitPieces and splitHalves). */
export const splitWords = (word: string): string[] => [...new Set([...splitPieces(word), ...splitHalves(word).flat()])].sort();

/**
 * Which pieces of a split word (splitPieces, with the pages holding each) to search: a piece is a word of its own
 * unless it is on fewer than RIVAL_PAGES pages, or the word is likelier by the channel, a split costing one unit
 * of distance ("dition" for condition on one page, "nance" for finance; not "even" for evening).
 */
export function choosePieces(own: number, pieces: VocabularyWord[]): VocabularyWord[] {
  return pieces.filter((p) => p.pages > 0 && (p.pages < RIVAL_PAGES || (own > 0 && Math.log(own) - CHANNEL_LAMBDA >= Math.log(p.pages))));
}

export interface FuzzyOptions {
  /** The confusions the distance uses (the archive's learned table: contract/search/confusions.ts). */
  table?: ReadonlyArray<Confusion>;
  /** The word's split words the index holds (splitWords), with their pages: the pieces and halves searched. */
  split?: VocabularyWord[];
}

/**
 * The forms to search for word~ from the vocabulary rows of its ranges (fuzzyPrefixes, and the forms of its
 * ending: fuzzyEnding; uniqueRows): the word itself and every form within the budget of the confusion-aware
 * distance whose likeliest source (among the rows) is the word (likeliestSource), closest and most frequent
 * first, then the readings of the word split in two: a rare piece alone (choosePieces), both halves as a phrase
 * ("abun dant", splitHalves). A word the index does not hold at all may have been read as any close form: all of
 * them are searched.
 */
export function chooseFuzzy(
  word: string,
  budget: number,
  rows: VocabularyWord[],
  distance: (a: string, b: string, max: number) => number,
  opts: FuzzyOptions = {},
): Expansion {
  const table = opts.table ?? LISTED_CONFUSIONS;
  const scored = new Map<string, { term: string; pages: number; d: number }>();
  const own = rows.find((r) => r.term === word)?.pages ?? 0;
  // Likelier sources are looked for among the rows within RIVAL_REACH budgets of the word (a form within the
  // budget and a source near it are both near the word), on RIVAL_PAGES pages or more and on more than could
  // outweigh the word at the budget: dozens of rows, not the tens of thousands read. Each row's distance to
  // the word is computed once (to the wider reach only for those).
  const least = own > 0 ? Math.max(own * Math.exp(-CHANNEL_LAMBDA * budget), RIVAL_PAGES - 1) : Infinity;
  const reach = budget * RIVAL_REACH;
  const near: Array<{ row: VocabularyWord; d: number }> = [];
  for (const r of rows) {
    const rival = r.pages > least;
    const d = r.term === word ? 0 : budget > 0 ? distance(word, r.term, rival ? reach : budget) : Infinity;
    if (d <= (rival ? reach : budget)) near.push({ row: r, d });
  }
  const rivals: Rival[] = near.filter((n) => n.row.pages > least).map((n) => ({ ...n.row, d: n.d, len: codePoints(n.row.term) }));
  rivals.sort((a, b) => b.pages - a.pages || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  // Closest and most frequent first; the check against likelier sources stops once MAX_FUZZY forms passed it (or
  // after MAX_FUZZY_CHECKS checks): a broad table can put thousands of forms within the budget of a common word,
  // and only the first MAX_FUZZY are searched. The forms left unchecked count as matched (an upper bound).
  const candidates = near
    .filter((n) => n.d <= budget)
    .sort((a, b) => a.d - b.d || b.row.pages - a.row.pages || (a.row.term < b.row.term ? -1 : a.row.term > b.row.term ? 1 : 0));
  let checks = 0;
  let unchecked = 0;
  for (const [i, { row: r, d }] of candidates.entries()) {
    if (scored.size >= MAX_FUZZY || checks >= MAX_FUZZY_CHECKS) {
      unchecked = candidates.length - i;
      break;
    }
    if (scored.has(r.term)) continue;
    if (own > 0 && r.term !== word) {
      checks++;
      if (!likeliestSource(word, own, r.term, r.pages, d, rivals, table)) continue;
    }
    scored.set(r.term, { term: r.term, pages: r.pages, d });
  }
  const best = [...scored.values()];
  if (budget > 0 && opts.split?.length) {
    const held = new Map(opts.split.map((w) => [w.term, w.pages]));
    const pieces = splitPieces(word).flatMap((term) => (held.has(term) ? [{ term, pages: held.get(term)! }] : []));
    for (const p of choosePieces(own, pieces)) if (!scored.has(p.term)) best.push({ ...p, d: Infinity });
    for (const [x, y] of splitHalves(word)) if (held.has(x) && held.has(y)) best.push({ term: `${x} ${y}`, pages: 0, d: Infinity });
  }
  const words = best.slice(0, MAX_FUZZY).map((w) => w.term);
  if (!words.includes(word)) words.unshift(word); // the word as typed is always searched, found or not
  const matched = best.length + unchecked;
  return { words, matched, limited: matched > MAX_FUZZY };
}
