// Ingest throughput on the two shared NDNP batches (24 pages, ~210,000 words): text + words alone, then with
// page images (PDF JPEG -> tiled pyramidal TIFF). Reports wall-clock pages/s and pages per CPU-second
// (the per-core figure, independent of how busy the shared machine is).
// Run: npx tsx bench/ingest.ts   (writes bench/results/ingest.json)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteStore } from '../server/store/sqlite';
import { ingestBatch } from '../server/ingest';
import { readAlto } from '../server/ingest/alto';
import { altoToWords } from '../server/ingest/words';
import { readBatchFile } from '../server/ingest/batch-xml';
import { readIssueMets } from '../server/ingest/mets';
import { dirname } from 'node:path';

const NDNP = fileURLToPath(new URL('../../shared/corpus/ndnp', import.meta.url));
const BATCHES = ['batch_dlc_manyyears_ver01', 'batch_nbu_manyissues_ver01'].map((b) => join(NDNP, b));
const MARC = join(NDNP, 'marc');
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

async function run(images: boolean, concurrency: number) {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-bench-'));
  const store = createSqliteStore(dir);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let pages = 0;
  let words = 0;
  for (const b of BATCHES) {
    const r = await ingestBatch(store, dir, b, { marcDir: MARC, images, concurrency });
    pages += r.pages.loaded;
    words += r.pages.words;
  }
  const wallMs = performance.now() - t0;
  const cpu = cpuMs(process.cpuUsage(cpu0));
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    images,
    concurrency,
    pages,
    words,
    wallMs: Math.round(wallMs),
    cpuMs: Math.round(cpu),
    pagesPerSecond: Number(((pages * 1000) / wallMs).toFixed(2)),
    pagesPerCpuSecond: Number(((pages * 1000) / cpu).toFixed(2)),
  };
}

/** ALTO parsing + word building alone, the text path's core, on every page of both batches. */
async function altoOnly() {
  const files: string[] = [];
  for (const b of BATCHES) {
    const batch = readBatchFile(b);
    for (const i of batch.issues) {
      const mets = join(batch.dataDir, i.href);
      for (const p of readIssueMets(mets).pages) if (p.files.ocr) files.push(join(dirname(mets), p.files.ocr));
    }
  }
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const f of files) altoToWords(await readAlto(f), { width: 3000, height: 4000 });
  const cpu = cpuMs(process.cpuUsage(cpu0));
  return { pages: files.length, wallMs: Math.round(performance.now() - t0), msPerPageCpu: Number((cpu / files.length).toFixed(1)) };
}

const load = loadavg()[0];
const alto = await altoOnly();
console.log(`ALTO parse + words: ${alto.pages} pages, ${alto.msPerPageCpu} ms CPU per page`);
const textOnly = await run(false, 2);
console.log(
  `text + words:      ${textOnly.pages} pages in ${textOnly.wallMs} ms = ${textOnly.pagesPerSecond} pages/s wall, ${textOnly.pagesPerCpuSecond} pages per CPU-second`,
);
const withImages = await run(true, 2);
console.log(
  `with images:       ${withImages.pages} pages in ${withImages.wallMs} ms = ${withImages.pagesPerSecond} pages/s wall, ${withImages.pagesPerCpuSecond} pages per CPU-second`,
);

const result = {
  altoOnly: alto,
  textOnly,
  withImages,
  goal: { textPagesPerCoreSecond: 5, met: textOnly.pagesPerCpuSecond >= 5 },
  machine: { cores: cpus().length, loadAverageAtStart: Number(load.toFixed(2)) },
  node: process.version,
  at: new Date().toISOString(),
};
const out = fileURLToPath(new URL('./results/ingest.json', import.meta.url));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`goal (>= 5 pages/s per core, text + words): ${result.goal.met ? 'met' : 'NOT met'}; written to bench/results/ingest.json`);
