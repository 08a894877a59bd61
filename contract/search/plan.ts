// The text part of a search as an engine-independent plan: an OR of AND-groups (AND binds tighter than
// OR), each group with what must occur and what must not. Engines (FTS5, PostgreSQL) compile it.
import { QueryError, toDisjunction, type SearchRow } from '../search-query';
import { tokenize } from './tokens';

/** One row's requirement: every token / the phrase / at least one token. */
export type Clause = { kind: 'all' | 'phrase' | 'any'; tokens: string[] };

export interface TextGroup {
  /** All must hold. Empty when the group only excludes (a None row on its own). */
  must: Clause[];
  /** Pages containing any of these tokens are excluded from this group. */
  exclude: string[];
}

export type TextPlan =
  | { kind: 'none' } // no rows: a browse search
  | { kind: 'nothing' } // rows were given but none can match (e.g. only punctuation or emoji)
  | { kind: 'groups'; groups: TextGroup[] };

/** What to highlight: single words and phrases from the rows that must occur (never None rows). */
export interface HighlightTerms {
  words: string[];
  phrases: string[][];
}

export const MAX_TERMS = 200;

/** Builds the plan from the model's rows. Throws QueryError (a 400) for more than MAX_TERMS words. */
export function planText(rows: SearchRow[]): TextPlan {
  if (!rows.length) return { kind: 'none' };
  let terms = 0;
  const groups: TextGroup[] = [];
  for (const rowGroup of toDisjunction(rows)) {
    const group: TextGroup = { must: [], exclude: [] };
    let impossible = false;
    for (const row of rowGroup) {
      const tokens = tokenize(row.text);
      terms += tokens.length;
      if (row.type === 'none') {
        group.exclude.push(...tokens);
      } else if (!tokens.length) {
        impossible = true; // a row that must match but has no words can match no page
      } else {
        group.must.push({ kind: row.type === 'exact' ? (tokens.length > 1 ? 'phrase' : 'all') : row.type, tokens });
      }
    }
    if (terms > MAX_TERMS) throw new QueryError(`The search has too many words (at most ${MAX_TERMS}).`);
    if (!impossible) groups.push({ must: group.must, exclude: [...new Set(group.exclude)] });
  }
  // A group with neither requirement nor exclusion (only empty None rows) matches every page.
  if (!groups.length) return { kind: 'nothing' };
  return { kind: 'groups', groups };
}

/** A browse over every page: a group that neither requires nor excludes anything. */
export const matchesEverything = (plan: TextPlan) =>
  plan.kind === 'none' || (plan.kind === 'groups' && plan.groups.some((g) => !g.must.length && !g.exclude.length));

/**
 * The words a search ranks by when they are plain words: one AND-group of All and Any rows (no phrase),
 * each word once, plus its None words (which neither engine's ranking counts). Ranking lists of frequent
 * words can answer such searches; null otherwise.
 */
export function plainWords(text: TextPlan): { terms: string[]; exclude: string[] } | null {
  if (text.kind !== 'groups' || text.groups.length !== 1) return null;
  const [g] = text.groups;
  if (!g.must.length || g.must.some((c) => c.kind === 'phrase')) return null;
  const terms = g.must.flatMap((c) => c.tokens);
  if (new Set(terms).size !== terms.length) return null; // a repeated word would be scored twice
  return { terms, exclude: g.exclude };
}

export function highlightTerms(plan: TextPlan): HighlightTerms {
  const words = new Set<string>();
  const phrases = new Map<string, string[]>();
  if (plan.kind === 'groups') {
    for (const g of plan.groups)
      for (const c of g.must) {
        if (c.kind === 'phrase') phrases.set(c.tokens.join(' '), c.tokens);
        else c.tokens.forEach((t) => words.add(t));
      }
  }
  return { words: [...words], phrases: [...phrases.values()] };
}
