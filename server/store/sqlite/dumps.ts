import type { Db } from './db';
import type { DumpsRepo, DumpTitle } from '../types';
import * as rows from '../dump-rows';

export function sqliteDumps(db: Db): DumpsRepo {
  return {
    async batchesToDump() {
      return (db.prepare(rows.TO_DUMP).all() as { id: number; name: string; finished_at: string }[]).map((r) => ({
        id: r.id,
        name: r.name,
        finishedAt: r.finished_at,
      }));
    },
    async batchSummary(batchId) {
      const c = db
        .prepare(
          `SELECT (SELECT COUNT(*) FROM issues WHERE batch_id = @b) AS issues,
                  COUNT(*) AS pages, MIN(p.date_issued) AS first, MAX(p.date_issued) AS last
           FROM pages p JOIN issues i ON i.id = p.issue_id WHERE i.batch_id = @b`,
        )
        .get({ b: batchId }) as { issues: number; pages: number; first: string | null; last: string | null };
      const titles = db
        .prepare('SELECT DISTINCT t.id, t.lccn, t.name FROM issues i JOIN titles t ON t.id = i.title_id WHERE i.batch_id = ? ORDER BY t.name, t.lccn')
        .all(batchId) as DumpTitle[];
      return { issues: c.issues, pages: c.pages, dateFirst: c.first, dateLast: c.last, titles };
    },
    async batchPages(batchId, afterId, limit) {
      return (db.prepare(`${rows.PAGE_SELECT} WHERE i.batch_id = ? AND p.id > ? ORDER BY p.id LIMIT ?`).all(batchId, afterId, limit) as rows.RawDumpPage[]).map(
        rows.toDumpPage,
      );
    },
    async saveDump(d) {
      db.prepare(
        `INSERT INTO batch_dumps (batch_id, built_from, built_at, issues, pages, date_first, date_last, titles, files)
         VALUES (@batchId, @builtFrom, @builtAt, @issues, @pages, @dateFirst, @dateLast, @titles, @files)
         ON CONFLICT (batch_id) DO UPDATE SET built_from = excluded.built_from, built_at = excluded.built_at, issues = excluded.issues,
           pages = excluded.pages, date_first = excluded.date_first, date_last = excluded.date_last, titles = excluded.titles, files = excluded.files`,
      ).run({ ...d, titles: JSON.stringify(d.titles), files: JSON.stringify(d.files) });
    },
    async listDumps() {
      return (db.prepare(`${rows.DUMP_SELECT} ORDER BY d.built_at DESC, b.name`).all() as rows.RawDump[]).map(rows.toDump);
    },
    // One process owns a SQLite file: its upkeep runs one build at a time already.
    whileBuilding: (build) => build(),
    async dump(batch) {
      const r = db.prepare(`${rows.DUMP_SELECT} WHERE b.name = ?`).get(batch) as rows.RawDump | undefined;
      return r ? rows.toDump(r) : null;
    },
  };
}
