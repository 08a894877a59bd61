// The canonical key of a /search query: two query strings that ask the same question (parameters in another
// order, t and ti, a list in another order, a date the mode ignores, p=1 or no p, extra spaces, case) get the
// same key. The offline store keeps seen answers under it (per site), the server's result cache uses it, and
// the service worker and the tests compare with it. Pure: no DOM, no Node.
import { buildSearchParams } from './build';
import { parseSearchParams, type SearchQuery } from './query';

/** The question a query asks, with everything that cannot change the answer taken out. */
export function normaliseQuery(q: SearchQuery): SearchQuery {
  const rows = q.rows
    .map((r, i) => ({ ...r, text: r.text.replace(/\s+/g, ' ').trim().toLowerCase(), op: i === 0 ? ('and' as const) : r.op }))
    .filter((r) => r.text !== '');
  if (rows.length) rows[0] = { ...rows[0], op: 'and' };
  let { start, end, mode } = q;
  // Each mode reads only some of the two dates (spec 4.1, effectiveRange).
  if (mode === 'on' || mode === 'after') end = null;
  if (mode === 'before') start = null;
  if (!start && !end) mode = 'between';
  const sortedUnique = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);
  return { ...q, rows, start, end, mode, titleIds: sortedUnique(q.titleIds), decades: sortedUnique(q.decades) };
}

/**
 * The canonical query string of a /search query (without '?'): parameters in one fixed order, defaults left
 * out. Throws QueryError (as parseSearchParams does) for a malformed query.
 */
export function canonicalSearchKey(input: URLSearchParams | string | SearchQuery): string {
  const q = typeof input === 'object' && !(input instanceof URLSearchParams) ? input : parseSearchParams(input);
  return buildSearchParams(normaliseQuery(q)).toString();
}
