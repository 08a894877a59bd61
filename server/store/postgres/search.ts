import type { Pg } from './db';
import type { SearchCounts, SearchFilter, SearchPageRow, SearchRepo, TitlePlace } from '../types';
import type { TextPlan } from '../../search/plan';
import { planTsquery } from '../../search/tsquery';

/** Conditions over `pages p` for a search; parameters are numbered from 1. `siteTitles` is the site's
 *  collection (empty = every title), looked up first so the planner sees a plain array condition. */
function where(f: SearchFilter, siteTitles: number[]): { sql: string; params: unknown[]; tsquery: string | null } {
  const sql: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    sql.push(clause(`$${params.length}`));
  };
  const tsquery = f.text.kind === 'groups' ? planTsquery(f.text.groups) : null;
  if (tsquery) add((n) => `p.tsv @@ to_tsquery('simple', ${n})`, tsquery);
  if (siteTitles.length) add((n) => `p.title_id = ANY(${n}::int[])`, siteTitles);
  if (f.titleIds.length) add((n) => `p.title_id = ANY(${n}::int[])`, f.titleIds);
  if (f.cityId) add((n) => `p.title_id IN (SELECT id FROM titles WHERE city_id = ${n})`, f.cityId);
  else if (f.stateId) add((n) => `p.title_id IN (SELECT t.id FROM titles t JOIN cities ci ON ci.id = t.city_id WHERE ci.state_id = ${n})`, f.stateId);
  else if (f.countryId) {
    add((n) => `p.title_id IN (SELECT t.id FROM titles t JOIN cities ci ON ci.id = t.city_id JOIN states s ON s.id = ci.state_id WHERE s.country_id = ${n})`, f.countryId);
  }
  if (f.dateFrom) add((n) => `p.date_issued >= ${n}`, f.dateFrom);
  if (f.dateTo) add((n) => `p.date_issued <= ${n}`, f.dateTo);
  if (f.decades.length) add((n) => `p.decade = ANY(${n}::int[])`, f.decades);
  if (f.year != null) add((n) => `p.year = ${n}`, f.year);
  return { sql: sql.length ? `WHERE ${sql.join(' AND ')}` : '', params, tsquery };
}

export function pgSearch(db: Pg): SearchRepo {
  // Ranking needs words that must occur in every group (a group that only excludes has nothing to rank by).
  const canRank = (text: TextPlan) => text.kind === 'groups' && text.groups.every((g) => g.must.length > 0);
  const siteTitles = async (siteId: number) =>
    (await db.read<{ title_id: number }>('SELECT title_id FROM site_titles WHERE site_id = $1', [siteId])).map((r) => r.title_id);
  return {
    canRank,
    async count(f) {
      const w = where(f, await siteTitles(f.siteId));
      const cells = await db.read<SearchCounts['cells'][number]>(
        `SELECT p.title_id AS "titleId", p.year, COUNT(*)::int AS count FROM pages p ${w.sql} GROUP BY p.title_id, p.year`,
        w.params,
      );
      return { total: cells.reduce((n, c) => n + c.count, 0), cells };
    },
    async pageIds(f, sort, offset, limit) {
      const w = where(f, await siteTitles(f.siteId));
      const n = w.params.length;
      const order =
        sort === 'relevance' && w.tsquery && canRank(f.text)
          ? `ts_rank_cd(p.tsv, to_tsquery('simple', $1)) DESC, p.date_issued, p.id`
          : sort === 'date-desc'
            ? 'p.date_issued DESC, p.title_id, p.sequence'
            : 'p.date_issued, p.title_id, p.sequence';
      const rows = await db.read<{ id: number }>(`SELECT p.id FROM pages p ${w.sql} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`, [...w.params, limit, offset]);
      return rows.map((r) => r.id);
    },
    async rows(ids) {
      if (!ids.length) return [];
      return db.read<SearchPageRow>(
        `SELECT p.id, p.uid, p.title_id AS "titleId", t.name AS title, p.date_issued AS date, p.sequence, p.number,
                p.width, p.height, w.words, CASE WHEN w.words IS NULL THEN p.ocr_text ELSE '' END AS text
           FROM pages p JOIN titles t ON t.id = p.title_id LEFT JOIN page_words w ON w.page_id = p.id
          WHERE p.id = ANY($1::int[])`,
        [ids],
      );
    },
    async titlePlaces(titleIds) {
      if (!titleIds.length) return [];
      return db.read<TitlePlace>(
        `SELECT t.id, t.name, ci.id AS "cityId", ci.name AS "cityName", s.id AS "stateId", s.name AS "stateName",
                co.id AS "countryId", co.name AS "countryName"
           FROM titles t LEFT JOIN cities ci ON ci.id = t.city_id LEFT JOIN states s ON s.id = ci.state_id
           LEFT JOIN countries co ON co.id = s.country_id
          WHERE t.id = ANY($1::int[])`,
        [titleIds],
      );
    },
  };
}
