import type { Db } from './db';
import type { SearchFilter, SearchRepo, SearchPageRow, TitlePlace, SearchCounts } from '../types';
import type { TextPlan } from '../../search/plan';
import { excludeExpr, groupExpr, planExpr } from '../../search/fts5';

const IN_FTS = 'p.id IN (SELECT rowid FROM pages_fts WHERE pages_fts MATCH ?)';
const NOT_IN_FTS = 'p.id NOT IN (SELECT rowid FROM pages_fts WHERE pages_fts MATCH ?)';

/** The text condition over `pages p`. A plan of kind 'nothing' never reaches the engine. */
function textWhere(text: TextPlan): { sql: string; params: unknown[] } | null {
  if (text.kind !== 'groups') return null;
  const whole = planExpr(text.groups);
  if (whole) return { sql: IN_FTS, params: [whole] };
  // Some group only excludes: FTS5 cannot say "not X" alone, so each group becomes its own condition.
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const g of text.groups) {
    const expr = groupExpr(g);
    if (expr) {
      parts.push(IN_FTS);
      params.push(expr);
      continue;
    }
    const ex = excludeExpr(g);
    if (!ex) return null; // this group matches every page, so the whole OR does
    parts.push(NOT_IN_FTS);
    params.push(ex);
  }
  return { sql: `(${parts.join(' OR ')})`, params };
}

/** Titles the search may return: the site's collection ∩ t/ti ∩ the place; null = no restriction. */
function titleScope(db: Db, f: SearchFilter): number[] | null {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const siteHasList = db.prepare('SELECT 1 FROM site_titles WHERE site_id = ? LIMIT 1').get(f.siteId);
  if (siteHasList) {
    clauses.push('t.id IN (SELECT title_id FROM site_titles WHERE site_id = ?)');
    params.push(f.siteId);
  }
  if (f.titleIds.length) {
    clauses.push('t.id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(f.titleIds));
  }
  if (f.cityId) {
    clauses.push('t.city_id = ?');
    params.push(f.cityId);
  } else if (f.stateId) {
    clauses.push('t.city_id IN (SELECT id FROM cities WHERE state_id = ?)');
    params.push(f.stateId);
  } else if (f.countryId) {
    clauses.push('t.city_id IN (SELECT ci.id FROM cities ci JOIN states s ON s.id = ci.state_id WHERE s.country_id = ?)');
    params.push(f.countryId);
  }
  if (!clauses.length) return null;
  return db.prepare(`SELECT t.id FROM titles t WHERE ${clauses.join(' AND ')}`).pluck().all(...params) as number[];
}

/** Everything but the text, as conditions over `pages p` (all served by indexes on pages). */
function filterWhere(db: Db, f: SearchFilter): { sql: string[]; params: unknown[] } {
  const sql: string[] = [];
  const params: unknown[] = [];
  const titles = titleScope(db, f);
  if (titles) {
    sql.push('p.title_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(titles));
  }
  if (f.dateFrom) {
    sql.push('p.date_issued >= ?');
    params.push(f.dateFrom);
  }
  if (f.dateTo) {
    sql.push('p.date_issued <= ?');
    params.push(f.dateTo);
  }
  if (f.decades.length) {
    sql.push('p.decade IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(f.decades));
  }
  if (f.year != null) {
    sql.push('p.year = ?');
    params.push(f.year);
  }
  return { sql, params };
}

function where(db: Db, f: SearchFilter): { sql: string; params: unknown[] } {
  const filters = filterWhere(db, f);
  const text = textWhere(f.text);
  const sql = text ? [text.sql, ...filters.sql] : filters.sql;
  const params = text ? [...text.params, ...filters.params] : filters.params;
  return { sql: sql.length ? `WHERE ${sql.join(' AND ')}` : '', params };
}

export function sqliteSearch(db: Db): SearchRepo {
  const canRank = (text: TextPlan) => text.kind === 'groups' && planExpr(text.groups) !== null;
  return {
    canRank,
    async count(f) {
      const w = where(db, f);
      const cells = db
        .prepare(`SELECT p.title_id AS titleId, p.year AS year, COUNT(*) AS count FROM pages p ${w.sql} GROUP BY p.title_id, p.year`)
        .all(...w.params) as SearchCounts['cells'];
      return { total: cells.reduce((n, c) => n + c.count, 0), cells };
    },
    async pageIds(f, sort, offset, limit) {
      if (sort === 'relevance' && f.text.kind === 'groups' && canRank(f.text)) {
        const filters = filterWhere(db, f);
        const extra = filters.sql.length ? `AND ${filters.sql.join(' AND ')}` : '';
        return db
          .prepare(
            `SELECT pages_fts.rowid FROM pages_fts JOIN pages p ON p.id = pages_fts.rowid
              WHERE pages_fts MATCH ? ${extra} ORDER BY pages_fts.rank LIMIT ? OFFSET ?`,
          )
          .pluck()
          .all(planExpr(f.text.groups), ...filters.params, limit, offset) as number[];
      }
      const w = where(db, f);
      const order = sort === 'date-desc' ? 'p.date_issued DESC, p.title_id, p.sequence' : 'p.date_issued, p.title_id, p.sequence';
      return db.prepare(`SELECT p.id FROM pages p ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?`).pluck().all(...w.params, limit, offset) as number[];
    },
    async rows(ids) {
      if (!ids.length) return [];
      return db
        .prepare(
          `SELECT p.id, p.uid, p.title_id AS titleId, t.name AS title, p.date_issued AS date, p.sequence, p.number,
                  p.width, p.height, w.words, CASE WHEN w.words IS NULL THEN p.ocr_text ELSE '' END AS text
             FROM pages p JOIN titles t ON t.id = p.title_id LEFT JOIN page_words w ON w.page_id = p.id
            WHERE p.id IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(ids)) as SearchPageRow[];
    },
    async titlePlaces(titleIds) {
      if (!titleIds.length) return [];
      return db
        .prepare(
          `SELECT t.id, t.name, ci.id AS cityId, ci.name AS cityName, s.id AS stateId, s.name AS stateName,
                  co.id AS countryId, co.name AS countryName
             FROM titles t LEFT JOIN cities ci ON ci.id = t.city_id LEFT JOIN states s ON s.id = ci.state_id
             LEFT JOIN countries co ON co.id = s.country_id
            WHERE t.id IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(titleIds)) as TitlePlace[];
    },
  };
}
