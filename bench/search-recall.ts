// Recall and precision of exact search vs OCR-tolerant search (fz=1), issue 22, on two fixtures:
//   demo-ocr (the goal's fixture): demo pages whose true words are known, degraded like old microfilm and
//     read by a real OCR engine (Tesseract); see bench/search-recall/demo-ocr.ts and bench/fixtures/make-demo-ocr.ts.
//   ndnp: the real OCR of the NDNP batches in ../shared/corpus, the truth inferred from the OCR itself
//     (misreadings by nearest dictionary word); see bench/search-recall/ndnp.ts.
// Goal: occurrence recall up by at least 20 points with fz=1, at precision 0.9 or better.
// Run: npx tsx bench/search-recall.ts [demo-ocr|ndnp]   (both by default; writes bench/results/search-recall.json,
// keeping the other fixture's last figures when only one runs)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoOcrRecall } from './search-recall/demo-ocr';
import { ndnpRecall } from './search-recall/ndnp';
import { oracleBounds } from './search-recall/oracle';
import { CONFUSION_COST } from '../contract/search/ocr-distance';
import { CHANNEL_LAMBDA } from '../contract/search/expand';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'bench/results/search-recall.json');
const only = process.argv[2];
if (only && only !== 'demo-ocr' && only !== 'ndnp') throw new Error(`unknown fixture ${only}: demo-ocr or ndnp`);

const previous = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { fixtures?: Record<string, unknown> }) : {};
const fixtures: Record<string, unknown> = { ...previous.fixtures };
if (!only || only === 'demo-ocr') {
  // With the oracle's bounds: what any matcher of single forms could gain at precision 0.9, the truth choosing.
  const { bounds } = oracleBounds();
  fixtures['demo-ocr'] = { ...(await demoOcrRecall()), oracleBounds: bounds };
  console.log(`  oracle (single forms, the truth choosing, precision 0.9): ${bounds.map((b) => `${b.forms} +${b.gainPoints}`).join('; ')}`);
}
if (!only || only === 'ndnp') fixtures.ndnp = await ndnpRecall();

mkdirSync(dirname(out), { recursive: true });
writeFileSync(
  out,
  JSON.stringify(
    {
      benchmark: 'search-recall',
      date: new Date().toISOString(),
      goal: 'recall +20 points at precision >= 0.9 (occurrence level), on the demo-ocr fixture (true words known)',
      matcher: { confusionCost: CONFUSION_COST, channelLambda: CHANNEL_LAMBDA },
      fixtures,
    },
    null,
    2,
  ) + '\n',
);
console.log('wrote bench/results/search-recall.json');
