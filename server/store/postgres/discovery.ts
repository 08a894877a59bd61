import type { Pg } from './db';
import type { DiscoveryRepo, SitemapKind } from '../types';

/** Each kind's key column, its table alone (for the keyset steps), its rows with their batch and the batch time of a row (as in the SQLite store). */
const KINDS: Record<SitemapKind, { key: string; base: string; from: string; titleCol: string; lastmod: string; value: string }> = {
  pages: {
    key: 'p.id',
    base: 'pages p',
    from: 'pages p JOIN issues i ON i.id = p.issue_id LEFT JOIN batches b ON b.id = i.batch_id',
    titleCol: 'p.title_id',
    lastmod: 'COALESCE(b.finished_at, b.started_at)',
    value: 'p.uid',
  },
  issues: {
    key: 'i.id',
    base: 'issues i',
    from: 'issues i LEFT JOIN batches b ON b.id = i.batch_id',
    titleCol: 'i.title_id',
    lastmod: 'COALESCE(b.finished_at, b.started_at)',
    value: 'i.uid',
  },
  titles: {
    key: 't.id',
    base: 'titles t',
    from: 'titles t',
    titleCol: 't.id',
    lastmod: `(SELECT MAX(COALESCE(b.finished_at, b.started_at)) FROM issues i JOIN batches b ON b.id = i.batch_id WHERE i.title_id = t.id)`,
    value: 't.id::text',
  },
};

// $2 is always the collection (an empty array = every title).
const inTitles = (col: string) => `AND (cardinality($2::int[]) = 0 OR ${col} = ANY($2::int[]))`;
const listed = (kind: SitemapKind) => (kind === 'titles' ? 'AND EXISTS (SELECT 1 FROM issues x WHERE x.title_id = t.id)' : '');

export function pgDiscovery(pg: Pg): DiscoveryRepo {
  return {
    async sitemapChunks(kind, titleIds, size) {
      const k = KINDS[kind];
      const where = `${inTitles(k.titleCol)} ${listed(kind)}`;
      const chunks = [];
      let after = 0;
      for (;;) {
        const [stepRow] = await pg.read<{ id: number }>(
          `SELECT ${k.key} AS id FROM ${k.base} WHERE ${k.key} > $1 ${where} ORDER BY ${k.key} LIMIT 1 OFFSET $3`,
          [after, titleIds, size - 1],
        );
        const end = stepRow?.id ?? 2 ** 31 - 1;
        const [s] = await pg.read<{ count: string; lastmod: string | null }>(
          `SELECT COUNT(*) AS count, MAX(${k.lastmod}) AS lastmod FROM ${k.from} WHERE ${k.key} > $1 AND ${k.key} <= $3 ${where}`,
          [after, titleIds, end],
        );
        const count = Number(s.count);
        if (count === 0) break;
        chunks.push({ afterId: after, count, lastmod: s.lastmod });
        if (!stepRow) break;
        after = end;
      }
      return chunks;
    },
    async sitemapEntries(kind, titleIds, afterId, limit) {
      const k = KINDS[kind];
      const rows = await pg.read<{ id: number; key: string; lastmod: string | null }>(
        `SELECT ${k.key} AS id, ${k.value} AS key, ${k.lastmod} AS lastmod FROM ${k.from} WHERE ${k.key} > $1 ${inTitles(k.titleCol)} ${listed(kind)} ORDER BY ${k.key} LIMIT $3`,
        [afterId, titleIds, limit],
      );
      return rows.map((r) => ({ id: Number(r.id), key: String(r.key), lastmod: r.lastmod }));
    },
    async pagesLastmod(uids) {
      if (!uids.length) return new Map();
      const rows = await pg.read<{ uid: string; lastmod: string | null }>(
        `SELECT p.uid, ${KINDS.pages.lastmod} AS lastmod FROM ${KINDS.pages.from} WHERE p.uid = ANY($1::text[])`,
        [uids],
      );
      return new Map(rows.filter((r) => r.lastmod).map((r) => [r.uid, r.lastmod!]));
    },
    async textsWithPrefix(prefix, titleIds, limit) {
      // The GIN index answers a prefix query; the words come from the pages' own search text.
      const rows = await pg.read<{ search_text: string }>(
        `SELECT p.search_text FROM pages p WHERE p.tsv @@ to_tsquery('simple', $1) ${inTitles('p.title_id')} LIMIT $3`,
        [`'${prefix.replace(/'/g, "''")}':*`, titleIds, limit],
      );
      return rows.map((r) => r.search_text);
    },
  };
}
