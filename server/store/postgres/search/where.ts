// The conditions and orders every PostgreSQL search strategy builds its statements from.
import type { Pg, ReadOptions } from '../db';
import type { EngineSort, SearchFilter } from '../../types';
import { plainWords, type Clause, type TextPlan } from '../../../../contract/search/plan';
import { pairsTsquery, planTsquery } from '../tsquery';
import { MANY_ALTERNATIVES } from './tuning';
import { matchSets, readAsSets } from './match-sets';

export interface Where {
  /** `WHERE …` over `pages p`, or '' when nothing restricts. */
  sql: string;
  params: unknown[];
  /** The text's full-text query, or null for a browse. */
  tsquery: string | null;
  /** Whether the phrase condition is on the pairs index (tsv_pairs). */
  byPairs: boolean;
  /** Whether the text is read as sets of ids (match-sets.ts), not as one condition RUM's ordered scan can use. */
  sets: boolean;
}

/** Conditions over `pages p` for a search; parameters are numbered after `params` (from 1 by default).
 *  `siteTitles` is the site's collection (empty = every title), looked up first so the planner sees a
 *  plain array condition. `text: false` leaves out the full-text condition (the caller has its own).
 *  Phrases are found from the pairs index (migration 013), alone when the pairs are exact, unless `pairs:
 *  false` (RUM's ordered scan needs the condition on tsv: the pairs would be computed row by row there). */
export function where(f: SearchFilter, siteTitles: number[], opts: { params?: unknown[]; text?: boolean; pairs?: boolean; ordered?: boolean } = {}): Where {
  const sql: string[] = [];
  const params: unknown[] = [...(opts.params ?? [])];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    sql.push(clause(`$${params.length}`));
  };
  const tsquery = f.text.kind === 'groups' ? planTsquery(f.text.groups) : null;
  const pairs = tsquery && opts.text !== false && opts.pairs !== false && f.text.kind === 'groups' ? pairsTsquery(f.text.groups) : null;
  // An expanded plan's matches are read form by form (match-sets.ts), except for RUM's ordered scan (`ordered`),
  // which orders by one condition on tsv.
  const sets = tsquery && opts.text !== false && !opts.ordered && !pairs && f.text.kind === 'groups' && readAsSets(f.text.groups);
  if (sets && f.text.kind === 'groups') {
    const alone = !siteTitles.length && !f.titleIds.length && !f.cityId && !f.stateId && !f.countryId;
    const bare = alone && !f.dateFrom && !f.dateTo && !f.decades.length && f.year == null && !f.issueUid;
    const placeholder = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    sql.push(matchSets(f.text.groups, placeholder, bare));
  } else if (tsquery && opts.text !== false && !pairs?.exact) add((n) => `p.tsv @@ to_tsquery('simple', ${n})`, tsquery);
  // The expression is the index's own (013_phrase_pairs.sql), so the planner matches it to the index.
  if (pairs) add((n) => `tsv_pairs(p.tsv) @@ ${n}::tsquery`, pairs.query);
  if (siteTitles.length) add((n) => `p.title_id = ANY(${n}::int[])`, siteTitles);
  if (f.titleIds.length) add((n) => `p.title_id = ANY(${n}::int[])`, f.titleIds);
  if (f.cityId) add((n) => `p.title_id IN (SELECT id FROM titles WHERE city_id = ${n})`, f.cityId);
  else if (f.stateId) add((n) => `p.title_id IN (SELECT t.id FROM titles t JOIN cities ci ON ci.id = t.city_id WHERE ci.state_id = ${n})`, f.stateId);
  else if (f.countryId) {
    add(
      (n) => `p.title_id IN (SELECT t.id FROM titles t JOIN cities ci ON ci.id = t.city_id JOIN states s ON s.id = ci.state_id WHERE s.country_id = ${n})`,
      f.countryId,
    );
  }
  if (f.dateFrom) add((n) => `p.date_issued >= ${n}`, f.dateFrom);
  if (f.dateTo) add((n) => `p.date_issued <= ${n}`, f.dateTo);
  if (f.decades.length) add((n) => `p.decade = ANY(${n}::int[])`, f.decades);
  if (f.year != null) add((n) => `p.year = ${n}`, f.year);
  if (f.issueUid) add((n) => `p.issue_id = (SELECT id FROM issues WHERE uid = ${n})`, f.issueUid);
  return { sql: sql.length ? `WHERE ${sql.join(' AND ')}` : '', params, tsquery, byPairs: pairs !== null, sets: Boolean(sets) };
}

/** The conditions of a `where()` without the WHERE, to add to a statement's own: '' or `AND …`. */
export const andWhere = (w: Where) => (w.sql ? `AND ${w.sql.replace(/^WHERE /, '')}` : '');

/** Read options for a statement over every match of `tsquery`. */
export const matchesOpts = (tsquery: string | null): ReadOptions | undefined =>
  tsquery && (tsquery.match(/\|/g)?.length ?? 0) >= MANY_ALTERNATIVES ? { noSeqScan: true } : undefined;

export interface SingleWord {
  word: string;
  exclude: Clause[];
}

/** The one word a relevance search ranks by, when ranking lists can answer it (None words allowed:
 *  they do not change ts_rank_cd). */
export function singleWord(text: TextPlan): SingleWord | null {
  const words = plainWords(text);
  return words?.terms.length === 1 ? { word: words.terms[0], exclude: words.exclude } : null;
}

/** Ranking needs words that must occur in every group (a group that only excludes has nothing to rank by). */
export const canRank = (text: TextPlan) => text.kind === 'groups' && text.groups.every((g) => g.must.length > 0);

/** Dates cells can apply: none, or whole years (from a 1 January, to a 31 December). */
export const wholeYears = (f: SearchFilter) => (!f.dateFrom || /^\d{4}-01-01$/.test(f.dateFrom)) && (!f.dateTo || /^\d{4}-12-31$/.test(f.dateTo));

/** A page's order in SQL, by unqualified columns: the same order applies to the matches (m) and to the page
 *  taken from them. */
export const orderBy = (ranked: boolean, sort: EngineSort) =>
  ranked ? 'r DESC, date_issued, id' : sort === 'date-desc' ? 'date_issued DESC, title_id, sequence' : 'date_issued, title_id, sequence';

export const siteTitles = async (db: Pg, siteId: number) =>
  (await db.read<{ title_id: number }>('SELECT title_id FROM site_titles WHERE site_id = $1', [siteId])).map((r) => r.title_id);

/** The titles a filter allows: the site's collection (`titles`, empty = all), ∩ the chosen titles, ∩ the place's. */
export async function titleScope(db: Pg, f: SearchFilter, titles: number[]): Promise<number[]> {
  const place = f.cityId || f.stateId || f.countryId; // none is 0 or null
  const sets = [titles, f.titleIds].filter((t) => t.length);
  if (place) {
    sets.push(
      (
        await db.read<{ id: number }>(
          `SELECT t.id FROM titles t JOIN cities ci ON ci.id = t.city_id JOIN states s ON s.id = ci.state_id
            WHERE ${f.cityId ? 'ci.id = $1' : f.stateId ? 's.id = $1' : 's.country_id = $1'}`,
          [place],
        )
      ).map((r) => r.id),
    );
  }
  return sets.reduce((a, b) => a.filter((id) => b.includes(id)));
}
