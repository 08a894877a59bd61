// Building links from the current /search URL: facets, sort and pages change one thing and keep the rest.
// The address itself is always contract/search/url.ts's searchUrl, called synchronously here: a link that
// re-encodes the visitor's own query with one change derives nothing, so it needs no worker round trip.

/** A copy of the params with some keys set (string) or removed (null); any change but p goes to page 1. */
export function withChanges(current: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('p' in changes)) next.delete('p');
  return next;
}

/** The viewer opens the page and highlights the same query (it reads `page` and the k/e/o/n/ord params). */
export function viewerHref(pageUid: string, current: URLSearchParams): string {
  const next = new URLSearchParams();
  next.set('page', pageUid);
  for (const [key, value] of current) if (key !== 'p' && key !== 'sort' && key !== 'page') next.append(key, value);
  return `/viewer?${next}`;
}

/** Page numbers to show: first, last, and a window around the current page; 0 marks a gap. */
export function pageWindow(page: number, pages: number, around = 2): number[] {
  const out: number[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= around) out.push(p);
    else if (out[out.length - 1] !== 0) out.push(0);
  }
  return out;
}
