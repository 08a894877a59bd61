// Analysis tooling for issue 22: an upper bound for any matcher that searches single forms on the demo-ocr
// fixture, the distance by the confusions learned from the fixture's vocabulary (as the store learns them). For
// each query word, every OCR form over one of its true occurrences is scored by the true and
// false OCR words it would find (the truth is used: an oracle), and forms within a distance are taken purest
// first while precision stays at 0.9 or better. Overlaps (one occurrence found by two forms) are ignored, so the
// figures are approximate.
// Run: npx tsx bench/search-recall/oracle.ts (bench/search-recall.ts records the same figures for demo-ocr)
import { fuzzyBudget, ocrDistance } from '../../contract/search/ocr-distance';
import { fileURLToPath } from 'node:url';
import { loadArchive, type Archive } from './simulate';

export interface OracleBound {
  forms: string;
  gainPoints: number;
  precision: number;
}

/** The oracle's gains at precision 0.9: within word~'s own budget (also with every split word found for free),
 *  then within distances 1, 2, 3 and any. (A form can hold occurrences a split word also holds: the second
 *  figure can count a few twice, so it is an upper bound.) */
export function oracleBounds(a: Archive = loadArchive()): { exactRecall: number; bounds: OracleBound[] } {
  let trueOcc = 0;
  let exactFound = 0;
  let exactOcr = 0;
  let exactFalse = 0;
  /** True occurrences read as several tokens, none of them the word itself (split words). */
  let split = 0;
  const items: Array<{ t: number; f: number; occ: number; d: number; budget: number }> = [];
  for (const q of a.queryWords) {
    const byForm = new Map<string, { t: number; f: number; occ: Set<string> }>();
    a.pages.forEach((p, pi) => {
      const isTrue = p.truth.map((t) => t.includes(q));
      trueOcc += isTrue.filter(Boolean).length;
      const readings = new Map<number, string[]>();
      for (const o of p.ocr) if (o.truth >= 0 && isTrue[o.truth]) readings.set(o.truth, [...(readings.get(o.truth) ?? []), ...o.tokens]);
      for (const r of readings.values()) if (r.length > 1 && !r.includes(q)) split++;
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
    for (const [form, s] of byForm)
      if (form !== q && s.t > 0) items.push({ t: s.t, f: s.f, occ: s.occ.size, d: ocrDistance(q, form, 6, a.confusions), budget: fuzzyBudget(q) });
  }
  /** The largest gain at precision 0.9 from the forms `within` admits, purest first (the truth chooses). */
  /** `splits`: every split word counted found, with no false find (more than any matcher could do). */
  const bound = (forms: string, within: (i: (typeof items)[number]) => boolean, splits = false): OracleBound => {
    const pool = items.filter(within).sort((x, y) => y.t / (y.t + y.f) - x.t / (x.t + x.f) || y.t - x.t);
    let found = exactFound + (splits ? split : 0);
    let all = exactOcr + (splits ? split : 0);
    let right = exactOcr - exactFalse + (splits ? split : 0);
    for (const i of pool) {
      if ((right + i.t) / (all + i.t + i.f) < 0.9) break;
      found += i.occ;
      all += i.t + i.f;
      right += i.t;
    }
    return { forms, gainPoints: Math.round(((found - exactFound) / trueOcc) * 1000) / 10, precision: Math.round((right / all) * 1000) / 1000 };
  };
  return {
    exactRecall: Math.round((exactFound / trueOcc) * 1000) / 1000,
    bounds: [
      // The issue's own budget for word~ (fuzzyBudget: 1 for 4-7 letters, 2 for 8 or more), in the confusion-aware distance.
      bound("within word~'s budget (1 for 4-7 letters, 2 for 8+)", (i) => i.d <= i.budget),
      bound("within word~'s budget, and every split word found with no false find", (i) => i.d <= i.budget, true),
      ...[1, 2, 3, Infinity].map((maxD) => bound(`within ${maxD}`, (i) => i.d <= maxD)),
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { exactRecall, bounds } = oracleBounds();
  console.log(`exact: recall ${(exactRecall * 100).toFixed(1)}%`);
  for (const b of bounds) console.log(`oracle, forms ${b.forms}: gain +${b.gainPoints} points at ${(b.precision * 100).toFixed(1)}%`);
}
