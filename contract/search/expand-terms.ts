// A search's patterns (wash*, wom?n) and OCR-tolerant words (senate~, or every word with fz=1) turned into the
// index words they stand for, over any vocabulary: the server's engines (read asynchronously) and the offline
// worker's device index (read synchronously) hand their vocabulary to this one function, so a search expands to
// the same words on both, within the same bounds. Realm-neutral: no DOM, no Node.
import { QueryError, type SearchRow } from './query';
import { MAX_VOCABULARY_ROWS, checkSearchSize, expansionKey, termsToExpand, type Expansion } from './plan';
import {
  EXPANSION_SCAN,
  FUZZY_SCAN,
  RANGE_END,
  chooseExpansion,
  chooseFuzzy,
  splitWords,
  uniqueRows,
  vocabularyPattern,
  type VocabularyPattern,
  type VocabularyWord,
} from './expand';
import { fuzzyBudget, fuzzyEnding, fuzzyPrefixes, ocrDistanceTo, type Confusion } from './ocr-distance';

export type Awaitable<T> = T | Promise<T>;

/** Lengths of words, in code points (both ends included). */
export interface Lengths {
  min: number;
  max: number;
}

/**
 * A vocabulary as the expansions read it: the index's words with how many pages hold each. The server's engines
 * answer with promises, the device's index at once; every read is in byte order and at most `limit` rows.
 */
export interface VocabularySource {
  /** The words of the range [pattern.prefix, pattern.prefix + U+10FFFF) that pass `pattern.test` (and are
   *  within `pattern.lengths`, when given). */
  vocabulary(pattern: VocabularyPattern, limit: number): Awaitable<VocabularyWord[]>;
  /** Several ranges within a length window at once, each as vocabulary() reads it, where one read is cheaper;
   *  null to have them read one by one with vocabulary(). */
  vocabularyRanges?(prefixes: string[], lengths: Lengths, limit: number): Awaitable<VocabularyWord[][] | null>;
  /** Words ending with `ending` within the length window, in byte order of their reversed spelling. */
  vocabularyEnding(ending: string, lengths: Lengths, limit: number): Awaitable<VocabularyWord[]>;
  /** These words as the index holds them, in byte order; words it does not hold are left out. */
  vocabularyTerms(terms: string[]): Awaitable<VocabularyWord[]>;
  /** The OCR confusions the distance uses: read once per expansion, when an OCR-tolerant word needs them. */
  confusions(): Awaitable<ReadonlyArray<Confusion>>;
}

/** A time budget checked between reads (check) and in tight loops (tick): the server's Deadline. */
export interface ExpansionDeadline {
  check(): void;
  tick(): void;
}

export interface ExpandOptions {
  fuzzy?: boolean;
  /** Variants the visitor set aside: not searched (the word as typed always is). */
  exclude?: string[];
  deadline?: ExpansionDeadline;
  /** Vocabulary rows all the expansions may read together (default MAX_VOCABULARY_ROWS). */
  maxRows?: number;
  /** Expansions already chosen on this vocabulary, by term (read first, filled as terms are expanded): the
   *  owner clears it when the vocabulary or the confusion table changes. */
  cache?: Map<string, Expansion>;
}

const tooBroad = () =>
  new QueryError('The words with * ? or ~ in this search match too much of the vocabulary: add letters to them, or search fewer of them at once.');

/** The lengths of a word's forms: within `budget` letters of its own. */
export function formLengths(word: string, budget: number): Lengths {
  const n = [...word].length;
  return { min: Math.max(1, n - Math.floor(budget)), max: n + Math.floor(budget) };
}

/** The words of a vocabulary range within the length window, as a pattern vocabulary() reads. */
export function formsPattern(prefix: string, lengths: Lengths): VocabularyPattern {
  const test = (t: string) => {
    const len = [...t].length;
    return t < prefix + RANGE_END && len >= lengths.min && len <= lengths.max;
  };
  return { prefix, like: `${prefix}%`, test, lengths };
}

const isPromise = <T>(x: Awaitable<T>): x is Promise<T> => typeof (x as Promise<T> | null)?.then === 'function';

/** One read handed to the driver: its answer comes back as the yield's value. */
function* wait<T>(x: Awaitable<T>): Generator<Awaitable<unknown>, T, unknown> {
  return (yield x) as T;
}

type Steps = Generator<Awaitable<unknown>, Map<string, Expansion>, unknown>;

/** The expansion, written once: each vocabulary read is yielded, and the driver (sync or async) answers it. */
function* expansionSteps(source: VocabularySource, rows: SearchRow[], opts: ExpandOptions): Steps {
  // Refused before any vocabulary is read: too many words, or too many of them to expand.
  checkSearchSize(rows, opts.fuzzy);
  const out = new Map<string, Expansion>();
  const excluded = new Set(opts.exclude ?? []);
  const { deadline, cache } = opts;
  // Every read is given at most one row more than the search has left, so a source never reads past the budget,
  // and a read that fills its share is refused; a read that does not fill it is complete as it was.
  let left = opts.maxRows ?? MAX_VOCABULARY_ROWS;
  const share = (limit: number) => Math.max(1, Math.min(limit, left + 1));
  const spend = <T>(read: T[]): T[] => {
    if (read.length > left) throw tooBroad();
    left -= read.length;
    deadline?.check();
    return read;
  };
  // A source may test a range's rows with the pattern's test (SQLite in JavaScript): the deadline is checked there.
  const watched = (p: VocabularyPattern): VocabularyPattern =>
    deadline
      ? {
          ...p,
          test: (t) => {
            deadline.tick();
            return p.test(t);
          },
        }
      : p;
  let table: ReadonlyArray<Confusion> | null = null;
  for (const term of termsToExpand(rows, opts.fuzzy)) {
    deadline?.check();
    const label = expansionKey(term)!;
    let e = cache?.get(label);
    if (!e && term.kind === 'pattern') {
      const read = spend(yield* wait(source.vocabulary(watched(vocabularyPattern(term.pattern)), share(EXPANSION_SCAN + 1))));
      e = chooseExpansion(read);
    } else if (!e && term.kind === 'fuzzy') {
      table ??= yield* wait(source.confusions());
      const budget = fuzzyBudget(term.token, term.distance);
      const read: VocabularyWord[] = [];
      let split: VocabularyWord[] = [];
      if (budget > 0) {
        const prefixes = fuzzyPrefixes(term.token, table);
        const lengths = formLengths(term.token, budget);
        // The ending's forms are read meanwhile (on PostgreSQL a second connection); its share is counted after.
        const end = fuzzyEnding(term.token);
        const endingLimit = share(FUZZY_SCAN);
        const ending: Awaitable<VocabularyWord[]> = end ? source.vocabularyEnding(end, lengths, endingLimit) : [];
        if (isPromise(ending)) ending.catch(() => undefined); // reported when it is waited for below
        const batch = source.vocabularyRanges ? yield* wait(source.vocabularyRanges(prefixes, lengths, share(FUZZY_SCAN))) : null;
        if (batch) for (const rows of batch) read.push(...spend(rows));
        else for (const prefix of prefixes) read.push(...spend(yield* wait(source.vocabulary(watched(formsPattern(prefix, lengths)), share(FUZZY_SCAN)))));
        const ends = yield* wait(ending);
        if (ends.length >= endingLimit && endingLimit < FUZZY_SCAN) throw tooBroad();
        read.push(...spend(ends));
        // The word's readings split in two: its pieces and halves the index holds, looked up exactly.
        split = spend(yield* wait(source.vocabularyTerms(splitWords(term.token))));
      }
      const distance = ocrDistanceTo(term.token, table);
      e = chooseFuzzy(
        term.token,
        budget,
        uniqueRows(read),
        (_word, form, max) => {
          deadline?.tick();
          return distance(form, max);
        },
        { table, split },
      );
    }
    if (!e) continue;
    cache?.set(label, e);
    // A variant the visitor set aside is not searched (the word as typed always is).
    out.set(label, term.kind === 'fuzzy' ? { ...e, words: e.words.filter((w) => w === term.token || !excluded.has(w)) } : e);
  }
  return out;
}

/** The expansions of a search's rows over a vocabulary read asynchronously (the server's engines). */
export async function expandTerms(source: VocabularySource, rows: SearchRow[], opts: ExpandOptions = {}): Promise<Map<string, Expansion>> {
  const steps = expansionSteps(source, rows, opts);
  let step = steps.next();
  while (!step.done) step = steps.next(await step.value);
  return step.value;
}

/** The same expansions over a vocabulary that answers at once (the device's index): no promise is awaited. */
export function expandTermsSync(source: VocabularySource, rows: SearchRow[], opts: ExpandOptions = {}): Map<string, Expansion> {
  const steps = expansionSteps(source, rows, opts);
  let step = steps.next();
  while (!step.done) {
    if (isPromise(step.value)) throw new Error('expandTermsSync: the vocabulary answered with a promise');
    step = steps.next(step.value);
  }
  return step.value;
}
