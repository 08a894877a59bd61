// The cost curve: the search classes on both engines at several archive sizes, side by side. Runs
// bench/search-engines.ts once per size (each with its own corpus and kept PostgreSQL copy; the first run
// of a size generates and copies it, minutes), then prints p50/p95 per class and size and writes
// bench/results/search-curve.json.
//   npx tsx bench/search-curve.ts [--n 40] [--sizes 25000,50000,100000] [--classes 'phrase,OR']
// Where each size lives (corpus dir, PostgreSQL dir, port): 25,000 and 50,000 in /tmp/search-engines-<n>
// and /tmp/pg-bench-<n/1000>k; 100,000 in /tmp/search-bench-cache and /tmp/pg-bench-100k.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg } from './search/generate';

const here = dirname(fileURLToPath(import.meta.url));
const n = arg('n', '40');
const sizes = arg('sizes', '25000,50000,100000').split(',').map(Number);
const classes = arg('classes', '');
const where = (pages: number) =>
  pages === 100_000
    ? { dir: '/tmp/search-bench-cache', pgDir: '/tmp/pg-bench-100k', port: 55460 }
    : { dir: `/tmp/search-engines-${pages}`, pgDir: `/tmp/pg-bench-${pages / 1000}k`, port: 55460 + Math.round(pages / 25_000) };

type Figures = { sqlite: { p50: number; p95: number }; postgres: { p50: number; p95: number } };
const runs: { pages: number; date: string; loadAverage: number[]; classes: Record<string, Figures> }[] = [];
for (const pages of sizes) {
  const w = where(pages);
  const out = `search-engines-${pages}.json`;
  if (!process.argv.includes('--reuse')) {
    console.log(`\n# ${pages} pages`);
    execFileSync(
      'npx',
      [
        'tsx',
        join(here, 'search-engines.ts'),
        '--pages',
        String(pages),
        '--dir',
        w.dir,
        '--pg-dir',
        w.pgDir,
        '--pg-port',
        String(w.port),
        '--n',
        n,
        '--out',
        out,
        ...(classes ? ['--classes', classes] : []),
      ],
      { stdio: 'inherit' },
    );
  }
  runs.push({ pages, ...JSON.parse(readFileSync(join(here, 'results', out), 'utf8')) });
}
runs.sort((a, b) => a.pages - b.pages); // smallest first, whatever order they ran in
const names = [...new Set(runs.flatMap((r) => Object.keys(r.classes)))];
const cell = (f: { p50: number; p95: number } | undefined) => (f ? `${f.p50}/${f.p95}` : '-');
const header = `| class | ${runs.map((r) => `SQLite ${r.pages / 1000}k`).join(' | ')} | ${runs.map((r) => `PostgreSQL ${r.pages / 1000}k`).join(' | ')} |`;
const lines = [header, `|---|${runs.map(() => '---|').join('')}${runs.map(() => '---|').join('')}`];
for (const name of names) {
  lines.push(`| ${name} | ${runs.map((r) => cell(r.classes[name]?.sqlite)).join(' | ')} | ${runs.map((r) => cell(r.classes[name]?.postgres)).join(' | ')} |`);
}
console.log(`\np50/p95 ms per class and size\n${lines.join('\n')}`);
writeFileSync(
  join(here, 'results', 'search-curve.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      perClass: Number(n),
      sizes: runs.map((r) => ({ pages: r.pages, date: r.date, loadAverage: r.loadAverage })),
      classes: Object.fromEntries(names.map((name) => [name, Object.fromEntries(runs.map((r) => [r.pages, r.classes[name]]))])),
      table: lines,
    },
    null,
    2,
  ),
);
