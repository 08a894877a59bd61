import type { Pg } from './db';
import type { BrowseFilter, BrowseRepo, TitleCount, YearCount } from '../types';

/** WHERE clause over `pages p` for a site's collection and a browse filter ($1 = site id). */
function pageScope(siteId: number, filter: BrowseFilter = {}): { where: string; params: unknown[] } {
  const clauses = [`(NOT EXISTS (SELECT 1 FROM site_titles WHERE site_id = $1) OR p.title_id IN (SELECT title_id FROM site_titles WHERE site_id = $1))`];
  const params: unknown[] = [siteId];
  if (filter.titleIds?.length) {
    params.push(filter.titleIds);
    clauses.push(`p.title_id = ANY($${params.length}::int[])`);
  }
  if (filter.decades?.length) {
    params.push(filter.decades);
    clauses.push(`p.decade = ANY($${params.length}::int[])`);
  }
  return { where: clauses.join(' AND '), params };
}

export function pgBrowse(db: Pg): BrowseRepo {
  return {
    async titleCounts(siteId, filter) {
      const { where, params } = pageScope(siteId, filter);
      return db.read<TitleCount>(
        `SELECT t.id, t.lccn, t.name, t.start_year AS "startYear", t.end_year AS "endYear", t.city_id AS "cityId",
                c.pages, c."firstYear", c."lastYear",
                (SELECT uid FROM pages WHERE title_id = t.id AND width IS NOT NULL ORDER BY date_issued, sequence LIMIT 1) AS "thumbPageUid"
           FROM (SELECT p.title_id, COUNT(*)::int AS pages, MIN(p.year) AS "firstYear", MAX(p.year) AS "lastYear"
                   FROM pages p WHERE ${where} GROUP BY p.title_id) c
           JOIN titles t ON t.id = c.title_id
          ORDER BY lower(t.name), t.id`,
        params,
      );
    },
    async yearCounts(siteId, filter) {
      const { where, params } = pageScope(siteId, filter);
      return db.read<YearCount>(`SELECT p.year AS year, COUNT(*)::int AS pages FROM pages p WHERE ${where} GROUP BY p.year ORDER BY p.year`, params);
    },
    async places(siteId) {
      const scope = `t.id IN (SELECT DISTINCT p.title_id FROM pages p WHERE ${pageScope(siteId).where})`;
      const params = [siteId];
      const [publications, cities, states, countries] = await Promise.all([
        db.read<{ id: number; cityId: number; name: string }>(
          `SELECT t.id, t.city_id AS "cityId", t.name FROM titles t WHERE t.city_id IS NOT NULL AND ${scope} ORDER BY lower(t.name)`,
          params,
        ),
        db.read<{ id: number; stateId: number; name: string }>(
          `SELECT DISTINCT ci.id, ci.state_id AS "stateId", ci.name FROM cities ci JOIN titles t ON t.city_id = ci.id WHERE ${scope} ORDER BY ci.name`,
          params,
        ),
        db.read<{ id: number; countryId: number; name: string }>(
          `SELECT DISTINCT s.id, s.country_id AS "countryId", s.name FROM states s JOIN cities ci ON ci.state_id = s.id JOIN titles t ON t.city_id = ci.id WHERE ${scope} ORDER BY s.name`,
          params,
        ),
        db.read<{ id: number; name: string }>(
          `SELECT DISTINCT co.id, co.name FROM countries co JOIN states s ON s.country_id = co.id JOIN cities ci ON ci.state_id = s.id JOIN titles t ON t.city_id = ci.id WHERE ${scope} ORDER BY co.name`,
          params,
        ),
      ]);
      return { countries, states, cities, publications };
    },
  };
}
