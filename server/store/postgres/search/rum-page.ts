// Pages of a relevance search in RUM's order (distance, then date, then id) from RUM's ordered index scan.
import { matchesOpts, type Where } from './where';
import type { ReadOptions } from '../db';
import { wordsPages } from './word-facts';
import { LONG_RUN_ONE_PASS, ORDERED_ROW_COST, SPARE_ROWS } from './tuning';
import type { SearchPass } from './pass';

/**
 * A relevance page of words (no phrase) with the RUM index: relevance is RUM's distance (tsv <=> query),
 * computed inside the index from the positions it keeps, so the ordered index scan gives the page without
 * reading every match's tsvector (ts_rank_cd detoasts each match's tsvector). The counts come from the same
 * index (exact for words, AND, OR and NOT with RUM: no tsvector read either), on a second connection while
 * the page is found. For one word the distance falls as the word's count rises and equal counts tie, so the
 * order is the ranking lists' (rank-lists.ts).
 */
export async function wordsRumPage(s: SearchPass, w: Where, rankQuery: string, offset: number, limit: number): Promise<number[]> {
  // An OR ties often (every page holding either word once has the same distance). When its pages may be more
  // than a first tie run would order in one pass (the words' pages summed, from search_words), its first fetch
  // takes the rows a second would, rather than a second scan that sorts every match again. Fewer pages: a tie
  // run is ordered in one pass over them (rumPage), cheaper than that many ordered rows.
  const spare = rankQuery.includes('|') && (await wordsPages(s.db, s.f.text)) > (offset + limit + SPARE_ROWS) * 4 * ORDERED_ROW_COST;
  const total = s.startCount().then((c) => c.total);
  return rumPage(s, w, rankQuery, offset, limit, total, spare ? s.tune.orSpareRows : SPARE_ROWS);
}

/**
 * One page of a relevance search in RUM's order: distance, then date, then id. The ordered index scan
 * gives ids by distance without reading tsvectors. Reading a distance reads that page's tsvector, so
 * only a few are read: the page's own rows, and a binary search on each side for where the runs of equal
 * distance that cross the page's first and last rows begin and end (equal distances are common: every
 * page holding a word once ties). Every row of such a run has the edge's distance; the run is then
 * sorted by date and id, read from the table without tsvectors. `total`: the matches, as counted.
 */
export async function rumPage(
  s: SearchPass,
  w: { sql: string; params: unknown[] },
  rankQuery: string,
  offset: number,
  limit: number,
  total: Promise<number>,
  spare = SPARE_ROWS,
): Promise<number[]> {
  const { db } = s;
  // The order's query is the last parameter: the matching query itself, or for phrases its words (rankTsquery).
  const params = [...w.params, rankQuery];
  const q = `to_tsquery('simple', $${params.length})`;
  const n = params.length;
  let want = offset + limit + spare;
  const known = new Map<number, number>();
  let ids: number[] = [];
  const measure = async (positions: number[]) => {
    const missing = [...new Set(positions.map((i) => ids[i]).filter((id) => id !== undefined && !known.has(id)))];
    if (!missing.length) return;
    const rows = await db.read<{ id: number; d: number }>(`SELECT p.id, p.tsv <=> to_tsquery('simple', $1) AS d FROM pages p WHERE p.id = ANY($2::int[])`, [
      rankQuery,
      missing,
    ]);
    for (const r of rows) known.set(r.id, r.d);
  };
  const d = async (i: number) => {
    await measure([i]);
    return known.get(ids[i])!;
  };
  /** The first position in [from, to) whose distance is above `limitD` (or `to`): distances never fall. */
  const firstAbove = async (from: number, to: number, limitD: number, orEqual = false) => {
    while (from < to) {
      const mid = (from + to) >> 1;
      const v = await d(mid);
      if (v > limitD || (orEqual && v === limitD)) to = mid;
      else from = mid + 1;
    }
    return from;
  };
  // The index may list rows of equal distance in another order on each scan: every step below depends
  // only on distances by position, which are the same in every such order.
  for (;;) {
    ids = (
      await db.read<{ id: number }>(`SELECT p.id FROM pages p ${w.sql} ORDER BY p.tsv <=> ${q} LIMIT $${n + 1}`, [...params, want], {
        orderedIndexScan: true,
      })
    ).map((r) => r.id);
    if (ids.length <= offset) return [];
    const end = Math.min(ids.length, offset + limit);
    await measure(Array.from({ length: end - offset }, (_, k) => offset + k));
    const first = known.get(ids[offset])!;
    const last = known.get(ids[end - 1])!;
    // Where the run at the page's last distance ends; when it reaches the rows fetched, fetch more.
    if (ids.length === want && (await d(ids.length - 1)) === last) {
      // A run of equal distance longer than the rows fetched. Every row the ordered scan returns re-reads
      // its tsvector (RUM rechecks it), in index order, and each fetch reads again from the start. When the
      // matches are not too many, one pass reading their tsvectors in table order gives the same order
      // (distance, date, id) at once: taken when it costs less than the fetches it saves.
      const matches = await total;
      if (want * 4 >= s.tune.longRunRows && matches <= Math.min(LONG_RUN_ONE_PASS, want * 4 * ORDERED_ROW_COST)) {
        return distanceOnePass(s, w, rankQuery, offset, limit, matchesOpts(rankQuery));
      }
      want *= 4;
      continue;
    }
    const hi = await firstAbove(end, ids.length, last);
    const lo = await firstAbove(0, offset, first, true); // the first position at the page's first distance
    return tieRunsByDate(s, ids.slice(lo, hi), lo, offset, end, limit, first, last, known);
  }
}

/** The rows from `lo` (the run at the page's first distance) to the end of the run at its last, in the full
 *  order: distance (the edges' for the runs' rows not measured), then date and id, read without tsvectors. */
async function tieRunsByDate(
  s: SearchPass,
  run: number[],
  lo: number,
  offset: number,
  end: number,
  limit: number,
  first: number,
  last: number,
  known: Map<number, number>,
): Promise<number[]> {
  const dates = new Map(
    (await s.db.read<{ id: number; date: string }>('SELECT id, date_issued AS date FROM pages WHERE id = ANY($1::int[])', [run])).map((r) => [r.id, r.date]),
  );
  const rows = run.map((id, k) => {
    const at = lo + k;
    return { id, d: at < offset ? first : at >= end ? last : known.get(id)!, date: dates.get(id)! };
  });
  rows.sort((a, b) => a.d - b.d || (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  return rows.slice(offset - lo, offset - lo + limit).map((r) => r.id);
}

/** The matches of `w` in RUM's order (distance from their tsvectors, then date and id) in one pass over them all. */
export async function distanceOnePass(
  s: SearchPass,
  w: { sql: string; params: unknown[] },
  rankQuery: string,
  offset: number,
  limit: number,
  opts: ReadOptions | undefined,
): Promise<number[]> {
  const n = w.params.length;
  const rows = await s.db.read<{ id: number }>(
    `WITH m AS MATERIALIZED (SELECT p.id, p.date_issued, p.tsv <=> to_tsquery('simple', $${n + 1}) AS d FROM pages p ${w.sql})
     SELECT id FROM m ORDER BY d, date_issued, id LIMIT $${n + 2} OFFSET $${n + 3}`,
    [...w.params, rankQuery, limit, offset],
    opts,
  );
  return rows.map((r) => r.id);
}
