// The whole-issue PDF (issue #36) and memory: builds the PDF of a 10-, 40- and 120-page issue from the real
// NDNP page PDFs (../shared/corpus, each used in turn), each in a child process of its own, streaming to a
// file, and prints the peak resident set size (sampled every 5 ms) beside the PDF's size. Memory that stays
// flat as the issue grows is the point: the builder holds one page at a time. The 40-page PDF is then
// opened with pdf.js (pdfjs-dist legacy build) and every page read.
// Run: npx tsx bench/issue-pdf.ts    (writes bench/results/issue-pdf.json)
import { execFileSync } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { issuePdf, readPdf } from '../server/services/issue-pdf';

const here = dirname(fileURLToPath(import.meta.url));
const CORPUS = join(here, '../../shared/corpus/ndnp');

function realPagePdfs(): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (/^\d{4}\.pdf$/.test(e) && /\/\d{10}\//.test(p)) found.push(p);
    }
  };
  walk(CORPUS);
  return found.sort();
}

if (process.argv[2] === '--child') {
  const count = Number(process.argv[3]);
  const target = process.argv[4];
  const pdfs = realPagePdfs();
  let peak = 0;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const before = process.memoryUsage().rss;
  const t = performance.now();
  const pages = Array.from({ length: count }, (_, i) => ({ pdf: readPdf(pdfs[i % pdfs.length]), jpeg: async () => null }));
  await pipeline(Readable.from(issuePdf(pages, { title: `Bench issue of ${count} pages` })), createWriteStream(target));
  clearInterval(sample);
  peak = Math.max(peak, process.memoryUsage().rss);
  process.stdout.write(
    JSON.stringify({
      pages: count,
      seconds: (performance.now() - t) / 1000,
      rssBeforeMB: before / 2 ** 20,
      peakRssMB: peak / 2 ** 20,
      bytes: statSync(target).size,
    }),
  );
  process.exit(0);
}

const pdfs = realPagePdfs();
const inputMB = pdfs.reduce((n, p) => n + statSync(p).size, 0) / pdfs.length / 2 ** 20;
console.log(`${pdfs.length} real NDNP page PDFs, ${inputMB.toFixed(1)} MB each on average`);
const runs = [];
// The last run caps the JavaScript heap at 48 MB: a builder that kept the pages it wrote could not finish.
for (const [count, heapMB] of [
  [10, null],
  [40, null],
  [120, null],
  [120, 48],
] as const) {
  const target = join(tmpdir(), `issue-pdf-bench-${count}.pdf`);
  const flags = heapMB ? [`--max-old-space-size=${heapMB}`] : [];
  const out = execFileSync(process.execPath, [...flags, ...process.execArgv, fileURLToPath(import.meta.url), '--child', String(count), target], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  const r = { ...(JSON.parse(out) as { pages: number; seconds: number; rssBeforeMB: number; peakRssMB: number; bytes: number }), heapCapMB: heapMB };
  runs.push(r);
  console.log(
    `${String(count).padStart(4)} pages${heapMB ? ` (heap capped at ${heapMB} MB)` : ''}: ${(r.bytes / 2 ** 20).toFixed(1)} MB PDF in ${r.seconds.toFixed(1)} s; RSS ${r.rssBeforeMB.toFixed(0)} MB before, peak ${r.peakRssMB.toFixed(0)} MB`,
  );
}

const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
const doc = await getDocument({
  data: new Uint8Array(readFileSync(join(tmpdir(), 'issue-pdf-bench-40.pdf'))),
  standardFontDataUrl: join(here, '../node_modules/pdfjs-dist/standard_fonts/'),
  isEvalSupported: false,
}).promise;
let textItems = 0;
for (let i = 1; i <= doc.numPages; i++) textItems += (await (await doc.getPage(i)).getTextContent()).items.length;
console.log(`pdf.js opens the 40-page PDF: ${doc.numPages} pages, ${textItems} text items read`);
await doc.destroy();
writeFileSync(
  join(here, 'results', 'issue-pdf.json'),
  JSON.stringify({ date: new Date().toISOString(), inputPdfs: pdfs.length, runs, pdfjsPages: doc.numPages }, null, 2),
);
