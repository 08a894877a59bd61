// Before planning: the engine's vocabulary turns each pattern (wash*, wom?n) and each OCR-tolerant word
// (senate~, or every word with fz=1) into the index words it stands for, bounded (contract/search/expand.ts),
// so both engines search the same words.
import type { SearchRow } from '../../../contract/search-query';
import { expansionKey, termsToExpand, type Expansion } from '../../../contract/search/plan';
import { EXPANSION_SCAN, FUZZY_SCAN, RANGE_END, chooseExpansion, chooseFuzzy, vocabularyPattern, type VocabularyWord } from '../../../contract/search/expand';
import { fuzzyBudget, fuzzyPrefixes, ocrDistance } from '../../../contract/search/ocr-distance';
import type { SearchRepo } from '../../store/types';

/** Every word of a vocabulary range, in byte order (the engine applies no test of its own). */
const wholeRange = (prefix: string) => ({ prefix, like: `${prefix}%`, test: (t: string) => t < prefix + RANGE_END });

export async function expandRows(search: SearchRepo, rows: SearchRow[], opts: { fuzzy?: boolean; exclude?: string[] } = {}): Promise<Map<string, Expansion>> {
  const out = new Map<string, Expansion>();
  const excluded = new Set(opts.exclude ?? []);
  for (const term of termsToExpand(rows, opts.fuzzy)) {
    if (term.kind === 'pattern') {
      const read = await search.vocabulary(vocabularyPattern(term.pattern), EXPANSION_SCAN + 1);
      out.set(expansionKey(term)!, chooseExpansion(read));
    } else if (term.kind === 'fuzzy') {
      const budget = fuzzyBudget(term.token, term.distance);
      const read: VocabularyWord[] = [];
      if (budget > 0) for (const prefix of fuzzyPrefixes(term.token)) read.push(...(await search.vocabulary(wholeRange(prefix), FUZZY_SCAN)));
      const e = chooseFuzzy(term.token, budget, read, ocrDistance);
      // A variant the visitor set aside is not searched (the word as typed always is).
      out.set(expansionKey(term)!, { ...e, words: e.words.filter((w) => w === term.token || !excluded.has(w)) });
    }
  }
  return out;
}
