// Analysis tooling for issue 22: the demo-ocr recall benchmark replayed in memory (no store, no service),
// so matcher variants can be measured in seconds. The vocabulary is the fixture's OCR tokens with the pages
// holding each (as the index counts them), the expansion is contract/search's (fuzzyPrefixes ranges read in
// byte order, length window, chooseFuzzy), and a single-word search returns the pages holding any searched
// form, so the figures equal bench/search-recall.ts demo-ocr's (checked by the baseline line it prints).
//
// Variants: a Matcher maps a query word to the forms it searches. Fit/test: `half` restricts the tally to the
// even (fit) or odd (test) pages of the fixture; the vocabulary is always the whole archive.
//
// Run: npx tsx bench/search-recall/simulate.ts [variant ...] [--half=even|odd] [--dump=N]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { chooseFuzzy, splitWords, FUZZY_SCAN, RANGE_END, rangeStart, uniqueRows, type VocabularyWord } from '../../contract/search/expand';
import { fuzzyBudget, fuzzyEnding, fuzzyPrefixes, ocrDistanceTo, reversed, type Confusion } from '../../contract/search/ocr-distance';
import { confusionTable, learnConfusions, type LearningOptions } from '../../contract/search/confusions';
import { isEnglishWord } from '../../server/store/dictionary';
import { tokenize } from '../../contract/search/tokens';
import { createRng } from '../../server/demo/prng';
import type { FixturePage } from '../fixtures/make-demo-ocr';
import { FIXTURE_FILE } from './demo-ocr';

export interface Page {
  truth: string[][];
  ocr: Array<{ tokens: string[]; truth: number }>;
}

export interface Archive {
  pages: Page[];
  /** Sorted vocabulary. */
  vocab: string[];
  /** The vocabulary spelled backwards, sorted (for the ranges of an ending: fuzzyEnding), made when first needed. */
  byEnding?: string[];
  /** Pages holding each token. */
  pagesOf: Map<string, Set<number>>;
  queryWords: string[];
  /** The confusions the OCR distance uses: learned from this archive's vocabulary as a store learns them. */
  confusions: ReadonlyArray<Confusion>;
}

/** The archive's confusions as a store learns them (contract/search/confusions.ts), with other options. */
export function learnFor(a: Pick<Archive, 'vocab' | 'pagesOf'>, opts: Partial<LearningOptions> = {}): ReadonlyArray<Confusion> {
  return confusionTable(
    learnConfusions(
      a.vocab.map((term) => ({ term, pages: a.pagesOf.get(term)!.size })),
      { isWord: isEnglishWord, ...opts },
    ),
  );
}

/** What a matcher searches for a word: single forms, and optionally pairs of adjacent tokens (split words). */
export interface Search {
  forms: Set<string>;
  pairs?: Array<[string, string]>;
}
export type Matcher = (word: string, a: Archive) => Search;

export function loadArchive(): Archive {
  const file = JSON.parse(gunzipSync(readFileSync(FIXTURE_FILE)).toString('utf8')) as { pages: FixturePage[] };
  const dictionary = new Set((createRequire(import.meta.url)('an-array-of-english-words') as string[]).map((w) => w.toLowerCase()));
  const pages: Page[] = file.pages.map((p) => ({ truth: p.truth.map(tokenize), ocr: p.ocr.map(([t, k]) => ({ tokens: tokenize(t), truth: k })) }));
  const pagesOf = new Map<string, Set<number>>();
  pages.forEach((p, i) => {
    for (const o of p.ocr) for (const t of o.tokens) (pagesOf.get(t) ?? pagesOf.set(t, new Set()).get(t)!).add(i);
  });
  const vocab = [...pagesOf.keys()].sort();
  // Query words exactly as demo-ocr.ts draws them.
  const pagesHolding = new Map<string, number>();
  for (const p of pages) for (const w of new Set(p.truth.flat())) pagesHolding.set(w, (pagesHolding.get(w) ?? 0) + 1);
  const candidates = [...pagesHolding.keys()].filter((w) => /^[a-z]+$/.test(w) && w.length >= 4 && dictionary.has(w) && pagesHolding.get(w)! >= 2).sort();
  const rng = createRng('search-recall-demo-ocr');
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
  }
  const queryWords = candidates.slice(0, Number(process.env.RECALL_WORDS ?? 300)).sort();
  return { pages, vocab, pagesOf, queryWords, confusions: learnFor({ vocab, pagesOf }) };
}

/** Vocabulary rows from `prefix` in byte order that pass `test`, at most `limit` (as the engines read them). */
export function range(a: Archive, prefix: string, test: (t: string) => boolean, limit = FUZZY_SCAN): VocabularyWord[] {
  const lo = rangeStart(a.vocab, prefix, (t) => t);
  const out: VocabularyWord[] = [];
  const end = prefix + RANGE_END;
  for (let i = lo; i < a.vocab.length && a.vocab[i] < end && out.length < limit; i++)
    if (test(a.vocab[i])) out.push({ term: a.vocab[i], pages: a.pagesOf.get(a.vocab[i])!.size });
  return out;
}

/** Vocabulary rows ending with `ending` in order of their reversed spelling that pass `test`, at most `limit`
 *  (as the engines' vocabularyEnding reads them). */
export function endingRange(a: Archive, ending: string, test: (t: string) => boolean, limit = FUZZY_SCAN): VocabularyWord[] {
  const v = (a.byEnding ??= a.vocab.map(reversed).sort());
  const start = reversed(ending);
  const lo = rangeStart(v, start, (t) => t);
  const out: VocabularyWord[] = [];
  const end = start + RANGE_END;
  for (let i = lo; i < v.length && v[i] < end && out.length < limit; i++) {
    const term = reversed(v[i]);
    if (test(term)) out.push({ term, pages: a.pagesOf.get(term)!.size });
  }
  return out;
}

export const exact: Matcher = (word) => ({ forms: new Set([word]) });

/** fz=1 as server/services/search/expand.ts does it (its ranges read in byte order, the length window, chooseFuzzy)
 *  over the ranges `prefixes` gives and the forms of the word's ending (unless `ending: false`), with `extra`
 *  budget for words of 4+ letters. */
export function fuzzyOver(
  prefixes: (word: string, table: ReadonlyArray<Confusion>) => string[],
  extra = 0,
  opts: { ending?: boolean; split?: boolean } = {},
): Matcher {
  return (word, a) => {
    const budget = fuzzyBudget(word) + ([...word].length >= 4 ? extra : 0);
    const n = [...word].length;
    const fits = (t: string) => Math.abs([...t].length - n) <= Math.floor(budget);
    const read: VocabularyWord[] = [];
    if (budget > 0) {
      for (const prefix of prefixes(word, a.confusions)) read.push(...range(a, prefix, fits));
      const ending = opts.ending === false ? '' : fuzzyEnding(word);
      if (ending) read.push(...endingRange(a, ending, fits));
    }
    const distance = ocrDistanceTo(word, a.confusions);
    const split = opts.split === false ? [] : splitWords(word).flatMap((term) => (a.pagesOf.has(term) ? [{ term, pages: a.pagesOf.get(term)!.size }] : []));
    const words = chooseFuzzy(word, budget, uniqueRows(read), (_w, f, max) => distance(f, max), { table: a.confusions, split }).words;
    // A split reading "x y" is searched as a phrase: the two tokens side by side.
    return {
      forms: new Set(words.filter((w) => !w.includes(' '))),
      pairs: words.filter((w) => w.includes(' ')).map((w) => w.split(' ') as [string, string]),
    };
  };
}

/** Today's fz=1. */
export const fuzzy: Matcher = fuzzyOver(fuzzyPrefixes);

export interface Figures {
  recall: number;
  precision: number;
  trueOcc: number;
  found: number;
  foundOcr: number;
  foundOcrTrue: number;
  /** Missed true occurrences: [word, OCR reading]. */
  missed: Array<[string, string]>;
  /** Found OCR words that were not the word: [word, form, true word under it]. */
  wrong: Array<[string, string, string]>;
}

export function measure(a: Archive, m: Matcher, half?: 'even' | 'odd'): Figures {
  const f: Figures = { recall: 0, precision: 0, trueOcc: 0, found: 0, foundOcr: 0, foundOcrTrue: 0, missed: [], wrong: [] };
  for (const word of a.queryWords) {
    const s = m(word, a);
    a.pages.forEach((p, pi) => {
      if (half && pi % 2 !== (half === 'even' ? 0 : 1)) return;
      const isTrue = p.truth.map((t) => t.includes(word));
      // Which OCR words hold a searched form (single forms: the page is returned since it holds the form;
      // pairs: both adjacent OCR tokens, found as a phrase).
      const hitOcr = new Set<number>();
      p.ocr.forEach((o, i) => {
        if (o.tokens.some((t) => s.forms.has(t))) hitOcr.add(i);
      });
      if (s.pairs?.length) {
        const flat: Array<[string, number]> = p.ocr.flatMap((o, i) => o.tokens.map((t) => [t, i] as [string, number]));
        for (let k = 0; k + 1 < flat.length; k++)
          for (const [x, y] of s.pairs)
            if (flat[k][0] === x && flat[k + 1][0] === y) {
              hitOcr.add(flat[k][1]);
              hitOcr.add(flat[k + 1][1]);
            }
      }
      const found = new Set<number>();
      for (const i of hitOcr) {
        const o = p.ocr[i];
        f.foundOcr++;
        if (o.truth >= 0 && isTrue[o.truth]) {
          f.foundOcrTrue++;
          found.add(o.truth);
        } else f.wrong.push([word, o.tokens.join(' '), o.truth >= 0 ? p.truth[o.truth].join(' ') : '(none)']);
      }
      isTrue.forEach((t, i) => {
        if (!t) return;
        f.trueOcc++;
        if (found.has(i)) f.found++;
        else
          f.missed.push([
            word,
            p.ocr
              .filter((o) => o.truth === i)
              .flatMap((o) => o.tokens)
              .join(' '),
          ]);
      });
    });
  }
  f.recall = f.found / f.trueOcc;
  f.precision = f.foundOcrTrue / f.foundOcr;
  return f;
}

export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function report(name: string, base: Figures, f: Figures) {
  console.log(
    `${name.padEnd(28)} recall ${pct(f.recall)} precision ${pct(f.precision)} gain ${((f.recall - base.recall) * 100).toFixed(1)} (found ${f.found}/${f.trueOcc}, false ${f.foundOcr - f.foundOcrTrue})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const a = loadArchive();
  const args = process.argv.slice(2);
  const half = args.find((x) => x.startsWith('--half='))?.slice(7) as 'even' | 'odd' | undefined;
  const dump = Number(args.find((x) => x.startsWith('--dump='))?.slice(7) ?? 0);
  const base = measure(a, exact, half);
  report('exact', base, base);
  const fz = measure(a, fuzzy, half);
  report('fz=1', base, fz);
  if (dump) {
    const rng = createRng('dump');
    const sample = <T>(xs: T[]) => Array.from({ length: Math.min(dump, xs.length) }, () => xs[rng.int(0, xs.length - 1)]);
    console.log(
      'missed:',
      sample(fz.missed)
        .map(([w, r]) => `${w}<-${r || '∅'}`)
        .join('  '),
    );
    console.log(
      'wrong:',
      sample(fz.wrong)
        .map(([w, r, t]) => `${w}:${r}(${t})`)
        .join('  '),
    );
  }
}
