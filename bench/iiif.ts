// IIIF tile latency over real HTTP: cold tiles (first request, rendered from the pyramid), warm tiles (the
// in-memory tile cache) and revalidations (304), p50/p95, on pages ingested from the Bee batch.
// Run: npx tsx bench/iiif.ts   (port 8321; writes bench/results/iiif.json)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createSqliteStore } from '../server/store/sqlite';
import { ingestBatch } from '../server/ingest';

const PORT = Number(process.env.BENCH_PORT ?? 8321);
const BATCH = fileURLToPath(new URL('../../shared/corpus/ndnp/batch_nbu_manyissues_ver01', import.meta.url));
const COLD = 400;

const dir = mkdtempSync(join(tmpdir(), 'ingest-iiifbench-'));
const store = createSqliteStore(dir);
await ingestBatch(store, dir, BATCH, {});
const pages = store.db.prepare('SELECT uid, width, height FROM pages WHERE image_path IS NOT NULL').all() as { uid: string; width: number; height: number }[];
const app = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), dataDir: dir, distDir: join(dir, 'no-dist') }, store);
await app.listen({ port: PORT, host: '127.0.0.1' });
const base = `http://127.0.0.1:${PORT}`;

/** Tile URLs as OpenSeadragon asks for them: every level, region = 256 x scale, size = 'w,'. */
function tileUrls(): string[] {
  const urls: string[] = [];
  for (const p of pages) {
    for (let s = 1; s <= 16; s *= 2) {
      const step = 256 * s;
      for (let y = 0; y < p.height; y += step)
        for (let x = 0; x < p.width; x += step) {
          const w = Math.min(step, p.width - x);
          const h = Math.min(step, p.height - y);
          urls.push(`/iiif/3/${p.uid}/${x},${y},${w},${h}/${Math.ceil(w / s)},/0/default.jpg`);
        }
    }
  }
  // A deterministic shuffle: tiles from all pages and levels interleaved, as several viewers would ask.
  let seed = 42;
  for (let i = urls.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [urls[i], urls[j]] = [urls[j], urls[i]];
  }
  return urls;
}

async function timed(url: string, headers: Record<string, string> = {}) {
  const t = performance.now();
  const res = await fetch(base + url, { headers });
  const body = await res.arrayBuffer();
  const ms = performance.now() - t;
  if (res.status !== 200 && res.status !== 304) throw new Error(`${url}: ${res.status}`);
  return { ms, etag: res.headers.get('etag') ?? '', bytes: body.byteLength };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1));
};
const summary = (xs: number[]) => ({ n: xs.length, p50: pct(xs, 50), p95: pct(xs, 95), max: Number(Math.max(...xs).toFixed(1)) });

const load = loadavg()[0];
const urls = tileUrls().slice(0, COLD);
await timed(`/iiif/3/${pages[0].uid}/info.json`); // opens the database and the image once
// CPU time per request (server and client share this process) does not depend on how busy the machine is.
const cpuPer = (c: NodeJS.CpuUsage, n: number) => Number(((c.user + c.system) / 1000 / n).toFixed(2));
const cold: number[] = [];
const etags: string[] = [];
let cpu0 = process.cpuUsage();
for (const u of urls) {
  const r = await timed(u);
  cold.push(r.ms);
  etags.push(r.etag);
}
const coldCpu = cpuPer(process.cpuUsage(cpu0), urls.length);
const warm: number[] = [];
cpu0 = process.cpuUsage();
for (const u of urls) warm.push((await timed(u)).ms);
const warmCpu = cpuPer(process.cpuUsage(cpu0), urls.length);
const revalidate: number[] = [];
for (let i = 0; i < urls.length; i++) revalidate.push((await timed(urls[i], { 'if-none-match': etags[i] })).ms);
const fullPage = [];
for (const p of pages) fullPage.push((await timed(`/iiif/3/${p.uid}/full/max/0/default.jpg`)).ms);

await app.close();
await store.close();
rmSync(dir, { recursive: true, force: true });

const result = {
  pages: pages.length,
  tileCold: { ...summary(cold), cpuMsPerTile: coldCpu },
  tileWarm: { ...summary(warm), cpuMsPerTile: warmCpu },
  tileRevalidate304: summary(revalidate),
  fullPageMax: summary(fullPage),
  goal: { tileP95Ms: 50, met: pct(cold, 95) < 50 && pct(warm, 95) < 50 },
  machine: { cores: cpus().length, loadAverageAtStart: Number(load.toFixed(2)) },
  node: process.version,
  at: new Date().toISOString(),
};
console.log(`cold tiles:  p50 ${result.tileCold.p50} ms, p95 ${result.tileCold.p95} ms (${result.tileCold.n}), ${coldCpu} ms CPU per tile`);
console.log(`warm tiles:  p50 ${result.tileWarm.p50} ms, p95 ${result.tileWarm.p95} ms, ${warmCpu} ms CPU per tile`);
console.log(`(load average ${load.toFixed(1)} on ${cpus().length} cores at start: wall-clock figures include waiting for the CPU)`);
console.log(`304s:        p50 ${result.tileRevalidate304.p50} ms, p95 ${result.tileRevalidate304.p95} ms`);
console.log(`full/max:    p50 ${result.fullPageMax.p50} ms, p95 ${result.fullPageMax.p95} ms`);
const out = fileURLToPath(new URL('./results/iiif.json', import.meta.url));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`goal (tile p95 < 50 ms): ${result.goal.met ? 'met' : 'NOT met'}; written to bench/results/iiif.json`);
