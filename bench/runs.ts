// Reading a title as a run (issue #36) at scale, on both engines: the title page, a year's calendar and an
// issue page (the services behind /Api/Titles, /Api/Titles/{lccn}/Issues and /Api/Issues), and the front
// pages of a date across the site's titles and of a month and day across the years. The search
// benchmark's corpus (bench/search/generate.ts, 40 real titles) plus one daily title of 40 years (365 issues a
// year) is built on SQLite and copied into a throwaway PostgreSQL cluster. Prints p50/p95 per engine and
// writes bench/results/runs.json (or runs-<pages>.json with --out).
// Run: npx tsx bench/runs.ts [--pages 100000] [--words 30] [--n 200] [--dir /tmp/runs-bench-100000]
// The text of each page is not what these reads touch, so the corpus is made with few words a page.
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteStore } from '../server/store/sqlite';
import { createPostgresStore } from '../server/store/postgres';
import { copySqliteToPostgres } from '../server/store/copy';
import type { Store } from '../server/store/types';
import { frontPagesAnswer, issueAnswer, titleAnswer, yearAnswer } from '../server/services/runs';
import { generateSqliteCorpus, arg } from './search/generate';
import { createDatabase, startPgCluster } from '../tests/support/pg-cluster';

const here = dirname(fileURLToPath(import.meta.url));
const pages = Number(arg('pages', '100000'));
const words = Number(arg('words', '30'));
const n = Number(arg('n', '200'));
const dir = resolve(arg('dir', `/tmp/runs-bench-${pages}`));
const out = arg('out', 'runs.json');
const log = (s: string) => console.log(s);
const DAILY = 'sn00daily40';
const DAILY_YEARS = [1880, 1919] as const;

if (!existsSync(join(dir, 'data', 'archive.sqlite'))) {
  log(`Generating ${pages} pages of ${words} words into ${dir} ...`);
  await generateSqliteCorpus({ dir, pages, wordsPerPage: words, titles: 40, seed: 7, log });
}
const lite = createSqliteStore(join(dir, 'data'));
if (!(await lite.ingest.titleIdByLccn(DAILY))) {
  const t = performance.now();
  await lite.ingest.upsertTitle({ lccn: DAILY, name: 'The Daily Run', place: { country: 'United States', state: 'Ohio', city: 'Dayton' }, source: 'demo' });
  const batch = await lite.ingest.beginBatch('batch_daily_run', null);
  const page = (sequence: number) => ({
    sequence,
    number: String(sequence),
    width: null,
    height: null,
    imagePath: null,
    pdfPath: null,
    altoPath: null,
    ocrText: 'daily',
    words: [],
  });
  for (let y = DAILY_YEARS[0]; y <= DAILY_YEARS[1]; y++) {
    lite.db.exec('BEGIN');
    for (let d = new Date(Date.UTC(y, 0, 1)); d.getUTCFullYear() === y; d.setUTCDate(d.getUTCDate() + 1)) {
      await lite.ingest.writeIssue(batch, { lccn: DAILY, dateIssued: d.toISOString().slice(0, 10), edition: 1, pages: [page(1), page(2)] });
    }
    lite.db.exec('COMMIT');
  }
  await lite.ingest.finishBatch(batch, 'complete', {});
  log(`Daily title: ${DAILY_YEARS[1] - DAILY_YEARS[0] + 1} years of daily issues written in ${((performance.now() - t) / 1000).toFixed(0)} s`);
}
// One day on which every title has an issue: the front pages of a date across all 40 titles (and the daily one).
const ALL_TITLES_DAY = '1900-06-15';
if (!(await lite.ingest.getBatch('batch_front_day'))) {
  const batch = await lite.ingest.beginBatch('batch_front_day', null);
  const lccns = lite.db.prepare('SELECT lccn FROM titles').pluck().all() as string[];
  for (const lccn of lccns) {
    const taken = lite.db.prepare('SELECT 1 FROM issues i JOIN titles t ON t.id = i.title_id WHERE t.lccn = ? AND i.date_issued = ?').get(lccn, ALL_TITLES_DAY);
    if (!taken)
      await lite.ingest.writeIssue(batch, {
        lccn,
        dateIssued: ALL_TITLES_DAY,
        edition: 1,
        pages: [1, 2, 3, 4].map((sequence) => ({
          sequence,
          width: null,
          height: null,
          imagePath: null,
          pdfPath: null,
          altoPath: null,
          ocrText: 'front',
          words: [],
        })),
      });
  }
  await lite.ingest.finishBatch(batch, 'complete', {});
}
const total = lite.db.prepare('SELECT COUNT(*) FROM pages').pluck().get() as number;
const issues = lite.db.prepare('SELECT COUNT(*) FROM issues').pluck().get() as number;
log(`SQLite archive: ${total} pages, ${issues} issues`);

// What to ask: every title; years and issues drawn with a fixed seed; the busiest dates (most titles that day).
let seed = 11;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
const titles = lite.db.prepare('SELECT lccn FROM titles t WHERE EXISTS (SELECT 1 FROM issues WHERE title_id = t.id)').pluck().all() as string[];
const allIssues = lite.db.prepare('SELECT t.lccn, i.date_issued AS date, i.edition FROM issues i JOIN titles t ON t.id = i.title_id').all() as {
  lccn: string;
  date: string;
  edition: number;
}[];
const busyDates = lite.db
  .prepare('SELECT date_issued FROM issues GROUP BY date_issued ORDER BY COUNT(DISTINCT title_id) DESC, date_issued LIMIT 50')
  .pluck()
  .all() as string[];
const busiest = lite.db.prepare('SELECT COUNT(DISTINCT title_id) FROM issues WHERE date_issued = ?').pluck().get(busyDates[0]) as number;
const frontDay = lite.db.prepare('SELECT COUNT(DISTINCT title_id) FROM issues WHERE date_issued = ?').pluck().get(ALL_TITLES_DAY) as number;
const site = lite.db.prepare('SELECT id FROM sites WHERE is_default = 1').pluck().get() as number;
const asks = Array.from({ length: n }, () => {
  const i = pick(allIssues);
  return { lccn: pick(titles), issue: i, year: Number(i.date.slice(0, 4)), date: pick(busyDates), monthDay: pick(busyDates).slice(5) };
});
log(`Asking ${n} of each; ${ALL_TITLES_DAY} has issues of ${frontDay} titles`);

type Timed = { p50: number; p95: number; max: number };
async function time(fn: (k: number) => Promise<unknown>): Promise<Timed> {
  for (let k = 0; k < Math.min(10, n); k++) await fn(k); // warm: statements prepared, pages in cache
  const ms: number[] = [];
  for (let k = 0; k < n; k++) {
    const t = performance.now();
    await fn(k);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const q = (p: number) => Number(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))].toFixed(2));
  return { p50: q(0.5), p95: q(0.95), max: q(1) };
}

async function measure(store: Store) {
  return {
    'title page': await time((k) => titleAnswer(store, site, asks[k].lccn)),
    'title page, daily title (40 years)': await time(() => titleAnswer(store, site, DAILY)),
    'calendar year': await time((k) => yearAnswer(store, site, asks[k].issue.lccn, asks[k].year)),
    'calendar year, daily title (365 issues)': await time((k) => yearAnswer(store, site, DAILY, DAILY_YEARS[0] + (k % 40))),
    'issue page': await time((k) => issueAnswer(store, '/nonexistent', site, asks[k].issue.lccn, asks[k].issue.date, asks[k].issue.edition)),
    'front pages of a date': await time((k) => frontPagesAnswer(store, site, { date: asks[k].date })),
    'front pages of a date, every title (41)': await time(() => frontPagesAnswer(store, site, { date: ALL_TITLES_DAY })),
    'on this day (month and day across years)': await time((k) => frontPagesAnswer(store, site, { monthDay: asks[k].monthDay })),
  };
}

const results: Record<string, Record<string, Timed>> = {};
results.sqlite = await measure(lite);
const cluster = await startPgCluster({ settings: ['shared_buffers=512MB'] });
try {
  const url = await createDatabase(cluster.adminUrl);
  const pgStore = await createPostgresStore(url, { ...process.env, PG_STATEMENT_TIMEOUT_MS: '0' });
  const t = performance.now();
  await copySqliteToPostgres(lite.db, pgStore.pg, { chunk: 500 });
  await pgStore.pg.q('VACUUM ANALYZE');
  log(`Copied to PostgreSQL in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  results.postgres = await measure(pgStore);
  await pgStore.close();
} finally {
  cluster.stop();
  await lite.close();
}

// The machine is shared: its load says how far the figures stand from an idle one's.
const load = loadavg().map((l) => Number(l.toFixed(1)));
log(`\nLoad average at the end: ${load.join(', ')} (2 cores)`);
log(`${'read'.padEnd(44)} ${'SQLite p50 / p95'.padStart(18)} ${'PostgreSQL p50 / p95'.padStart(22)}`);
for (const name of Object.keys(results.sqlite)) {
  const a = results.sqlite[name];
  const b = results.postgres[name];
  log(`${name.padEnd(44)} ${`${a.p50} / ${a.p95} ms`.padStart(18)} ${`${b.p50} / ${b.p95} ms`.padStart(22)}`);
}
writeFileSync(
  join(here, 'results', out),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      pages: total,
      issues,
      titles: titles.length,
      busiestDateTitles: busiest,
      allTitlesDay: { date: ALL_TITLES_DAY, titles: frontDay },
      n,
      loadAverage: load,
      results,
    },
    null,
    2,
  ),
);
