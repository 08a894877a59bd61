import type { Pg } from './db';
import type { DumpsRepo, DumpTitle } from '../types';
import * as rows from '../dump-rows';

export function pgDumps(pg: Pg): DumpsRepo {
  return {
    async batchesToDump() {
      return (await pg.q<{ id: number; name: string; finished_at: string }>(rows.TO_DUMP)).map((r) => ({ id: r.id, name: r.name, finishedAt: r.finished_at }));
    },
    async batchSummary(batchId) {
      const [c] = await pg.q<{ issues: string; pages: string; first: string | null; last: string | null }>(
        `SELECT (SELECT COUNT(*) FROM issues WHERE batch_id = $1) AS issues,
                COUNT(*) AS pages, MIN(p.date_issued) AS first, MAX(p.date_issued) AS last
         FROM pages p JOIN issues i ON i.id = p.issue_id WHERE i.batch_id = $1`,
        [batchId],
      );
      const titles = await pg.q<DumpTitle & Record<string, unknown>>(
        'SELECT DISTINCT t.id, t.lccn, t.name FROM issues i JOIN titles t ON t.id = i.title_id WHERE i.batch_id = $1 ORDER BY t.name, t.lccn',
        [batchId],
      );
      return {
        issues: Number(c.issues),
        pages: Number(c.pages),
        dateFirst: c.first,
        dateLast: c.last,
        titles: titles.map((t) => ({ id: Number(t.id), lccn: t.lccn, name: t.name })),
      };
    },
    async batchPages(batchId, afterId, limit) {
      return (
        await pg.q<rows.RawDumpPage & Record<string, unknown>>(`${rows.PAGE_SELECT} WHERE i.batch_id = $1 AND p.id > $2 ORDER BY p.id LIMIT $3`, [
          batchId,
          afterId,
          limit,
        ])
      ).map(rows.toDumpPage);
    },
    async saveDump(d) {
      await pg.q(
        `INSERT INTO batch_dumps (batch_id, built_from, built_at, issues, pages, date_first, date_last, titles, files)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (batch_id) DO UPDATE SET built_from = EXCLUDED.built_from, built_at = EXCLUDED.built_at, issues = EXCLUDED.issues,
           pages = EXCLUDED.pages, date_first = EXCLUDED.date_first, date_last = EXCLUDED.date_last, titles = EXCLUDED.titles, files = EXCLUDED.files`,
        [d.batchId, d.builtFrom, d.builtAt, d.issues, d.pages, d.dateFirst, d.dateLast, JSON.stringify(d.titles), JSON.stringify(d.files)],
      );
    },
    async listDumps() {
      return (await pg.q<rows.RawDump & Record<string, unknown>>(`${rows.DUMP_SELECT} ORDER BY d.built_at DESC, b.name`)).map(rows.toDump);
    },
    async whileBuilding(build) {
      const client = await pg.connect();
      try {
        const [{ locked }] = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(727276) AS locked')).rows;
        if (!locked) return null;
        try {
          return await build();
        } finally {
          await client.query('SELECT pg_advisory_unlock(727276)');
        }
      } finally {
        client.release();
      }
    },
    async dump(batch) {
      const [r] = await pg.q<rows.RawDump & Record<string, unknown>>(`${rows.DUMP_SELECT} WHERE b.name = $1`, [batch]);
      return r ? rows.toDump(r) : null;
    },
  };
}
