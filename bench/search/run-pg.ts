// The row syntax classes (bench/search/classes.ts: truncation, wildcard, proximity, fuzzy, fz=1) on PostgreSQL,
// over the copy of the search benchmark's corpus that bench/search-engines.ts keeps (--pg-dir), words chosen from
// the SQLite corpus as run.ts chooses them. Per class: p50/p95 wall, and CPU time per query counted in this
// process and in the PostgreSQL backends serving it (their /proc/<pid>/schedstat), since most of a PostgreSQL
// search runs there.
// Run (after `npx tsx bench/search-engines.ts --dir /tmp/search-bench --pg-dir /tmp/pg-100k --pg-port 55491 --copy-only`):
//   npx tsx bench/search/run-pg.ts --dir /tmp/search-bench --pg-dir /tmp/pg-100k --pg-port 55491 [--n 40] [--only syntax]
// Writes bench/results/search-syntax-pg.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import { buildPgRankLists, pgRankListsCurrent } from '../../server/store/postgres/rank-lists';
import { parseSearchParams } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import { startPgCluster } from '../../tests/support/pg-cluster';
import { searchQueryClasses } from './classes';
import { arg } from './generate';

const here = dirname(fileURLToPath(import.meta.url));
const dir = resolve(arg('dir', '/tmp/search-bench'));
const pgDir = resolve(arg('pg-dir', '/tmp/pg-100k'));
const perClass = Number(arg('n', '40'));
const only = arg('only', 'syntax');
const note = join(pgDir, 'copied.json');
if (!existsSync(note)) throw new Error(`No copy in ${pgDir}: run bench/search-engines.ts --pg-dir ${pgDir} --copy-only first.`);
const copied = JSON.parse(readFileSync(note, 'utf8')) as { url: string };

const lite = createSqliteStore(join(dir, 'data'));
const port = Number(arg('pg-port', '8391'));
// A copy already running (another benchmark reads it too) is used as it is, and left running.
const running = existsSync(join(pgDir, 'data', 'postmaster.pid'));
const cluster = running
  ? { adminUrl: `postgres://app@127.0.0.1:${port}/postgres`, stop() {} }
  : await startPgCluster({
      dir: pgDir,
      port,
      settings: ['shared_buffers=2GB', 'max_wal_size=1GB', 'checkpoint_timeout=30min', 'effective_cache_size=12GB'],
    });
try {
  const url = copied.url.replace(/:\d+\//, () => `:${new URL(cluster.adminUrl).port}/`);
  const store = await createPostgresStore(url);
  if (!(await pgRankListsCurrent(store.pg))) {
    const r = await buildPgRankLists(store.pg);
    console.log(`PostgreSQL ranking lists for ${r.terms} words made`);
  }
  await store.pg.q('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
  await store.pg.q("SELECT pg_prewarm(r::regclass) FROM unnest(ARRAY['search_words', 'search_words_pkey', 'pages_pkey', 'page_words_pkey']) AS r");
  const site = (await store.sites.getDefault()).id;
  const { classes: goal, extra, syntax, primes } = searchQueryClasses(lite.db, perClass);
  const classes = Object.entries({ ...goal, ...syntax, ...extra }).filter(([name]) => name.includes(only));

  /** CPU time (ms) of this process and of every backend of this database (the store's pool). */
  const backendPids = async () => (await store.pg.q<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).map((r) => r.pid);
  let pids = await backendPids();
  const backendMs = () =>
    pids.reduce((n, pid) => {
      try {
        return n + Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
      } catch {
        return n;
      }
    }, 0);
  const ownMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  };
  const round = (x: number) => Math.round(x * 10) / 10;
  for (let i = 0; i < 3; i++) await runSearch(store, site, parseSearchParams(goal['common word'](i)));
  pids = await backendPids();

  const results: Record<string, { p50: number; p95: number; cpuP50: number; cpuP95: number; nodeCpuP95: number; pgCpuP95: number; meanTotal: number }> = {};
  for (const [name, make] of classes) {
    const wall: number[] = [];
    const cpu: number[] = [];
    const node: number[] = [];
    const backend: number[] = [];
    let totals = 0;
    for (let i = 0; i < perClass; i++) {
      if (primes[name]) await runSearch(store, site, parseSearchParams(primes[name](i)));
      const q = parseSearchParams(make(i));
      const n0 = ownMs();
      const b0 = backendMs();
      const t = performance.now();
      const r = await runSearch(store, site, q);
      wall.push(performance.now() - t);
      node.push(ownMs() - n0);
      backend.push(backendMs() - b0);
      cpu.push(node.at(-1)! + backend.at(-1)!);
      totals += r.total;
      // A pool may open another connection under a burst: counted from the next query on.
      if (i % 10 === 9) pids = await backendPids();
    }
    const r = (results[name] = {
      p50: round(pct(wall, 50)),
      p95: round(pct(wall, 95)),
      cpuP50: round(pct(cpu, 50)),
      cpuP95: round(pct(cpu, 95)),
      nodeCpuP95: round(pct(node, 95)),
      pgCpuP95: round(pct(backend, 95)),
      meanTotal: Math.round(totals / perClass),
    });
    console.log(
      `${name.padEnd(40)} wall p50 ${String(r.p50).padStart(7)}  p95 ${String(r.p95).padStart(7)} ms | cpu (node + PostgreSQL) p50 ${String(r.cpuP50).padStart(6)}  p95 ${String(r.cpuP95).padStart(6)} ms (node ${r.nodeCpuP95}, PostgreSQL ${r.pgCpuP95})`,
    );
  }
  const load = loadavg();
  console.log(`load average during the run: ${load.map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores`);
  mkdirSync(join(here, '../results'), { recursive: true });
  const file = `search-${only.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-pg.json`;
  const out = {
    date: new Date().toISOString(),
    engine: 'postgres',
    pages: lite.db.prepare('SELECT COUNT(*) FROM pages').pluck().get(),
    queriesPerClass: perClass,
    goal: 'p95 < 150 ms wall and CPU (this process and the PostgreSQL backends) per syntax class',
    classes: results,
    underGoal: Object.values(results).every((r) => r.p95 < 150),
    underGoalCpu: Object.values(results).every((r) => r.cpuP95 < 150),
    loadAverage: load,
  };
  writeFileSync(join(here, '../results', file), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`wrote bench/results/${file}`);
  await store.close();
} finally {
  lite.db.close();
  cluster.stop();
}
