// Issue #14.8: `npm run ingest -- <batch> --site <slug>` with a slug no site has used to load the whole
// batch and fail only at the end. It is refused before anything loads.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createSqliteStore } from '../../server/store/sqlite';
import { BEE_BATCH, tempDir } from './ingest-fixtures';

describe('ingest --site', () => {
  it('refuses an unknown site slug before loading anything', async () => {
    const dataDir = tempDir('cli-site');
    try {
      const setup = createSqliteStore(dataDir);
      await setup.sites.create({ slug: 'chronicle', name: 'Chronicle', isDefault: true, origins: [] });
      await setup.close();
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/ingest/cli.ts', BEE_BATCH, '--site', 'chronicel', '--no-images'], {
        env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain("No site with slug 'chronicel'. Sites: chronicle. Nothing was loaded.");
      const store = createSqliteStore(dataDir);
      try {
        expect(await store.ingest.listBatches()).toEqual([]);
        expect(store.db.prepare('SELECT COUNT(*) FROM pages').pluck().get()).toBe(0);
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
