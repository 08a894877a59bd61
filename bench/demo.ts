// How long the first start spends generating the demo archive, and what it makes.
// Run: npx tsx bench/demo.ts   (writes bench/results/demo.json)
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '../server/store/sqlite';
import { ensureDemoArchive } from '../server/demo';
import { planIssues } from '../server/demo/catalog';
import { demoImagePath, IMAGE_HEIGHT, IMAGE_WIDTH } from '../server/demo/archive';
import { FULL_UNIT } from '../server/demo/drawing';
import { writeFullImage } from '../server/demo/full-image';
import { issueUid, pageUid } from '../server/store/types';
import { composePage, pageTextStyles } from '../server/demo/page';
import { prepareTypeface } from '../server/demo/typeface';

const dirSize = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? dirSize(join(dir, e.name)) : statSync(join(dir, e.name)).size), 0);

// Composing alone (JavaScript, main thread): a bounded sample of pages.
const plan = planIssues().slice(0, 15);
await prepareTypeface(FULL_UNIT, pageTextStyles());
const cpu0 = process.cpuUsage();
let composed = 0;
for (const p of plan) for (let s = 1; s <= p.pageCount; s++, composed++) composePage(p, s, `${p.dateIssued}-${s}`);
const cpu = process.cpuUsage(cpu0);
const composeMsPerPage = (cpu.user + cpu.system) / 1000 / composed;
// The full-size image of a page, made when a viewer first zooms past the preview: a few pages, one at a time.
const fullDir = mkdtempSync(join(tmpdir(), 'demo-full-'));
const fullMs: number[] = [];
for (const p of planIssues().slice(0, 3)) {
  const t = performance.now();
  await writeFullImage(demoImagePath(pageUid(issueUid(p.title.input.lccn, p.dateIssued, 1), 1)), fullDir);
  fullMs.push(performance.now() - t);
}
const fullImageMB = dirSize(fullDir) / 1e6 / fullMs.length;
rmSync(fullDir, { recursive: true, force: true });

const dir = mkdtempSync(join(tmpdir(), 'demo-bench-'));
const store = createSqliteStore(dir);
const load = loadavg()[0];
const totalCpu0 = process.cpuUsage();
const report = await ensureDemoArchive(store, dir, (line) => console.log(line));
const totalCpu = process.cpuUsage(totalCpu0);
if (!report) throw new Error('the demo archive was not generated');
const db = store.db;
const result = {
  titles: report.titles,
  cities: db.prepare('SELECT COUNT(DISTINCT city_id) FROM titles').pluck().get(),
  countries: db.prepare('SELECT COUNT(*) FROM countries').pluck().get(),
  issues: report.issues,
  pages: report.pages,
  decades: db.prepare('SELECT COUNT(DISTINCT decade) FROM pages').pluck().get(),
  words: db.prepare('SELECT SUM(word_count) FROM pages').pluck().get(),
  generateMs: report.ms,
  cpuMs: Math.round((totalCpu.user + totalCpu.system) / 1000),
  composeMsPerPage: Number(composeMsPerPage.toFixed(1)),
  diskMB: Number((dirSize(dir) / 1e6).toFixed(1)),
  imageSize: `${IMAGE_WIDTH}x${IMAGE_HEIGHT} (preview ${IMAGE_WIDTH / 4}x${IMAGE_HEIGHT / 4} made at start; full size made on first zoom)`,
  fullImageMs: fullMs.map((ms) => Math.round(ms)),
  fullImageMB: Number(fullImageMB.toFixed(1)),
  loadAverageAtStart: Number(load.toFixed(2)),
  goalMs: 10_000,
  node: process.version,
  at: new Date().toISOString(),
};
await store.close();
rmSync(dir, { recursive: true, force: true });

console.log(
  `demo archive: ${result.titles} titles, ${result.cities} cities, ${result.countries} countries, ${result.issues} issues, ` +
    `${result.pages} pages over ${result.decades} decades, ${result.words} words`,
);
console.log(
  `generated in ${(result.generateMs / 1000).toFixed(1)} s (goal < 10 s), CPU ${(result.cpuMs / 1000).toFixed(1)} s, ` +
    `compose ${result.composeMsPerPage} ms/page, ${result.diskMB} MB on disk, load average ${result.loadAverageAtStart}`,
);
console.log(`full-size page image (${IMAGE_WIDTH}x${IMAGE_HEIGHT}) made on first zoom: ${result.fullImageMs.join(', ')} ms, ${result.fullImageMB} MB each`);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/demo.json', JSON.stringify(result, null, 2) + '\n');
