import type { Pg } from './db';
import type { DiscoveryRepo, SitemapKind } from '../types';
import { SITEMAP_KINDS as KINDS, keysetChunks, lastmodByUid, listedOnly, toSitemapEntry } from '../sitemap-rows';

// $2 is always the collection (an empty array = every title).
const inTitles = (col: string) => `AND (cardinality($2::int[]) = 0 OR ${col} = ANY($2::int[]))`;
// The largest key: closes the last chunk (an int column's, or the bigint a title's year is keyed by).
const LAST_KEY = 2 ** 31 - 1;
const lastKey = (kind: SitemapKind) => (kind === 'years' ? Number.MAX_SAFE_INTEGER : LAST_KEY);

export function pgDiscovery(pg: Pg): DiscoveryRepo {
  return {
    async sitemapChunks(kind, titleIds, size) {
      const k = KINDS[kind];
      const where = `${inTitles(k.titleCol)} ${listedOnly(kind)}`;
      return keysetChunks(
        async (after) =>
          (
            await pg.read<{ id: number }>(`SELECT ${k.key} AS id FROM ${k.base} WHERE ${k.key} > $1 ${where} ORDER BY ${k.key} LIMIT 1 OFFSET $3`, [
              after,
              titleIds,
              size - 1,
            ])
          )[0]?.id,
        async (after, end) => {
          const [s] = await pg.read<{ count: string; lastmod: string | null }>(
            `SELECT COUNT(*) AS count, MAX(${k.lastmod}) AS lastmod FROM ${k.from} WHERE ${k.key} > $1 AND ${k.key} <= $3 ${where}`,
            [after, titleIds, end],
          );
          return { count: Number(s.count), lastmod: s.lastmod };
        },
        lastKey(kind),
      );
    },
    async sitemapEntries(kind, titleIds, afterId, limit) {
      const k = KINDS[kind];
      const rows = await pg.read<{ id: number; key: string; lastmod: string | null }>(
        `SELECT ${k.key} AS id, ${k.value} AS key, ${k.lastmod} AS lastmod FROM ${k.from} WHERE ${k.key} > $1 ${inTitles(k.titleCol)} ${listedOnly(kind)} ORDER BY ${k.key} LIMIT $3`,
        [afterId, titleIds, limit],
      );
      return rows.map(toSitemapEntry);
    },
    async pagesLastmod(uids) {
      if (!uids.length) return new Map();
      const rows = await pg.read<{ uid: string; lastmod: string | null }>(
        `SELECT p.uid, ${KINDS.pages.lastmod} AS lastmod FROM ${KINDS.pages.from} WHERE p.uid = ANY($1::text[])`,
        [uids],
      );
      return lastmodByUid(rows);
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
