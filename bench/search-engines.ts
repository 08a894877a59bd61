// Search on both engines, side by side: the search benchmark's corpus (bench/search/generate.ts) is built
// on SQLite, copied into a throwaway PostgreSQL cluster with the copy command, and the same query classes
// run on both (counts, facets, snippets and boxes included). Prints p50/p95 per engine and the ratio.
// Run: npx tsx bench/search-engines.ts [--pages 100000] [--words 2000] [--n 15] [--dir /tmp/search-engines]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteStore } from '../server/store/sqlite';
import { createPostgresStore } from '../server/store/postgres';
import { copySqliteToPostgres } from '../server/store/copy';
import { parseSearchParams } from '../contract/search-query';
import { runSearch } from '../server/search/service';
import type { Store } from '../server/store/types';
import { generateSqliteCorpus, arg } from './search/generate';
import { mulberry32 } from './search/corpus';
import { createDatabase, startPgCluster } from '../tests/support/pg-cluster';

const here = dirname(fileURLToPath(import.meta.url));
const pages = Number(arg('pages', '100000'));
const words = Number(arg('words', '2000'));
const perClass = Number(arg('n', '15'));
const dir = arg('dir', `/tmp/search-engines-${pages}`);
const log = (s: string) => console.log(s);

if (!existsSync(join(dir, 'data', 'archive.sqlite'))) {
  log(`Generating ${pages} pages of ${words} words into ${dir} ...`);
  await generateSqliteCorpus({ dir, pages, wordsPerPage: words, titles: 40, seed: 7, log });
}
const lite = createSqliteStore(join(dir, 'data'));
const cluster = await startPgCluster();
try {
  const pg = await createPostgresStore(await createDatabase(cluster.adminUrl));
  let t = performance.now();
  let lastTable = '';
  await copySqliteToPostgres(lite.db, pg.pg, {
    chunk: 200,
    onProgress: (p) => {
      if (p.table !== lastTable || p.done === p.total) {
        if (p.done === p.total) log(`  copied ${p.table}: ${p.total} rows`);
        lastTable = p.table;
      }
    },
  });
  const copySeconds = (performance.now() - t) / 1000;
  await pg.pg.q('VACUUM ANALYZE pages');
  log(`Copied to PostgreSQL in ${copySeconds.toFixed(1)} s`);

  // Terms by document frequency, from the SQLite index.
  lite.db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.v USING fts5vocab('main', 'pages_fts', 'row')");
  const total = lite.db.prepare('SELECT COUNT(*) FROM pages').pluck().get() as number;
  const termsIn = (min: number, max: number) =>
    lite.db.prepare("SELECT term FROM temp.v WHERE doc BETWEEN ? AND ? AND length(term) >= 4 AND term GLOB '[a-z]*' ORDER BY term LIMIT 400").pluck().all(min, max) as string[];
  const rand = mulberry32(11);
  const pick = (xs: string[]) => xs[Math.floor(rand() * xs.length)];
  const rare = termsIn(2, Math.max(3, total / 2000));
  const common = termsIn(total / 5, total);
  const mid = termsIn(total / 200, total / 20);
  const dates = 'd=01/01/1860-12/31/1889&m=between';
  const classes: Record<string, () => string> = {
    'rare word': () => `k=${pick(rare)}`,
    'common word': () => `k=${pick(common)}`,
    '2-word AND': () => `k=${pick(mid)} ${pick(mid)}`,
    phrase: () => `e=${pick(common)} ${pick(common)}&ord=e1`,
    OR: () => `o=${pick(mid)} ${pick(rare)}&ord=o1`,
    None: () => `k=${pick(common)}&n=${pick(mid)}&ord=k1,n1`,
    'common word + date': () => `k=${pick(common)}&${dates}`,
    'common word + place': () => `k=${pick(common)}&co=1`,
    'deep page 50': () => `k=${pick(common)}&p=50&sort=date`,
  };

  const site = async (s: Store) => (await s.sites.getDefault()).id;
  const sites = { sqlite: await site(lite), postgres: await site(pg) };
  const time = async (engine: 'sqlite' | 'postgres', store: Store, qs: string) => {
    const s = performance.now();
    await runSearch(store, sites[engine], parseSearchParams(qs));
    return performance.now() - s;
  };
  const pct = (xs: number[], p: number) => {
    const a = [...xs].sort((x, y) => x - y);
    return a[Math.min(a.length - 1, Math.floor((p / 100) * a.length))];
  };
  const results: Record<string, { sqlite: { p50: number; p95: number }; postgres: { p50: number; p95: number }; ratioP95: number }> = {};
  log(`\n${'class'.padEnd(22)} ${'SQLite p50/p95'.padStart(16)} ${'PostgreSQL p50/p95'.padStart(20)}   PG/SQLite p95`);
  for (const [name, make] of Object.entries(classes)) {
    const queries = Array.from({ length: perClass }, make);
    for (const q of queries.slice(0, 2)) {
      await time('sqlite', lite, q);
      await time('postgres', pg, q);
    }
    const a: number[] = [];
    const b: number[] = [];
    for (const q of queries) {
      a.push(await time('sqlite', lite, q));
      b.push(await time('postgres', pg, q));
    }
    const r = { sqlite: { p50: +pct(a, 50).toFixed(1), p95: +pct(a, 95).toFixed(1) }, postgres: { p50: +pct(b, 50).toFixed(1), p95: +pct(b, 95).toFixed(1) }, ratioP95: +(pct(b, 95) / pct(a, 95)).toFixed(2) };
    results[name] = r;
    log(`${name.padEnd(22)} ${`${r.sqlite.p50}/${r.sqlite.p95} ms`.padStart(16)} ${`${r.postgres.p50}/${r.postgres.p95} ms`.padStart(20)}   ${r.ratioP95}x`);
  }
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'search-engines.json'), JSON.stringify({ date: new Date().toISOString(), pages: total, wordsPerPage: words, perClass, copySeconds, classes: results }, null, 2));
  await pg.close();
} finally {
  lite.db.close();
  cluster.stop();
}
