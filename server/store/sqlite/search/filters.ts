// Everything a search filters on but the text, as a predicate over page ids (the in-memory page metadata).
import type { Db } from '../db';
import type { SearchFilter } from '../../types';
import { isoToInt, type PageMeta } from '../search-meta';

/** Titles the search may return: the site's collection ∩ t/ti ∩ the place; null = no restriction. */
function titleScope(db: Db, f: SearchFilter): number[] | null {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (db.prepare('SELECT 1 FROM site_titles WHERE site_id = ? LIMIT 1').get(f.siteId)) {
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
  return db
    .prepare(`SELECT t.id FROM titles t WHERE ${clauses.join(' AND ')}`)
    .pluck()
    .all(...params) as number[];
}

/** A predicate over page ids for everything but the text. */
export function filterPredicate(db: Db, meta: PageMeta, f: SearchFilter): (id: number) => boolean {
  const titles = titleScope(db, f);
  const allowed = titles ? new Set(titles) : null;
  const from = f.dateFrom ? isoToInt(f.dateFrom) : 0;
  const to = f.dateTo ? isoToInt(f.dateTo) : 99999999;
  const decades = f.decades.length ? new Set(f.decades) : null;
  const year = f.year;
  // One issue is a few pages: their ids, looked up once per search.
  const inIssue = f.issueUid
    ? new Set(db.prepare('SELECT p.id FROM pages p JOIN issues i ON i.id = p.issue_id WHERE i.uid = ?').pluck().all(f.issueUid) as number[])
    : null;
  return (id) => {
    const t = meta.title[id];
    if (!t) return false; // no such page (deleted since the FTS row was read)
    if (inIssue && !inIssue.has(id)) return false;
    if (allowed && !allowed.has(t)) return false;
    const d = meta.date[id];
    if (d < from || d > to) return false;
    const y = meta.year[id];
    if (year != null && y !== year) return false;
    if (decades && !decades.has(Math.floor(y / 10) * 10)) return false;
    return true;
  };
}
