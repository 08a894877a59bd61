// Sitemaps at scale: an SQLite archive of BENCH_PAGES synthetic pages (default 1,000,000; 10 pages an
// issue, 200 titles), then the sitemap index and page files through the same service the server uses,
// for a site showing every title and for one showing half of them. Reports time and the heap growth,
// which must stay flat: the index walks keyset boundaries and a file holds one chunk, never every page.
// Run: node --expose-gc --import tsx bench/sitemap.ts   (writes bench/results/sitemap.json; --expose-gc makes the
// heap figures comparable). Env: BENCH_PAGES, BENCH_DATA.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { createSqliteStore } from '../server/store/sqlite';
import { buildSitemapFile, buildSitemapIndex } from '../server/services/sitemap';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = Number(process.env.BENCH_PAGES ?? 1_000_000);
const TITLES = 200;
const PER_ISSUE = 10;
const dataDir = process.env.BENCH_DATA ?? '/tmp/sitemap-bench-data';
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const store = createSqliteStore(dataDir);
const db = store.db;
const t0 = performance.now();
const batch = await store.ingest.beginBatch('bench', null);
db.transaction(() => {
  const title = db.prepare("INSERT INTO titles (lccn, name, source) VALUES (?, ?, 'demo')");
  for (let t = 1; t <= TITLES; t++) title.run(`sn${String(t).padStart(8, '0')}`, `Title ${t}`);
  const issue = db.prepare('INSERT INTO issues (uid, title_id, batch_id, date_issued, year) VALUES (?, ?, ?, ?, ?)');
  const page = db.prepare('INSERT INTO pages (uid, issue_id, title_id, sequence, date_issued, year, decade) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (let i = 0; i < PAGES / PER_ISSUE; i++) {
    const titleId = (i % TITLES) + 1;
    const day = Math.floor(i / TITLES);
    const date = new Date(Date.UTC(1850, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
    const year = Number(date.slice(0, 4));
    const uid = `sn${String(titleId).padStart(8, '0')}-${date}-ed1`;
    const issueId = Number(issue.run(uid, titleId, batch, date, year).lastInsertRowid);
    for (let s = 1; s <= PER_ISSUE; s++) page.run(`${uid}-seq${s}`, issueId, titleId, s, date, year, year - (year % 10));
  }
})();
await store.ingest.finishBatch(batch, 'complete', {});
const all = await store.sites.create({ slug: 'all', name: 'All', isDefault: true, origins: ['https://all.example'] });
const half = await store.sites.create({ slug: 'half', name: 'Half', origins: ['https://half.example'] });
await store.sites.setTitleIds(
  half.id,
  Array.from({ length: TITLES / 2 }, (_, i) => i * 2 + 1),
);
const loadMs = performance.now() - t0;
console.log(`${PAGES.toLocaleString()} pages loaded in ${(loadMs / 1000).toFixed(1)} s`);

async function measure(label: string, fn: () => Promise<string | null>) {
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const start = performance.now();
  const body = (await fn())!;
  const ms = performance.now() - start;
  const heapMb = (process.memoryUsage().heapUsed - heap0) / 1e6;
  const row = { label, ms: Math.round(ms), bytes: body.length, urls: (body.match(/<loc>/g) ?? []).length, heapGrowthMb: Math.round(heapMb * 10) / 10 };
  console.log(row);
  return row;
}

const rows = [];
for (const [name, site] of [
  ['every title', all],
  ['half the titles', half],
] as const) {
  rows.push(await measure(`index, ${name}`, () => buildSitemapIndex(store, site, site.origins[0])));
  rows.push(await measure(`first page file, ${name}`, () => buildSitemapFile(store, site, site.origins[0], 'pages-0.xml')));
  rows.push(await measure(`years file, ${name}`, () => buildSitemapFile(store, site, site.origins[0], 'years-0.xml')));
  const index = await buildSitemapIndex(store, site, site.origins[0]);
  const last = [...index.matchAll(/sitemaps\/(pages-\d+\.xml)/g)].at(-1)![1];
  rows.push(await measure(`last page file (${last}), ${name}`, () => buildSitemapFile(store, site, site.origins[0], last)));
}
await store.close();
rmSync(dataDir, { recursive: true, force: true });

mkdirSync(join(root, 'bench', 'results'), { recursive: true });
const out = { date: new Date().toISOString(), pages: PAGES, titles: TITLES, pagesPerIssue: PER_ISSUE, engine: 'sqlite', loadavg: loadavg(), results: rows };
writeFileSync(join(root, 'bench', 'results', 'sitemap.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log('Wrote bench/results/sitemap.json');
