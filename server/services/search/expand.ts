// Before planning: the engine's vocabulary turns each pattern (wash*, wom?n) and each OCR-tolerant word
// (senate~, or every word with fz=1) into the index words it stands for, bounded (contract/search/expand.ts),
// so both engines search the same words.
import type { SearchRow } from '../../../contract/search/query';
import { QueryError } from '../../../contract/search/query';
import { MAX_VOCABULARY_ROWS, checkSearchSize, expansionKey, termsToExpand, type Expansion } from '../../../contract/search/plan';
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
} from '../../../contract/search/expand';
import { fuzzyBudget, fuzzyEnding, fuzzyPrefixes, ocrDistanceTo, type Confusion } from '../../../contract/search/ocr-distance';
import { confusionTable } from '../../../contract/search/confusions';
import type { SearchRepo } from '../../store/types';
import type { Deadline } from './budget';

/** The lengths of a word's forms: within `budget` letters of its own. */
function lengthsOf(word: string, budget: number): { min: number; max: number } {
  const n = [...word].length;
  return { min: Math.max(1, n - Math.floor(budget)), max: n + Math.floor(budget) };
}

/** The words of a vocabulary range within `budget` letters of the word's length, in byte order. */
function formsOf(prefix: string, word: string, budget: number): VocabularyPattern {
  const lengths = lengthsOf(word, budget);
  const test = (t: string) => {
    const len = [...t].length;
    return t < prefix + RANGE_END && len >= lengths.min && len <= lengths.max;
  };
  return { prefix, like: `${prefix}%`, test, lengths };
}

export interface ExpandOptions {
  fuzzy?: boolean;
  exclude?: string[];
  /** The search's time budget: checked between reads and while rows are tested (a SearchTimeout past it). */
  deadline?: Deadline;
  /** Vocabulary rows all the expansions may read together (default MAX_VOCABULARY_ROWS). */
  maxRows?: number;
}

const tooBroad = () =>
  new QueryError('The words with * ? or ~ in this search match too much of the vocabulary: add letters to them, or search fewer of them at once.');

export async function expandRows(search: SearchRepo, rows: SearchRow[], opts: ExpandOptions = {}): Promise<Map<string, Expansion>> {
  // Refused before any vocabulary is read: too many words, or too many of them to expand.
  checkSearchSize(rows, opts.fuzzy);
  const out = new Map<string, Expansion>();
  const excluded = new Set(opts.exclude ?? []);
  const deadline = opts.deadline;
  // Every read is given at most one row more than the search has left, so the engine never reads past the
  // budget, and a read that fills its share is refused; a read that does not fill it is complete as it was.
  let left = opts.maxRows ?? MAX_VOCABULARY_ROWS;
  const share = (limit: number) => Math.max(1, Math.min(limit, left + 1));
  const spend = <T>(read: T[]): T[] => {
    if (read.length > left) throw tooBroad();
    left -= read.length;
    deadline?.check();
    return read;
  };
  // The engine tests the rows of a range with these (SQLite in JavaScript): the deadline is checked as it does.
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
  // The archive's learned confusions (or the listed ones before it has any), read once a search, when needed.
  let learned: ReadonlyArray<Confusion> | null = null;
  const confusions = async () => (learned ??= confusionTable(await search.ocrConfusions()));
  for (const term of termsToExpand(rows, opts.fuzzy)) {
    deadline?.check();
    if (term.kind === 'pattern') {
      const read = spend(await search.vocabulary(watched(vocabularyPattern(term.pattern)), share(EXPANSION_SCAN + 1)));
      out.set(expansionKey(term)!, chooseExpansion(read));
    } else if (term.kind === 'fuzzy') {
      const budget = fuzzyBudget(term.token, term.distance);
      const read: VocabularyWord[] = [];
      const table = await confusions();
      if (budget > 0) {
        const prefixes = fuzzyPrefixes(term.token, table);
        const lengths = lengthsOf(term.token, budget);
        // The ending's forms are read meanwhile (on PostgreSQL a second connection); its share is counted after.
        const end = fuzzyEnding(term.token);
        const endingLimit = share(FUZZY_SCAN);
        const ending = end ? search.vocabularyEnding(end, lengths, endingLimit) : Promise.resolve([]);
        ending.catch(() => undefined); // reported by the await below
        const batch = search.vocabularyRanges ? await search.vocabularyRanges(prefixes, lengths, share(FUZZY_SCAN)) : null;
        if (batch) for (const rows of batch) read.push(...spend(rows));
        else for (const prefix of prefixes) read.push(...spend(await search.vocabulary(watched(formsOf(prefix, term.token, budget)), share(FUZZY_SCAN))));
        const ends = await ending;
        if (ends.length >= endingLimit && endingLimit < FUZZY_SCAN) throw tooBroad();
        read.push(...spend(ends));
      }
      // The word's readings split in two: its pieces and halves the index holds, looked up exactly.
      const split = budget > 0 ? spend(await search.vocabularyTerms(splitWords(term.token))) : [];
      const distance = ocrDistanceTo(term.token, table);
      const e = chooseFuzzy(
        term.token,
        budget,
        uniqueRows(read),
        (_word, form, max) => {
          deadline?.tick();
          return distance(form, max);
        },
        { table, split },
      );
      // A variant the visitor set aside is not searched (the word as typed always is).
      out.set(expansionKey(term)!, { ...e, words: e.words.filter((w) => w === term.token || !excluded.has(w)) });
    }
  }
  return out;
}
