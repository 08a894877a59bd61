// GET /Api/Search: the /search screen's query string (spec 7.3) plus p (page) and sort, and url (the
// site's origin, as the Home API takes it). Answers the SearchResponse of contract/search/query.ts, from
// the result cache (services/search/result-cache.ts) when the same question was asked at this search version.
import type { FastifyInstance } from 'fastify';
import { parseSearchParams } from '../../contract/search/query';
import { SiteResolver } from '../services/site-resolve';
import { SearchResultCache } from '../services/search/result-cache';
import { acceptsGzip } from './home';
import { apiRoute } from './api-registry';
import { rawQuery, searchQuerySchema } from './search-schema';

const SEARCH = apiRoute({
  method: 'GET',
  path: '/Api/Search',
  tag: 'Search',
  summary: "Full-text search of the site's pages: results, snippets, highlight boxes and facets",
  query: searchQuerySchema,
  responses: { 200: { description: 'SearchResponse (contract/search/query.ts)' } },
  example: '/Api/Search?k=telegram&ord=k1&sort=date-desc',
});

const CONFUSIONS = apiRoute({
  method: 'GET',
  path: '/Api/Search/OcrConfusions',
  tag: 'Search',
  summary: "The letters this archive's OCR confuses, learned from its vocabulary: the OCR distance of fz=1 and word~",
  description:
    'OcrConfusions (contract/search/confusions.ts): each confusion is [letters of the word, letters read, cost]; ' +
    'confusions is empty until the archive has been learned from (the listed confusions serve then). Devices keep it to ' +
    'search their saved pages offline with the same distance.',
  responses: { 200: { description: 'OcrConfusions, or null before the first learning' } },
  example: '/Api/Search/OcrConfusions',
});

/**
 * Browsers revalidate every time (a 304 when nothing changed); a shared cache (CDN, reverse proxy) may keep
 * an answer 10 s and serve it up to 30 s more while it fetches a fresh one. Queries repeat heavily, so a
 * shared cache in front absorbs most of them; an ingest shows through it within 40 s at most.
 */
export const SEARCH_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';

export default async function searchRoutes(app: FastifyInstance) {
  const store = app.store;
  app.get(CONFUSIONS.path, async (_req, reply) => {
    const table = await store.search.ocrConfusions();
    return reply
      .header('cache-control', 'public, max-age=300')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(table ?? null));
  });
  const sites = new SiteResolver(store); // the same resolution (and memo) as the Home API's
  const cache = new SearchResultCache(store, (siteId, query) => app.searchRunner.run(siteId, query));
  app.get(SEARCH.path, { compress: false }, async (req, reply) => {
    SEARCH.query!.parse(req.query);
    // Parse the raw query string ourselves: the same parser the screen uses, so both read a URL alike.
    const qs = rawQuery(req.raw.url);
    const query = parseSearchParams(qs); // QueryError -> 400 with a readable message
    const origin = qs.get('url') ?? '';
    const [version, searchVersion] = await Promise.all([cache.dataVersion(), cache.searchVersion()]);
    const site = await sites.resolve(origin, version);
    // A worker thread on SQLite (services/search/pool.ts) on a miss. Answers key on the search version:
    // a published correction changes search answers but not the site's resolution.
    const res = await cache.answer(site.id, query, searchVersion);
    reply
      .header('etag', res.etag)
      .header('cache-control', SEARCH_CACHE_CONTROL)
      .header('vary', 'accept-encoding')
      .header('x-search-cache', res.hit ? 'hit' : 'miss');
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim() === res.etag || `W/${t.trim()}` === res.etag)) {
      return reply.code(304).send();
    }
    reply.type('application/json; charset=utf-8');
    if (res.gzip && acceptsGzip(req.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(res.gzip);
    return reply.send(res.body);
  });
}
