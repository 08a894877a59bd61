// Search on both engines, side by side: the search benchmark's corpus (bench/search/generate.ts) is built
// on SQLite, copied into a PostgreSQL cluster with the copy command, and the same query classes run on
// both (counts, facets, snippets and boxes included). Prints p50/p95 per engine and the ratio.
// Run: npx tsx bench/search-engines.ts [--pages 100000] [--words 2000] [--n 40] [--dir /tmp/search-engines]
//        [--pg-dir /tmp/pgbench-cluster [--pg-port 8391]] [--copy-only] [--recopy] [--classes 'rare word,OR']
//        [--out search-engines.json]   (bench/search-curve.ts runs it per size with --out search-engines-<pages>.json)
// The 100,000-page figures: the corpus in /tmp/search-bench-cache and its copy kept in /tmp/pg-bench-100k:
//   npx tsx bench/search-engines.ts --dir /tmp/search-bench-cache --pg-dir /tmp/pg-bench-100k --pg-port 55460
// With --pg-dir the cluster is kept in that folder and the copied archive reused by later runs (a copy of
// 100,000 pages takes many minutes); without it a throwaway cluster is made and removed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createSqliteStore } from '../server/store/sqlite';
import { createPostgresStore } from '../server/store/postgres';
import { copySqliteToPostgres } from '../server/store/copy';
import { parseSearchParams, type SearchResponse } from '../contract/search/query';
import { runSearch } from '../server/services/search/service';
import type { Store } from '../server/store/types';
import { buildRankLists, rankListsCurrent } from '../server/store/sqlite/rank-lists';
import { buildPgRankLists, pgRankListsCurrent } from '../server/store/postgres/rank-lists';
import { generateSqliteCorpus, arg } from './search/generate';
import { searchQueryClasses } from './search/classes';
import { warmFiles } from './lib/warm-files';
import { createDatabase, startPgCluster } from '../tests/support/pg-cluster';

const here = dirname(fileURLToPath(import.meta.url));
const pages = Number(arg('pages', '100000'));
const words = Number(arg('words', '2000'));
// 40 queries a class: the p95 of 15 is the slowest query of the 15 (one cold or unlucky query decides it).
const perClass = Number(arg('n', '40'));
const dir = resolve(arg('dir', `/tmp/search-engines-${pages}`));
const pgDir = arg('pg-dir', '') ? resolve(arg('pg-dir', '')) : null;
const onlyClasses = arg('classes', '') ? arg('classes', '').split(',') : null;
const flag = (name: string) => process.argv.includes(`--${name}`);
const log = (s: string) => console.log(s);

if (!existsSync(join(dir, 'data', 'archive.sqlite'))) {
  log(`Generating ${pages} pages of ${words} words into ${dir} ...`);
  await generateSqliteCorpus({ dir, pages, wordsPerPage: words, titles: 40, seed: 7, log });
}
const lite = createSqliteStore(join(dir, 'data'));
// The PostgreSQL side of the run: shared_buffers as a dedicated server would have it (a quarter of this
// machine's memory would be 6 GB; 2 GB leaves room for the other work on it), fsync off (throwaway).
const cluster = await startPgCluster({
  dir: pgDir ?? undefined,
  port: pgDir ? Number(arg('pg-port', '8391')) : undefined,
  settings: ['shared_buffers=2GB', 'max_wal_size=1GB', 'checkpoint_timeout=30min', 'effective_cache_size=12GB'],
});
try {
  // A kept cluster holds the archive in database 'archive', with a note of what was copied from where.
  const source = {
    file: join(dir, 'data', 'archive.sqlite'),
    pages: lite.db.prepare('SELECT COUNT(*) FROM pages').pluck().get() as number,
    maxPageId: lite.db.prepare('SELECT MAX(id) FROM pages').pluck().get() as number,
  };
  const note = pgDir ? join(pgDir, 'copied.json') : null;
  const previous = note && existsSync(note) ? (JSON.parse(readFileSync(note, 'utf8')) as typeof source & { copySeconds: number; url: string }) : null;
  const reuse = !flag('recopy') && previous?.file === source.file && previous.pages === source.pages && previous.maxPageId === source.maxPageId;
  let copySeconds: number;
  let url: string;
  if (reuse && previous) {
    url = previous.url.replace(/:\d+\//, () => `:${new URL(cluster.adminUrl).port}/`);
    copySeconds = previous.copySeconds;
    log(`Reusing the copy in ${pgDir} (made in ${copySeconds.toFixed(1)} s)`);
  } else {
    if (pgDir) {
      const admin = new pg.Client({ connectionString: cluster.adminUrl });
      await admin.connect();
      await admin.query('DROP DATABASE IF EXISTS archive');
      await admin.end();
    }
    url = await createDatabase(cluster.adminUrl, pgDir ? 'archive' : undefined);
    const target = await createPostgresStore(url, { ...process.env, PG_STATEMENT_TIMEOUT_MS: '0' });
    const t = performance.now();
    let lastTable = '';
    let lastLog = 0;
    await copySqliteToPostgres(lite.db, target.pg, {
      chunk: 200,
      onProgress: (p) => {
        const now = performance.now();
        if (p.table !== lastTable || p.done === p.total || now - lastLog > 30_000) {
          const s = (now - t) / 1000;
          log(`  ${p.table} ${p.done}/${p.total} (table ${p.tableIndex}/${p.tables}) at ${s.toFixed(0)} s`);
          lastTable = p.table;
          lastLog = now;
        }
      },
    });
    log(`  indexes rebuilt, copy done at ${((performance.now() - t) / 1000).toFixed(0)} s`);
    // A fresh table's pages are not yet marked all-visible: without VACUUM every count reads the heap.
    await target.pg.q('VACUUM ANALYZE pages');
    copySeconds = (performance.now() - t) / 1000;
    await target.close();
    log(`Copied to PostgreSQL in ${copySeconds.toFixed(1)} s (with VACUUM ANALYZE)`);
    if (note) writeFileSync(note, JSON.stringify({ ...source, copySeconds, url, date: new Date().toISOString() }, null, 2));
  }
  if (!flag('copy-only')) {
    const pgStore = await createPostgresStore(url);
    // The full-text index is RUM where the extension is installed (migration 006), GIN otherwise.
    const sizes = (
      await pgStore.pg.q<{ db: string; pages: string; words: string; index: string; tsv: string }>(
        `SELECT pg_size_pretty(pg_database_size(current_database())) AS db, pg_size_pretty(pg_total_relation_size('pages')) AS pages,
              pg_size_pretty(pg_total_relation_size('page_words')) AS words, i.name AS index, pg_size_pretty(pg_relation_size(i.name::regclass)) AS tsv
         FROM (SELECT COALESCE(to_regclass('pages_rum'), to_regclass('pages_tsv'))::text AS name) i`,
      )
    )[0];
    log(`PostgreSQL: database ${sizes.db}, pages ${sizes.pages} (full-text index ${sizes.index} ${sizes.tsv}), page_words ${sizes.words}`);

    // The SQLite side as the running server has it: ranking lists for frequent words are built in the
    // background after an ingest (server/store/sqlite/rank-lists.ts); a settled archive has them.
    let rankListSeconds: number | null = null;
    if (!rankListsCurrent(lite.db)) {
      const t = performance.now();
      const r = buildRankLists(lite.db);
      rankListSeconds = (performance.now() - t) / 1000;
      log(`SQLite ranking lists for ${r.terms} frequent words built in ${rankListSeconds.toFixed(1)} s`);
    } else log('SQLite ranking lists already current');
    // The same on PostgreSQL (the copy command builds them after copying).
    let pgRankListSeconds: number | null = null;
    if (!(await pgRankListsCurrent(pgStore.pg))) {
      const t = performance.now();
      const r = await buildPgRankLists(pgStore.pg);
      pgRankListSeconds = (performance.now() - t) / 1000;
      log(`PostgreSQL ranking lists for ${r.terms} frequent words built in ${pgRankListSeconds.toFixed(1)} s`);
    } else log('PostgreSQL ranking lists already current');

    // Both engines' files read once into the file cache (bench/lib/warm-files.ts): a server that has been
    // answering for a while, not whichever engine's files happened to be read last.
    const [{ dir: pgData }] = await pgStore.pg.q<{ dir: string }>(
      "SELECT current_setting('data_directory') || '/base/' || (SELECT oid FROM pg_database WHERE datname = current_database()) AS dir",
    );
    const t0 = performance.now();
    const warmed = warmFiles([join(dir, 'data', 'archive.sqlite'), join(dir, 'data', 'archive.sqlite-wal'), pgData]);
    log(`Read ${(warmed / 2 ** 30).toFixed(1)} GB of both engines' files into the file cache in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    // PostgreSQL reads through its own buffers, empty after a start: a server that has been answering keeps
    // its full-text indexes (RUM and the phrase pairs) and the small search tables there (pg_prewarm, with
    // autoprewarm in production).
    // Not the tsvectors: at 4.5 GB they do not fit shared_buffers, and come from the file cache as SQLite's do.
    await pgStore.pg.q('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    const prewarmed = await pgStore.pg.q<{ rel: string; blocks: number }>(
      `SELECT r AS rel, pg_prewarm(r::regclass)::int AS blocks FROM unnest(ARRAY['pages', 'pages_search_date', 'pages_date', 'search_words',
         'search_words_pkey', 'search_rank_lists', 'search_rank_lists_pkey', 'pages_pkey', 'page_words_pkey']
         || (SELECT ARRAY[COALESCE(to_regclass('pages_rum'), to_regclass('pages_tsv'))::text])
         || (SELECT ARRAY_REMOVE(ARRAY[to_regclass('pages_pairs')::text], NULL))
         || (SELECT ARRAY[reltoastrelid::regclass::text] FROM pg_class WHERE relname = 'search_rank_lists')) AS r`,
    );
    log(`Loaded ${(prewarmed.reduce((n, r) => n + r.blocks, 0) / 128).toFixed(0)} MB of PostgreSQL's index and search tables into its buffers`);

    // The search benchmark's own classes (bench/search/classes.ts), words chosen from the SQLite index.
    const total = lite.db.prepare('SELECT COUNT(*) FROM pages').pluck().get() as number;
    const { classes: goalClasses, extra, primes } = searchQueryClasses(lite.db, perClass);
    const classes = { ...goalClasses, ...extra };

    const site = async (s: Store) => (await s.sites.getDefault()).id;
    const sites = { sqlite: await site(lite), postgres: await site(pgStore) };
    // Each measured answer is kept so the two engines' answers can be compared query by query, as
    // tests/support/class-parity.ts does: the same count, facets and expansions, and in date order the same
    // pages with the same snippets and boxes. Relevance scores are each engine's own (BM25 on SQLite, RUM's
    // distance on PostgreSQL), so in relevance order a page both engines show has the same snippet and boxes.
    const answers = { sqlite: new Map<string, SearchResponse>(), postgres: new Map<string, SearchResponse>() };
    const time = async (engine: 'sqlite' | 'postgres', store: Store, qs: string) => {
      const s = performance.now();
      const r = await runSearch(store, sites[engine], parseSearchParams(qs));
      const ms = performance.now() - s;
      answers[engine].set(qs, r);
      return ms;
    };
    const same = (a: SearchResponse, b: SearchResponse) => {
      const head = (r: SearchResponse) => JSON.stringify([r.total, r.sort, r.facets, r.expansions ?? null]);
      const shown = (r: SearchResponse) => r.results.map((x) => JSON.stringify([x.pageUid, x.snippet, x.boxes]));
      if (head(a) !== head(b)) return false;
      if (a.sort !== 'relevance') return JSON.stringify(shown(a)) === JSON.stringify(shown(b));
      const other = new Map(b.results.map((x) => [x.pageUid, JSON.stringify([x.pageUid, x.snippet, x.boxes])]));
      return a.results.every((x) => !other.has(x.pageUid) || other.get(x.pageUid) === JSON.stringify([x.pageUid, x.snippet, x.boxes]));
    };
    const pct = (xs: number[], p: number) => {
      const a = [...xs].sort((x, y) => x - y);
      return a[Math.min(a.length - 1, Math.floor((p / 100) * a.length))];
    };
    const results: Record<
      string,
      { sqlite: { p50: number; p95: number }; postgres: { p50: number; p95: number }; ratioP50: number; ratioP95: number; slowestPostgres: string }
    > = {};
    log(`\n${'class'.padEnd(40)} ${'SQLite p50/p95'.padStart(18)} ${'PostgreSQL p50/p95'.padStart(20)}   PG/SQLite p50, p95`);
    // A first warm-up query per engine, then each class's queries in turn on both engines (for the classes
    // that measure a repeat, the visitor's first request for the same words runs unmeasured just before).
    await time('sqlite', lite, goalClasses['common word'](0));
    await time('postgres', pgStore, goalClasses['common word'](0));
    for (const [name, make] of Object.entries(classes).filter(([n]) => !onlyClasses || onlyClasses.includes(n))) {
      const queries = Array.from({ length: perClass }, (_, i) => make(i));
      const a: number[] = [];
      const b: number[] = [];
      for (const [i, q] of queries.entries()) {
        if (primes[name]) {
          await time('sqlite', lite, primes[name](i));
          await time('postgres', pgStore, primes[name](i));
        }
        a.push(await time('sqlite', lite, q));
        b.push(await time('postgres', pgStore, q));
      }
      const r = {
        sqlite: { p50: +pct(a, 50).toFixed(1), p95: +pct(a, 95).toFixed(1) },
        postgres: { p50: +pct(b, 50).toFixed(1), p95: +pct(b, 95).toFixed(1) },
        ratioP50: +(pct(b, 50) / pct(a, 50)).toFixed(2),
        ratioP95: +(pct(b, 95) / pct(a, 95)).toFixed(2),
        // The words differ from run to run (SQLite's random()): the slowest query, to ask it again.
        slowestPostgres: `${queries[b.indexOf(Math.max(...b))]} (${Math.max(...b).toFixed(0)} ms)`,
      };
      results[name] = r;
      log(
        `${name.padEnd(40)} ${`${r.sqlite.p50}/${r.sqlite.p95} ms`.padStart(18)} ${`${r.postgres.p50}/${r.postgres.p95} ms`.padStart(20)}   ${r.ratioP50}x, ${r.ratioP95}x`,
      );
    }
    const differing = [...answers.sqlite].filter(([qs, a]) => !same(a, answers.postgres.get(qs)!)).map(([qs]) => qs);
    log(
      `\nAnswers compared: ${answers.sqlite.size} queries, ${differing.length} differ between the engines${differing.length ? `: ${differing.slice(0, 10).join(', ')}` : ''}`,
    );
    mkdirSync(join(here, 'results'), { recursive: true });
    writeFileSync(
      join(here, 'results', arg('out', 'search-engines.json')),
      JSON.stringify(
        {
          date: new Date().toISOString(),
          pages: total,
          wordsPerPage: words,
          perClass,
          warmedFileCacheGB: +(warmed / 2 ** 30).toFixed(1),
          copySeconds,
          postgresSizes: sizes,
          sqliteRankListSeconds: rankListSeconds,
          postgresRankListSeconds: pgRankListSeconds,
          classes: results,
          answersCompared: answers.sqlite.size,
          answersDiffering: differing,
          extraClasses: Object.keys(extra),
          loadAverage: (await import('node:os')).loadavg(),
        },
        null,
        2,
      ),
    );
    await pgStore.close();
  }
} finally {
  lite.db.close();
  cluster.stop();
}
