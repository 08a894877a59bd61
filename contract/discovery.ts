// Paths of the discovery documents, shared by the server (which serves them) and the app (which links
// them from its head): the OpenSearch description, its suggestions, and the Atom feed of a search.
export const OPENSEARCH_PATH = '/opensearch.xml';
export const SUGGEST_PATH = '/Api/Search/Suggest';
export const SEARCH_FEED_PATH = '/Api/Search/feed.atom';

/** The feed of the search a /search URL shows: the same parameters, without the result page. */
export function searchFeedHref(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('p');
  return `${SEARCH_FEED_PATH}?${params}`;
}
