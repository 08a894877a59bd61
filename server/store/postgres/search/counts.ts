// A search's counts (matching pages per title and year) on their own statement: from a frequent word's cells
// when they can answer, else from the full-text index.
import type { Pg } from '../db';
import type { SearchCounts, SearchFilter } from '../../types';
import { anyClauseTsquery, clauseTsquery } from '../tsquery';
import { andWhere, matchesOpts, singleWord, where } from './where';
import type { Tuning } from './tuning';

/** Cells as a statement aggregates them (json_agg of [title_id, year, count]), as counts. */
export function countsOf(found: [number, number, number][] | null): SearchCounts {
  const cells = (found ?? []).map(([titleId, year, count]) => ({ titleId, year, count }));
  return { total: cells.reduce((t, c) => t + c.count, 0), cells };
}

/** `hasCells: false` when the caller already knows the word has no current cells (no lookup for them then). */
export async function countNow(db: Pg, tune: Tuning, f: SearchFilter, titles: number[], hasCells?: boolean): Promise<SearchCounts> {
  const fromCells = tune.rankLists && hasCells !== false ? await cellsCount(db, f, titles) : null;
  if (fromCells) return fromCells;
  const w = where(f, titles);
  const cells = await db.read<SearchCounts['cells'][number]>(
    `SELECT p.title_id AS "titleId", p.year, COUNT(*)::int AS count FROM pages p ${w.sql} GROUP BY p.title_id, p.year`,
    w.params,
    matchesOpts(w.tsquery),
  );
  return { total: cells.reduce((n, c) => n + c.count, 0), cells };
}

/**
 * The counts of a single-word search (with any None words) from the word's cells (rank-lists.ts: its
 * pages per title and year, kept for words on thousands of pages), when they are current and the filters
 * are ones cells can apply: titles, places (as titles), decades, a year, and dates that are whole years.
 * None words: the pages holding the word and any None word are counted from the index (few, usually) and
 * taken off. Null when the cells cannot answer (the caller counts from the index).
 */
async function cellsCount(db: Pg, f: SearchFilter, titles: number[]): Promise<SearchCounts | null> {
  const one = singleWord(f.text);
  if (!one || f.issueUid) return null;
  const from = f.dateFrom ? /^(\d{4})-01-01$/.exec(f.dateFrom) : null;
  const to = f.dateTo ? /^(\d{4})-12-31$/.exec(f.dateTo) : null;
  if ((f.dateFrom && !from) || (f.dateTo && !to)) return null;
  // The cells as rows of `p` (title_id, year, decade, n), filtered by the same conditions as pages.
  const w = where({ ...f, dateFrom: null, dateTo: null }, titles, { params: [one.word], text: false });
  const conds = [w.sql.replace(/^WHERE /, '')].filter(Boolean);
  if (from) conds.push(`p.year >= ${Number(from[1])}`);
  if (to) conds.push(`p.year <= ${Number(to[1])}`);
  const rows = await db.read<{ titleId: number; year: number; count: number; listed: boolean }>(
    // The array is read once (unnest); subscripting it per cell would read the whole stored array each time.
    `WITH l AS MATERIALIZED (SELECT cells FROM search_rank_lists WHERE term = $1 AND cells IS NOT NULL
                   AND fingerprint = (SELECT value FROM meta WHERE key = 'pages_version')),
          c AS (SELECT (k - 1) / 3 AS cell, MAX(x) FILTER (WHERE k % 3 = 1) AS title_id, MAX(x) FILTER (WHERE k % 3 = 2) AS year,
                       MAX(x) FILTER (WHERE k % 3 = 0) AS n
                  FROM l CROSS JOIN LATERAL unnest(l.cells) WITH ORDINALITY AS a(x, k) GROUP BY 1)
     SELECT p.title_id AS "titleId", p.year, p.n AS count, true AS listed
       FROM (SELECT title_id, year, year / 10 * 10 AS decade, n FROM c) p
      ${conds.length ? `WHERE ${conds.join(' AND ')}` : ''}
     UNION ALL SELECT 0, 0, 0, false WHERE EXISTS (SELECT 1 FROM l)`,
    w.params,
  );
  if (!rows.length) return null; // no current cells for this word
  const cells = rows.filter((r) => r.listed).map(({ titleId, year, count }) => ({ titleId, year, count }));
  if (one.exclude.length) {
    // Pages holding the word and a None word, counted from the index with the same filters, taken off.
    const x = where(f, titles, { text: false });
    x.params.push(`${clauseTsquery({ kind: 'all', tokens: [one.word] })} & (${anyClauseTsquery(one.exclude)})`);
    const both = await db.read<SearchCounts['cells'][number]>(
      `SELECT p.title_id AS "titleId", p.year, COUNT(*)::int AS count FROM pages p
        WHERE p.tsv @@ to_tsquery('simple', $${x.params.length}) ${andWhere(x)}
        GROUP BY p.title_id, p.year`,
      x.params,
    );
    const off = new Map(both.map((c) => [`${c.titleId}:${c.year}`, c.count]));
    for (const c of cells) c.count -= off.get(`${c.titleId}:${c.year}`) ?? 0;
  }
  const kept = cells.filter((c) => c.count > 0);
  return { total: kept.reduce((n, c) => n + c.count, 0), cells: kept };
}
