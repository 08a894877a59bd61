import type { Db } from './db';
import type { BrowseFilter, BrowseRepo, TitleCount, YearCount } from '../types';

/** WHERE clause over `pages p` for a site's collection and a browse filter. */
function pageScope(siteId: number, filter: BrowseFilter = {}): { where: string; params: unknown[] } {
  const clauses = [`(NOT EXISTS (SELECT 1 FROM site_titles WHERE site_id = ?) OR p.title_id IN (SELECT title_id FROM site_titles WHERE site_id = ?))`];
  const params: unknown[] = [siteId, siteId];
  if (filter.titleIds?.length) {
    clauses.push('p.title_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filter.titleIds));
  }
  if (filter.decades?.length) {
    clauses.push('p.decade IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filter.decades));
  }
  return { where: clauses.join(' AND '), params };
}

export function sqliteBrowse(db: Db): BrowseRepo {
  return {
    async titleCounts(siteId, filter) {
      const { where, params } = pageScope(siteId, filter);
      const rows = db
        .prepare(
          `SELECT t.id, t.lccn, t.name, t.start_year AS startYear, t.end_year AS endYear, t.city_id AS cityId,
                  c.pages, c.firstYear, c.lastYear,
                  (SELECT uid FROM pages WHERE title_id = t.id AND width IS NOT NULL ORDER BY year, date_issued, sequence LIMIT 1) AS thumbPageUid
             FROM (SELECT p.title_id, COUNT(*) AS pages, MIN(p.year) AS firstYear, MAX(p.year) AS lastYear
                     FROM pages p WHERE ${where} GROUP BY p.title_id) c
             JOIN titles t ON t.id = c.title_id
            ORDER BY t.name COLLATE NOCASE, t.id`,
        )
        .all(...params) as TitleCount[];
      return rows;
    },
    async yearCounts(siteId, filter) {
      const { where, params } = pageScope(siteId, filter);
      return db.prepare(`SELECT p.year AS year, COUNT(*) AS pages FROM pages p WHERE ${where} GROUP BY p.year ORDER BY p.year`).all(...params) as YearCount[];
    },
    async places(siteId) {
      // Titles of the site's collection that have pages: probes the (title_id, year) index per title
      // instead of scanning every page four times. (Ordering the thumbnail by year first lets the same
      // index stop at the earliest year instead of sorting all of a title's pages.)
      const titleScope = `(NOT EXISTS (SELECT 1 FROM site_titles WHERE site_id = ?) OR t.id IN (SELECT title_id FROM site_titles WHERE site_id = ?))
             AND EXISTS (SELECT 1 FROM pages p WHERE p.title_id = t.id)`;
      const params = [siteId, siteId];
      const publications = db
        .prepare(`SELECT t.id, t.city_id AS cityId, t.name FROM titles t WHERE t.city_id IS NOT NULL AND ${titleScope} ORDER BY t.name COLLATE NOCASE`)
        .all(...params) as { id: number; cityId: number; name: string }[];
      const cities = db
        .prepare(
          `SELECT DISTINCT ci.id, ci.state_id AS stateId, ci.name FROM cities ci JOIN titles t ON t.city_id = ci.id WHERE ${titleScope} ORDER BY ci.name`,
        )
        .all(...params) as { id: number; stateId: number; name: string }[];
      const states = db
        .prepare(
          `SELECT DISTINCT s.id, s.country_id AS countryId, s.name FROM states s JOIN cities ci ON ci.state_id = s.id
             JOIN titles t ON t.city_id = ci.id WHERE ${titleScope} ORDER BY s.name`,
        )
        .all(...params) as { id: number; countryId: number; name: string }[];
      const countries = db
        .prepare(
          `SELECT DISTINCT co.id, co.name FROM countries co JOIN states s ON s.country_id = co.id JOIN cities ci ON ci.state_id = s.id
             JOIN titles t ON t.city_id = ci.id WHERE ${titleScope} ORDER BY co.name`,
        )
        .all(...params) as { id: number; name: string }[];
      return { countries, states, cities, publications };
    },
  };
}
