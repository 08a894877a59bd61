// The matches of an expanded search (a pattern's or an OCR-tolerant word's forms, up to a hundred) as sets of
// page ids read form by form. RUM's scan of one condition holding every form works out each page against every
// form (seconds for a hundred forms on 20,000 pages); one index scan per form, merged as a bitmap, reads each
// form's posting list once (tens of milliseconds). Each must-clause is its own set and the sets are intersected:
// put in one index scan, PostgreSQL would scan every pairing of the clauses' forms.
import type { Clause, TextGroup } from '../../../../contract/search/plan';
import { anyClauseTsquery, clauseTsquery } from '../tsquery';
import { MANY_ALTERNATIVES } from './tuning';

/** The tsqueries any one of which satisfies a clause: an 'any' clause's words one each, an 'or' clause's parts. */
export function alternatives(c: Clause): string[] {
  if (c.kind === 'any') return c.tokens.map((t) => clauseTsquery({ kind: 'all', tokens: [t] }));
  if (c.kind === 'or') return c.clauses.flatMap(alternatives);
  return [clauseTsquery(c)];
}

/** Whether the plan is read as sets: some clause has many alternatives, and every group requires something (a
 *  group that only excludes is a condition on every page, not a set to read from the index). */
export const readAsSets = (groups: TextGroup[]) =>
  groups.every((g) => g.must.length > 0) && groups.some((g) => g.must.some((c) => alternatives(c).length > MANY_ALTERNATIVES));

/** Each element a tsquery source, normalised by to_tsquery as the whole query would be. */
const anyOf = (n: string) => `p.tsv @@ ANY (ARRAY(SELECT to_tsquery('simple', x) FROM unnest(${n}::text[]) x))`;

/**
 * The plan's matches over `pages p`: a condition on p's tsv when the plan is one clause and nothing else
 * restricts (`alone`), else p's id among the set of ids, read first (a sub-select, planned on its own) so that
 * its scans use the text index only: beside other conditions the planner may test the forms row by row
 * instead, reading every candidate's tsvector; and the ids are then looked up by key, however many the planner
 * guesses. `add` takes a parameter's value and gives its placeholder. A group's exclusions go into its first
 * clause's alternatives (the index applies them).
 */
export function matchSets(groups: TextGroup[], add: (value: unknown) => string, alone: boolean): string {
  const parts = groups.map((g) => {
    const sets = g.must.map(alternatives);
    if (g.exclude.length) {
      const not = `!(${anyClauseTsquery(g.exclude)})`;
      sets[0] = sets[0].map((a) => `(${a}) & ${not}`);
    }
    return sets;
  });
  if (alone && parts.length === 1 && parts[0].length === 1) return anyOf(add(parts[0][0]));
  const set = parts.map((sets) => `(${sets.map((s) => `SELECT p.id FROM pages p WHERE ${anyOf(add(s))}`).join(' INTERSECT ')})`).join(' UNION ');
  return `p.id = ANY (ARRAY(SELECT id FROM (${set}) u))`;
}
