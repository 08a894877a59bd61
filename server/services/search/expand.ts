// Before planning: the engine's vocabulary turns each pattern (wash*, wom?n) into the index words it
// stands for, bounded (contract/search/expand.ts), so both engines search the same words.
import type { SearchRow } from '../../../contract/search-query';
import { expansionKey, termsToExpand, type Expansion } from '../../../contract/search/plan';
import { EXPANSION_SCAN, chooseExpansion, vocabularyPattern } from '../../../contract/search/expand';
import type { SearchRepo } from '../../store/types';

export async function expandRows(search: SearchRepo, rows: SearchRow[]): Promise<Map<string, Expansion>> {
  const out = new Map<string, Expansion>();
  for (const term of termsToExpand(rows)) {
    if (term.kind !== 'pattern') continue;
    const rowsRead = await search.vocabulary(vocabularyPattern(term.pattern), EXPANSION_SCAN + 1);
    out.set(expansionKey(term)!, chooseExpansion(rowsRead));
  }
  return out;
}
