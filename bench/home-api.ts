// Home API under load: the real server (a child process, like `npm run serve`) on loopback with the
// demo archive, autocannon against each Home endpoint for a fixed time, beside a static file served by
// the same server (the ceiling). Goal: GetSiteSettings and getDetail within 2x of the ceiling, p99 < 20 ms.
// The targets are measured in interleaved rounds (each round runs every target once) and the median
// round is reported, so a burst of load from elsewhere on a shared machine hits all targets alike.
// Run: npx tsx bench/home-api.ts   (writes bench/results/home-api.json)
// Env: BENCH_SECONDS per round (2), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_PORT (8305),
//      BENCH_DATA (/tmp/homeapi-bench-data).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HomeDetail } from '../contract/api';
import { runLoad, startServedApp } from './lib/served-load';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 8305);
const dataDir = process.env.BENCH_DATA ?? '/tmp/homeapi-bench-data';
const distDir = process.env.BENCH_DIST ?? '/tmp/homeapi-bench-dist';

const app = startServedApp({ root, port, dataDir, distDir });
const base = app.base;
const origin = encodeURIComponent(base);
console.log(`Starting the server on ${base} (data in ${dataDir}; the demo archive is generated on first run)...`);

interface Sample {
  rps: number;
  /** Server CPU per request: robust to other load on a shared machine, unlike wall-clock latency. */
  cpuUsPerRequest: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

interface Row extends Sample {
  name: string;
  path: string;
  rounds: Sample[];
}

async function sample(path: string, headers: Record<string, string>, duration: number): Promise<Sample> {
  const r = await runLoad(app, { url: `${base}${path}`, connections, duration, headers });
  return { rps: r.rps, cpuUsPerRequest: r.cpuUsPerRequest, p50: r.p50, p99: r.p99, non2xx: r.non2xx, errors: r.errors };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  await app.ready();
  const detail = (await (await fetch(`${base}/Api/Home/getDetail?url=${origin}`)).json()) as HomeDetail;
  const titles = detail.model._searchModels.YearRangeWithTitleandCountList;
  const decades = detail.model._searchModels.DecadeList;
  const pages = titles.reduce((n, t) => n + t.count, 0);
  console.log(
    `Archive: ${titles.length} titles, ${decades.length} decades, ${pages} pages. ${rounds} rounds x ${seconds} s per target, ${connections} connections.`,
  );
  const selection = `titleIds=${titles
    .slice(0, 2)
    .map((t) => t.TitleId)
    .join(',')}&decades=${decades
    .slice(0, 2)
    .map((d) => d.Decade)
    .join(',')}`;

  const targets: Array<[string, string, Record<string, string>?]> = [
    ['static /favicon.svg (ceiling)', '/favicon.svg'],
    ['GetSiteTheme', `/Api/Home/GetSiteTheme?url=${origin}`],
    ['GetSiteSettings', `/Api/Home/GetSiteSettings?url=${origin}`],
    ['GetHomePageSettings', `/Api/Home/GetHomePageSettings?url=${origin}`],
    ['GetBanner', `/Api/Home/GetBanner?url=${origin}`],
    ['getDetail', `/Api/Home/getDetail?url=${origin}`],
    ['SelectTitleDecade', `/Api/Home/SelectTitleDecade?url=${origin}&${selection}`],
    ['getDetail (gzip)', `/Api/Home/getDetail?url=${origin}`, { 'accept-encoding': 'gzip' }],
  ];
  for (const [, path, headers] of targets) await sample(path, headers ?? {}, 1); // warm-up: caches, JIT
  const samples: Sample[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, [, path, headers]] of targets.entries()) samples[i].push(await sample(path, headers ?? {}, seconds));
    console.log(`round ${round + 1}/${rounds} done`);
  }
  const rows: Row[] = targets.map(([name, path], i) => {
    const s = samples[i];
    return {
      name,
      path,
      rps: median(s.map((x) => x.rps)),
      cpuUsPerRequest: median(s.map((x) => x.cpuUsPerRequest)),
      p50: median(s.map((x) => x.p50)),
      p99: median(s.map((x) => x.p99)),
      non2xx: s.reduce((n, x) => n + x.non2xx, 0),
      errors: s.reduce((n, x) => n + x.errors, 0),
      rounds: s,
    };
  });
  console.log('');
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(32)} ${String(row.rps).padStart(7)} req/s   server CPU ${String(row.cpuUsPerRequest).padStart(4)} µs/req   p50 ${String(row.p50).padStart(3)} ms   p99 ${String(row.p99).padStart(3)} ms${row.non2xx || row.errors ? `   non-2xx ${row.non2xx}, errors ${row.errors}` : ''}`,
    );
  }

  const ceiling = rows[0].rps;
  const goal = (name: string) => {
    const row = rows.find((r) => r.name === name)!;
    const cpuRatio = Math.round((row.cpuUsPerRequest / rows[0].cpuUsPerRequest) * 100) / 100;
    return {
      name,
      ratioToCeiling: Math.round((ceiling / row.rps) * 100) / 100,
      within2x: row.rps * 2 >= ceiling,
      cpuRatioToCeiling: cpuRatio,
      p99Under20ms: row.p99 < 20,
    };
  };
  const goals = [goal('GetSiteSettings'), goal('getDetail')];
  console.log('');
  for (const g of goals) {
    console.log(
      `${g.name}: ceiling/endpoint req/s = ${g.ratioToCeiling} (goal <= 2: ${g.within2x ? 'met' : 'NOT met'}), ` +
        `server CPU vs ceiling = ${g.cpuRatioToCeiling}x, p99 < 20 ms: ${g.p99Under20ms ? 'met' : 'NOT met'}`,
    );
  }
  console.log(`(load average while measuring: ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs)`);

  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  const out = {
    benchmark: 'home-api',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version, loadAverage1m: loadavg()[0] },
    settings: {
      secondsPerRound: seconds,
      rounds,
      connections,
      reported: 'median of the rounds',
      transport: 'HTTP/1.1 loopback, keep-alive',
      server: 'tsx server/main.ts (child process)',
    },
    archive: { titles: titles.length, decades: decades.length, pages },
    results: rows,
    goals,
  };
  writeFileSync(join(root, 'bench', 'results', 'home-api.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('\nWrote bench/results/home-api.json');
} finally {
  app.stop();
}
