// The server keeps the ranking lists (and the OCR's learned confusions) current on its own
// (server/store/rank-lists-upkeep.ts): once the archive has changed and then stayed put, they are made again for the new state, on SQLite in a child
// process and on PostgreSQL in the database. Searches stay correct meanwhile (other suites check that).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { createSqliteStore } from '../../server/store/sqlite';
import { rankListsCurrent } from '../../server/store/sqlite/rank-lists';
import { sqliteConfusionsCurrent } from '../../server/store/sqlite/ocr-confusions';
import { pgConfusionsCurrent } from '../../server/store/postgres/ocr-confusions';
import { createPostgresStore, type PostgresStore } from '../../server/store/postgres';
import { buildPgRankLists, pgRankListsCurrent } from '../../server/store/postgres/rank-lists';
import { startPgRankListUpkeep, startRankListUpkeep } from '../../server/store/rank-lists-upkeep';
import type { Store } from '../../server/store/types';
import { createDatabase } from '../support/pg-cluster';

/** Waits (polling) until `what` holds; fails the test after 30 s. */
const until = (what: () => Promise<boolean> | boolean) => vi.waitFor(async () => expect(await what()).toBe(true), { timeout: 30_000, interval: 100 });

/** A fresh PostgreSQL archive with one page, closed after `fn`. */
async function withPgArchive(fn: (store: PostgresStore) => Promise<void>) {
  const store = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  try {
    await addPage(store, 'the harbor and the council', 1);
    await fn(store);
  } finally {
    await store.close();
  }
}

async function addPage(store: Store, text: string, day: number) {
  const title = await store.ingest.upsertTitle({
    lccn: 'sn0001',
    name: 'Upkeep Gazette',
    place: { country: 'United States', state: 'Ohio', city: 'Dayton' },
    source: 'demo',
  });
  expect(title).toBeGreaterThan(0);
  const batch = await store.ingest.beginBatch(`batch_upkeep_${day}`, null);
  await store.ingest.writeIssue(batch, {
    lccn: 'sn0001',
    dateIssued: `1890-01-${String(day).padStart(2, '0')}`,
    edition: 1,
    pages: [{ sequence: 1, number: '1', width: 1000, height: 1400, imagePath: null, pdfPath: null, altoPath: null, ocrText: text, words: [] }],
  });
  await store.ingest.finishBatch(batch, 'complete', {});
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('ranking list upkeep', () => {
  it('SQLite: a child process makes the lists for the index as it is, and again after a change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'upkeep-'));
    dirs.push(dir);
    const store = createSqliteStore(dir);
    await addPage(store, 'the harbor and the council', 1);
    expect(rankListsCurrent(store.db)).toBe(false);
    const upkeep = startRankListUpkeep(store.db, dir, { intervalMs: 300, log: () => undefined });
    try {
      await until(() => rankListsCurrent(store.db));
      // ... and learns the OCR's confusions from the same state of the index (none to learn in one page: kept empty).
      await until(() => sqliteConfusionsCurrent(store.db));
      expect((await store.search.ocrConfusions())?.confusions).toEqual([]);
      await addPage(store, 'a steamer at the harbor', 2);
      expect(rankListsCurrent(store.db)).toBe(false);
      expect(sqliteConfusionsCurrent(store.db)).toBe(false);
      await until(() => rankListsCurrent(store.db) && sqliteConfusionsCurrent(store.db));
    } finally {
      upkeep.stop();
      await store.close();
    }
  }, 90_000);

  it(
    'PostgreSQL: the lists follow the data version',
    () =>
      withPgArchive(async (store) => {
        const upkeep = startPgRankListUpkeep(store.pg, { intervalMs: 300, log: () => undefined });
        try {
          await until(async () => (await pgRankListsCurrent(store.pg)) && (await pgConfusionsCurrent(store.pg)));
          expect(await store.search.ocrConfusions()).not.toBeNull();
          await addPage(store, 'a steamer at the harbor', 2);
          expect(await pgRankListsCurrent(store.pg)).toBe(false);
          expect(await pgConfusionsCurrent(store.pg)).toBe(false);
          await until(async () => (await pgRankListsCurrent(store.pg)) && (await pgConfusionsCurrent(store.pg)));
        } finally {
          upkeep.stop();
        }
      }),
    90_000,
  );

  it(
    'PostgreSQL: while one server builds the lists, another does not wait for it',
    () =>
      withPgArchive(async (store) => {
        const other = await store.pg.connect(); // "another server" in the middle of a build
        try {
          await other.query('BEGIN');
          await other.query('SELECT pg_advisory_xact_lock(727275)');
          const started = Date.now();
          expect((await buildPgRankLists(store.pg)).terms).toBe(0);
          expect(Date.now() - started).toBeLessThan(5_000);
          expect(await pgRankListsCurrent(store.pg)).toBe(false);
          await other.query('COMMIT');
          await buildPgRankLists(store.pg);
          expect(await pgRankListsCurrent(store.pg)).toBe(true);
        } finally {
          other.release();
        }
      }),
    60_000,
  );

  it(
    'PostgreSQL: a site or settings edit leaves the lists current; a page written does not',
    () =>
      withPgArchive(async (store) => {
        await buildPgRankLists(store.pg);
        expect(await pgRankListsCurrent(store.pg)).toBe(true);
        const version = await store.meta.dataVersion();
        await store.sites.create({ slug: 'second', name: 'Second site', origins: ['http://second.test'] });
        expect(await store.meta.dataVersion()).toBeGreaterThan(version); // answers' caches refresh...
        expect(await pgRankListsCurrent(store.pg)).toBe(true); // ...the lists stay
        await addPage(store, 'a steamer at the harbor', 2);
        expect(await pgRankListsCurrent(store.pg)).toBe(false);
      }),
    60_000,
  );
});
