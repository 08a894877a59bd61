// The search engines of two checkouts side by side, in one process: every query of every class (bench/search/
// classes.ts) runs on the old code and on this checkout's back to back, alternating which goes first, on both
// engines, over the corpus and PostgreSQL copy bench/search-engines.ts made. The machine's load then falls on
// both alike, so a refactor can be checked on a busy machine: prints each class's p50 old/new, the geometric
// mean of new/old over the classes, and whether any answer (count, facets, results, snippets, boxes) differs.
// Run: npx tsx bench/search-engines-ab.ts --old /tmp/old-checkout --dir /tmp/search-engines-10000
//        --pg-dir /tmp/pg-10k [--pg-port 8391] [--n 20] [--out search-engines-ab.json]
// The old checkout: `git archive <commit> | tar -x -C /tmp/old-checkout` with a node_modules link.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteStore } from '../server/store/sqlite';
import { createPostgresStore } from '../server/store/postgres';
import { runSearch } from '../server/services/search/service';
import { parseSearchParams } from '../contract/search/query';
import type { Store } from '../server/store/types';
import { arg } from './search/generate';
import { searchQueryClasses } from './search/classes';
import { startPgCluster } from '../tests/support/pg-cluster';

type Run = (store: Store, siteId: number, q: ReturnType<typeof parseSearchParams>) => Promise<unknown>;
type Engine = 'sqlite' | 'postgres';
type Side = 'old' | 'new';

const here = dirname(fileURLToPath(import.meta.url));
const oldDir = resolve(arg('old', ''));
const dir = resolve(arg('dir', '/tmp/search-engines-10000'));
const pgDir = resolve(arg('pg-dir', ''));
const perClass = Number(arg('n', '20'));
if (!arg('old', '') || !arg('pg-dir', '')) throw new Error('--old <checkout> and --pg-dir <kept cluster of bench/search-engines.ts> are needed');

const old = {
  lite: (await import(join(oldDir, 'server/store/sqlite/index.ts'))) as { createSqliteStore: typeof createSqliteStore },
  pg: (await import(join(oldDir, 'server/store/postgres/index.ts'))) as { createPostgresStore: typeof createPostgresStore },
  service: (await import(join(oldDir, 'server/services/search/service.ts'))) as { runSearch: Run },
};
const cluster = await startPgCluster({
  dir: pgDir,
  port: Number(arg('pg-port', '8391')),
  settings: ['shared_buffers=2GB', 'max_wal_size=1GB', 'checkpoint_timeout=30min', 'effective_cache_size=12GB'],
});
try {
  const { url: copied } = JSON.parse(readFileSync(join(pgDir, 'copied.json'), 'utf8')) as { url: string };
  const url = copied.replace(/:\d+\//, `:${new URL(cluster.adminUrl).port}/`);
  const lite = createSqliteStore(join(dir, 'data'));
  const stores: Record<Engine, Record<Side, Store>> = {
    sqlite: { old: old.lite.createSqliteStore(join(dir, 'data')), new: lite },
    postgres: { old: await old.pg.createPostgresStore(url), new: await createPostgresStore(url) },
  };
  const run: Record<Side, Run> = { old: old.service.runSearch, new: runSearch };
  const sites = { sqlite: (await lite.sites.getDefault()).id, postgres: (await stores.postgres.new.sites.getDefault()).id };
  const { classes, extra, primes } = searchQueryClasses(lite.db, perClass);
  const time = async (engine: Engine, side: Side, qs: string) => {
    const s = performance.now();
    const answer = JSON.stringify(await run[side](stores[engine][side], sites[engine], parseSearchParams(qs)));
    return { ms: performance.now() - s, answer };
  };
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
  const geo = (xs: number[]) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
  for (const engine of ['sqlite', 'postgres'] as const) for (const side of ['old', 'new'] as const) await time(engine, side, classes['common word'](0));

  const differing: string[] = [];
  const ratios: Record<Engine, number[]> = { sqlite: [], postgres: [] };
  const results: Record<string, Record<Engine, { oldP50: number; newP50: number; oldP95: number; newP95: number }>> = {};
  console.log(`${'class'.padEnd(40)} ${'SQLite old/new p50'.padStart(20)} ${'PG old/new p50'.padStart(20)}   new/old SQLite, PG`);
  for (const [name, make] of Object.entries({ ...classes, ...extra })) {
    const ms = { sqlite: { old: [] as number[], new: [] as number[] }, postgres: { old: [] as number[], new: [] as number[] } };
    // A class may draw its words or places at random on each call: each query is made once, for all four runs.
    const queries = Array.from({ length: perClass }, (_, i) => ({ q: make(i), prime: primes[name]?.(i) }));
    for (const [i, { q, prime }] of queries.entries()) {
      const order: Side[] = i % 2 ? ['new', 'old'] : ['old', 'new'];
      for (const engine of ['sqlite', 'postgres'] as const) {
        if (prime) for (const side of order) await time(engine, side, prime);
        const answers: Partial<Record<Side, string>> = {};
        for (const side of order) {
          const t = await time(engine, side, q);
          ms[engine][side].push(t.ms);
          answers[side] = t.answer;
        }
        if (answers.old !== answers.new) differing.push(`${engine}: ${q}`);
      }
    }
    const figures = (e: Engine) => ({
      oldP50: +pct(ms[e].old, 50).toFixed(1),
      newP50: +pct(ms[e].new, 50).toFixed(1),
      oldP95: +pct(ms[e].old, 95).toFixed(1),
      newP95: +pct(ms[e].new, 95).toFixed(1),
    });
    const row = { sqlite: figures('sqlite'), postgres: figures('postgres') };
    results[name] = row;
    for (const e of ['sqlite', 'postgres'] as const) ratios[e].push(row[e].newP50 / row[e].oldP50);
    const r = (e: Engine) => (row[e].newP50 / row[e].oldP50).toFixed(2);
    console.log(
      `${name.padEnd(40)} ${`${row.sqlite.oldP50}/${row.sqlite.newP50} ms`.padStart(20)} ${`${row.postgres.oldP50}/${row.postgres.newP50} ms`.padStart(20)}   ${r('sqlite')}x, ${r('postgres')}x`,
    );
  }
  const mean = { sqlite: +geo(ratios.sqlite).toFixed(3), postgres: +geo(ratios.postgres).toFixed(3) };
  console.log(`\nGeometric mean of new/old p50 over the classes: SQLite ${mean.sqlite}, PostgreSQL ${mean.postgres}`);
  console.log(`Answers compared old against new: ${differing.length ? `${differing.length} differ: ${differing.slice(0, 10).join(', ')}` : 'all the same'}`);
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(
    join(here, 'results', arg('out', 'search-engines-ab.json')),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        pages: lite.db.prepare('SELECT COUNT(*) FROM pages').pluck().get(),
        perClass,
        loadAverage: loadavg(),
        geometricMeanNewOverOldP50: mean,
        answersDiffering: differing,
        classes: results,
      },
      null,
      2,
    ),
  );
  for (const engine of Object.values(stores)) for (const store of Object.values(engine)) await store.close();
} finally {
  cluster.stop();
}
