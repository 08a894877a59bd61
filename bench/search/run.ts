// Search benchmark over the generated corpus (bench/search/generate.ts): query classes with and without
// date and place filters, deep pages; every timing includes counts, facets, snippets and boxes.
// Run: npx tsx bench/search/run.ts [--dir /tmp/search-bench] [--n 25] [--only syntax]   (writes bench/results/search.json)
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteStore } from '../../server/store/sqlite';
import { parseSearchParams } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import { searchQueryClasses } from './classes';
import { buildRankLists, rankListsCurrent, RANK_LISTS } from '../../server/store/sqlite/rank-lists';
import { buildVocabIndex, vocabIndexCurrent } from '../../server/store/sqlite/vocab-index';
import { learnSqliteConfusions, sqliteConfusionsCurrent } from '../../server/store/sqlite/ocr-confusions';
import { arg } from './generate';

const here = dirname(fileURLToPath(import.meta.url));
const dir = arg('dir', '/tmp/search-bench');
const perClass = Number(arg('n', '25'));
const store = createSqliteStore(join(dir, 'data'));
const db = store.db;
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
// ... and, with them, the vocabulary by letters and length that OCR-tolerant words read (vocab-index.ts).
let vocabIndex: { seconds: number; words: number } | null = null;
if (!vocabIndexCurrent(db)) {
  const t = performance.now();
  const words = buildVocabIndex(db);
  vocabIndex = { seconds: Math.round((performance.now() - t) / 100) / 10, words };
  console.log(`vocabulary index of ${words} words made in ${vocabIndex.seconds} s`);
}
// ... and the OCR's confusions learned from the vocabulary (ocr-confusions.ts).
let confusions: { seconds: number; learned: number; evidence: number } | null = null;
if (!sqliteConfusionsCurrent(db)) {
  const t = performance.now();
  const table = learnSqliteConfusions(db);
  confusions = { seconds: Math.round((performance.now() - t) / 100) / 10, learned: table.confusions.length, evidence: table.evidence };
  console.log(`${table.confusions.length} OCR confusions learned from ${table.evidence} misreadings in ${confusions.seconds} s`);
}

const { classes: goalClasses, extra, syntax, primes } = searchQueryClasses(db, perClass);
// --only <text>: just the classes whose name holds it (e.g. --only syntax), to measure a few on a shared machine.
const only = arg('only', '');
const classes = Object.fromEntries(Object.entries({ ...goalClasses, ...syntax, ...extra }).filter(([name]) => name.includes(only)));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const round = (x: number) => Math.round(x * 10) / 10;

// Warm the page cache the way a running server is warm.
for (let i = 0; i < 3; i++) await runSearch(store, site.id, parseSearchParams(goalClasses['common word'](i)));

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
  results[name] = {
    p50: round(pct(times, 50)),
    p95: round(pct(times, 95)),
    max: round(Math.max(...times)),
    cpuP50: round(pct(cpus, 50)),
    cpuP95: round(pct(cpus, 95)),
    meanTotal: Math.round(totals / perClass),
  };
  const r = results[name];
  console.log(
    `${name.padEnd(40)} wall p50 ${String(r.p50).padStart(7)}  p95 ${String(r.p95).padStart(7)} ms | cpu p50 ${String(r.cpuP50).padStart(6)}  p95 ${String(r.cpuP95).padStart(6)} ms | mean hits ${r.meanTotal}`,
  );
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
  vocabIndex: { buildSeconds: vocabIndex?.seconds ?? 'made before this run', words: vocabIndex?.words },
  confusions: confusions ?? 'learned before this run',
  allUnderGoal: Object.entries(results).every(([name, r]) => name in extra || name in syntax || r.p95 < 100),
  allUnderGoalCpu: Object.entries(results).every(([name, r]) => name in extra || name in syntax || r.cpuP95 < 100),
  syntaxGoal: 'p95 < 150 ms for the row syntax classes (issue #22)',
  syntaxUnderGoal: Object.entries(results).every(([name, r]) => !(name in syntax) || r.p95 < 150),
  syntaxUnderGoalCpu: Object.entries(results).every(([name, r]) => !(name in syntax) || r.cpuP95 < 150),
  extraClasses: Object.keys(extra),
  loadAverage: load,
  note: "wall = elapsed time on a shared machine (see loadAverage); cpu = this process's CPU time per query",
};
mkdirSync(join(here, '../results'), { recursive: true });
// A run of some classes only is kept apart from the whole run's figures.
const file = only ? `search-${only.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.json` : 'search.json';
writeFileSync(join(here, '../results', file), `${JSON.stringify({ ...out, only: only || undefined }, null, 2)}\n`);
console.log(`wrote bench/results/${file}`);
await store.close();
