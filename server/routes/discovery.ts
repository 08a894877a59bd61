// What crawlers, browsers and feed readers find the archive by: /sitemap.xml (an index) and its files
// under /sitemaps/, /robots.txt, /opensearch.xml with its suggestions, an Atom feed of any search, and
// /Api/openapi.json. Every absolute URL uses the site's canonical origin (services/canonical-origin.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseSearchParams } from '../../contract/search/query';
import { notFound } from '../errors';
import { canonicalOrigin, defaultOrigin } from '../services/canonical-origin';
import { buildAtomFeed, feedTitle } from '../services/feed';
import { buildOpenApi } from './openapi-document';
import { buildOpenSearchDescription, FEED_PATH, suggestions, SUGGEST_PATH } from '../services/opensearch';
import { loadSiteSections } from '../services/site-config';
import { buildRobotsTxt, buildSitemapFile, buildSitemapIndex, SITEMAP_MAX_URLS } from '../services/sitemap';
import { apiRoute, declaredRoutes } from './api-registry';
import { rawQuery, searchQuerySchema } from './search-schema';

declare module '../config' {
  interface Config {
    /** URLs per sitemap file (the protocol's 50,000 unless a test asks for fewer). */
    sitemapMaxUrls?: number;
  }
}

const CRAWLER_CACHE = 'public, max-age=3600';

const SUGGEST = apiRoute({
  method: 'GET',
  path: SUGGEST_PATH,
  tag: 'Search',
  summary: 'Search suggestions (OpenSearch Suggestions JSON: [query, [completions]]) from words in the archive',
  query: z.object({
    q: z.string({ error: "'q' must be given once" }).max(200, "'q' is too long (at most 200 characters)").default('').describe('What has been typed so far'),
  }),
  responses: {
    200: { description: '[query, [completions]]', contentType: 'application/x-suggestions+json', schema: z.tuple([z.string(), z.array(z.string())]) },
  },
  example: `${SUGGEST_PATH}?q=tele`,
});
const FEED = apiRoute({
  method: 'GET',
  path: FEED_PATH,
  tag: 'Search',
  summary: 'Any search as an Atom feed, newest pages first (the same parameters as /Api/Search)',
  query: searchQuerySchema,
  responses: { 200: { description: 'An Atom 1.0 feed', contentType: 'application/atom+xml' } },
  example: `${FEED_PATH}?k=telegram&ord=k1`,
});
const OPENAPI = apiRoute({
  method: 'GET',
  path: '/Api/openapi.json',
  tag: 'Discovery',
  summary: 'This document: the public API as OpenAPI 3.1, generated from the schemas the server validates with',
  responses: { 200: { description: 'OpenAPI 3.1 document' } },
  example: '/Api/openapi.json',
});

/** Memo of sitemap indexes by site, data version and file size: the index walks every chunk's keys. */
class IndexMemo {
  private version = -1;
  private readonly byKey = new Map<string, Promise<string>>();
  get(key: string, version: number, make: () => Promise<string>): Promise<string> {
    if (version !== this.version) {
      this.byKey.clear();
      this.version = version;
    }
    let hit = this.byKey.get(key);
    if (!hit) {
      if (this.byKey.size > 100) this.byKey.clear();
      hit = make();
      hit.catch(() => this.byKey.delete(key));
      this.byKey.set(key, hit);
    }
    return hit;
  }
}

export default async function discoveryRoutes(app: FastifyInstance) {
  const store = app.store;
  const indexes = new IndexMemo();
  const maxUrls = () => app.config.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  const siteTitle = async (req: FastifyRequest) => (await loadSiteSections(store, req.site.row)).settings.SiteTitle;

  app.get('/sitemap.xml', async (req, reply) => {
    const { row, origin } = req.site;
    const version = await store.meta.dataVersion();
    const body = await indexes.get(`${row.id}|${origin}|${maxUrls()}`, version, () => buildSitemapIndex(store, row, origin, maxUrls()));
    return reply.type('application/xml; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(body);
  });

  app.get('/sitemaps/:file', async (req, reply) => {
    const { file } = z.object({ file: z.string().max(40) }).parse(req.params);
    const body = await buildSitemapFile(store, req.site.row, req.site.origin, file, maxUrls());
    if (body === null) throw notFound('No such sitemap file');
    return reply.type('application/xml; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(body);
  });

  app.get('/robots.txt', async (req, reply) => {
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CRAWLER_CACHE)
      .send(buildRobotsTxt(canonicalOrigin(req)));
  });

  app.get('/opensearch.xml', async (req, reply) => {
    const body = buildOpenSearchDescription(canonicalOrigin(req), await siteTitle(req));
    return reply.type('application/opensearchdescription+xml; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(body);
  });

  app.get(SUGGEST.path, async (req, reply) => {
    const { q } = SUGGEST.query!.parse(req.query);
    const body = await suggestions(store, req.site.row, q);
    return reply.type('application/x-suggestions+json; charset=utf-8').header('cache-control', 'public, max-age=300').send(JSON.stringify(body));
  });

  app.get(FEED.path, async (req, reply) => {
    FEED.query!.parse(req.query);
    const qs = rawQuery(req.raw.url);
    const query = { ...parseSearchParams(qs), sort: 'date-desc' as const };
    // `url` picks the site as for /Api/Search; links still use that site's configured origin.
    const asked = qs.get('url');
    const other = asked ? await store.sites.findByOrigin(asked) : null;
    const site = other ?? req.site.row;
    const origin = other && other.id !== req.site.row.id ? defaultOrigin(other, req.protocol, req.site.origin) : req.site.origin;
    const answer = await app.searchRunner.run(site.id, query);
    const loaded = await store.discovery.pagesLastmod(answer.results.map((r) => r.pageUid));
    const next = new URLSearchParams(qs);
    next.set('p', String(answer.page + 1));
    const search = new URLSearchParams(qs);
    search.delete('url');
    search.delete('p');
    const body = buildAtomFeed({
      origin,
      selfPath: `${FEED_PATH}?${qs}`,
      searchPath: `/search?${search}`,
      nextPath: answer.page * answer.pageSize < answer.total ? `${FEED_PATH}?${next}` : undefined,
      title: feedTitle((await loadSiteSections(store, site)).settings.SiteTitle, qs),
      answer,
      loaded,
      fallbackUpdated: site.updatedAt,
    });
    return reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);
  });

  app.get(OPENAPI.path, async (req, reply) => {
    const doc = buildOpenApi(declaredRoutes(), canonicalOrigin(req), await siteTitle(req));
    return reply.header('cache-control', CRAWLER_CACHE).header('access-control-allow-origin', '*').send(doc);
  });
}
