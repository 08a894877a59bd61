// Before planning: the engine's vocabulary turns each pattern (wash*, wom?n) and each OCR-tolerant word
// (senate~, or every word with fz=1) into the index words it stands for, bounded (contract/search/expand.ts),
// so both engines search the same words.
import type { SearchRow } from '../../../contract/search/query';
import { expansionKey, termsToExpand, type Expansion } from '../../../contract/search/plan';
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

export async function expandRows(search: SearchRepo, rows: SearchRow[], opts: { fuzzy?: boolean; exclude?: string[] } = {}): Promise<Map<string, Expansion>> {
  const out = new Map<string, Expansion>();
  const excluded = new Set(opts.exclude ?? []);
  // The archive's learned confusions (or the listed ones before it has any), read once a search, when needed.
  let learned: ReadonlyArray<Confusion> | null = null;
  const confusions = async () => (learned ??= confusionTable(await search.ocrConfusions()));
  for (const term of termsToExpand(rows, opts.fuzzy)) {
    if (term.kind === 'pattern') {
      const read = await search.vocabulary(vocabularyPattern(term.pattern), EXPANSION_SCAN + 1);
      out.set(expansionKey(term)!, chooseExpansion(read));
    } else if (term.kind === 'fuzzy') {
      const budget = fuzzyBudget(term.token, term.distance);
      const read: VocabularyWord[] = [];
      const table = await confusions();
      if (budget > 0) {
        const prefixes = fuzzyPrefixes(term.token, table);
        const lengths = lengthsOf(term.token, budget);
        // The ending's forms are read meanwhile (on PostgreSQL a second connection).
        const end = fuzzyEnding(term.token);
        const ending = end ? search.vocabularyEnding(end, lengths, FUZZY_SCAN) : Promise.resolve([]);
        ending.catch(() => undefined); // reported by the await below
        const batch = search.vocabularyRanges ? await search.vocabularyRanges(prefixes, lengths, FUZZY_SCAN) : null;
        if (batch) for (const rows of batch) read.push(...rows);
        else for (const prefix of prefixes) read.push(...(await search.vocabulary(formsOf(prefix, term.token, budget), FUZZY_SCAN)));
        read.push(...(await ending));
      }
      // The word's readings split in two: its pieces and halves the index holds, looked up exactly.
      const split = budget > 0 ? await search.vocabularyTerms(splitWords(term.token)) : [];
      const distance = ocrDistanceTo(term.token, table);
      const e = chooseFuzzy(term.token, budget, uniqueRows(read), (_word, form, max) => distance(form, max), { table, split });
      // A variant the visitor set aside is not searched (the word as typed always is).
      out.set(expansionKey(term)!, { ...e, words: e.words.filter((w) => w === term.token || !excluded.has(w)) });
    }
  }
  return out;
}
