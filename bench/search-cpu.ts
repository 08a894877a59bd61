// CPU per search on a result-cache miss, on the demo archive (330 pages): the whole answer as the API
// builds it (services/search/service.ts runSearch: plan, page of ids, counts, facets, rows, snippets and
// boxes) plus its JSON, in this process. Two figures per kind of query: 'repeat' (the same words again,
// the engine's own memos warm: what the issue measured, and what a miss costs when a visitor pages or
// narrows) and 'first' (each run a word not searched before: nothing memoised). Also the cost of the same
// answer from the server's result cache.
// Profile with: node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/search-cpu.ts
// Run: npx tsx bench/search-cpu.ts   (writes bench/results/search-cpu.json)
// Env: BENCH_DATA (/tmp/search-cpu-demo: the demo archive is generated there on first run), BENCH_N (200).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteStore } from '../server/store/sqlite';
import { ensureDemoArchive } from '../server/demo';
import { runSearch } from '../server/services/search/service';
import { SearchResultCache } from '../server/services/search/result-cache';
import { parseSearchParams } from '../contract/search/query';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.BENCH_DATA ?? '/tmp/search-cpu-demo';
const n = Number(process.env.BENCH_N ?? 200);
mkdirSync(dataDir, { recursive: true });
const store = createSqliteStore(dataDir);
await ensureDemoArchive(store, dataDir, (l) => console.log(l));
const site = (await store.sites.list()).find((s) => s.isDefault)!;
const pages = store.db.prepare('SELECT COUNT(*) FROM pages').pluck().get() as number;
const titleId = store.db.prepare('SELECT id FROM titles ORDER BY id LIMIT 1').pluck().get() as number;

/** The query and one of each kind a visitor types or clicks. */
const QUERIES: Record<string, string> = {
  'council (the issue)': 'k=council&ord=k1',
  'common word': 'k=the&ord=k1',
  '2-word AND': 'k=council meeting&ord=k1',
  phrase: 'e=city council&ord=e1',
  OR: 'o=council mayor&ord=o1',
  'word + date': 'k=council&ord=k1&m=between&d=01/01/1880-12/31/1899',
  'by date, page 2': 'k=council&ord=k1&sort=date&p=2',
  'browse title + decade': `t=${titleId}&bdd=1890`,
};

// 'first': words of the index by how many pages hold them, each searched once.
store.db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.cpu_vocab USING fts5vocab('main', 'pages_fts', 'row')");
const vocab = (min: number, max: number) =>
  store.db
    .prepare("SELECT term FROM temp.cpu_vocab WHERE doc BETWEEN ? AND ? AND term GLOB '[a-z]*' ORDER BY term LIMIT ?")
    .pluck()
    .all(min, max, n) as string[];
const FIRST: Record<string, string[]> = {
  'first: word on 1-20 pages': vocab(1, 20).map((w) => `k=${w}&ord=k1`),
  'first: word on 20-100 pages': vocab(20, 100).map((w) => `k=${w}&ord=k1`),
  'first: word on 100+ pages': vocab(100, pages).map((w) => `k=${w}&ord=k1`),
};

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

interface Row {
  name: string;
  query: string;
  total: number;
  missCpuMsP50: number;
  missCpuMsP95: number;
  missWallMsP50: number;
  hitCpuUs: number;
}
const rows: Row[] = [];
const cache = new SearchResultCache(store, (siteId, q) => runSearch(store, siteId, q));
for (const [name, qs] of Object.entries(QUERIES)) {
  const q = parseSearchParams(qs);
  for (let i = 0; i < 20; i++) JSON.stringify(await runSearch(store, site.id, q)); // warm the JIT
  const cpu: number[] = [];
  const wall: number[] = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    const c0 = cpuMs();
    const t0 = performance.now();
    const answer = await runSearch(store, site.id, q);
    JSON.stringify(answer);
    wall.push(performance.now() - t0);
    cpu.push(cpuMs() - c0);
    total = answer.total;
  }
  const version = await store.meta.dataVersion();
  await cache.answer(site.id, q, version);
  const h0 = cpuMs();
  for (let i = 0; i < n; i++) await cache.answer(site.id, q, await store.meta.dataVersion());
  const hitCpuUs = Math.round(((cpuMs() - h0) * 1000) / n);
  const row = {
    name,
    query: qs,
    total,
    missCpuMsP50: +pct(cpu, 0.5).toFixed(2),
    missCpuMsP95: +pct(cpu, 0.95).toFixed(2),
    missWallMsP50: +pct(wall, 0.5).toFixed(2),
    hitCpuUs,
  };
  rows.push(row);
  console.log(`${name.padEnd(24)} ${String(total).padStart(4)} pages  miss CPU p50 ${row.missCpuMsP50} ms  p95 ${row.missCpuMsP95} ms   hit ${hitCpuUs} µs`);
}
for (const [name, list] of Object.entries(FIRST)) {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (const qs of list) {
    const q = parseSearchParams(qs);
    const c0 = cpuMs();
    const t0 = performance.now();
    JSON.stringify(await runSearch(store, site.id, q));
    wall.push(performance.now() - t0);
    cpu.push(cpuMs() - c0);
  }
  const row = {
    name,
    query: `${list.length} words`,
    total: NaN,
    missCpuMsP50: +pct(cpu, 0.5).toFixed(2),
    missCpuMsP95: +pct(cpu, 0.95).toFixed(2),
    missWallMsP50: +pct(wall, 0.5).toFixed(2),
    hitCpuUs: NaN,
  };
  rows.push(row);
  console.log(`${name.padEnd(28)} ${list.length} words  miss CPU p50 ${row.missCpuMsP50} ms  p95 ${row.missCpuMsP95} ms`);
}
await store.close();
const result = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg() },
  pages,
  n,
  goal: 'miss CPU under 3 ms per search on the demo archive',
  rows,
};
writeFileSync(join(root, 'bench/results/search-cpu.json'), JSON.stringify(result, null, 2) + '\n');
console.log('wrote bench/results/search-cpu.json');
