// Matcher variants for issue 22 (OCR-tolerant search recall), measured in memory by simulate.ts on the demo-ocr
// fixture. Analysis only: nothing here is product code. Each variant's parameters were chosen on the fixture's
// even pages and are reported on its odd pages as well (the vocabulary is always the whole archive).
//
// The noisy channel (`bayes`): a vocabulary form F is searched for the word Q when Q is F's likeliest source,
// scoring a source W by log(pages holding W) - lambda * ocrDistance(W, F), where F itself counts as a source at
// distance 0 (a form frequent enough is a word of its own; this replaces MISREADING_RATIO), and Q must beat
// every other source by `margin`. Forms up to a budget one larger than fz=1's are candidates.
//
// Run: npx tsx bench/search-recall/variants.ts [name filter]   (all: writes bench/results/search-recall-variants.json)
import { type VocabularyWord } from '../../contract/search/expand';

/** The misreading ratio fz=1 used before the channel (a form on a quarter of the word's pages or more was a word of its own). */
const MISREADING_RATIO = 4;
import { confusionPrefixes, fuzzyPrefixes, ocrDistanceTo } from '../../contract/search/ocr-distance';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exact, fuzzy, fuzzyOver, loadArchive, measure, pct, range, type Archive, type Figures, type Matcher, type Search } from './simulate';

/** Options of the noisy-channel matcher. */
export interface ChannelOptions {
  /** Looser budget by word length. */
  budget: (n: number) => number;
  /** A form on at least this many pages is a word of its own (the dictionary). */
  dictPages: number;
  /** The nearest other dictionary word must be at least this much farther than the query word. */
  margin: number;
  /** Read the whole length window, not only the confusion ranges (confusionPrefixes). */
  anyStart: boolean;
  /** Also search split readings: the word's two halves as adjacent tokens. */
  splits: boolean;
  /** Keep today's fz=1 forms too (the channel only adds). */
  keepToday: boolean;
  /** Misreading ratio used for the channel's forms. */
  ratio: number;
}

/** Dictionary per archive and threshold: forms on dictPages+ pages, by length. */
const dictCache = new Map<string, Map<number, string[]>>();
function dictionary(a: Archive, dictPages: number): Map<number, string[]> {
  const key = `${dictPages}`;
  let d = dictCache.get(key);
  if (!d) {
    d = new Map();
    for (const t of a.vocab)
      if (a.pagesOf.get(t)!.size >= dictPages && /^[a-z]+$/.test(t)) {
        const n = t.length;
        (d.get(n) ?? d.set(n, []).get(n)!).push(t);
      }
    dictCache.set(key, d);
  }
  return d;
}

/** Distance from each dictionary word to a form, memoised per form (the nearest-source test). */
const nearestCache = new Map<string, Array<[string, number]>>();
/** Dictionary words within `max` of form (by the word's confusion-aware distance to the form). */
function sourcesOf(a: Archive, form: string, dictPages: number, max: number): Array<[string, number]> {
  const key = `${dictPages}|${max}|${form}`;
  let out = nearestCache.get(key);
  if (out) return out;
  out = [];
  const dict = dictionary(a, dictPages);
  const n = form.length;
  for (let len = Math.max(1, n - Math.floor(max)); len <= n + Math.floor(max); len++)
    for (const w of dict.get(len) ?? []) {
      const d = ocrDistanceTo(w)(form, max);
      if (d <= max) out.push([w, d]);
    }
  nearestCache.set(key, out);
  return out;
}

export function channel(o: ChannelOptions): Matcher {
  return (word, a) => {
    const forms = o.keepToday ? fuzzy(word, a).forms : new Set([word]);
    const n = word.length;
    const b = o.budget(n);
    const own = a.pagesOf.get(word)?.size ?? 0;
    const win = Math.floor(b);
    const fits = (t: string) => Math.abs(t.length - n) <= win;
    const read: VocabularyWord[] = [];
    if (o.anyStart) read.push(...range(a, '', fits, Infinity));
    else for (const prefix of confusionPrefixes(word)) read.push(...range(a, prefix, fits, Infinity));
    const dist = ocrDistanceTo(word);
    for (const r of read) {
      if (forms.has(r.term)) continue;
      if (own > 0 && r.pages * o.ratio > own) continue;
      const d = dist(r.term, b);
      if (d > b) continue;
      // Q must be the form's unique likeliest source: every other dictionary word (as frequent as a source
      // would be) at least `margin` farther.
      const rivals = sourcesOf(a, r.term, o.dictPages, d + o.margin - 1e-9).filter(
        ([w]) => w !== word && w !== r.term && a.pagesOf.get(w)!.size >= r.pages * o.ratio,
      );
      if (rivals.length) continue;
      forms.add(r.term);
    }
    const s: Search = { forms };
    if (o.splits) s.pairs = splits(word, a);
    return s;
  };
}

/** The word's two halves (each 2+ letters) where both are in the vocabulary: searched as adjacent tokens. */
export function splits(word: string, a: Archive): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let k = 2; k <= word.length - 2; k++) {
    const x = word.slice(0, k);
    const y = word.slice(k);
    if (a.pagesOf.has(x) && a.pagesOf.has(y)) out.push([x, y]);
  }
  return out;
}

export const withSplits =
  (m: Matcher): Matcher =>
  (word, a) => ({ ...m(word, a), pairs: splits(word, a) });

/** Options of the probabilistic noisy channel: a form's source is the vocabulary word W that maximises
 *  log(pages(W)) - lambda * distance(W, form); the form itself is a candidate at distance 0. */
export interface BayesOptions {
  budget: (n: number) => number;
  lambda: number;
  /** The query word must beat the second likeliest source by this much (log units). */
  margin: number;
  anyStart: boolean | 'edit';
  splits: boolean;
  /** The prior: pages holding a word (what the index keeps) or its occurrences. */
  prior?: 'pages' | 'count';
}

/** Occurrences of each token in the archive. */
let counts: Map<string, number> | null = null;
function countOf(a: Archive, t: string): number {
  if (!counts) {
    counts = new Map();
    for (const p of a.pages) for (const o of p.ocr) for (const x of o.tokens) counts.set(x, (counts.get(x) ?? 0) + 1);
  }
  return counts.get(t) ?? 0;
}

/** Vocabulary words by pages, most first. */
const byPrior = new Map<string, Array<[string, number]>>();
/** Whether a word other than `word` and `form` is a likelier source of `form` than a score of `floor`. */
function rivalOf(a: Archive, form: string, word: string, floor: number, lambda: number, prior: 'pages' | 'count'): boolean {
  let list = byPrior.get(prior);
  if (!list) {
    list = a.vocab.map((t) => [t, prior === 'count' ? countOf(a, t) : a.pagesOf.get(t)!.size] as [string, number]).sort((x, y) => y[1] - x[1]);
    byPrior.set(prior, list);
  }
  for (const [w, pages] of list) {
    const lp = Math.log(pages);
    if (lp <= floor) break;
    if (w === word || w === form) continue;
    const max = (lp - floor) / lambda;
    if (Math.abs(w.length - form.length) >= max) continue;
    if (ocrDistanceTo(w)(form, max) < max) return true;
  }
  return false;
}

export function bayes(o: BayesOptions): Matcher {
  return (word, a) => {
    const forms = new Set([word]);
    const n = word.length;
    const b = o.budget(n);
    const prior = o.prior ?? 'pages';
    const own = prior === 'count' ? countOf(a, word) : (a.pagesOf.get(word)?.size ?? 0);
    const fits = (t: string) => Math.abs(t.length - n) <= Math.floor(b);
    const read: VocabularyWord[] = [];
    if (o.anyStart === true) read.push(...range(a, '', fits, Infinity));
    else for (const prefix of o.anyStart === 'edit' ? startEditPrefixes(word) : confusionPrefixes(word)) read.push(...range(a, prefix, fits, Infinity));
    const dist = ocrDistanceTo(word);
    if (own > 0)
      for (const r of read) {
        if (r.term === word) continue;
        const d = dist(r.term, b);
        if (d > b) continue;
        const mine = Math.log(own) - o.lambda * d;
        // the form as a word of its own
        if (Math.log(prior === 'count' ? countOf(a, r.term) : r.pages) + o.margin > mine) continue;
        // A rival source W beats Q when log pages(W) - lambda * d(W, form) + margin > mine: only words on more
        // than e^(mine - margin) pages can, each within a distance its frequency allows.
        if (rivalOf(a, r.term, word, mine - o.margin, o.lambda, prior)) continue;
        forms.add(r.term);
      }
    const s: Search = { forms };
    if (o.splits) s.pairs = splits(word, a);
    return s;
  };
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** confusionPrefixes plus the ranges of a first letter changed, dropped or added (the next letters kept). */
export function startEditPrefixes(word: string): string[] {
  const out = new Set(confusionPrefixes(word));
  out.add(word.slice(1, 3));
  for (const c of ALNUM) {
    out.add(c + word.slice(1, 3));
    out.add(c + word.slice(0, 2));
  }
  // drop prefixes covered by a shorter one
  return [...out].filter((p) => ![...out].some((q) => q !== p && p.startsWith(q))).sort();
}

/** Adjacent token pairs of the archive (a bigram vocabulary), by their concatenation. */
let bigrams: Map<string, Array<[string, string]>> | null = null;
/** Split words joined: every adjacent pair whose concatenation is within `budget` of the word (no rival test). */
export function fuzzySplits(budget: (n: number) => number): (word: string, a: Archive) => Array<[string, string]> {
  return (word, a) => {
    if (!bigrams) {
      bigrams = new Map();
      for (const p of a.pages) {
        const flat = p.ocr.flatMap((o) => o.tokens);
        for (let k = 0; k + 1 < flat.length; k++) {
          const j = flat[k] + flat[k + 1];
          const l = bigrams.get(j) ?? bigrams.set(j, []).get(j)!;
          if (!l.some(([x, y]) => x === flat[k] && y === flat[k + 1])) l.push([flat[k], flat[k + 1]]);
        }
      }
    }
    const b = budget(word.length);
    const dist = ocrDistanceTo(word);
    const out: Array<[string, string]> = [];
    for (const [j, pairs] of bigrams)
      if (Math.abs(j.length - word.length) <= b && dist(j, b) <= b) out.push(...pairs.filter(([x, y]) => x.length >= 2 && y.length >= 2));
    return out;
  };
}

/** The variants README's "Search recall" paragraph reports, fitted on the even pages, reported on the odd ones. */
const b1 = (n: number) => (n >= 8 ? 2 : n >= 4 ? 1 : 0);
const b2 = (n: number) => (n >= 8 ? 3 : n >= 4 ? 2 : 0);
const b04 = (n: number) => (n >= 8 ? 1 : n >= 4 ? 0.4 : 0);
const bayes2 = (o: Partial<BayesOptions>) => bayes({ budget: b2, lambda: 1.25, margin: 0, anyStart: true, splits: true, ...o });
const withPairs =
  (m: Matcher, pairs: (w: string, a: Archive) => Array<[string, string]>): Matcher =>
  (w, a) => ({ ...m(w, a), pairs: pairs(w, a) });
export const VARIANTS: Array<[string, () => Matcher]> = [
  ['fz=1 (today)', () => fuzzy],
  ['fz=1 + split halves as a phrase', () => withSplits(fuzzy)],
  ['fz=1 without the forms of the ending (before the afternoon of 2026-11-25)', () => fuzzyOver(fuzzyPrefixes, 0, { ending: false })],
  ['fz=1 with the confusion ranges only (before 2026-11-25)', () => fuzzyOver(confusionPrefixes, 0, { ending: false })],
  ['fz=1, budget +0.4, + split halves', () => withSplits(fuzzyOver(fuzzyPrefixes, 0.4))],
  [
    'dictionary-unique source, budget +1 (forms on 3+ pages are words; rival 1 farther)',
    () => channel({ budget: b2, dictPages: 3, margin: 1, anyStart: false, splits: false, keepToday: true, ratio: MISREADING_RATIO }),
  ],
  ['channel, budget +1, confusion ranges', () => bayes2({ anyStart: false, splits: false })],
  ['channel, budget +1, first letter edited, + split halves', () => bayes2({ anyStart: 'edit' })],
  ['channel, budget +1, any start, + split halves', () => bayes2({})],
  ['channel, margin 0.2, any start, + split halves', () => bayes2({ margin: 0.2 })],
  ['channel, occurrence prior (lambda 1.75), any start, + split halves', () => bayes2({ prior: 'count', lambda: 1.75 })],
  ['channel, any start, + adjacent pairs within 1 of the word', () => withPairs(bayes2({ splits: false }), fuzzySplits(b1))],
  ['channel, any start, + adjacent pairs within 0.4 of the word', () => withPairs(bayes2({ splits: false }), fuzzySplits(b04))],
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const a = loadArchive();
  const only = process.argv[2];
  const rows: unknown[] = [];
  const halves = { fit: measure(a, exact, 'even'), test: measure(a, exact, 'odd') };
  const sum = (x: Figures, y: Figures) => {
    const found = x.found + y.found;
    const trueOcc = x.trueOcc + y.trueOcc;
    return { recall: found / trueOcc, precision: (x.foundOcrTrue + y.foundOcrTrue) / (x.foundOcr + y.foundOcr) };
  };
  const base = { fit: halves.fit.recall, test: halves.test.recall, all: sum(halves.fit, halves.test).recall };
  const fmt = (r: { recall: number; precision: number }, b: number) => ({
    recall: +r.recall.toFixed(4),
    precision: +r.precision.toFixed(4),
    gainPoints: Math.round((r.recall - b) * 1000) / 10,
  });
  console.log(`exact: recall fit ${pct(base.fit)} test ${pct(base.test)} all ${pct(base.all)}`);
  for (const [name, make] of VARIANTS) {
    if (only && !name.includes(only)) continue;
    const fit = measure(a, make(), 'even');
    const test = measure(a, make(), 'odd');
    const row = { variant: name, fit: fmt(fit, base.fit), test: fmt(test, base.test), all: fmt(sum(fit, test), base.all) };
    rows.push(row);
    console.log(
      `${name.padEnd(86)} fit +${row.fit.gainPoints} at ${pct(row.fit.precision)} | test +${row.test.gainPoints} at ${pct(row.test.precision)} | all +${row.all.gainPoints} at ${pct(row.all.precision)}`,
    );
  }
  if (!only) {
    const out = join(import.meta.dirname, '../results/search-recall-variants.json');
    writeFileSync(
      out,
      JSON.stringify(
        {
          benchmark: 'search-recall variants (bench/search-recall/variants.ts, in memory; demo-ocr fixture)',
          date: new Date().toISOString(),
          method:
            'parameters fitted on the even pages (fit), reported on the odd pages (test); all = both halves; gain in points of occurrence recall over exact search',
          goal: 'recall +20 points at precision >= 0.9',
          exactRecall: { fit: +base.fit.toFixed(4), test: +base.test.toFixed(4), all: +base.all.toFixed(4) },
          variants: rows,
        },
        null,
        2,
      ) + '\n',
    );
    console.log('wrote bench/results/search-recall-variants.json');
  }
}
