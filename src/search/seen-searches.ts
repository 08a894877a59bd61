// Search answers the visitor has seen, kept in the seen store (kind 'search', key canonicalSearchKey) so that
// any results page seen online reopens offline as it was. The value keeps the address as it was seen (for
// links) and the whole answer (results, snippets with their <mark>s, facets and counts).
import { callArchiveWorker } from '../shared/lib/worker-client';
import { searchUrl } from '../../contract/search/url';
import { parseSearchParams, type SearchResponse } from '../../contract/search/query';
import type { SeenSearch } from '../../device-db/schema';
import { currentSite } from '../shared/data/site';
import { archiveDb, keepSeen, readSeen, recentSeen, type SeenRecord } from '../shared/db';
import { describeSeenSearch } from './describe';

/**
 * The store key of a /search query string (its canonical key, from the archive worker), or null when it cannot
 * be read (never kept then).
 */
export async function searchKey(query: string): Promise<string | null> {
  try {
    return await callArchiveWorker('searchKey', [query]);
  } catch {
    return null;
  }
}

/** How a list of seen searches names this one; its titles are named from the answer's own facets. */
export function seenSearchLabel(query: string, response: SearchResponse): string {
  const names = new Map(response.facets?.titles?.map((t) => [t.id, t.name]) ?? []);
  return describeSeenSearch(parseSearchParams(query), (id) => names.get(id));
}

export async function keepSearchAnswer(query: string, response: SearchResponse): Promise<void> {
  const key = await searchKey(query);
  if (key === null) return;
  const label = seenSearchLabel(query, response);
  // A fresh answer to a saved search keeps the list of the pages saved with it.
  const before = (await archiveDb()
    .seen.get([currentSite(), 'search', key])
    .catch(() => undefined)) as SeenRecord<SeenSearch> | undefined;
  const savedPages = before?.value?.savedPages;
  const value: SeenSearch = savedPages ? { query, response, savedPages } : { query, response };
  await keepSeen<SeenSearch>(archiveDb(), currentSite(), 'search', key, value, { label, href: searchUrl(new URLSearchParams(query)) });
}

/** The kept answer of this query (any spelling of the same question), or undefined. Never throws. */
export async function readSearchAnswer(query: string): Promise<SeenRecord<SeenSearch> | undefined> {
  const key = await searchKey(query);
  if (key === null) return undefined;
  const record = await readSeen<SeenSearch>(archiveDb(), currentSite(), 'search', key).catch(() => undefined);
  return record && Array.isArray(record.value?.response?.results) ? record : undefined;
}

export const recentSearches = (limit = 12) => recentSeen<SeenSearch>(archiveDb(), currentSite(), 'search', limit);
export const recentPages = (limit = 12) => recentSeen<unknown>(archiveDb(), currentSite(), 'page', limit);
