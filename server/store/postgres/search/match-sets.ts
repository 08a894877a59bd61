// The matches of an expanded search (a pattern's or an OCR-tolerant word's forms, up to a hundred) as sets of
// page ids read form by form. RUM's scan of one condition holding every form works out each page against every
// form (seconds for a hundred forms on 20,000 pages); one index scan per form, merged as a bitmap, reads each
// form's posting list once (tens of milliseconds). Each must-clause is its own set and the sets are intersected:
// put in one index scan, PostgreSQL would scan every pairing of the clauses' forms. A two-word phrase among the
// alternatives (an OCR-tolerant word's split readings: "re sident") is read from the pairs index (migration
// 013), one posting list, instead of RUM's positions of two frequent words (170 ms for `resident~ amour~`).
import type { Clause, TextGroup } from '../../../../contract/search/plan';
import { anyClauseTsquery, clauseTsquery, pairLexeme } from '../tsquery';
import { MANY_ALTERNATIVES } from './tuning';

/** The tsqueries any one of which satisfies a clause: an 'any' clause's words one each, an 'or' clause's parts. */
export function alternatives(c: Clause): string[] {
  if (c.kind === 'any') return c.tokens.map((t) => clauseTsquery({ kind: 'all', tokens: [t] }));
  if (c.kind === 'or') return c.clauses.flatMap(alternatives);
  return [clauseTsquery(c)];
}

/** A clause's alternatives as tsqueries of tsv, and its two-word phrases as lexemes of the pairs index. */
function alternativeParts(c: Clause): { words: string[]; pairs: string[] } {
  if (c.kind === 'phrase' && c.tokens.length === 2) return { words: [], pairs: [pairLexeme(c.tokens[0], c.tokens[1])] };
  if (c.kind !== 'or') return { words: alternatives(c), pairs: [] };
  const parts = c.clauses.map(alternativeParts);
  return { words: parts.flatMap((p) => p.words), pairs: parts.flatMap((p) => p.pairs) };
}

/** Whether some clause offers a two-word phrase beside other alternatives (the pairs index can read it). */
const pairAlternatives = (groups: TextGroup[]) => groups.some((g) => g.must.some((c) => c.kind === 'or' && alternativeParts(c).pairs.length > 0));

/** Whether the plan is read as sets: some clause has many alternatives or a two-word phrase among them, and every
 *  group requires something (a group that only excludes is a condition on every page, not a set to read from the
 *  index). */
export const readAsSets = (groups: TextGroup[]) =>
  groups.every((g) => g.must.length > 0) && (groups.some((g) => g.must.some((c) => alternatives(c).length > MANY_ALTERNATIVES)) || pairAlternatives(groups));

/** Each element a tsquery source, normalised by to_tsquery as the whole query would be. */
const anyOf = (n: string) => `p.tsv @@ ANY (ARRAY(SELECT to_tsquery('simple', x) FROM unnest(${n}::text[]) x))`;
/** Each element a pair's lexeme (the index's own expression, so that the planner uses the index). */
const anyPair = (n: string) => `tsv_pairs(p.tsv) @@ ANY (${n}::tsquery[])`;

/**
 * The plan's matches over `pages p`: a condition on p's tsv when the plan is one clause and nothing else
 * restricts (`alone`), else p's id among the set of ids, read first (a sub-select, planned on its own) so that
 * its scans use the text index only: beside other conditions the planner may test the forms row by row
 * instead, reading every candidate's tsvector; and the ids are then looked up by key, however many the planner
 * guesses. `add` takes a parameter's value and gives its placeholder. A group's exclusions go into its first
 * clause's alternatives (the index applies them; its two-word phrases then stay with tsv).
 */
export function matchSets(groups: TextGroup[], add: (value: unknown) => string, alone: boolean): string {
  const parts = groups.map((g) => {
    const sets = g.must.map((c, i) => (i === 0 && g.exclude.length ? { words: alternatives(c), pairs: [] } : alternativeParts(c)));
    if (g.exclude.length) {
      const not = `!(${anyClauseTsquery(g.exclude)})`;
      sets[0].words = sets[0].words.map((a) => `(${a}) & ${not}`);
    }
    return sets;
  });
  const condition = (s: { words: string[]; pairs: string[] }) =>
    [s.words.length ? anyOf(add(s.words)) : null, s.pairs.length ? anyPair(add(s.pairs)) : null].filter(Boolean).join(' OR ');
  if (alone && parts.length === 1 && parts[0].length === 1) return `(${condition(parts[0][0])})`;
  const read = (s: { words: string[]; pairs: string[] }) =>
    [
      s.words.length ? `SELECT p.id FROM pages p WHERE ${anyOf(add(s.words))}` : null,
      s.pairs.length ? `SELECT p.id FROM pages p WHERE ${anyPair(add(s.pairs))}` : null,
    ]
      .filter(Boolean)
      .join(' UNION ');
  const set = parts.map((sets) => `(${sets.map((s) => `(${read(s)})`).join(' INTERSECT ')})`).join(' UNION ');
  return `p.id = ANY (ARRAY(SELECT id FROM (${set}) u))`;
}
