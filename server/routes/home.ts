// GET /Api/Home/* (spec 7.2): the six Home endpoints. Thin handlers: validate the query, pick the site by
// `url`, answer from the response cache (keyed by data version), with an ETag so clients revalidate.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HOME_ENDPOINTS, API_BASE_PATH } from '../../contract/api';
import { ResponseCache } from '../services/response-cache';
import { apiRoute } from './api-registry';
import { SiteResolver } from '../services/site-resolve';
import { parseQuery, siteQuerySchema, titleDecadeQuerySchema } from '../services/home-params';
import { getBanner, getHomeDetail, getHomePageSettings, getSiteSettings, getSiteTheme, selectTitleDecade, type SiteContext } from '../services/home';

type Build = (ctx: SiteContext) => Promise<unknown>;

const path = (endpoint: string) => `${API_BASE_PATH}${endpoint}`;
const homeAnswer = { 200: { description: 'The answer (ETag; 304 when If-None-Match matches)' } };
const SIMPLE: Array<[string, Build, string]> = [
  [HOME_ENDPOINTS.theme, getSiteTheme, 'The site theme: { ThemeFile, PrimaryColor }'],
  [HOME_ENDPOINTS.settings, getSiteSettings, 'SiteSettings: logos, texts, flags, menus, pwaSettings, SocialLinks, PolicyPages'],
  [HOME_ENDPOINTS.homePageSettings, getHomePageSettings, 'The home hero: { DomainUrl, homePageSetModel }'],
  [HOME_ENDPOINTS.banner, getBanner, 'The banner: { DomainUrl, webBannerModel, ContentMore }'],
  [HOME_ENDPOINTS.detail, getHomeDetail, 'The home data: MinDate, MaxDate, titles, decades, page content, places'],
];
// Declared once per process: the same schemas validate the requests and describe them in /Api/openapi.json.
const SIMPLE_SPECS = SIMPLE.map(([endpoint, build, summary]) => ({
  build,
  endpoint,
  spec: apiRoute({
    method: 'GET',
    path: path(endpoint),
    tag: 'Home',
    summary,
    query: siteQuerySchema,
    responses: homeAnswer,
    example: `${path(endpoint)}?url=https%3A%2F%2Farchive.example`,
  }),
}));
const TITLE_DECADE = apiRoute({
  method: 'GET',
  path: path(HOME_ENDPOINTS.titleDecade),
  tag: 'Home',
  summary: 'Decades narrowed by the titles and titles narrowed by the decades (spec 4.4)',
  query: titleDecadeQuerySchema,
  responses: homeAnswer,
  example: `${path(HOME_ENDPOINTS.titleDecade)}?url=https%3A%2F%2Farchive.example&titleIds=1,2&decades=1880`,
});

/** Whether Accept-Encoding allows gzip (present, and not with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export default async function homeRoutes(app: FastifyInstance) {
  const cache = new ResponseCache();
  const sites = new SiteResolver(app.store);

  /**
   * Answers one Home request: 304 when the client's copy is current, else the cached JSON, gzip'd once
   * per version rather than per request (the compress plugin is off for these routes).
   */
  async function answer(req: FastifyRequest, reply: FastifyReply, endpoint: string, origin: string, paramsKey: string, build: Build) {
    const version = await app.store.meta.dataVersion();
    const site = await sites.resolve(origin, version);
    const key = `${endpoint}|${site.id}|${origin}|${paramsKey}`;
    const res = await cache.get(key, version, () => build({ store: app.store, site, origin }));
    reply.header('etag', res.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim() === res.etag || `W/${t.trim()}` === res.etag)) {
      return reply.code(304).send();
    }
    reply.type('application/json; charset=utf-8');
    if (res.gzip && acceptsGzip(req.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(res.gzip);
    }
    return reply.send(res.body);
  }

  for (const { endpoint, build, spec } of SIMPLE_SPECS) {
    app.get(spec.path, { compress: false }, async (req, reply) => {
      const { url } = parseQuery(spec.query!, req.query);
      return answer(req, reply, endpoint, url, '', build);
    });
  }

  app.get(TITLE_DECADE.path, { compress: false }, async (req, reply) => {
    const q = parseQuery(TITLE_DECADE.query!, req.query);
    const sel = { titleIds: q.titleIds, decades: q.decades, collectionIds: q.collectionIds, solrType: q.solrType };
    const paramsKey = `t=${sel.titleIds}&d=${sel.decades}&c=${sel.collectionIds}&s=${sel.solrType ?? ''}`;
    return answer(req, reply, HOME_ENDPOINTS.titleDecade, q.url, paramsKey, (ctx) => selectTitleDecade(ctx, sel));
  });
}
