// Bulk-data dump build (issue #37): one batch of N pages, each with a real page's OCR text and ALTO file
// (from the shared corpus, repeated), written into a fresh SQLite store, then dumped the way the background
// upkeep does it (text and ALTO tar.gz with SHA-256 manifests). Reports pages/s, MB/s of input, the dump's
// size and the process's peak RSS (the build steps through the batch 200 pages at a time).
// Run: npx tsx bench/dumps.ts [pages=2000]   (writes bench/results/dumps.json)
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteStore } from '../server/store/sqlite';
import { buildBatchDump } from '../server/services/dumps/build';

const PAGES = Number(process.argv[2] ?? 2000);
const ISSUE = fileURLToPath(new URL('../../shared/corpus/ndnp/batch_dlc_manyyears_ver01/data/sn83045462/00280654334/1870031501', import.meta.url));
const ALTO = join(ISSUE, '0772.xml');

const dir = mkdtempSync(join(tmpdir(), 'dumps-bench-'));
try {
  const store = createSqliteStore(dir);
  mkdirSync(join(dir, 'alto'), { recursive: true });
  copyFileSync(ALTO, join(dir, 'alto/page.xml'));
  const altoBytes = readFileSync(ALTO).length;
  // The page's words as text: a real page's length and vocabulary.
  const text = [...readFileSync(ALTO, 'utf8').matchAll(/CONTENT="([^"]*)"/g)].map((m) => m[1]).join(' ');
  await store.ingest.upsertTitle({ lccn: 'sn83045462', name: 'Evening star', place: {}, source: 'marc' });
  const batch = await store.ingest.beginBatch('batch_bench_ver01', null);
  const perIssue = 8;
  for (let i = 0; i * perIssue < PAGES; i++) {
    const day = new Date(Date.UTC(1860, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    await store.ingest.writeIssue(batch, {
      lccn: 'sn83045462',
      dateIssued: day,
      edition: 1,
      pages: Array.from({ length: Math.min(perIssue, PAGES - i * perIssue) }, (_, s) => ({
        sequence: s + 1,
        width: null,
        height: null,
        imagePath: null,
        pdfPath: null,
        altoPath: 'alto/page.xml',
        ocrText: text,
        words: [],
      })),
    });
  }
  await store.ingest.finishBatch(batch, 'complete', {});
  const [todo] = await store.dumps.batchesToDump();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const built = await buildBatchDump(store, dir, todo);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const inputMb = (PAGES * (Buffer.byteLength(text) + altoBytes)) / 1e6;
  const outputMb = built.files.reduce((n, f) => n + f.bytes, 0) / 1e6;
  const result = {
    pages: PAGES,
    seconds: Number(seconds.toFixed(2)),
    pagesPerSecond: Math.round(PAGES / seconds),
    inputMB: Number(inputMb.toFixed(1)),
    inputMBPerSecond: Number((inputMb / seconds).toFixed(1)),
    dumpMB: Number(outputMb.toFixed(2)),
    cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    machine: { cpus: cpus().length, load1: Number(loadavg()[0].toFixed(2)) },
    at: new Date().toISOString(),
  };
  console.log(
    `Dump of ${PAGES} pages (${result.inputMB} MB of text and ALTO): ${result.seconds} s, ${result.pagesPerSecond} pages/s, ` +
      `${result.inputMBPerSecond} MB/s, ${result.dumpMB} MB written, ${result.cpuSeconds} CPU s, peak RSS ${result.peakRssMB} MB (load ${result.machine.load1})`,
  );
  mkdirSync(fileURLToPath(new URL('./results', import.meta.url)), { recursive: true });
  writeFileSync(fileURLToPath(new URL('./results/dumps.json', import.meta.url)), `${JSON.stringify(result, null, 2)}\n`);
  await store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
