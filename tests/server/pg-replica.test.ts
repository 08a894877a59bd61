// A read replica (DATABASE_REPLICA_URL): searches and other reads go to it and writes to the primary; when
// it lags (WAL replay paused) or goes away (stopped), answers still come, from the primary, with the
// newest data, and nothing written is lost; once it is back and caught up, reads return to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createPostgresStore, type PostgresStore } from '../../server/store/postgres';
import { runSearch } from '../../server/services/search/service';
import { parseSearchParams } from '../../contract/search/query';
import { writeOnePage } from '../support/one-page';
import { createDatabase, pgAvailable, startPgCluster, startPgReplica, type PgCluster, type PgReplica } from '../support/pg-cluster';

let primary: PgCluster;
let replica: PgReplica;
let store: PostgresStore;
let siteId: number;
let batch: number;
let edition = 0;

const onReplica = async (sql: string) => {
  const c = new pg.Client({ connectionString: replica.adminUrl });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
};
/** Where the store's reads are answered now: true = the replica (a server in recovery). */
const readsFromReplica = async () => (await store.pg.read<{ r: boolean }>('SELECT pg_is_in_recovery() AS r'))[0].r;
const until = async (what: () => Promise<boolean>, ms = 20_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (await what()) return;
  throw new Error('timed out waiting');
};
const addPage = (text: string) => writeOnePage(store, batch, ++edition, text);
const search = async (words: string) => (await runSearch(store, siteId, parseSearchParams(`k=${words}&ord=k1`))).total;

describe.skipIf(!pgAvailable())('PostgreSQL with a read replica', () => {
  beforeAll(async () => {
    primary = await startPgCluster();
    const url = await createDatabase(primary.adminUrl, 'archive');
    // The schema first (migrations run on the primary), then the replica as a copy of the cluster.
    (await createPostgresStore(url)).close();
    replica = await startPgReplica(primary.adminUrl);
    const replicaUrl = replica.adminUrl.replace(/\/postgres$/, '/archive');
    store = await createPostgresStore(url, { DATABASE_REPLICA_URL: replicaUrl, PG_REPLICA_MAX_LAG_MS: '3000', PG_REPLICA_CHECK_MS: '100' });
    siteId = (await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['127.0.0.1'] })).id;
    await store.ingest.upsertTitle({ lccn: 'sn1', name: 'Title', place: { country: 'United States', state: 'Ohio', city: 'Akron' }, source: 'marc' });
    batch = await store.ingest.beginBatch('b1', null);
    await addPage('harbor news of the day');
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    replica?.stop();
    primary?.stop();
  });

  it('sends reads to the replica and writes to the primary', async () => {
    await until(async () => (await search('harbor')) === 1);
    const before = store.pg.readStats();
    expect(await readsFromReplica()).toBe(true);
    await addPage('harbor again');
    await until(async () => (await search('again')) === 1);
    const after = store.pg.readStats();
    expect(after.replicaInUse).toBe(true);
    expect(after.replicaReads).toBeGreaterThan(before.replicaReads);
    expect(after.primaryReads).toBe(before.primaryReads);
    // The write is on the primary and reached the replica by streaming, not by a write there.
    expect((await onReplica('SELECT count(*)::int AS n FROM pg_stat_replication'))[0].n).toBe(0);
  });

  it('moves reads to the primary while the replica lags, and back once it catches up', async () => {
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      await addPage('lighthouse keeper');
      // Within the lag limit the replica may still answer (without the new page); after it, the primary does.
      await until(async () => (await search('lighthouse')) === 1);
      expect(await readsFromReplica()).toBe(false);
      expect(store.pg.readStats().reason).toMatch(/behind/);
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
    }
    // Back on the replica, which may still be replaying (within the lag limit), until it has the page.
    await until(readsFromReplica);
    await until(async () => (await search('lighthouse')) === 1);
    expect(await readsFromReplica()).toBe(true);
  });

  it('answers from the primary when the replica goes away, and loses nothing written meanwhile', async () => {
    replica.halt();
    try {
      // Whichever notices first (the next check or a read failing on the replica), the primary answers.
      expect(await search('harbor')).toBe(2);
      expect(store.pg.readStats().replicaInUse).toBe(false);
      await addPage('schooner aground');
      expect(await search('schooner')).toBe(1);
      expect(await readsFromReplica()).toBe(false);
    } finally {
      replica.start();
    }
    await until(readsFromReplica);
    await until(async () => (await search('schooner')) === 1);
    expect(await search('harbor')).toBe(2);
    expect(await readsFromReplica()).toBe(true);
  });
});
