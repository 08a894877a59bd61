// The text part of a search as an engine-independent plan: an OR of AND-groups (AND binds tighter than
// OR), each group with what must occur and what must not. Engines (FTS5, PostgreSQL) compile it.
import { QueryError, toDisjunction, type SearchRow } from './query';
import { MAX_FUZZY_LETTERS, parseRowText, termLabel, type Term } from './syntax';

/**
 * One requirement: every token / the phrase / at least one token / the tokens within `within` words of
 * each other in any order / at least one of several clauses (an Any row with a phrase in it).
 */
export type Clause =
  { kind: 'all' | 'phrase' | 'any'; tokens: string[] } | { kind: 'near'; tokens: string[]; within: number } | { kind: 'or'; clauses: Clause[] };

export interface TextGroup {
  /** All must hold. Empty when the group only excludes (a None row on its own). */
  must: Clause[];
  /** Pages matching any of these are excluded from this group. */
  exclude: Clause[];
}

export type TextPlan =
  | { kind: 'none' } // no rows: a browse search
  | { kind: 'nothing' } // rows were given but none can match (e.g. only punctuation or emoji)
  | { kind: 'groups'; groups: TextGroup[] };

/** What to highlight: single words and phrases from the rows that must occur (never None rows). */
export interface HighlightTerms {
  words: string[];
  phrases: string[][];
  /** Words to mark only where all of a group fall within `within` words of each other. */
  near?: { tokens: string[]; within: number }[];
}

/** The index words a pattern (wash*) or an OCR-tolerant word (senate~) stands for, found by the engine. */
export interface Expansion {
  /** The words searched, most frequent first; for an OCR-tolerant word, then the readings of it split in two as
   *  "x y" (searched as a phrase). */
  words: string[];
  /** How many index words matched (words.length unless the expansion was bounded). */
  matched: number;
  /** True when more words matched than are searched. */
  limited: boolean;
}

export const MAX_TERMS = 200;
/** Patterns (wash*) and OCR-tolerant words (senate~, or every word with fz=1) one search expands at most: each
 *  reads a range of the vocabulary and may stand for up to a hundred words. */
export const MAX_EXPANDED_TERMS = 16;
/** Vocabulary rows one search's expansions read at most, all of them together. */
export const MAX_VOCABULARY_ROWS = 500_000;

/** The key of a term that the engine's vocabulary expands (patterns; fuzzy words), else null. */
export const expansionKey = (t: Term): string | null => (t.kind === 'pattern' || t.kind === 'fuzzy' ? termLabel(t) : null);

/** The terms of every row that need the vocabulary, once each: what the engine must expand first. */
export function termsToExpand(rows: SearchRow[], fuzzy = false): Term[] {
  const out = new Map<string, Term>();
  for (const row of rows)
    for (const t of rowTerms(row, fuzzy)) {
      const key = expansionKey(t);
      if (key && !out.has(key)) out.set(key, t);
    }
  return [...out.values()];
}

/** A row's terms; with fz=1 every plain word of a row that must match is OCR-tolerant (None rows stay exact). */
export function rowTerms(row: SearchRow, fuzzy = false): Term[] {
  const terms = parseRowText(row.text, row.type);
  if (!fuzzy || row.type === 'none') return terms;
  // A word too long to look up misreadings for (MAX_FUZZY_LETTERS) is searched as typed.
  return terms.map((t) => (t.kind === 'word' && [...t.token].length <= MAX_FUZZY_LETTERS ? { kind: 'fuzzy', token: t.token } : t));
}

/** A term as a clause; null when it can match nothing (a pattern no index word fits). */
function termClause(t: Term, expansions: ReadonlyMap<string, Expansion>): Clause | null {
  switch (t.kind) {
    case 'word':
      return { kind: 'all', tokens: [t.token] };
    case 'phrase':
      return t.within ? { kind: 'near', tokens: t.tokens, within: t.within } : { kind: 'phrase', tokens: t.tokens };
    case 'pattern':
      return anyWords(expansions.get(termLabel(t))?.words ?? []);
    case 'fuzzy':
      return anyWords(expansions.get(termLabel(t))?.words ?? [t.token]);
  }
}

/** An expansion's words as a clause: one 'any', and a phrase beside it for each split reading ("abun daut":
 *  a word OCR read as two, contract/search/expand.ts splitHalves). */
function anyWords(words: string[]): Clause | null {
  const single = words.filter((w) => !w.includes(' '));
  const split: Clause[] = words.filter((w) => w.includes(' ')).map((w) => ({ kind: 'phrase', tokens: w.split(' ') }));
  if (!split.length) return single.length ? { kind: 'any', tokens: single } : null;
  return { kind: 'or', clauses: [...(single.length ? [{ kind: 'any', tokens: single } as Clause] : []), ...split] };
}

const termWords = (t: Term) => (t.kind === 'phrase' ? t.tokens.length : 1);

/**
 * Refuses (QueryError, a 400) a search too large to run, before any vocabulary is read: more than MAX_TERMS
 * words, or more than MAX_EXPANDED_TERMS patterns and OCR-tolerant words. Each message says what to narrow.
 */
export function checkSearchSize(rows: SearchRow[], fuzzy = false): void {
  let terms = 0;
  for (const row of rows) terms += rowTerms(row, fuzzy).reduce((n, t) => n + termWords(t), 0);
  if (terms > MAX_TERMS) throw new QueryError(`The search has too many words (at most ${MAX_TERMS}).`);
  const expanded = termsToExpand(rows, fuzzy).length;
  if (expanded > MAX_EXPANDED_TERMS)
    throw new QueryError(
      fuzzy
        ? `The search has ${expanded} words to look up with their likely OCR misreadings (at most ${MAX_EXPANDED_TERMS}): search fewer words, or turn off likely misreadings.`
        : `The search has ${expanded} words with * ? or ~ (at most ${MAX_EXPANDED_TERMS}): write some of them in full.`,
    );
}

/**
 * Builds the plan from the model's rows, with the engine's expansions of patterns and fuzzy words
 * (termsToExpand). Throws QueryError (a 400) for syntax it cannot read or more than MAX_TERMS words.
 */
export function planText(rows: SearchRow[], expansions: ReadonlyMap<string, Expansion> = new Map(), fuzzy = false): TextPlan {
  if (!rows.length) return { kind: 'none' };
  let terms = 0;
  const groups: TextGroup[] = [];
  for (const rowGroup of toDisjunction(rows)) {
    const group: TextGroup = { must: [], exclude: [] };
    let impossible = false;
    for (const row of rowGroup) {
      const parsed = rowTerms(row, fuzzy);
      terms += parsed.reduce((n, t) => n + termWords(t), 0);
      const clauses = parsed.map((t) => termClause(t, expansions));
      const found = clauses.filter((c): c is Clause => c !== null);
      if (row.type === 'none') {
        group.exclude.push(...found);
      } else if (!parsed.length) {
        impossible = true; // a row that must match but has no words can match no page
      } else if (row.type === 'any') {
        if (!found.length) impossible = true;
        else group.must.push(anyOf(found));
      } else {
        if (found.length < clauses.length) impossible = true;
        const words = found.filter((c) => c.kind === 'all').flatMap((c) => (c as { tokens: string[] }).tokens);
        if (words.length) group.must.push({ kind: 'all', tokens: words });
        group.must.push(...found.filter((c) => c.kind !== 'all'));
      }
    }
    if (terms > MAX_TERMS) throw new QueryError(`The search has too many words (at most ${MAX_TERMS}).`);
    if (!impossible) groups.push({ must: group.must, exclude: dedupe(group.exclude) });
  }
  // A group with neither requirement nor exclusion (only empty None rows) matches every page.
  if (!groups.length) return { kind: 'nothing' };
  return { kind: 'groups', groups };
}

/** At least one of the clauses: single words (and expansions) as one 'any', phrases beside them. */
function anyOf(given: Clause[]): Clause {
  const clauses = given.flatMap((c) => (c.kind === 'or' ? c.clauses : [c]));
  const words = [...new Set(clauses.flatMap((c) => (c.kind === 'all' || c.kind === 'any' ? c.tokens : [])))];
  const rest = clauses.filter((c) => c.kind !== 'all' && c.kind !== 'any');
  const wordClause: Clause[] = words.length ? [{ kind: 'any', tokens: words }] : [];
  return rest.length ? { kind: 'or', clauses: [...wordClause, ...rest] } : wordClause[0];
}

/** Excluded clauses once each; single words (and expansions) merged into one 'any'. */
function dedupe(clauses: Clause[]): Clause[] {
  if (!clauses.length) return [];
  const merged = anyOf(clauses);
  const list = merged.kind === 'or' ? merged.clauses : [merged];
  const seen = new Set<string>();
  return list.filter((c) => {
    const key = JSON.stringify(c);
    return !seen.has(key) && (seen.add(key), true);
  });
}

/** A browse over every page: a group that neither requires nor excludes anything. */
export const matchesEverything = (plan: TextPlan) =>
  plan.kind === 'none' || (plan.kind === 'groups' && plan.groups.some((g) => !g.must.length && !g.exclude.length));

/**
 * The words a search ranks by when they are plain words: one AND-group of All and Any rows (no phrase),
 * each word once, plus its exclusions (which neither engine's ranking counts). Ranking lists of frequent
 * words can answer such searches; null otherwise.
 */
export function plainWords(text: TextPlan): { terms: string[]; exclude: Clause[] } | null {
  if (text.kind !== 'groups' || text.groups.length !== 1) return null;
  const [g] = text.groups;
  if (!g.must.length || g.must.some((c) => c.kind !== 'all' && c.kind !== 'any')) return null;
  const terms = g.must.flatMap((c) => (c as { tokens: string[] }).tokens);
  if (new Set(terms).size !== terms.length) return null; // a repeated word would be scored twice
  return { terms, exclude: g.exclude };
}

export function highlightTerms(plan: TextPlan): HighlightTerms {
  const words = new Set<string>();
  const phrases = new Map<string, string[]>();
  const near = new Map<string, { tokens: string[]; within: number }>();
  const add = (c: Clause) => {
    if (c.kind === 'or') c.clauses.forEach(add);
    else if (c.kind === 'phrase') phrases.set(c.tokens.join(' '), c.tokens);
    else if (c.kind === 'near') near.set(`${c.tokens.join(' ')}~${c.within}`, { tokens: c.tokens, within: c.within });
    else c.tokens.forEach((t) => words.add(t));
  };
  if (plan.kind === 'groups') for (const g of plan.groups) g.must.forEach(add);
  return { words: [...words], phrases: [...phrases.values()], ...(near.size ? { near: [...near.values()] } : {}) };
}
