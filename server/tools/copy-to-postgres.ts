// npm run db:copy -- [--from <DATA_DIR>] --to postgres://user@host:port/db [--force]
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import cliProgress from 'cli-progress';
import { openSqlite } from '../store/sqlite/db';
import { openPg } from '../store/postgres/db';
import { copySqliteToPostgres } from '../store/copy';
import { buildPgRankLists } from '../store/postgres/rank-lists';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const from = resolve(opt('--from') ?? process.env.DATA_DIR ?? './data');
const to = opt('--to') ?? process.env.DATABASE_URL;
if (!to || !/^postgres(ql)?:\/\//.test(to)) {
  console.error('Usage: npm run db:copy -- [--from <DATA_DIR>] --to postgres://user@host:port/db [--force]');
  process.exit(2);
}
const file = join(from, 'archive.sqlite');
if (!existsSync(file)) {
  console.error(`No archive at ${file}.`);
  process.exit(2);
}
const src = openSqlite(file);
const dst = await openPg({ url: to });
const bar = new cliProgress.SingleBar(
  { format: '{table} [{bar}] {value}/{total} rows | table {tableIndex}/{tables} | {duration}s' },
  cliProgress.Presets.shades_classic,
);
let current = '';
const started = Date.now();
try {
  const summary = await copySqliteToPostgres(src, dst, {
    force: args.includes('--force'),
    onProgress: (p) => {
      if (p.table !== current) {
        if (current) bar.stop();
        current = p.table;
        bar.start(p.total, p.done, { table: p.table.padEnd(18), tableIndex: p.tableIndex, tables: p.tables });
      } else bar.update(p.done, { table: p.table.padEnd(18), tableIndex: p.tableIndex, tables: p.tables });
    },
  });
  bar.stop();
  const rows = Object.values(summary).reduce((a, b) => a + b, 0);
  console.log(`Copied ${rows} rows in ${Object.keys(summary).length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  for (const [t, n] of Object.entries(summary)) console.log(`  ${t.padEnd(20)} ${n}`);
  // Relevance searches for very frequent words read precomputed lists (store/postgres/rank-lists.ts).
  console.log('Building ranking lists for frequent words ...');
  const t = Date.now();
  const lists = await buildPgRankLists(dst);
  console.log(`Ranking lists for ${lists.terms} words built in ${((Date.now() - t) / 1000).toFixed(1)} s.`);
  console.log('Media and page images stay in DATA_DIR: point every API server at the same DATA_DIR (shared storage).');
} catch (err) {
  bar.stop();
  console.error(`Copy failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  src.close();
  await dst.end();
}
