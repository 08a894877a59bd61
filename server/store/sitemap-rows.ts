// What both engines' sitemaps share: the tables each kind lists, the keyset walk that cuts them into files and
// the mapping of their rows. Only the SQL text around it (placeholders, the collection filter) is per engine.
import type { SitemapChunk, SitemapEntry, SitemapKind } from './types';

/** A title's year as one ordered number: title id then year (years are below 10,000). */
const yearKey = (issues: string) => `CAST(${issues}.title_id AS BIGINT) * 10000 + ${issues}.year`;

/** Each kind's key column, its table alone (for the keyset steps), its rows with their batch and the batch time of a row. */
export const SITEMAP_KINDS: Record<SitemapKind, { key: string; base: string; from: string; titleCol: string; lastmod: string; value: string }> = {
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
  // A title's years, each its calendar's page (issue #36). A year is no row of its own: the key is made from the
  // title id and the year (ordered by title, then year), wide enough for any title id in PostgreSQL too.
  years: {
    key: 'y.k',
    base: `(SELECT DISTINCT x.title_id, x.year, ${yearKey('x')} AS k FROM issues x) y`,
    from: `(SELECT i.title_id, i.year, ${yearKey('i')} AS k, MAX(COALESCE(b.finished_at, b.started_at)) AS lastmod
              FROM issues i LEFT JOIN batches b ON b.id = i.batch_id GROUP BY i.title_id, i.year) y JOIN titles t ON t.id = y.title_id`,
    titleCol: 'y.title_id',
    lastmod: 'y.lastmod',
    value: `t.lccn || '/' || CAST(y.year AS TEXT)`,
  },
  titles: {
    key: 't.id',
    base: 'titles t',
    from: 'titles t',
    titleCol: 't.id',
    // A title changes when an issue of it is loaded; titles with no issue are not listed.
    lastmod: `(SELECT MAX(COALESCE(b.finished_at, b.started_at)) FROM issues i JOIN batches b ON b.id = i.batch_id WHERE i.title_id = t.id)`,
    // Listed as the title's own page (issue #36), which is named by LCCN.
    value: 't.lccn',
  },
};

/** The extra condition of a kind: a title is listed only once it has an issue. */
export const listedOnly = (kind: SitemapKind) => (kind === 'titles' ? 'AND EXISTS (SELECT 1 FROM issues x WHERE x.title_id = t.id)' : '');

/**
 * Keyset steps: the key `size` rows on is read from the index (`nextKey`, undefined past the end); only one chunk's
 * rows are summarised at a time (`summarise` of the keys in (after, end]). `lastKey` closes the final chunk.
 */
export async function keysetChunks(
  nextKey: (after: number) => Promise<number | undefined>,
  summarise: (after: number, end: number) => Promise<{ count: number; lastmod: string | null }>,
  lastKey: number,
): Promise<SitemapChunk[]> {
  const chunks: SitemapChunk[] = [];
  let after = 0;
  for (;;) {
    const next = await nextKey(after);
    const end = next ?? lastKey;
    const s = await summarise(after, end);
    if (s.count === 0) break;
    chunks.push({ afterId: after, count: s.count, lastmod: s.lastmod });
    if (next === undefined) break;
    after = end;
  }
  return chunks;
}

/** A sitemap row as selected (drivers give ids and counts as numbers or text). */
export const toSitemapEntry = (r: { id: number | string; key: string | number; lastmod: string | null }): SitemapEntry => ({
  id: Number(r.id),
  key: String(r.key),
  lastmod: r.lastmod,
});

/** Each page's batch time by uid; pages with none are left out. */
export const lastmodByUid = (rows: { uid: string; lastmod: string | null }[]) =>
  new Map(rows.filter((r): r is { uid: string; lastmod: string } => r.lastmod !== null).map((r) => [r.uid, r.lastmod]));
