// Search benchmark over the generated corpus (bench/search/generate.ts): query classes with and without
// date and place filters, deep pages; every timing includes counts, facets, snippets and boxes.
// Run: npx tsx bench/search/run.ts [--dir /tmp/search-bench] [--n 25]   (writes bench/results/search.json)
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteStore } from '../../server/store/sqlite';
import { parseSearchParams } from '../../contract/search-query';
import { runSearch } from '../../server/search/service';
import { mulberry32, realWords } from './corpus';
import { buildRankLists, rankListsCurrent, RANK_LISTS } from '../../server/store/sqlite/rank-lists';
import { arg } from './generate';

const here = dirname(fileURLToPath(import.meta.url));
const dir = arg('dir', '/tmp/search-bench');
const perClass = Number(arg('n', '25'));
const store = createSqliteStore(join(dir, 'data'));
const db = store.db;
const rand = mulberry32(42);
const site = await store.sites.getDefault();
const pages = db.prepare('SELECT COUNT(*) FROM pages').pluck().get() as number;
const avgWords = db.prepare('SELECT AVG(word_count) FROM pages').pluck().get() as number;
console.log(`${pages} pages of ~${Math.round(avgWords)} words`);

// The server builds ranking lists for frequent words in the background once an ingest has settled; the
// benchmark measures a settled archive, so it makes them first (and reports what that costs).
let rankLists: { seconds: number; words: number } | null = null;
if (!rankListsCurrent(db)) {
  const t = performance.now();
  const r = buildRankLists(db, { onProgress: (done, total) => done % 500 === 0 && console.log(`ranking lists: ${done}/${total}`) });
  rankLists = { seconds: Math.round((performance.now() - t) / 100) / 10, words: r.terms };
  console.log(`ranking lists for ${r.terms} words held by >= ${RANK_LISTS.minPages} pages made in ${rankLists.seconds} s`);
}
const listed = db.prepare('SELECT COUNT(*) FROM search_rank_lists').pluck().get() as number;

// Terms by how many pages hold them, from the index itself.
db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.bench_vocab USING fts5vocab('main', 'pages_fts', 'row')");
const terms = (min: number, max: number, limit: number) =>
  db
    .prepare("SELECT term FROM temp.bench_vocab WHERE doc BETWEEN ? AND ? AND length(term) >= 4 AND term GLOB '[a-z]*' AND term NOT GLOB '*[0-9]*' ORDER BY random() LIMIT ?")
    .pluck()
    .all(min, max, limit) as string[];
const rare = terms(5, Math.max(10, pages * 0.001), perClass * 3);
const common = terms(pages * 0.3, pages, perClass * 3);
const medium = terms(pages * 0.01, pages * 0.1, perClass * 6);
console.log(`terms: ${rare.length} rare, ${medium.length} medium, ${common.length} common`);

// Real phrases: consecutive words of the source OCR (the generator copies runs of it).
const source = realWords().map((w) => w.toLowerCase().replace(/[^a-z]/g, ''));
const phrases: string[] = [];
while (phrases.length < perClass * 2) {
  const i = Math.floor(rand() * (source.length - 1));
  if (source[i].length >= 4 && source[i + 1].length >= 4) phrases.push(`${source[i]} ${source[i + 1]}`);
}

const places = db.prepare('SELECT DISTINCT s.id FROM states s JOIN cities c ON c.state_id = s.id JOIN titles t ON t.city_id = c.id').pluck().all() as number[];
const titleIds = db.prepare('SELECT id FROM titles').pluck().all() as number[];
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
const state = () => pick(places);
const DATE = 'm=between&d=01/01/1860-12/31/1899';

type Make = (i: number) => string;
const classes: Record<string, Make> = {
  'rare word': (i) => `k=${rare[i]}&ord=k1`,
  'common word': (i) => `k=${common[i]}&ord=k1`,
  '2-word AND': (i) => `k=${medium[2 * i]} ${medium[2 * i + 1]}&ord=k1`,
  phrase: (i) => `e=${phrases[i]}&ord=e1`,
  OR: (i) => `o=${medium[2 * i]} ${medium[2 * i + 1]}&ord=o1`,
  None: (i) => `k=${common[i]}&n=${medium[i]}&ord=k1,n1`,
  'rare word + date': (i) => `k=${rare[perClass + i]}&ord=k1&${DATE}`,
  'common word + date': (i) => `k=${common[perClass + i]}&ord=k1&${DATE}`,
  '2-word AND + date': (i) => `k=${medium[2 * i + 1]} ${medium[2 * i + 2]}&ord=k1&${DATE}`,
  'phrase + date': (i) => `e=${phrases[perClass + i]}&ord=e1&${DATE}`,
  'common word + place': (i) => `k=${common[2 * perClass + i]}&ord=k1&st=${state()}`,
  'rare word + place': (i) => `k=${rare[2 * perClass + i]}&ord=k1&st=${state()}`,
  'common word + date + place': (i) => `k=${common[i]}&ord=k1&${DATE}&st=${state()}&sort=date`,
  'deep page 50 (relevance)': (i) => `k=${medium[3 * perClass + i]}&ord=k1&p=50`,
  'deep page 50 (common, by date)': (i) => `k=${common[(i + 7) % common.length]}&ord=k1&p=50&sort=date`,
  'browse title + decade': (i) => `t=${pick(titleIds)}&bdd=${1840 + 10 * (i % 8)}&p=${1 + (i % 5)}`,
  // The same words again, as a visitor pages or narrows: FTS and BM25 answers are kept per expression.
  'common word, page 2 (same words)': (i) => `k=${common[i]}&ord=k1&p=2`,
  'common word + title facet (same words)': (i) => `k=${common[i]}&ord=k1&t=${pick(titleIds)}`,
};

/**
 * Beyond the classes, measured so they are known: several words that are each on most pages. Rank
 * lists answer these only when their bounds decide, so they often score every match (see docs/API.md).
 */
const extra: Record<string, Make> = {
  'extra: 2 common words AND': (i) => `k=${common[i]} ${common[(i + 1) % common.length]}&ord=k1`,
  'extra: phrase of 2 common words': (i) => `e=${common[i]} ${common[(i + 1) % common.length]}&ord=e1`,
};
Object.assign(classes, extra);

/** Classes that measure a repeat: the visitor's first request for the same words runs unmeasured just before. */
const primes: Record<string, Make> = {
  'common word, page 2 (same words)': (i) => `k=${common[i]}&ord=k1`,
  'common word + title facet (same words)': (i) => `k=${common[i]}&ord=k1`,
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const round = (x: number) => Math.round(x * 10) / 10;

// Warm the page cache the way a running server is warm.
for (let i = 0; i < 3; i++) await runSearch(store, site.id, parseSearchParams(`k=${common[i]}&ord=k1`));

const results: Record<string, { p50: number; p95: number; max: number; cpuP50: number; cpuP95: number; meanTotal: number }> = {};
for (const [name, make] of Object.entries(classes)) {
  const times: number[] = [];
  const cpus: number[] = [];
  let totals = 0;
  for (let i = 0; i < perClass; i++) {
    if (primes[name]) await runSearch(store, site.id, parseSearchParams(primes[name](i)));
    const q = parseSearchParams(make(i));
    const cpu = process.cpuUsage();
    const t = performance.now();
    const r = await runSearch(store, site.id, q);
    times.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    totals += r.total;
    if (r.total > (q.page - 1) * 20 && r.results.length === 0) throw new Error(`no rows for ${make(i)}`);
  }
  results[name] = { p50: round(pct(times, 50)), p95: round(pct(times, 95)), max: round(Math.max(...times)), cpuP50: round(pct(cpus, 50)), cpuP95: round(pct(cpus, 95)), meanTotal: Math.round(totals / perClass) };
  const r = results[name];
  console.log(`${name.padEnd(40)} wall p50 ${String(r.p50).padStart(7)}  p95 ${String(r.p95).padStart(7)} ms | cpu p50 ${String(r.cpuP50).padStart(6)}  p95 ${String(r.cpuP95).padStart(6)} ms | mean hits ${r.meanTotal}`);
}
const load = (await import('node:os')).loadavg();
console.log(`load average during the run: ${load.map((x) => x.toFixed(1)).join(' ')} on ${(await import('node:os')).cpus().length} cores`);

const bytes = (name: string) => (db.prepare(`SELECT COALESCE(SUM(length(block)), 0) FROM ${name}`).pluck().get() as number) ?? 0;
const ftsBytes = bytes('pages_fts_data') + (db.prepare('SELECT COALESCE(SUM(length(sz)), 0) FROM pages_fts_docsize').pluck().get() as number);
const fileBytes = statSync(join(dir, 'data', 'archive.sqlite')).size;
console.log(`FTS index ${(ftsBytes / 1e6).toFixed(0)} MB; database file ${(fileBytes / 1e9).toFixed(2)} GB`);

const out = {
  date: new Date().toISOString(),
  corpus: { pages, wordsPerPage: Math.round(avgWords), dir },
  goal: 'p95 < 100 ms per class, with counts, facets, snippets and boxes',
  queriesPerClass: perClass,
  classes: results,
  indexBytes: ftsBytes,
  rankLists: { words: listed, minPages: RANK_LISTS.minPages, keep: RANK_LISTS.keep, buildSeconds: rankLists?.seconds ?? 'made before this run' },
  databaseBytes: fileBytes,
  allUnderGoal: Object.entries(results).every(([name, r]) => name in extra || r.p95 < 100),
  allUnderGoalCpu: Object.entries(results).every(([name, r]) => name in extra || r.cpuP95 < 100),
  extraClasses: Object.keys(extra),
  loadAverage: load,
  note: 'wall = elapsed time on a shared machine (see loadAverage); cpu = this process\'s CPU time per query',
};
mkdirSync(join(here, '../results'), { recursive: true });
writeFileSync(join(here, '../results/search.json'), `${JSON.stringify(out, null, 2)}\n`);
await store.close();
