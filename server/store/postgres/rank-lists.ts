// Ranking lists for very frequent words on PostgreSQL. Scoring a page with ts_rank_cd reads its whole
// tsvector (~16 KB, stored out of line), so ranking a word held by 100,000 pages costs 0.5-3 s however
// few results are shown. For each word held by at least PG_RANK_LISTS.minPages pages the ids of its
// PG_RANK_LISTS.keep best pages are stored, in the full ranking's order; a relevance search for that one
// word (with any date, place or title filters and None words) walks the list and stops at the page it
// needs, and falls back to full ranking when too few listed pages pass the filters (search.ts).
//
// The order is exactly the full ranking's (ts_rank_cd DESC, date_issued, id): for a single word every
// occurrence is one cover of weight 0.1, so ts_rank_cd = 0.1 x the number of the word's positions in the
// page, and None words do not change it. The lists are therefore built in one pass over the tsvectors
// (unnest) instead of one ranking per word. A list is used only while the pages are at the pages_version
// it was computed on (every ingest change bumps it); tests/server/pg-rank-lists.test.ts checks the order.
// Each list also keeps all the word's pages with how many times each holds it (all_ids, tf_values, tf_counts):
// an OR of many forms is scored from them (search/or-postings.ts).
import { inTransaction, type Pg } from './db';

export const PG_RANK_LISTS = {
  /** A word gets a list when at least this many pages hold it. Words on fewer pages are ranked in one
   *  ts_rank_cd pass over their pages (search.ts), cheap below this; above it a deep page (page 50 of a
   *  word on 6,000 pages) would read ~1,000 tsvectors through RUM's ordered scan (issue #20). */
  minPages: 1_000,
  /** Page ids kept per word: enough for page 1 under a filter that passes one page in 200. */
  keep: 4_000,
  /** A listed word on at least this many pages also keeps its pages per title and year (cells, for counts
   *  and facets without reading its index entries: search.ts cellsCount). Below it, counting is cheap. */
  cellsMinPages: 5_000,
};

/** Whether the lists were built for the archive's current data version. */
export async function pgRankListsCurrent(db: Pg): Promise<boolean> {
  const rows = await db.q<{ ok: boolean }>(
    "SELECT (SELECT value FROM meta WHERE key = 'rank_lists_version') IS NOT DISTINCT FROM (SELECT value FROM meta WHERE key = 'pages_version') AS ok",
  );
  return rows[0].ok;
}

/**
 * Rebuilds every list for the current data version, in one transaction on one snapshot (the version and
 * the pages it reads belong together). Two passes over the tsvectors: which words are frequent
 * (ts_stat), then each frequent word's pages in rank order. Minutes on a large archive: run it in the
 * background (the copy command runs it once at the end).
 */
export async function buildPgRankLists(
  db: Pg,
  opts: { minPages?: number; keep?: number; cellsMinPages?: number; force?: boolean } = {},
): Promise<{ terms: number; fingerprint: string }> {
  const minPages = opts.minPages ?? PG_RANK_LISTS.minPages;
  const cellsMinPages = opts.cellsMinPages ?? PG_RANK_LISTS.cellsMinPages;
  const keep = opts.keep ?? PG_RANK_LISTS.keep;
  const client = await db.connect();
  try {
    await client.query("SET statement_timeout = 0; SET work_mem = '256MB'");
    return await inTransaction(
      client,
      async () => {
        // One builder at a time across every API server: another one busy building means nothing to do here
        // (it holds no connection waiting); one that finished left the lists current (checked next).
        const {
          rows: [{ locked }],
        } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(727275) AS locked');
        if (!locked) return { terms: 0, fingerprint: '' };
        const {
          rows: [{ value: fingerprint }],
        } = await client.query<{ value: string }>("SELECT value FROM meta WHERE key = 'pages_version'");
        const {
          rows: [{ value: built }],
        } = await client.query<{ value: string | null }>("SELECT (SELECT value FROM meta WHERE key = 'rank_lists_version') AS value");
        if (built === fingerprint && !opts.force) return { terms: 0, fingerprint };
        await client.query(
          `CREATE TEMP TABLE rank_terms ON COMMIT DROP AS SELECT word AS term, ndoc FROM ts_stat('SELECT tsv FROM pages') WHERE ndoc >= ${Number(minPages)}`,
        );
        await client.query('ANALYZE rank_terms');
        await client.query('DELETE FROM search_rank_lists');
        // Each word's pages grouped by how often they hold it, the groups then joined in descending count: the
        // whole list in rank order (all_ids, with its runs of counts) and its first `keep` (ids).
        const { rowCount } = await client.query(
          `INSERT INTO search_rank_lists (term, fingerprint, pages, ids, all_ids, tf_values, tf_counts)
         SELECT term, $1, pages, all_ids[1:$2], all_ids, tf_values, tf_counts
           FROM (SELECT term, SUM(n)::int AS pages, rank_ids_cat(ids ORDER BY tf DESC) AS all_ids,
                        array_agg(tf ORDER BY tf DESC) AS tf_values, array_agg(n ORDER BY tf DESC) AS tf_counts
                   FROM (SELECT u.lexeme AS term, cardinality(u.positions) AS tf, COUNT(*)::int AS n, array_agg(p.id ORDER BY p.date_issued, p.id) AS ids
                           FROM pages p CROSS JOIN LATERAL unnest(p.tsv) u JOIN rank_terms t ON t.term = u.lexeme
                          GROUP BY 1, 2) runs
                  GROUP BY term) lists`,
          [fingerprint, keep],
        );
        // The most frequent words' pages per title and year (one more pass over their tsvectors).
        await client.query(
          `UPDATE search_rank_lists l SET cells = c.cells
             FROM (SELECT term, array_agg(x ORDER BY title_id, year, k) AS cells
                     FROM (SELECT u.lexeme AS term, p.title_id, p.year, COUNT(*)::int AS n
                             FROM pages p CROSS JOIN LATERAL unnest(p.tsv) u JOIN rank_terms t ON t.term = u.lexeme AND t.ndoc >= $1
                            GROUP BY 1, 2, 3) per
                          CROSS JOIN LATERAL unnest(ARRAY[title_id, year, n]) WITH ORDINALITY AS a(x, k)
                    GROUP BY term) c
            WHERE l.term = c.term`,
          [cellsMinPages],
        );
        await client.query("INSERT INTO meta (key, value) VALUES ('rank_lists_version', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value", [
          fingerprint,
        ]);
        return { terms: rowCount ?? 0, fingerprint };
      },
      'BEGIN ISOLATION LEVEL REPEATABLE READ',
    );
  } finally {
    client.release();
  }
}
