// Analysis tooling for issue 22: the learned confusions' price floor and slope (contract/search/confusions.ts
// LEARNING), measured in memory (simulate.ts) on the demo-ocr fixture's even pages (fit), odd pages (test) and all
// of them. The chosen pair is LEARNING's; the grid around it shows the recall/precision frontier.
// Run: npx tsx bench/search-recall/tune.ts   (writes bench/results/search-recall-tune.json)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LEARNING } from '../../contract/search/confusions';
import { exact, fuzzy, learnFor, loadArchive, measure } from './simulate';

const a = loadArchive();
const grid = [0.08, 0.1].flatMap((floor) => [0.105, 0.11, 0.115, 0.12].map((slope) => ({ floor, slope })));
const halves = { fit: 'even', test: 'odd', all: undefined } as const;
const base = Object.fromEntries(Object.entries(halves).map(([name, h]) => [name, measure(a, exact, h).recall]));
const rows = grid.map(({ floor, slope }) => {
  a.confusions = learnFor(a, { floor, slope });
  const row: Record<string, unknown> = { floor, slope, chosen: floor === LEARNING.floor && slope === LEARNING.slope, confusions: a.confusions.length };
  for (const [name, h] of Object.entries(halves)) {
    const f = measure(a, fuzzy, h);
    row[name] = { gainPoints: Math.round((f.recall - base[name]) * 1000) / 10, precision: Math.round(f.precision * 1000) / 1000 };
  }
  const [fit, test, all] = (['fit', 'test', 'all'] as const).map((k) => row[k] as { gainPoints: number; precision: number });
  console.log(
    `floor ${floor} slope ${slope}${row.chosen ? ' (chosen)' : ''}: fit +${fit.gainPoints} at ${fit.precision}, test +${test.gainPoints} at ${test.precision}, all +${all.gainPoints} at ${all.precision}`,
  );
  return row;
});
writeFileSync(
  join(import.meta.dirname, '../results/search-recall-tune.json'),
  JSON.stringify(
    {
      benchmark: 'search-recall tune (bench/search-recall/tune.ts, in memory; demo-ocr)',
      date: new Date().toISOString(),
      goal: 'recall +20 points at precision >= 0.9',
      rows,
    },
    null,
    2,
  ) + '\n',
);
console.log('wrote bench/results/search-recall-tune.json');
