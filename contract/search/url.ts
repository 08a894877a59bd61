// The one builder of /search addresses. Every /search link anywhere (the worker's form and browse URLs, the
// results screen's facet, page and chip links, the viewer's way back, and any link the server writes) is
// this function's output, so one query always reads as one string. Pure: no DOM, no Node.

export const SEARCH_PATH = '/search';

/**
 * The /search address of a query string. Values are form-encoded as URLSearchParams does, except that '/'
 * and ',' stay readable, as the spec's addresses read them (d=01/01/1859-12/31/1920, t=3,5, ord=k1,e1):
 * both are legal in a query string and mean the same either way.
 */
export function searchUrl(params: URLSearchParams | Iterable<[string, string]>): string {
  const query = (params instanceof URLSearchParams ? params : new URLSearchParams([...params])).toString();
  return query ? `${SEARCH_PATH}?${query.replace(/%2F/gi, '/').replace(/%2C/gi, ',')}` : SEARCH_PATH;
}

/** The viewer's way back to its results: the viewer's own address less the page it shows. */
export function searchUrlFromViewer(viewerParams: URLSearchParams): string {
  return searchUrl([...viewerParams].filter(([key]) => key !== 'page'));
}
