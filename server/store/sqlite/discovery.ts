import type { Db } from './db';
import type { DiscoveryRepo, SitemapKind } from '../types';
import { quoteFts5 } from './fts5';

/** Each kind's key column, its table alone (for the keyset steps), its rows with their batch (restricted to a collection) and the batch time of a row. */
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
    // A title changes when an issue of it is loaded; titles with no issue are not listed.
    lastmod: `(SELECT MAX(COALESCE(b.finished_at, b.started_at)) FROM issues i JOIN batches b ON b.id = i.batch_id WHERE i.title_id = t.id)`,
    value: 't.id',
  },
};

const inTitles = (col: string, ids: number[]) => (ids.length ? `AND ${col} IN (${ids.map((n) => Math.trunc(Number(n))).join(',')})` : '');
const listed = (kind: SitemapKind) => (kind === 'titles' ? 'AND EXISTS (SELECT 1 FROM issues x WHERE x.title_id = t.id)' : '');

export function sqliteDiscovery(db: Db): DiscoveryRepo {
  return {
    async sitemapChunks(kind, titleIds, size) {
      const k = KINDS[kind];
      const where = `${inTitles(k.titleCol, titleIds)} ${listed(kind)}`;
      // Keyset steps: the key `size` rows on is read from the index; only one chunk's rows are summarised at a time.
      const step = db.prepare(`SELECT ${k.key} FROM ${k.base} WHERE ${k.key} > ? ${where} ORDER BY ${k.key} LIMIT 1 OFFSET ?`).pluck();
      const summary = db.prepare(`SELECT COUNT(*) AS count, MAX(${k.lastmod}) AS lastmod FROM ${k.from} WHERE ${k.key} > ? AND ${k.key} <= ? ${where}`);
      const chunks = [];
      let after = 0;
      for (;;) {
        const end = (step.get(after, size - 1) as number | undefined) ?? Number.MAX_SAFE_INTEGER;
        const s = summary.get(after, end) as { count: number; lastmod: string | null };
        if (s.count === 0) break;
        chunks.push({ afterId: after, count: s.count, lastmod: s.lastmod });
        if (end === Number.MAX_SAFE_INTEGER) break;
        after = end;
      }
      return chunks;
    },
    async sitemapEntries(kind, titleIds, afterId, limit) {
      const k = KINDS[kind];
      const rows = db
        .prepare(
          `SELECT ${k.key} AS id, ${k.value} AS key, ${k.lastmod} AS lastmod FROM ${k.from} WHERE ${k.key} > ? ${inTitles(k.titleCol, titleIds)} ${listed(kind)} ORDER BY ${k.key} LIMIT ?`,
        )
        .all(afterId, limit) as { id: number; key: string | number; lastmod: string | null }[];
      return rows.map((r) => ({ id: r.id, key: String(r.key), lastmod: r.lastmod }));
    },
    async pagesLastmod(uids) {
      if (!uids.length) return new Map();
      const rows = db
        .prepare(`SELECT p.uid, ${KINDS.pages.lastmod} AS lastmod FROM ${KINDS.pages.from} WHERE p.uid IN (SELECT value FROM json_each(?))`)
        .all(JSON.stringify(uids)) as { uid: string; lastmod: string | null }[];
      return new Map(rows.filter((r) => r.lastmod).map((r) => [r.uid, r.lastmod!]));
    },
    async textsWithPrefix(prefix, titleIds, limit) {
      return db
        .prepare(`SELECT p.ocr_text FROM pages_fts f JOIN pages p ON p.id = f.rowid WHERE pages_fts MATCH ? ${inTitles('p.title_id', titleIds)} LIMIT ?`)
        .pluck()
        .all(`${quoteFts5(prefix)}*`, limit) as string[];
    },
  };
}
