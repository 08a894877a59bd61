// IIIF Content Search autocomplete over one issue: the issue's words that start with q, folded the way
// the search index folds them (so every suggestion finds hits), most frequent first, in both versions.
import { tokenize } from '../../contract/search/tokens';
import type { WordBox } from '../store/types';
import { autocompleteService, autocompleteService1, searchService, searchService1 } from './urls';

export const MAX_TERMS = 20;

export interface Term {
  match: string;
  count: number;
}

/** Terms of the issue's words that begin with the (folded) prefix and occur at least `min` times. */
export function issueTerms(pages: { words: WordBox[] }[], q: string, min = 1): Term[] {
  const typed = tokenize(q);
  if (typed.length !== 1) return []; // one word being typed; punctuation alone suggests nothing
  const [prefix] = typed;
  const counts = new Map<string, number>();
  for (const page of pages)
    for (const w of page.words) for (const t of tokenize(String(w[0] ?? ''))) if (t.startsWith(prefix)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n >= min)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, MAX_TERMS)
    .map(([match, count]) => ({ match, count }));
}

export function buildAutocomplete1(origin: string, issueUid: string, q: string, terms: Term[], ignored: string[]) {
  return {
    '@context': 'http://iiif.io/api/search/1/context.json',
    '@id': `${origin}${autocompleteService1(issueUid)}?q=${encodeURIComponent(q)}`,
    '@type': 'search:TermList',
    ...(ignored.length ? { ignored } : {}),
    terms: terms.map((t) => ({ match: t.match, url: `${origin}${searchService1(issueUid)}?q=${encodeURIComponent(t.match)}`, count: t.count })),
  };
}

export function buildAutocomplete2(origin: string, issueUid: string, q: string, terms: Term[], ignored: string[]) {
  return {
    '@context': 'http://iiif.io/api/search/2/context.json',
    id: `${origin}${autocompleteService(issueUid)}?q=${encodeURIComponent(q)}`,
    type: 'TermPage',
    ...(ignored.length ? { ignored } : {}),
    items: terms.map((t) => ({
      value: t.match,
      total: t.count,
      service: [{ id: `${origin}${searchService(issueUid)}?q=${encodeURIComponent(t.match)}`, type: 'SearchService2' }],
    })),
  };
}
