// How long the first start spends generating the demo archive, and what it makes.
// Run: npx tsx bench/demo.ts   (writes bench/results/demo.json)
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '../server/store/sqlite';
import { ensureDemoArchive } from '../server/demo';
import { planIssues } from '../server/demo/catalog';
import { composePage } from '../server/demo/page';

const dirSize = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? dirSize(join(dir, e.name)) : statSync(join(dir, e.name)).size), 0);

// Composing alone (JavaScript, main thread): a bounded sample of pages.
const plan = planIssues().slice(0, 15);
const cpu0 = process.cpuUsage();
let composed = 0;
for (const p of plan) for (let s = 1; s <= p.pageCount; s++, composed++) composePage(p, s, `${p.dateIssued}-${s}`);
const cpu = process.cpuUsage(cpu0);
const composeMsPerPage = (cpu.user + cpu.system) / 1000 / composed;

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
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/demo.json', JSON.stringify(result, null, 2) + '\n');
