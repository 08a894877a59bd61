// Worker function timings on the 154,756 real titles of the US Newspaper Directory:
// letter index build (goal < 200 ms) and per-keystroke filtering over typed queries (goal p95 < 16 ms).
// Run: npx tsx bench/worker.ts   (writes bench/results/worker.json)
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLetterIndex } from '../workers/letter-index';
import { buildTitleIndex, filterTitles, type FilterResult } from '../workers/title-filter';
import { createArchiveApi } from '../workers/archive-api';

const here = dirname(fileURLToPath(import.meta.url));
const tsv = resolve(process.env.CATALOG ?? resolve(here, '../../shared/corpus/catalog/us-newspaper-directory.tsv'));
const lines = readFileSync(tsv, 'utf8').split('\n').slice(1).filter(Boolean);
const titles = lines.map((line) => ({ title: line.split('\t')[1].replace(/\s*[=:/]\s*$/, '') }));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const round = (x: number) => Math.round(x * 100) / 100;

// Letter index: median of 5 runs (each is a full build from raw titles).
const letterRuns: number[] = [];
let letters = buildLetterIndex(titles.slice(0, 1000));
for (let r = 0; r < 5; r++) {
  const t = performance.now();
  letters = buildLetterIndex(titles);
  letterRuns.push(performance.now() - t);
}

const t0 = performance.now();
const index = buildTitleIndex(titles);
const titleIndexMs = performance.now() - t0;

// Typed queries, one keystroke at a time, including a backspace and a diacritic.
const typed = ['evening star', 'omaha daily bee', 'courrier', 'tribune', 'deutsche zeitung', 'the', 'éco', 'x'];
const perKey: number[] = [];
for (let round_ = 0; round_ < 3; round_++) {
  for (const query of typed) {
    let prev: FilterResult | undefined;
    const steps = [...query].map((_, i) => query.slice(0, i + 1));
    steps.push(query.slice(0, -1)); // backspace
    for (const q of steps) {
      const t = performance.now();
      prev = filterTitles(index, q, prev);
      perKey.push(performance.now() - t);
    }
  }
}
// The whole worker call the Titles panel makes per keystroke: filter + group rows under letters.
const api = createArchiveApi();
api.indexTitles('bench', titles);
api.groupTitles('bench', ''); // computes the group numbers once, as the first panel render does
const perKeyGrouped: number[] = [];
for (const query of typed) {
  const steps = [...query].map((_, i) => query.slice(0, i + 1));
  for (const q of steps) {
    const t = performance.now();
    api.groupTitles('bench', q);
    perKeyGrouped.push(performance.now() - t);
  }
}

// Worst case: a fresh one-letter scan (no previous result to narrow).
const fresh: number[] = [];
for (const q of ['e', 'a', 's', 'z']) {
  const t = performance.now();
  filterTitles(index, q);
  fresh.push(performance.now() - t);
}

const result = {
  titles: titles.length,
  letterIndexMs: { median: round(pct(letterRuns, 50)), max: round(Math.max(...letterRuns)), goal: 200 },
  lettersPresent: letters.present.length,
  titleIndexBuildMs: round(titleIndexMs),
  filterPerKeystrokeMs: { samples: perKey.length, p50: round(pct(perKey, 50)), p95: round(pct(perKey, 95)), max: round(Math.max(...perKey)), goalP95: 16 },
  filterFreshOneLetterMs: { max: round(Math.max(...fresh)) },
  filterAndGroupPerKeystrokeMs: { samples: perKeyGrouped.length, p50: round(pct(perKeyGrouped, 50)), p95: round(pct(perKeyGrouped, 95)) },
  node: process.version,
  // The machine is shared: figures scale with its load at the time of the run.
  loadAverage: loadavg().map((x) => Math.round(x * 10) / 10),
  at: new Date().toISOString(),
};
console.log(`titles: ${result.titles}`);
console.log(`letter index: median ${result.letterIndexMs.median} ms (goal < 200 ms), ${result.lettersPresent} letters present`);
console.log(`title filter index build: ${result.titleIndexBuildMs} ms`);
console.log(
  `filter per keystroke: p50 ${result.filterPerKeystrokeMs.p50} ms, p95 ${result.filterPerKeystrokeMs.p95} ms, max ${result.filterPerKeystrokeMs.max} ms over ${perKey.length} keystrokes (goal p95 < 16 ms)`,
);
console.log(`fresh one-letter scan: max ${result.filterFreshOneLetterMs.max} ms`);
console.log(`machine load average: ${result.loadAverage.join(' ')}`);
console.log(
  `filter + letter groups per keystroke (the panel's call): p50 ${result.filterAndGroupPerKeystrokeMs.p50} ms, p95 ${result.filterAndGroupPerKeystrokeMs.p95} ms`,
);
mkdirSync(resolve(here, 'results'), { recursive: true });
writeFileSync(resolve(here, 'results/worker.json'), JSON.stringify(result, null, 2) + '\n');
