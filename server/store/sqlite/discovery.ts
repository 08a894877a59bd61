import type { Db } from './db';
import type { DiscoveryRepo } from '../types';
import { SITEMAP_KINDS as KINDS, keysetChunks, lastmodByUid, listedOnly, toSitemapEntry } from '../sitemap-rows';
import { quoteFts5 } from './fts5';

const inTitles = (col: string, ids: number[]) => (ids.length ? `AND ${col} IN (${ids.map((n) => Math.trunc(Number(n))).join(',')})` : '');

export function sqliteDiscovery(db: Db): DiscoveryRepo {
  return {
    async sitemapChunks(kind, titleIds, size) {
      const k = KINDS[kind];
      const where = `${inTitles(k.titleCol, titleIds)} ${listedOnly(kind)}`;
      const step = db.prepare(`SELECT ${k.key} FROM ${k.base} WHERE ${k.key} > ? ${where} ORDER BY ${k.key} LIMIT 1 OFFSET ?`).pluck();
      const summary = db.prepare(`SELECT COUNT(*) AS count, MAX(${k.lastmod}) AS lastmod FROM ${k.from} WHERE ${k.key} > ? AND ${k.key} <= ? ${where}`);
      return keysetChunks(
        async (after) => step.get(after, size - 1) as number | undefined,
        async (after, end) => summary.get(after, end) as { count: number; lastmod: string | null },
        Number.MAX_SAFE_INTEGER,
      );
    },
    async sitemapEntries(kind, titleIds, afterId, limit) {
      const k = KINDS[kind];
      const rows = db
        .prepare(
          `SELECT ${k.key} AS id, ${k.value} AS key, ${k.lastmod} AS lastmod FROM ${k.from} WHERE ${k.key} > ? ${inTitles(k.titleCol, titleIds)} ${listedOnly(kind)} ORDER BY ${k.key} LIMIT ?`,
        )
        .all(afterId, limit) as { id: number; key: string | number; lastmod: string | null }[];
      return rows.map(toSitemapEntry);
    },
    async pagesLastmod(uids) {
      if (!uids.length) return new Map();
      const rows = db
        .prepare(`SELECT p.uid, ${KINDS.pages.lastmod} AS lastmod FROM ${KINDS.pages.from} WHERE p.uid IN (SELECT value FROM json_each(?))`)
        .all(JSON.stringify(uids)) as { uid: string; lastmod: string | null }[];
      return lastmodByUid(rows);
    },
    async textsWithPrefix(prefix, titleIds, limit) {
      return db
        .prepare(`SELECT p.ocr_text FROM pages_fts f JOIN pages p ON p.id = f.rowid WHERE pages_fts MATCH ? ${inTitles('p.title_id', titleIds)} LIMIT ?`)
        .pluck()
        .all(`${quoteFts5(prefix)}*`, limit) as string[];
    },
  };
}
