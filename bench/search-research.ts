// Research data (issue #37) on both engines: the trend's time per query class of bench/search/classes.ts
// (p50/p95, per year; goal p95 < 150 ms at 100,000 pages), and an export of every page of a browse (as many
// rows as the archive has pages, up to 100,000) streamed to nowhere, with rows/s and the process's memory
// sampled while it runs (goal >= 5,000 rows/s without text, memory flat). The corpus is bench/search's,
// generated on SQLite and copied into a throwaway PostgreSQL cluster, or an existing corpus and its copy reused.
// Run: npx tsx bench/search-research.ts [--pages 100000] [--words 2000] [--n 20] [--dir /tmp/search-research-<pages>]
//        [--pg-url postgres://...] [--engines sqlite,postgres]
// At 100,000 pages (a 7 GB SQLite file and a copy of many minutes), or over bench/search's corpus
// (bench/search/generate.ts --pages 100000 --words 2000 --dir /tmp/search-bench) and a PostgreSQL copy of it
// that is running (--pg-url: used as it is, nothing started, copied or stopped):
//   npx tsx bench/search-research.ts --pages 100000 --n 20
//   npx tsx bench/search-research.ts --dir /tmp/search-bench --pg-url postgres://app@127.0.0.1:55491/archive --n 20
// Writes bench/results/search-research.json (or search-research-<pages>.json below 100,000 pages).
import { loadavg } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createSqliteStore } from '../server/store/sqlite';
import { createPostgresStore } from '../server/store/postgres';
import { copySqliteToPostgres } from '../server/store/copy';
import { parseSearchParams } from '../contract/search/query';
import type { Store } from '../server/store/types';
import { buildRankLists, rankListsCurrent } from '../server/store/sqlite/rank-lists';
import { buildPgRankLists, pgRankListsCurrent } from '../server/store/postgres/rank-lists';
import { exportText, prepareExport, runTrend } from '../server/services/search/research';
import { generateSqliteCorpus, arg } from './search/generate';
import { searchQueryClasses } from './search/classes';
import { createDatabase, startPgCluster } from '../tests/support/pg-cluster';

const here = dirname(fileURLToPath(import.meta.url));
const pages = Number(arg('pages', '100000'));
const words = Number(arg('words', '2000'));
const perClass = Number(arg('n', '20'));
const dir = resolve(arg('dir', `/tmp/search-research-${pages}`));
const pgUrl = arg('pg-url', '');
const engines = arg('engines', 'sqlite,postgres').split(',');
const log = (s: string) => console.log(s);

if (!existsSync(join(dir, 'data', 'archive.sqlite'))) {
  log(`Generating ${pages} pages of ${words} words into ${dir} ...`);
  await generateSqliteCorpus({ dir, pages, wordsPerPage: words, titles: 40, seed: 7, log });
}
const lite = createSqliteStore(join(dir, 'data'));
if (!rankListsCurrent(lite.db)) buildRankLists(lite.db);
// The cluster is kept beside the corpus with its copy (a copy takes minutes), reused while the corpus is the same;
// or a running copy is given (--pg-url).
const pgDir = join(dir, 'pg');
const cluster =
  pgUrl || !engines.includes('postgres')
    ? null
    : await startPgCluster({ dir: pgDir, settings: ['shared_buffers=1GB', 'max_wal_size=1GB', 'effective_cache_size=8GB'] });
const note = join(pgDir, 'copied.json');
const corpusPages = lite.db.prepare('SELECT COUNT(*) FROM pages').pluck().get() as number;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const round = (x: number) => Math.round(x * 10) / 10;

async function trendTimes(store: Store, siteId: number, classes: Record<string, (i: number) => string>) {
  const out: Record<string, { p50: number; p95: number; max: number; cpuP50: number; cpuP95: number }> = {};
  for (const [name, make] of Object.entries(classes)) {
    const times: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < perClass; i++) {
      const q = parseSearchParams(make(i));
      const c = process.cpuUsage();
      const t = performance.now();
      const trend = await runTrend(store, siteId, q, { by: 'year', split: false });
      times.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpus.push((used.user + used.system) / 1000);
      if (trend.points.reduce((n, p) => n + p.count, 0) !== trend.total) throw new Error(`periods do not add up for ${make(i)}`);
    }
    out[name] = {
      p50: round(pct(times, 50)),
      p95: round(pct(times, 95)),
      max: round(Math.max(...times)),
      cpuP50: round(pct(cpus, 50)),
      cpuP95: round(pct(cpus, 95)),
    };
    log(
      `  ${name.padEnd(40)} trend p50 ${String(out[name].p50).padStart(7)}  p95 ${String(out[name].p95).padStart(7)} ms  ` +
        `(CPU of this process p50 ${out[name].cpuP50}, p95 ${out[name].cpuP95} ms)  load ${loadavg()[0].toFixed(1)}`,
    );
  }
  return out;
}

// A full garbage collection on demand, without starting node with --expose-gc.
setFlagsFromString('--expose_gc');
const collect = runInNewContext('gc') as () => void;

/** Exports every page of `qs` to a sink that drops it, sampling the RSS and heap every 20 ms. */
async function exportRun(store: Store, siteId: number, qs: string, text: boolean) {
  collect();
  const before = process.memoryUsage();
  const cpu = process.cpuUsage();
  const t = performance.now();
  const prepared = await prepareExport(store, siteId, parseSearchParams(qs), Math.max(100_000, pages));
  const prepareMs = performance.now() - t;
  let bytes = 0;
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const samples: number[] = [];
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    samples.push(m.rss);
  }, 20);
  // The live heap (after a full collection) once a tenth of the rows is out and again at nine tenths: what the
  // export holds, apart from garbage not yet collected and memory the allocator keeps (which the RSS counts).
  const liveHeap: number[] = [];
  let lines = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
      if (liveHeap.length < 2 && lines >= (prepared.total * (liveHeap.length ? 9 : 1)) / 10) {
        collect();
        liveHeap.push(process.memoryUsage().heapUsed);
      }
      setImmediate(done); // as a socket does: the event loop turns (and the memory is sampled) between writes
    },
  });
  await pipeline(
    Readable.from(
      exportText(store, prepared, {
        format: 'csv',
        text,
        origin: 'https://archive.example',
        query: qs,
        archive: 'Bench',
        searchUrl: 'https://archive.example/search',
      }),
      {
        objectMode: false,
      },
    ),
    sink,
  );
  clearInterval(timer);
  const seconds = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const mb = (n: number) => Math.round(n / 2 ** 20);
  // Flat: the RSS in the last tenth of the run against the first tenth (after the id list was made).
  const tenth = Math.max(1, Math.floor(samples.length / 10));
  const early = Math.max(...samples.slice(0, tenth));
  const late = Math.max(...samples.slice(-tenth));
  const r = {
    query: qs,
    text,
    rows: prepared.total,
    seconds: round(seconds),
    prepareMs: round(prepareMs),
    rowsPerSecond: Math.round(prepared.total / seconds),
    // This process only (the snippets, the CSV, the driver); PostgreSQL's own reading is not in it.
    cpuSeconds: round(cpuSeconds),
    rowsPerCpuSecond: Math.round(prepared.total / cpuSeconds),
    megabytes: round(bytes / 2 ** 20),
    rssBeforeMB: mb(before.rss),
    peakRssMB: mb(peakRss),
    peakHeapMB: mb(peakHeap),
    rssFirstTenthMB: mb(early),
    rssLastTenthMB: mb(late),
    liveHeapFirstTenthMB: liveHeap.length ? mb(liveHeap[0]) : null,
    liveHeapLastTenthMB: liveHeap.length > 1 ? mb(liveHeap[1]) : null,
  };
  log(
    `  export ${qs || '(browse)'}${text ? ' with text' : ''}: ${r.rows} rows in ${r.seconds} s (ids in ${r.prepareMs} ms) = ${r.rowsPerSecond} rows/s (CPU ${r.cpuSeconds} s, ${r.rowsPerCpuSecond} rows/CPU-s), ${r.megabytes} MB; ` +
      `RSS ${r.rssBeforeMB} MB before, peak ${r.peakRssMB} MB (first tenth ${r.rssFirstTenthMB}, last tenth ${r.rssLastTenthMB}); heap peak ${r.peakHeapMB} MB, live heap ${r.liveHeapFirstTenthMB} → ${r.liveHeapLastTenthMB} MB`,
  );
  return r;
}

/** The PostgreSQL copy: given (--pg-url), kept beside the corpus, or made now. */
async function pgCopyUrl(): Promise<string> {
  if (pgUrl) return pgUrl;
  const kept = existsSync(note) ? (JSON.parse(readFileSync(note, 'utf8')) as { pages: number; url: string }) : null;
  if (kept?.pages === corpusPages) {
    log('Reusing the PostgreSQL copy');
    return kept.url.replace(/:\d+\//, `:${new URL(cluster!.adminUrl).port}/`);
  }
  const url = await createDatabase(cluster!.adminUrl);
  const copy = await createPostgresStore(url, { ...process.env, PG_STATEMENT_TIMEOUT_MS: '0' });
  const t = performance.now();
  await copySqliteToPostgres(lite.db, copy.pg, { chunk: 200 });
  await copy.pg.q('VACUUM ANALYZE pages');
  await copy.close();
  log(`Copied to PostgreSQL in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  writeFileSync(note, JSON.stringify({ pages: corpusPages, url }));
  return url;
}

try {
  let pgStore: Store | null = null;
  const pgNotes: string[] = [];
  if (engines.includes('postgres')) {
    const url = await pgCopyUrl();
    const pgs = await createPostgresStore(url, { ...process.env, PG_STATEMENT_TIMEOUT_MS: '0' });
    pgStore = pgs;
    const pg = pgs.pg;
    // What the server keeps after an ingest, built here when the copy lacks it (the rank lists and their
    // title/year cells are built only when missing or stale: nothing current is rewritten).
    if (!(await pgRankListsCurrent(pg))) {
      log('Building the PostgreSQL rank lists ...');
      await buildPgRankLists(pg);
    }
    const pairs = await pg.read<{ valid: boolean }>(
      "SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'pages_pairs'",
    );
    if (!pairs[0]?.valid) pgNotes.push('the copy has no valid phrase-pairs index (pages_pairs): phrases read the full-text index');
    for (const n of pgNotes) log(`PostgreSQL: ${n}`);
  }
  const { classes, syntax } = searchQueryClasses(lite.db, perClass);
  const all = { ...classes, ...syntax };
  const result: Record<string, unknown> = {};
  // A word of the index on the most pages (up to the export's 100,000 rows): the export of a word's results
  // at its largest, with a snippet and the matching words made for every row.
  lite.db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.research_vocab USING fts5vocab('main', 'pages_fts', 'row')");
  const widest = lite.db
    .prepare("SELECT term FROM temp.research_vocab WHERE doc <= 100000 AND length(term) >= 4 AND term GLOB '[a-z]*' ORDER BY doc DESC LIMIT 1")
    .pluck()
    .get() as string;
  const runs: Array<[string, Store]> = [];
  if (engines.includes('sqlite')) runs.push(['sqlite', lite]);
  if (pgStore) runs.push(['postgres', pgStore]);
  for (const [engine, store] of runs) {
    const site = await store.sites.getDefault();
    log(`${engine}:`);
    // Warm as a running server is: the held pages' counts are kept per data version after the first trend.
    await runTrend(store, site.id, parseSearchParams(classes['common word'](0)), { by: 'year', split: false });
    const trend = await trendTimes(store, site.id, all);
    const exports = [
      await exportRun(store, site.id, '', false),
      await exportRun(store, site.id, `k=${widest}&ord=k1`, false),
      await exportRun(store, site.id, classes['common word'](1), false),
    ];
    result[engine] = {
      date: new Date().toISOString(),
      loadAverage: loadavg(),
      ...(engine === 'postgres' && pgNotes.length ? { notes: pgNotes } : {}),
      trend,
      exports,
      trendUnderGoal: Object.values(trend).every((r) => r.p95 < 150),
      exportUnderGoal: exports.every((e) => e.rowsPerSecond >= 5000),
    };
  }
  const file = pages >= 100_000 ? 'search-research.json' : `search-research-${pages}.json`;
  const path = join(here, 'results', file);
  // One engine run alone keeps the other engine's figures of the last run (each carries its own date and load).
  const earlier = runs.length < 2 && existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
  const out = {
    ...earlier,
    date: new Date().toISOString(),
    corpus: { pages: corpusPages, wordsPerPage: words, dir },
    goal: 'trend p95 < 150 ms per class at 100,000 pages on both engines; export >= 5,000 rows/s without text, memory flat',
    queriesPerClass: perClass,
    ...result,
    loadAverage: loadavg(),
    cpuNote: 'CPU is this process only (user + system); on PostgreSQL the server backends are not in it',
    command: process.argv.slice(2).join(' '),
    command100k: 'npx tsx bench/search-research.ts --pages 100000 --n 20',
  };
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(path, `${JSON.stringify(out, null, 2)}\n`);
  log(`wrote bench/results/${file}`);
  await pgStore?.close();
} finally {
  await lite.close();
  cluster?.stop();
}
