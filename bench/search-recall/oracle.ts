// Analysis tooling for issue 22: an upper bound for any matcher that searches single forms on the demo-ocr
// fixture. For each query word, every OCR form over one of its true occurrences is scored by the true and
// false OCR words it would find (the truth is used: an oracle), and forms within a distance are taken purest
// first while precision stays at 0.9 or better. Overlaps (one occurrence found by two forms) are ignored, so the
// figures are approximate.
// Run: npx tsx bench/search-recall/oracle.ts
import { ocrDistance } from '../../contract/search/ocr-distance';
import { loadArchive } from './simulate';

const a = loadArchive();
let trueOcc = 0;
let exactFound = 0;
let exactOcr = 0;
let exactFalse = 0;
const items: Array<{ t: number; f: number; occ: number; d: number }> = [];
for (const q of a.queryWords) {
  const byForm = new Map<string, { t: number; f: number; occ: Set<string> }>();
  a.pages.forEach((p, pi) => {
    const isTrue = p.truth.map((t) => t.includes(q));
    trueOcc += isTrue.filter(Boolean).length;
    for (const o of p.ocr)
      for (const tok of new Set(o.tokens)) {
        const s = byForm.get(tok) ?? byForm.set(tok, { t: 0, f: 0, occ: new Set() }).get(tok)!;
        if (o.truth >= 0 && isTrue[o.truth]) {
          s.t++;
          s.occ.add(`${pi}:${o.truth}`);
        } else s.f++;
      }
  });
  const own = byForm.get(q);
  if (own) {
    exactFound += own.occ.size;
    exactOcr += own.t + own.f;
    exactFalse += own.f;
  }
  for (const [form, s] of byForm) if (form !== q && s.t > 0) items.push({ t: s.t, f: s.f, occ: s.occ.size, d: ocrDistance(q, form, 6) });
}
console.log(`exact: recall ${((exactFound / trueOcc) * 100).toFixed(1)}% (${trueOcc} true occurrences)`);
for (const maxD of [1, 2, 3, Infinity]) {
  const pool = items.filter((i) => i.d <= maxD).sort((x, y) => y.t / (y.t + y.f) - x.t / (x.t + x.f) || y.t - x.t);
  let found = exactFound;
  let all = exactOcr;
  let right = exactOcr - exactFalse;
  for (const i of pool) {
    if ((right + i.t) / (all + i.t + i.f) < 0.9) break;
    found += i.occ;
    all += i.t + i.f;
    right += i.t;
  }
  console.log(`oracle, forms within ${maxD}: gain +${(((found - exactFound) / trueOcc) * 100).toFixed(1)} points at ${((right / all) * 100).toFixed(1)}%`);
}
