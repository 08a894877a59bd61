// Before planning: the engine's vocabulary turns each pattern (wash*, wom?n) and each OCR-tolerant word
// (senate~, or every word with fz=1) into the index words it stands for, bounded, by the one expansion the
// offline worker runs too (contract/search/expand-terms.ts), so both engines and the device search the same words.
import type { SearchRow } from '../../../contract/search/query';
import type { Expansion } from '../../../contract/search/plan';
import { expandTerms, type ExpandOptions, type VocabularySource } from '../../../contract/search/expand-terms';
import { confusionTable } from '../../../contract/search/confusions';
import type { SearchRepo } from '../../store/types';

export type { ExpandOptions } from '../../../contract/search/expand-terms';

/** The engine's vocabulary as the expansion reads it; the archive's learned confusions (or the listed ones
 *  before it has any). */
export function engineVocabulary(search: SearchRepo): VocabularySource {
  const ranges = search.vocabularyRanges?.bind(search);
  return {
    vocabulary: (pattern, limit) => search.vocabulary(pattern, limit),
    ...(ranges ? { vocabularyRanges: ranges } : {}),
    vocabularyEnding: (ending, lengths, limit) => search.vocabularyEnding(ending, lengths, limit),
    vocabularyTerms: (terms) => search.vocabularyTerms(terms),
    confusions: async () => confusionTable(await search.ocrConfusions()),
  };
}

export function expandRows(search: SearchRepo, rows: SearchRow[], opts: Omit<ExpandOptions, 'cache'> = {}): Promise<Map<string, Expansion>> {
  return expandTerms(engineVocabulary(search), rows, opts);
}
