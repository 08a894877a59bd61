// Searches against a read replica: the search classes run on a store with DATABASE_REPLICA_URL while
// writes go on, then with the replica's WAL replay paused (it lags), then with the replica stopped. For each
// phase: p50/p95, how many transactions each server ran (pg_stat_database), where the store sent its reads,
// and whether every answer equals the healthy phase's (nothing lost, nothing stale past the lag limit).
// Uses a kept PostgreSQL copy of a corpus (bench/search-engines.ts makes one) and a replica of it made once
// with pg_basebackup beside it:
//   npx tsx bench/search-replica.ts [--dir /tmp/search-engines-25000] [--pg-dir /tmp/pg-bench-25k] [--pg-port 55461]
//     [--replica-port 55463] [--n 3]
// Writes bench/results/search-replica.json.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createSqliteStore } from '../server/store/sqlite';
import { createPostgresStore } from '../server/store/postgres';
import { parseSearchParams } from '../contract/search/query';
import { runSearch } from '../server/services/search/service';
import { searchQueryClasses } from './search/classes';
import { arg } from './search/generate';
import { startPgCluster, startPgReplica } from '../tests/support/pg-cluster';

const here = dirname(fileURLToPath(import.meta.url));
const dir = arg('dir', '/tmp/search-engines-25000');
const pgDir = arg('pg-dir', '/tmp/pg-bench-25k');
const perClass = Number(arg('n', '3'));
const MAX_LAG_MS = 2_000;
const settings = ['shared_buffers=1GB', 'effective_cache_size=8GB'];
const primary = await startPgCluster({ dir: pgDir, port: Number(arg('pg-port', '55461')), settings });
const t0 = performance.now();
const replica = await startPgReplica(primary.adminUrl, { dir: `${pgDir}-replica`, port: Number(arg('replica-port', '55463')), settings });
console.log(`replica ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const primaryUrl = primary.adminUrl.replace(/\/postgres$/, '/archive');
const replicaUrl = replica.adminUrl.replace(/\/postgres$/, '/archive');
const lite = createSqliteStore(join(dir, 'data'));
const store = await createPostgresStore(primaryUrl, {
  DATABASE_REPLICA_URL: replicaUrl,
  PG_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
  PG_REPLICA_CHECK_MS: '250',
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sql = async (url: string, text: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
};
const xacts = async (url: string) => {
  try {
    return Number((await sql(url, "SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = 'archive'"))[0].n);
  } catch {
    return null; // the server is down
  }
};
const version = async (url: string) => Number((await sql(url, "SELECT value FROM meta WHERE key = 'data_version'"))[0].value);
const until = async (what: () => Promise<boolean>, ms = 60_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) if (await what()) return;
  throw new Error('timed out');
};

const { classes } = searchQueryClasses(lite.db, perClass);
const queries = Object.values(classes).flatMap((make) => Array.from({ length: perClass }, (_, i) => make(i)));
const siteId = (await store.sites.getDefault()).id;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const answers = new Map<string, string>();
/** Runs every query once (a write to the primary after every tenth), timing each and comparing answers. */
async function phase(name: string) {
  // Stats are flushed to the shared counters when a session ends or every second or so: wait before reading.
  await sleep(1_500);
  const before = { primary: await xacts(primaryUrl), replica: await xacts(replicaUrl), reads: store.pg.readStats() };
  const times: number[] = [];
  let differing = 0;
  let writes = 0;
  for (const [i, q] of queries.entries()) {
    const t = performance.now();
    const r = await runSearch(store, siteId, parseSearchParams(q));
    times.push(performance.now() - t);
    const key = JSON.stringify([r.total, r.results.map((x) => x.pageUid)]);
    if (!answers.has(q)) answers.set(q, key);
    else if (answers.get(q) !== key) differing++;
    if (i % 10 === 9) {
      await store.meta.bumpDataVersion(); // a write, as an ingest or an admin edit makes
      writes++;
    }
  }
  await sleep(1_500);
  const after = { primary: await xacts(primaryUrl), replica: await xacts(replicaUrl), reads: store.pg.readStats() };
  const out = {
    searches: queries.length,
    writes,
    p50: +pct(times, 50).toFixed(1),
    p95: +pct(times, 95).toFixed(1),
    answersDifferingFromHealthy: differing,
    primaryTransactions: after.primary != null && before.primary != null ? after.primary - before.primary : null,
    replicaTransactions: after.replica != null && before.replica != null ? after.replica - before.replica : null,
    readsOnReplica: after.reads.replicaReads - before.reads.replicaReads,
    readsOnPrimary: after.reads.primaryReads - before.reads.primaryReads,
    fallbacks: after.reads.fallbacks - before.reads.fallbacks,
    replicaInUseAtEnd: after.reads.replicaInUse,
    reason: after.reads.reason,
  };
  console.log(name, out);
  return out;
}

const results: Record<string, unknown> = {};
try {
  await until(async () => store.pg.readStats().replicaInUse);
  results.healthy = await phase('healthy');

  await sql(replicaUrl, 'SELECT pg_wal_replay_pause()');
  await store.meta.bumpDataVersion();
  const pausedAt = performance.now();
  await until(async () => !store.pg.readStats().replicaInUse);
  const leftOutAfterMs = performance.now() - pausedAt;
  results.lagging = { ...(await phase('replica lagging (replay paused)')), leftOutAfterMs: Math.round(leftOutAfterMs), maxLagMs: MAX_LAG_MS };
  await sql(replicaUrl, 'SELECT pg_wal_replay_resume()');
  const resumedAt = performance.now();
  await until(async () => store.pg.readStats().replicaInUse);
  (results.lagging as Record<string, unknown>).backInUseAfterResumeMs = Math.round(performance.now() - resumedAt);

  replica.halt();
  results.replicaStopped = await phase('replica stopped');
  const writtenVersion = await version(primaryUrl);
  replica.start();
  const startedAt = performance.now();
  await until(async () => store.pg.readStats().replicaInUse);
  await until(async () => (await version(replicaUrl)) >= writtenVersion);
  results.replicaBack = {
    backInUseAfterStartMs: Math.round(performance.now() - startedAt),
    primaryVersion: await version(primaryUrl),
    replicaVersion: await version(replicaUrl),
    nothingLost: (await version(replicaUrl)) === (await version(primaryUrl)),
  };
  console.log('replica back', results.replicaBack);
  writeFileSync(
    join(here, 'results', 'search-replica.json'),
    JSON.stringify({ date: new Date().toISOString(), pages: lite.db.prepare('SELECT COUNT(*) FROM pages').pluck().get(), perClass, ...results }, null, 2),
  );
} finally {
  await store.close();
  lite.db.close();
  replica.stop();
  primary.stop();
}
