// Where a PostgreSQL search spends its time: runs query classes (bench/search/classes.ts, words chosen from
// the SQLite copy of the same corpus) through runSearch on a kept PostgreSQL copy and prints each SQL
// statement's time, and with --explain the plan (EXPLAIN ANALYZE, BUFFERS) of the statements slower than
// --slow ms. For tuning, not for figures (bench/search-engines.ts measures).
//   npx tsx bench/search/pg-profile.ts --dir /tmp/search-bench-cache --url postgres://app@127.0.0.1:55460/archive
//     [--classes 'phrase,OR'] [--n 5] [--explain] [--slow 50] [--q 'o=moio tells&ord=o1|e=vote will&ord=e1']
//   (--q profiles the given query strings, e.g. a class's slowestPostgres from bench/results, instead of the classes)
import { join } from 'node:path';
import type pg from 'pg';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import { pgSearch } from '../../server/store/postgres/search';
import type { Pg, ReadOptions } from '../../server/store/postgres/db';
import { parseSearchParams } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import type { Store } from '../../server/store/types';
import { searchQueryClasses } from './classes';
import { arg } from './generate';

const lite = createSqliteStore(join(arg('dir', '/tmp/search-bench-cache'), 'data'));
const store = await createPostgresStore(arg('url', 'postgres://app@127.0.0.1:55460/archive'));
const n = Number(arg('n', '5'));
const only = arg('classes', '') ? arg('classes', '').split(',') : null;
const explain = process.argv.includes('--explain');
const slow = Number(arg('slow', '50'));
const { classes, extra, syntax, primes } = searchQueryClasses(lite.db, n);
const given = arg('q', '') ? arg('q', '').split('|') : null;
const statements: { ms: number; sql: string; params: unknown[]; opts?: ReadOptions }[] = [];
const timed: Pg = {
  ...store.pg,
  read: async <R extends pg.QueryResultRow>(sql: string, params?: unknown[], opts?: ReadOptions) => {
    const t = performance.now();
    const rows = await store.pg.read<R>(sql, params, opts);
    statements.push({ ms: performance.now() - t, sql, params: params ?? [], opts });
    return rows;
  },
};
const s = { ...store, search: pgSearch(timed) } as Store;
const siteId = (await store.sites.getDefault()).id;
const chosen = given ? given.map((q) => [q, () => q] as const) : Object.entries({ ...classes, ...extra, ...syntax }).filter(([k]) => !only || only.includes(k));
for (const [name, make] of chosen) {
  console.log(`\n== ${name}`);
  for (let i = 0; i < n; i++) {
    if (!given && primes[name]) await runSearch(s, siteId, parseSearchParams(primes[name](i)));
    statements.length = 0;
    const t = performance.now();
    const r = await runSearch(s, siteId, parseSearchParams(make(i)));
    console.log(`${make(i)}  -> ${r.total} pages, ${(performance.now() - t).toFixed(0)} ms: ${statements.map((x) => x.ms.toFixed(0)).join(' + ')}`);
    for (const st of statements.filter((x) => x.ms >= slow)) {
      console.log(`  ${st.ms.toFixed(0)} ms: ${st.sql.replace(/\s+/g, ' ').slice(0, 300)} ${JSON.stringify(st.params).slice(0, 200)}`);
      if (explain) {
        const plan = await store.pg.read<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${st.sql}`, st.params, st.opts);
        console.log(plan.map((p) => `    ${p['QUERY PLAN']}`).join('\n'));
      }
    }
  }
}
await store.close();
lite.db.close();
