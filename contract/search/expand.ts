// Expanding a pattern (wash*, wom?n) into the index's words: which range of the vocabulary to read, which
// words in it fit, and which of them to search when too many fit. Both engines read their vocabulary in
// byte order and hand the rows here, so they choose the same words. Pure.
import type { Expansion } from './plan';

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

export function vocabularyPattern(pattern: string): VocabularyPattern {
  const first = pattern.search(/[*?]/);
  const prefix = first < 0 ? pattern : pattern.slice(0, first);
  const source = [...pattern].map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[\\^$.|+()[\]{}]/g, '\\$&'))).join('');
  const re = new RegExp(`^${source}$`, 'u');
  return { prefix, like: pattern.replace(/\*/g, '%').replace(/\?/g, '_'), test: (t) => re.test(t) };
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
/** How much rarer than the word a form must be to count as its misreading (pages holding it). */
export const MISREADING_RATIO = 4;

/**
 * The forms to search for word~ from the vocabulary rows of its ranges (fuzzyPrefixes): the word itself
 * and every form within the budget of the confusion-aware distance, closest and most frequent first.
 */
export function chooseFuzzy(word: string, budget: number, rows: VocabularyWord[], distance: (a: string, b: string, max: number) => number): Expansion {
  const scored = new Map<string, { term: string; pages: number; d: number }>();
  // A misreading is rarer than the word it garbles: a form on as many pages as the word (or more, divided
  // by MISREADING_RATIO: tuned on bench/search-recall.ts) is a word of its own ("state" is not a misreading of "store").
  const own = rows.find((r) => r.term === word)?.pages ?? 0;
  for (const r of rows) {
    if (scored.has(r.term)) continue;
    if (own > 0 && r.term !== word && r.pages * MISREADING_RATIO > own) continue;
    const d = r.term === word ? 0 : budget > 0 ? distance(word, r.term, budget) : Infinity;
    if (d <= budget) scored.set(r.term, { term: r.term, pages: r.pages, d });
  }
  const best = [...scored.values()].sort((a, b) => a.d - b.d || b.pages - a.pages || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  const words = best.slice(0, MAX_FUZZY).map((w) => w.term);
  if (!words.includes(word)) words.unshift(word); // the word as typed is always searched, found or not
  return { words, matched: best.length, limited: best.length > MAX_FUZZY };
}
