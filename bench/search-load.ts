// Search under load: the real server (a child process, like `npm run serve`) on the 100,000-page corpus of
// bench/search, autocannon with 100 connections against a Zipf-distributed mix of 1,000 distinct queries
// over every class of bench/search/classes.ts (browse searches included), beside a static file served by
// the same server (the ceiling), and the most asked query repeated on its own.
// Goals: the mix with 0 errors and p99 < 250 ms; a repeated query at >= 50% of the static file's rate.
// The server starts with an empty result cache, as after a deploy or an ingest: every distinct query is a
// miss once (single-flight: concurrent requests for it wait for one search), then a hit.
// Prepare: npx tsx bench/search/generate.ts --dir /tmp/search-bench, then
//          npm run search:rank-lists -- --data /tmp/search-bench/data
// Run: npx tsx bench/search-load.ts   (writes bench/results/search-load.json)
// Env: BENCH_DIR (/tmp/search-bench), BENCH_PORT (8332), BENCH_SECONDS (60, the mix), BENCH_STATIC_SECONDS
//      (15, the static file before and after, and the repeated query), BENCH_CONNECTIONS (100),
//      BENCH_QUERIES (1000), BENCH_ZIPF (1, the exponent), BENCH_RESULT (search-load: the results file's name).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options } from 'autocannon';
import { openSqlite } from '../server/store/sqlite/db';
import { rankListsCurrent } from '../server/store/sqlite/rank-lists';
import { searchQueryClasses } from './search/classes';
import { mulberry32 } from './search/corpus';
import { runLoad, startServedApp, type LoadResult } from './lib/served-load';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.BENCH_DIR ?? '/tmp/search-bench';
const port = Number(process.env.BENCH_PORT ?? 8332);
const mixSeconds = Number(process.env.BENCH_SECONDS ?? 60);
const shortSeconds = Number(process.env.BENCH_STATIC_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const distinct = Number(process.env.BENCH_QUERIES ?? 1000);
const zipfS = Number(process.env.BENCH_ZIPF ?? 1);
const resultName = process.env.BENCH_RESULT ?? 'search-load';
const dataDir = join(dir, 'data');
const distDir = join(dir, 'load-dist');
const base = `http://127.0.0.1:${port}`;
const headers = { 'accept-encoding': 'gzip, deflate, br' }; // as a browser asks

// The queries: every class (goal classes, extras, the first pages of the repeat classes), round-robin so
// each class has its share of the 1,000, shuffled, then ranked for Zipf.
const db = openSqlite(join(dataDir, 'archive.sqlite'));
if (!rankListsCurrent(db)) console.warn('Ranking lists are not current: the server will build them while measured (run npm run search:rank-lists first).');
const pages = db.prepare('SELECT COUNT(*) FROM pages').pluck().get() as number;
const { classes, extra, primes } = searchQueryClasses(db, Math.ceil(distinct / 10));
const makers = Object.entries({ ...classes, ...extra, ...Object.fromEntries(Object.entries(primes).map(([k, v]) => [`${k} (first page)`, v])) });
db.close();
const seen = new Set<string>();
const queries: Array<{ cls: string; qs: string }> = [];
for (let i = 0; queries.length < distinct && i < distinct * 4; i++) {
  for (const [cls, make] of makers) {
    const qs = make(i);
    if (queries.length >= distinct || seen.has(qs) || qs.includes('undefined')) continue;
    seen.add(qs);
    queries.push({ cls, qs });
  }
}
const rand = mulberry32(7);
for (let i = queries.length - 1; i > 0; i--) {
  const j = Math.floor(rand() * (i + 1));
  [queries[i], queries[j]] = [queries[j], queries[i]];
}
const paths = queries.map((q) => `/Api/Search?${new URLSearchParams(q.qs)}&url=${encodeURIComponent(base)}`);
// Zipf: the query of rank r (1-based) is asked with weight 1/r^s; cumulative weights for sampling.
const cumulative: number[] = [];
let sum = 0;
for (let r = 1; r <= paths.length; r++) cumulative.push((sum += 1 / r ** zipfS));
const zipfPick = (u: number) => {
  let lo = 0;
  let hi = cumulative.length - 1;
  const x = u * sum;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};
const classCount = new Set(queries.map((q) => q.cls)).size;
console.log(
  `${pages} pages; ${paths.length} distinct queries over ${classCount} classes; Zipf s=${zipfS}: the top query is ${(100 / sum) | 0}% of requests, the top 10 ${Math.round((100 * cumulative[9]) / sum)}%`,
);

console.log(`Starting the server on ${base} (data in ${dataDir})...`);
const app = startServedApp({ root, port, dataDir, distDir, env: { DEMO: '0' } });

/** A run's figures as the results file has always named them (the server's CPU under its own key). */
type Row = Omit<LoadResult, 'cpuUsPerRequest'> & { name: string; seconds: number; serverCpuUsPerRequest: number; hits?: number; misses?: number };

async function load(name: string, opts: Omit<Options, 'url'>, seconds: number): Promise<Row> {
  const r = await runLoad(app, { url: base, connections, duration: seconds, headers, timeout: 30, ...opts });
  const { cpuUsPerRequest, ...figures } = r;
  const row: Row = { name, seconds, ...figures, serverCpuUsPerRequest: cpuUsPerRequest };
  console.log(
    `${name.padEnd(40)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p90 ${row.p90} ms  p99 ${row.p99} ms  max ${row.max} ms  ` +
      `errors ${row.errors}  non-2xx ${row.non2xx}  server CPU ${row.serverCpuUsPerRequest} µs/req`,
  );
  return row;
}

try {
  await app.ready();
  const check = await fetch(`${base}${paths[0]}`, { headers });
  if (!check.ok) throw new Error(`search answered ${check.status}: ${await check.text()}`);
  await load('warm-up (static)', { requests: [{ method: 'GET', path: '/favicon.svg' }] }, 3);

  const staticBefore = await load('static /favicon.svg (ceiling), before', { requests: [{ method: 'GET', path: '/favicon.svg' }] }, shortSeconds);

  const perRank = new Uint32Array(paths.length);
  /** The Zipf mix for `seconds`, counting the server's cache hits and misses (its x-search-cache header). */
  const mixRun = async (name: string, seconds: number) => {
    let hits = 0;
    let misses = 0;
    const row = await load(
      name,
      {
        requests: [
          {
            method: 'GET',
            setupRequest: (req: { path: string }) => {
              const i = zipfPick(Math.random());
              perRank[i]++;
              req.path = paths[i];
              return req;
            },
            onResponse: (_status: number, _body: string, _ctx: unknown, h: Record<string, string>) => {
              if (h['x-search-cache'] === 'hit') hits++;
              else if (h['x-search-cache'] === 'miss') misses++;
            },
          },
        ],
      },
      seconds,
    );
    row.hits = hits;
    row.misses = misses;
    console.log(`  ${misses} searched (misses), ${hits} from the cache (${((100 * hits) / Math.max(1, hits + misses)).toFixed(1)}%)`);
    return row;
  };
  // Cold: the cache empty, as after a deploy or an ingest. Then warm: the same mix once every query has
  // been asked (a running archive's steady state; the cold run asked most of them).
  const mix = await mixRun(`search mix, cold start (${paths.length} queries, Zipf)`, mixSeconds);
  const asked = perRank.reduce((n, c) => n + (c > 0 ? 1 : 0), 0);
  console.log(`  ${asked} of ${paths.length} distinct queries asked during the cold run`);
  for (let i = 0; i < paths.length; i += 8) await Promise.all(paths.slice(i, i + 8).map((p) => fetch(`${base}${p}`, { headers }).then((r) => r.arrayBuffer())));
  const warm = await mixRun('search mix, warm (every query cached once)', shortSeconds);

  const repeated = await load('one query repeated (cached)', { requests: [{ method: 'GET', path: paths[0] }] }, shortSeconds);
  const staticAfter = await load('static /favicon.svg (ceiling), after', { requests: [{ method: 'GET', path: '/favicon.svg' }] }, shortSeconds);

  const ceiling = Math.round((staticBefore.rps + staticAfter.rps) / 2);
  const goals = {
    mixNoErrors: mix.errors === 0 && mix.non2xx === 0 && warm.errors === 0 && warm.non2xx === 0,
    mixP99Under250ms: mix.p99 < 250,
    mixRatioToStatic: Math.round((mix.rps / ceiling) * 100) / 100,
    warmMixP99Under250ms: warm.p99 < 250,
    warmMixRatioToStatic: Math.round((warm.rps / ceiling) * 100) / 100,
    repeatedRatioToStatic: Math.round((repeated.rps / ceiling) * 100) / 100,
    repeatedAtHalfOfStatic: repeated.rps >= ceiling / 2,
  };
  console.log('');
  console.log(`Ceiling (static, mean of before and after): ${ceiling} req/s`);
  console.log(
    `Search mix, cold: ${mix.rps} req/s = ${goals.mixRatioToStatic} of the ceiling; errors ${mix.errors + mix.non2xx} (goal 0: ${goals.mixNoErrors ? 'met' : 'NOT met'}); p99 ${mix.p99} ms (goal < 250: ${goals.mixP99Under250ms ? 'met' : 'NOT met'})`,
  );
  console.log(
    `Search mix, warm: ${warm.rps} req/s = ${goals.warmMixRatioToStatic} of the ceiling; p99 ${warm.p99} ms (goal < 250: ${goals.warmMixP99Under250ms ? 'met' : 'NOT met'})`,
  );
  console.log(
    `Repeated query: ${repeated.rps} req/s = ${goals.repeatedRatioToStatic} of the ceiling (goal >= 0.5: ${goals.repeatedAtHalfOfStatic ? 'met' : 'NOT met'})`,
  );
  console.log(`(load average while measuring: ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs; autocannon shares them with the server)`);

  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  const out = {
    benchmark: 'search-load',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version, loadAverage1m: loadavg()[0] },
    settings: {
      connections,
      mixSeconds,
      shortSeconds,
      pages,
      distinctQueries: paths.length,
      classes: classCount,
      zipfExponent: zipfS,
      acceptEncoding: headers['accept-encoding'],
      transport: 'HTTP/1.1 loopback, keep-alive; autocannon in the benchmark process, on the same 2 CPUs',
      server: 'tsx server/main.ts (child process), SEARCH_WORKERS default, result cache empty at the start',
    },
    results: { staticBefore, mix: { ...mix, queriesAsked: asked }, warm, repeated, staticAfter, ceiling },
    goals,
  };
  writeFileSync(join(root, 'bench', 'results', `${resultName}.json`), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nWrote bench/results/${resultName}.json`);
} finally {
  app.stop();
}
