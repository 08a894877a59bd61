// Which letters this archive's OCR confuses, learned from its own vocabulary (no true text needed): a word
// printed on a few pages that is one or two edits from a word printed on many is most likely that word
// misread, and the edits that turn the one into the other are what the OCR engine does. Counted over the
// whole vocabulary, each edit's rate gives its price in the OCR distance (ocr-distance.ts): an archive read
// by an engine that drops final letters or reads s as x learns that; another learns its own. Two passes
// (the second finds each misreading's source with the first pass's prices, so misreadings of two edits are
// counted too). Pure and deterministic: both engines learn the same table from the same vocabulary, the
// device uses the table the server learned (GET /Api/Search/OcrConfusions).
import { CHANNEL_LAMBDA, type VocabularyWord } from './expand';
import { CONFUSION_COST, LISTED_CONFUSIONS, type Confusion } from './ocr-distance';

export const LEARNING = {
  /** A source is a word printed on at least this many pages. */
  minWordPages: 5,
  /** A misreading is a form printed on at most this many pages. */
  maxFormPages: 2,
  /** The source must be on at least this many times the form's pages. */
  dominance: 5,
  /** ... and likelier than every other source by this factor (else the form is not counted). */
  unique: 3,
  /** An edit seen fewer times than this is not learned (it keeps the price of any edit, 1). */
  minSeen: 3,
  /** The price of the archive's most frequent confusion, and what an edit e times rarer adds (fitted on
   *  bench/search-recall's even pages: bench/search-recall/tune.ts, bench/results/search-recall-tune.json). */
  floor: 0.08,
  slope: 0.115,
  /** The noisy channel's price of a unit of distance in the second pass (the search's). */
  lambda: CHANNEL_LAMBDA,
  /** The cheapest confusions kept at most: an OCR-tolerant word's ranges and forms grow with the table. */
  maxConfusions: 150,
  /** Misreadings counted at least, else the archive is too small to learn from: the listed table is used. */
  minEvidence: 200,
  /** Bounds on the work: the most frequent sources kept for the second pass, forms looked at (every n-th). */
  maxSources: 30_000,
  maxForms: 200_000,
};

export type LearningOptions = typeof LEARNING;

/** The learned table as kept by a store and served to devices. */
export interface OcrConfusions {
  /** The index state it was learned from (the store's fingerprint or pages_version). */
  version: string;
  /** Misreadings counted. */
  evidence: number;
  confusions: Confusion[];
}

/** The table the distance uses: the learned one when there is one, else the hand list. */
export function confusionTable(learned: { confusions: ReadonlyArray<Confusion> } | null | undefined): ReadonlyArray<Confusion> {
  return learned?.confusions.length ? learned.confusions : LISTED_CONFUSIONS;
}

const WORD = /^[a-z]{3,}$/;
const FORM = /^[a-z0-9]{4,}$/;

function deletions(w: string, out: Set<string>): void {
  for (let i = 0; i < w.length; i++) out.add(w.slice(0, i) + w.slice(i + 1));
}
function withinOne(w: string): string[] {
  const out = new Set<string>([w]);
  deletions(w, out);
  return [...out];
}
function withinTwo(w: string): string[] {
  const one = withinOne(w);
  const out = new Set<string>(one);
  for (const d of one) deletions(d, out);
  return [...out];
}

type Prices = Map<string, number>;
const key = (x: string, y: string) => `${x}>${y}`;
const price = (prices: Prices, x: string, y: string) => (x === y ? 0 : (prices.get(key(x, y)) ?? 1));

/** The cheapest single-letter edits turning `s` into `t` under `prices` (deterministic tie order: keep,
 *  substitute, drop, add, from the end). */
function edits(s: string, t: string, prices: Prices): { cost: number; ops: Array<[string, string]> } {
  const n = s.length;
  const m = t.length;
  const w = m + 1;
  const D = new Float64Array((n + 1) * w);
  for (let i = 0; i <= n; i++)
    for (let j = 0; j <= m; j++) {
      if (!i && !j) continue;
      let d = Infinity;
      if (i && j) d = D[(i - 1) * w + j - 1] + price(prices, s[i - 1], t[j - 1]);
      if (i) d = Math.min(d, D[(i - 1) * w + j] + price(prices, s[i - 1], ''));
      if (j) d = Math.min(d, D[i * w + j - 1] + price(prices, '', t[j - 1]));
      D[i * w + j] = d;
    }
  const ops: Array<[string, string]> = [];
  let i = n;
  let j = m;
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  while (i > 0 || j > 0) {
    const here = D[i * w + j];
    if (i && j && near(here, D[(i - 1) * w + j - 1] + price(prices, s[i - 1], t[j - 1]))) {
      if (s[i - 1] !== t[j - 1]) ops.push([s[i - 1], t[j - 1]]);
      i--;
      j--;
    } else if (i && near(here, D[(i - 1) * w + j] + price(prices, s[i - 1], ''))) {
      ops.push([s[i - 1], '']);
      i--;
    } else {
      ops.push(['', t[j - 1]]);
      j--;
    }
  }
  return { cost: D[n * w + m], ops };
}

/**
 * Learns the archive's confusions from its vocabulary (every indexed word with the pages holding it). Returns
 * null when the archive holds too few misreadings to learn from (then the listed table serves).
 */
export function learnConfusions(
  rows: Iterable<VocabularyWord>,
  /** isWord: a dictionary's test; a rare form that is a word is not counted as a misreading. */
  opts: Partial<LearningOptions> & { isWord?: (term: string) => boolean } = {},
): Omit<OcrConfusions, 'version'> | null {
  const o = { ...LEARNING, ...opts };
  const all = [...rows].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  const pagesOf = new Map(all.map((r) => [r.term, r.pages]));
  // Letters read, for each edit's rate: a letter on more pages had more chances to be misread.
  const letters = new Map<string, number>();
  let chances = 0;
  for (const r of all)
    for (const ch of r.term) {
      letters.set(ch, (letters.get(ch) ?? 0) + r.pages);
      chances += r.pages;
    }
  const sources = all
    .filter((r) => r.pages >= o.minWordPages && WORD.test(r.term))
    .sort((a, b) => b.pages - a.pages || (a.term < b.term ? -1 : 1))
    .slice(0, o.maxSources);
  let forms = all.filter((r) => r.pages <= o.maxFormPages && FORM.test(r.term) && !o.isWord?.(r.term));
  if (forms.length > o.maxForms) {
    const step = forms.length / o.maxForms;
    forms = Array.from({ length: o.maxForms }, (_, k) => forms[Math.floor(k * step)]);
  }

  /** One pass: each form's likeliest source within `reach` plain edits, its edits counted by the form's pages. */
  const pass = (reach: 1 | 2, prices: Prices): { seen: Map<string, number>; evidence: number } => {
    const keys = reach === 1 ? withinOne : withinTwo;
    const byKey = new Map<string, string[]>();
    for (const s of sources) for (const k of keys(s.term)) (byKey.get(k) ?? byKey.set(k, []).get(k)!).push(s.term);
    const seen = new Map<string, number>();
    let evidence = 0;
    for (const f of forms) {
      const candidates = new Set<string>();
      for (const k of keys(f.term)) for (const s of byKey.get(k) ?? []) if (s !== f.term) candidates.add(s);
      let best: { term: string; ops: Array<[string, string]> } | null = null;
      let bestScore = -Infinity;
      let second = -Infinity;
      for (const s of [...candidates].sort()) {
        const e = edits(s, f.term, prices);
        if (e.ops.length > reach || e.cost > (s.length >= 8 ? 2 : 1)) continue;
        const score = Math.log(pagesOf.get(s)!) - o.lambda * e.cost;
        if (score > bestScore) {
          second = bestScore;
          bestScore = score;
          best = { term: s, ops: e.ops };
        } else if (score > second) second = score;
      }
      if (!best || pagesOf.get(best.term)! < f.pages * o.dominance || bestScore - second < Math.log(o.unique)) continue;
      evidence += f.pages;
      for (const [x, y] of best.ops) seen.set(key(x, y), (seen.get(key(x, y)) ?? 0) + f.pages);
    }
    return { seen, evidence };
  };
  /** Prices from counts: an edit's rate among the chances it had; the most frequent costs `floor`. */
  const pricesOf = (seen: Map<string, number>): Prices => {
    const rates: Array<[string, number]> = [];
    for (const [k, n] of seen) {
      if (n < o.minSeen) continue;
      const from = k.slice(0, k.indexOf('>'));
      rates.push([k, n / (from ? (letters.get(from) ?? 1) : chances)]);
    }
    const top = Math.max(0, ...rates.map(([, r]) => r));
    const out: Prices = new Map();
    for (const [k, r] of rates) {
      const cost = Math.round(Math.min(1, o.floor + o.slope * Math.log(top / r)) * 100) / 100;
      if (cost < 1) out.set(k, cost);
    }
    return out;
  };

  const first = pass(1, new Map());
  if (first.evidence < o.minEvidence) return null;
  const second = pass(2, pricesOf(first.seen));
  const prices = pricesOf(second.seen);
  const confusions: Confusion[] = [...prices]
    .map(([k, c]) => {
      const at = k.indexOf('>');
      return [k.slice(0, at), k.slice(at + 1), c] as Confusion;
    })
    .sort((a, b) => a[2] - b[2] || (key(a[0], a[1]) < key(b[0], b[1]) ? -1 : 1))
    .slice(0, o.maxConfusions);
  // Two letters for one (rn/m, ii/n, cl/d, ...) are not seen by single-letter edits: the hand list's stay.
  for (const c of LISTED_CONFUSIONS) if ([...c[0]].length > 1 || [...c[1]].length > 1) confusions.push([c[0], c[1], CONFUSION_COST]);
  return { evidence: second.evidence, confusions };
}
