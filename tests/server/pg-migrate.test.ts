// Migrations run when a server starts, and some rebuild an index over the whole archive (013's phrase pairs:
// 14 minutes at 100,000 pages). The pool's statement timeout is for requests: a migration must not be
// cancelled by it, or an upgraded server never starts. Requests keep the timeout.
import { describe, expect, inject, it } from 'vitest';
import { openPg } from '../../server/store/postgres/db';
import { createDatabase } from '../support/pg-cluster';

describe('PostgreSQL migrations', () => {
  it('run whatever the statement timeout, which still holds for requests afterwards', async () => {
    const url = await createDatabase(inject('pgAdminUrl'));
    // 1 ms: every migration statement would be cancelled under it (index builds, functions, backfills).
    const db = await openPg({ url, statementTimeoutMs: 1 });
    try {
      // Read without the timeout: under a loaded machine even this small read can take over 1 ms.
      const versions = await db.tx(async (q) => {
        await q('SET LOCAL statement_timeout = 0');
        return (await q<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version);
      });
      expect(versions).toContain('013_phrase_pairs');
      await expect(db.q('SELECT pg_sleep(0.2)')).rejects.toThrow(/statement timeout/);
    } finally {
      await db.end();
    }
  });
});
