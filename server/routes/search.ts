// GET /Api/Search: the /search screen's query string (spec 7.3) plus p (page) and sort, and url (the
// site's origin, as the Home API takes it). Answers the SearchResponse of contract/search-query.ts.
import type { FastifyInstance } from 'fastify';
import { parseSearchParams } from '../../contract/search-query';
import { SiteResolver } from '../services/site-resolve';
import { apiRoute } from './api-registry';
import { rawQuery, searchQuerySchema } from './search-schema';

const SEARCH = apiRoute({
  method: 'GET',
  path: '/Api/Search',
  tag: 'Search',
  summary: 'Full-text search of the site\'s pages: results, snippets, highlight boxes and facets',
  query: searchQuerySchema,
  responses: { 200: { description: 'SearchResponse (contract/search-query.ts)' } },
  example: '/Api/Search?k=telegram&ord=k1&sort=date-desc',
});

export default async function searchRoutes(app: FastifyInstance) {
  const store = app.store;
  const sites = new SiteResolver(store); // the same resolution (and memo) as the Home API's
  app.get(SEARCH.path, async (req, reply) => {
    SEARCH.query!.parse(req.query);
    // Parse the raw query string ourselves: the same parser the screen uses, so both read a URL alike.
    const qs = rawQuery(req.raw.url);
    const query = parseSearchParams(qs); // QueryError -> 400 with a readable message
    const origin = qs.get('url') ?? '';
    const site = await sites.resolve(origin, await store.meta.dataVersion());
    const answer = await app.searchRunner.run(site.id, query); // a worker thread on SQLite (services/search/pool.ts)
    reply.header('Cache-Control', 'no-store');
    return answer;
  });
}
