// Issue #34 (5): what the upscale attack costs now. A 4000 x 6000 page (the demo's full size, random
// pixels so PNG does real work); `x,0,8,8/^max/90/default.png` with a new x each time (nothing cached),
// one at a time, then 40 at once against the render queue. Prints the output size, latency, the 503s
// and the process's peak RSS.
// Run: npx tsx bench/iiif-upscale.ts   (in-process inject; writes bench/results/iiif-upscale.json)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createSqliteStore } from '../server/store/sqlite';
import { PYRAMID_TIFF } from '../server/ingest/page-image';

const W = 4000;
const H = 6000;
const dir = mkdtempSync(join(tmpdir(), 'iiif-upscale-bench-'));
const store = createSqliteStore(dir);
const noise = Buffer.alloc(W * H);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
await sharp(noise, { raw: { width: W, height: H, channels: 1 } })
  .tiff(PYRAMID_TIFF)
  .toFile(join(dir, 'page.tif'));
await store.ingest.upsertTitle({ lccn: 'sn00000001', name: 'Bench', place: {}, source: 'lccn-only' });
await store.ingest.writeIssue(await store.ingest.beginBatch('bench', null), {
  lccn: 'sn00000001',
  dateIssued: '1900-01-01',
  edition: 1,
  pages: [{ sequence: 1, width: W, height: H, imagePath: 'page.tif', pdfPath: null, altoPath: null, ocrText: '', words: [] }],
});
const page = 'sn00000001-1900-01-01-ed1-seq1';
const config = { ...loadConfig({ NODE_ENV: 'test', DEMO: '0' }), dataDir: dir, distDir: join(dir, 'no-dist') };
const app = await buildApp(config, store);
await app.ready();

const info = (await app.inject({ url: `/iiif/3/${page}/info.json` })).json();
let x = 0;
const one = async () => {
  const started = performance.now();
  const res = await app.inject({ url: `/iiif/3/${page}/${x++},0,8,8/^max/90/default.png` });
  return { ms: performance.now() - started, status: res.statusCode, body: res.rawPayload };
};

const serial: number[] = [];
let size = { width: 0, height: 0 };
for (let i = 0; i < 6; i++) {
  const r = await one();
  if (r.status !== 200) throw new Error(`status ${r.status}`);
  const m = await sharp(r.body).metadata();
  size = { width: m.width!, height: m.height! };
  if (i > 0) serial.push(r.ms); // the first one also reads the file's levels
}
const burst = await Promise.all(Array.from({ length: 40 }, one));
const codes = burst.map((r) => r.status);
const ms = (v: number) => Math.round(v);
const result = {
  at: new Date().toISOString(),
  machine: { cpus: cpus().length, loadavg: loadavg().map((l) => Math.round(l * 100) / 100) },
  page: { width: W, height: H },
  declared: { maxWidth: info.maxWidth, maxHeight: info.maxHeight, maxArea: info.maxArea },
  limits: config.imageLimits,
  upscale: { request: 'x,0,8,8/^max/90/default.png', output: size, serialMs: serial.map(ms) },
  burst: {
    requests: burst.length,
    ok: codes.filter((c) => c === 200).length,
    busy503: codes.filter((c) => c === 503).length,
    other: codes.filter((c) => c !== 200 && c !== 503).length,
    slowestMs: ms(Math.max(...burst.map((r) => r.ms))),
  },
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
};
console.log(JSON.stringify(result, null, 2));
const out = fileURLToPath(new URL('./results/iiif-upscale.json', import.meta.url));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
await app.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
