// Matcher variants for issue 22, measured in memory by simulate.ts (analysis only; nothing here is product code).
//   npx tsx bench/search-recall/variants.ts [--half=even|odd]
import { chooseFuzzy, MISREADING_RATIO, type VocabularyWord } from '../../contract/search/expand';
import { fuzzyBudget, fuzzyPrefixes, ocrDistanceTo } from '../../contract/search/ocr-distance';
import { exact, fuzzy, loadArchive, measure, range, report, type Archive, type Matcher, type Search } from './simulate';

/** Options of the noisy-channel matcher. */
export interface ChannelOptions {
  /** Looser budget by word length. */
  budget: (n: number) => number;
  /** A form on at least this many pages is a word of its own (the dictionary). */
  dictPages: number;
  /** The nearest other dictionary word must be at least this much farther than the query word. */
  margin: number;
  /** Read the whole length window, not only the fuzzyPrefixes ranges. */
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
    else for (const prefix of fuzzyPrefixes(word)) read.push(...range(a, prefix, fits, Infinity));
    const dist = ocrDistanceTo(word);
    for (const r of read) {
      if (forms.has(r.term)) continue;
      if (own > 0 && r.pages * o.ratio > own) continue;
      const d = dist(r.term, b);
      if (d > b) continue;
      // Q must be the form's unique likeliest source: every other dictionary word (as frequent as a source
      // would be) at least `margin` farther.
      const rivals = sourcesOf(a, r.term, o.dictPages, d + o.margin - 1e-9).filter(([w]) => w !== word && w !== r.term && (a.pagesOf.get(w)!.size >= r.pages * o.ratio));
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
  /** Rival sources are read among forms on at least this many pages. */
  rivalPages: number;
  anyStart: boolean | 'edit';
  splits: boolean;
}

/** Vocabulary words by pages, most first. */
let byPages: Array<[string, number]> | null = null;
/** Whether a word other than `word` and `form` is a likelier source of `form` than a score of `floor`. */
function rivalOf(a: Archive, form: string, word: string, floor: number, lambda: number): boolean {
  byPages ??= a.vocab.map((t) => [t, a.pagesOf.get(t)!.size] as [string, number]).sort((x, y) => y[1] - x[1]);
  for (const [w, pages] of byPages) {
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
    const own = a.pagesOf.get(word)?.size ?? 0;
    const fits = (t: string) => Math.abs(t.length - n) <= Math.floor(b);
    const read: VocabularyWord[] = [];
    if (o.anyStart === true) read.push(...range(a, '', fits, Infinity));
    else for (const prefix of o.anyStart === 'edit' ? startEditPrefixes(word) : fuzzyPrefixes(word)) read.push(...range(a, prefix, fits, Infinity));
    const dist = ocrDistanceTo(word);
    if (own > 0)
      for (const r of read) {
        if (r.term === word) continue;
        const d = dist(r.term, b);
        if (d > b) continue;
        const mine = Math.log(own) - o.lambda * d;
        // the form as a word of its own
        if (Math.log(r.pages) + o.margin > mine) continue;
        // A rival source W beats Q when log pages(W) - lambda * d(W, form) + margin > mine: only words on more
        // than e^(mine - margin) pages can, each within a distance its frequency allows.
        if (rivalOf(a, r.term, word, mine - o.margin, o.lambda)) continue;
        forms.add(r.term);
      }
    const s: Search = { forms };
    if (o.splits) s.pairs = splits(word, a);
    return s;
  };
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** fuzzyPrefixes plus the ranges of a first letter changed, dropped or added (the next letters kept). */
export function startEditPrefixes(word: string): string[] {
  const out = new Set(fuzzyPrefixes(word));
  out.add(word.slice(1, 3));
  for (const c of ALNUM) {
    out.add(c + word.slice(1, 3));
    out.add(c + word.slice(0, 2));
  }
  // drop prefixes covered by a shorter one
  return [...out].filter((p) => ![...out].some((q) => q !== p && p.startsWith(q))).sort();
}


if (import.meta.url === `file://${process.argv[1]}`) {
  const a = loadArchive();
  const half = process.argv.find((x) => x.startsWith('--half='))?.slice(7) as 'even' | 'odd' | undefined;
  const which = process.argv.find((x) => x.startsWith('--only='))?.slice(7);
  const base = measure(a, exact, half);
  report('exact', base, base);
  report('fz=1', base, measure(a, fuzzy, half));
  const budgets: Record<string, (n: number) => number> = {
    b2: (n) => (n >= 8 ? 3 : n >= 4 ? 2 : 0),
    b3: (n) => (n >= 8 ? 4 : n >= 4 ? 3 : 0),
    b25: (n) => (n >= 8 ? 3.5 : n >= 4 ? 2.5 : 0),
  };
  const list = (k: string, d: string) => (process.env[k] ?? d).split(',');
  const runs: Array<[string, Matcher]> = [];
  for (const bn of list('B', 'b2'))
    for (const lambda of list('L', '1,1.5,2').map(Number))
      for (const margin of list('M', '0,1').map(Number))
        for (const start of list('S', 'true,edit'))
          for (const sp of list('SPLIT', '0')) {
            const anyStart = start === 'true' ? true : start === 'edit' ? 'edit' : false;
            runs.push([`bayes ${bn} l${lambda} m${margin} ${start}${sp === '1' ? ' split' : ''}`, bayes({ budget: budgets[bn], lambda, margin, rivalPages: 2, anyStart, splits: sp === '1' })]);
          }
  for (const [name, m] of runs) if (!which || name.includes(which)) report(name, base, measure(a, m, half));
}
