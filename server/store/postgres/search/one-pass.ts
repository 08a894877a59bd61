// A page of results and the search's counts from one pass over every match.
import type { EngineSort, SearchPageRow } from '../../types';
import { matchesOpts, orderBy, type Where } from './where';
import { fewPages } from './word-facts';
import { countsOf } from './counts';
import { ROW_COLUMNS, ROW_FIELDS, ROW_JOINS } from './rows';
import type { SearchPass } from './pass';

/**
 * A text search that finds every match once: the page and the counts come from the same pass, so a phrase
 * (whose matches the GIN index can only confirm by reading each candidate's tsvector) or a ranking reads the
 * tsvectors once, not again for the counts that follow. A word on few pages (search_words) has a small page:
 * its rows come back from the same statement, one per result after a head row that carries the counts, which
 * saves the rows their own round trip. (Rows of a frequent word's page, 20 pages of OCR, are read beside the
 * counts instead, where they cost no round trip of their own.)
 */
export async function onePassPage(s: SearchPass, w: Where, ranked: boolean, sort: EngineSort, offset: number, limit: number): Promise<number[]> {
  const n = w.params.length;
  const order = orderBy(ranked, sort);
  const withRows = s.one != null && (await fewPages(s.db, s.f.text, s.info));
  const head = `SELECT (SELECT array_agg(id ORDER BY ${order}) FROM page) AS ids,
                (SELECT json_agg(json_build_array(title_id, year, count)) FROM (SELECT title_id, year, COUNT(*)::int AS count FROM m GROUP BY title_id, year) c) AS cells`;
  const res = await s.db.read<{ k: number; ids: number[] | null; cells: [number, number, number][] | null } & SearchPageRow>(
    `WITH m AS MATERIALIZED (
         SELECT p.id, p.title_id, p.year, p.date_issued, p.sequence${ranked ? `, ts_rank_cd(p.tsv, to_tsquery('simple', $${n + 3})) AS r` : ''}
           FROM pages p ${w.sql}),
       page AS (SELECT * FROM m ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2})
     ${
       withRows
         ? `SELECT 1 AS k, NULL AS ids, NULL AS cells, ${ROW_COLUMNS} FROM page x JOIN pages p ON p.id = x.id ${ROW_JOINS}
       UNION ALL SELECT 0, h.ids, h.cells, ${ROW_FIELDS.map(() => 'NULL').join(', ')} FROM (${head}) h
       ORDER BY k`
         : `SELECT 0 AS k, h.* FROM (${head}) h`
     }`,
    // The text's query is a parameter of its own: where()'s first may be a set of forms (match-sets.ts).
    ranked ? [...w.params, limit, offset, w.tsquery] : [...w.params, limit, offset],
    matchesOpts(w.tsquery),
  );
  const [{ ids, cells }] = res; // the head row (k = 0) first
  s.found(Promise.resolve(countsOf(cells)));
  if (withRows && ids?.length) s.foundRows(res.slice(1).map(({ k: _k, ids: _i, cells: _c, ...row }) => row));
  return ids ?? [];
}
