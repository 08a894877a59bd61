// Pages in date order found by walking a date index instead of collecting every match: a frequent word's
// page (per title under titles or a place, or across the archive), and a browse.
import type { EngineSort } from '../../types';
import { planTsquery } from '../tsquery';
import { orderBy, titleScope, where, wholeYears, type Where } from './where';
import type { SearchPass } from './pass';

/** Titles, places, decades, a year or an issue: filters the date index cannot narrow, which could make one
 *  walk of it pass over most of the archive. Under titles or a place each title is walked on its own. */
const narrowed = ({ f, titles }: SearchPass) => titles.length > 0 || f.titleIds.length > 0 || Boolean(f.countryId || f.stateId || f.cityId);
const noYearFilters = ({ f }: SearchPass) => !f.decades.length && f.year == null && !f.issueUid;
/** A frequent word (current cells) whose share of the archive's pages is known. */
const frequent = ({ one, info }: SearchPass) => Boolean(one && info?.list?.cells && info.pages && info.archivePages > 0);

/**
 * A frequent word under titles or a place, by date: each title's pages are walked in date order
 * (pages_search_cover: title, year, decade, date) testing each for the word, up to offset + limit matches a
 * title, and the titles' pages merged. Collecting every match instead reads the word's whole posting list
 * once per title; one walk of the date index for all titles passes every other title's rows, testing each.
 * Null when the walks do not apply or would test too many rows.
 */
export async function titleWalkPage(s: SearchPass, sort: EngineSort, offset: number, limit: number): Promise<number[] | null> {
  const { f, info } = s;
  if (sort !== 'date' || !frequent(s) || !narrowed(s) || !noYearFilters(s) || !info?.pages) return null;
  const scope = await titleScope(s.db, f, s.titles);
  const tested = (scope.length * (offset + limit) * info.archivePages) / info.pages; // rows tested, about
  if (scope.length && tested > s.tune.dateWalkRows) return null;
  s.startCount();
  if (!scope.length) return [];
  // The dates (and the word, below) only: the titles are the walks'.
  const w = where({ ...f, titleIds: [], countryId: 0, stateId: 0, cityId: 0 }, [], { text: false });
  const n = w.params.length;
  const rows = await s.db.read<{ id: number }>(
    `SELECT x.id FROM unnest($${n + 1}::int[]) AS t(id) CROSS JOIN LATERAL (
        SELECT p.id, p.date_issued, p.title_id, p.sequence FROM pages p
         WHERE p.title_id = t.id AND ts_match_vq(p.tsv, to_tsquery('simple', $${n + 5})) ${w.sql.replace(/^WHERE /, 'AND ')}
         ORDER BY p.year, p.decade, p.date_issued, p.sequence LIMIT $${n + 2}) x
      ORDER BY x.date_issued, x.title_id, x.sequence LIMIT $${n + 3} OFFSET $${n + 4}`,
    // The whole text (the word and any None words), as the date index's walk has it.
    [...w.params, scope, offset + limit, limit, offset, f.text.kind === 'groups' ? planTsquery(f.text.groups) : s.one!.word],
    { titleWalk: true },
  );
  return rows.map((r) => r.id);
}

/**
 * A word on a large share of the pages, by date, with no filter but dates: walking the date index and testing
 * each page for the word finds the page after about (rows to skip + limit) / share rows, where collecting
 * every match first reads them all; the word's cells count meanwhile. Null when the walk would test too many
 * rows.
 */
export async function dateWalkPage(s: SearchPass, sort: EngineSort, offset: number, limit: number): Promise<number[] | null> {
  const { f, info } = s;
  if (sort !== 'date' || !frequent(s) || narrowed(s) || !noYearFilters(s) || !info?.pages) return null;
  const share = info.archivePages / info.pages;
  let skip = offset;
  let from = f.dateFrom;
  if ((offset + limit) * share > s.tune.dateWalkRows && wholeYears(f)) {
    // A deep page: the cells say in which year it begins (every page of an earlier year comes first in
    // date order) and how many matches come before that year, so the walk starts at that year.
    const counts = await s.startCount();
    const perYear = new Map<number, number>();
    for (const c of counts.cells) perYear.set(c.year, (perYear.get(c.year) ?? 0) + c.count);
    const years = [...perYear].sort((x, y) => x[0] - y[0]);
    const at = years.findIndex(([, n]) => (skip < n ? true : ((skip -= n), false)));
    if (at < 0) return []; // past the last match
    const start = `${String(years[at][0]).padStart(4, '0')}-01-01`;
    if (!from || start > from) from = start;
  } else s.startCount();
  if ((skip + limit) * share > s.tune.dateWalkRows) return null;
  const w = where({ ...f, dateFrom: from }, s.titles);
  const rows = await s.db.read<{ id: number }>(
    `SELECT p.id FROM pages p ${w.sql} ORDER BY date_issued, title_id, sequence LIMIT $${w.params.length + 1} OFFSET $${w.params.length + 2}`,
    [...w.params, limit, skip],
    { dateIndexScan: true },
  );
  return rows.map((r) => r.id);
}

/** A browse (no text): the date index gives the page without touching every row; counting is separate. */
export async function browsePage(s: SearchPass, w: Where, sort: EngineSort, offset: number, limit: number): Promise<number[]> {
  const n = w.params.length;
  const rows = await s.db.read<{ id: number }>(`SELECT p.id FROM pages p ${w.sql} ORDER BY ${orderBy(false, sort)} LIMIT $${n + 1} OFFSET $${n + 2}`, [
    ...w.params,
    limit,
    offset,
  ]);
  return rows.map((r) => r.id);
}
