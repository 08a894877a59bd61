// Shared research lists (issue #38 item 5): POST /Api/Lists/Shared stores a snapshot (rate limited per client
// address, size limited, checked whole), GET reads it as JSON, DELETE with the delete token withdraws it;
// /lists/shared/{id} is its page (HTML, no JavaScript needed) with a report form, and
// /lists/shared/{id}/collection.json its IIIF Collection. Rules in services/shared-lists.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { API_BASE_PATH } from '../../contract/api';
import {
  SHARED_LIST_ID,
  SHARED_LIST_LIMITS as L,
  SHARED_LIST_PATH,
  SHARED_LISTS_ENDPOINT,
  sharedListPath,
  type SharedListRequest,
} from '../../contract/shared-lists';
import { addressKey, rateLimitKey } from '../lib/client-address';
import { HttpError } from '../errors';
import { PRESENTATION_CONTEXT } from '../presentation/manifest';
import { originOf } from '../presentation/urls';
import {
  createSharedList,
  readSharedList,
  sharedListCollection,
  sharedListHtml,
  sharedListJson,
  sharedListSite,
  withdrawSharedList,
} from '../services/shared-lists';
import { apiRoute } from './api-registry';

const text = (max: number, what: string) => z.string({ error: `${what} must be text.` }).max(max, `${what} can be at most ${max} characters.`);
// A site-relative address: one leading '/', never '//' (another host) nor a backslash (browsers read '/\' as '//').
const sitePath = text(L.href, 'An item’s address').refine(
  (s) => /^\/(?![/\\])/.test(s) && !/[\s\\]/.test(s),
  'An item’s address must be an address on this site, starting with one "/".',
);
const region = z.object({ x: z.number().finite().min(0), y: z.number().finite().min(0), w: z.number().finite().positive(), h: z.number().finite().positive() });

const itemSchema = z.object({
  kind: z.enum(['page', 'clip', 'search'], { error: "An item's kind must be 'page', 'clip' or 'search'." }),
  ref: text(L.ref, 'An item’s reference').min(1, 'An item needs a reference.'),
  title: text(L.title, 'An item’s title'),
  date: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'An item’s date must be YYYY-MM-DD.')]).default(''),
  page: text(L.page, 'An item’s page').default(''),
  snippet: text(L.snippet, 'An item’s snippet').default(''),
  region: region.nullable().default(null),
  href: sitePath,
  note: text(L.note, 'A note').default(''),
  tags: z.array(text(L.tag, 'A tag')).max(L.tags, `An item has at most ${L.tags} tags.`).default([]),
});

const createBody = z.object({
  clientId: z.uuid('clientId must be a UUID.'),
  name: text(L.name, 'The list’s name').trim().min(1, 'The list needs a name.'),
  description: text(L.description, 'The description').default(''),
  includeNotes: z.boolean().default(false),
  items: z.array(itemSchema).min(1, 'An empty list cannot be shared.').max(L.items, `A shared list holds at most ${L.items} items; share a shorter list.`),
}) satisfies z.ZodType<SharedListRequest, unknown>;
const idParams = z.object({ id: z.string().regex(SHARED_LIST_ID, 'No shared list at this address.') });
const deleteBody = z.object({ deleteToken: z.string({ error: 'deleteToken is required.' }).min(20).max(100) });

const P = `${API_BASE_PATH}${SHARED_LISTS_ENDPOINT}`;
const CREATE = apiRoute({
  method: 'POST',
  path: P,
  tag: 'Lists',
  summary: 'Shares a research list: a read-only snapshot under a random id (rate limited; needs X-XSRF-TOKEN)',
  description:
    `Body SharedListRequest (contract/shared-lists.ts): { clientId, name, description, includeNotes, items[] }, at most ${L.items} items and ` +
    `${L.bodyBytes / 1024 / 1024} MB. Notes and tags are kept only when includeNotes is true; all text is stored as plain text. ` +
    'The answer carries the secret deleteToken (DELETE with it withdraws the list); a repeat of the clientId answers 200 with the same id and a new token.',
  body: createBody,
  responses: {
    200: { description: 'SharedListCreated: a repeat of a clientId already shared' },
    201: { description: 'SharedListCreated: { id, url, collection, deleteToken, createdAt }' },
    400: { description: 'Bad input: the message says which field' },
    403: { description: 'Missing or wrong XSRF token' },
    413: { description: 'Body too large' },
    429: { description: 'Too many shares from this address' },
  },
});
const READ = apiRoute({
  method: 'GET',
  path: `${P}/:id`,
  tag: 'Lists',
  summary: 'A shared list as JSON (only on the site it was shared from)',
  params: idParams,
  responses: {
    200: { description: 'SharedListResponse (contract/shared-lists.ts)' },
    404: { description: 'No such list, withdrawn, or shared on another site' },
  },
});
const WITHDRAW = apiRoute({
  method: 'DELETE',
  path: `${P}/:id`,
  tag: 'Lists',
  summary: 'Withdraws a shared list (body { deleteToken }; needs X-XSRF-TOKEN)',
  params: idParams,
  body: deleteBody,
  responses: { 200: { description: '{ ok: true }' }, 403: { description: 'Wrong delete token' }, 404: { description: 'No such list' } },
});

const JSON_LD = `application/ld+json;profile="${PRESENTATION_CONTEXT}"`;
const REPORT_LIMIT = { max: 10, timeWindow: '10 minutes' };

/** A report comes from the shared page itself: a form posted from another origin is refused. */
function sameOrigin(req: FastifyRequest, origin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'same-origin') return true;
  const from = req.headers.origin ?? req.headers.referer;
  if (typeof from !== 'string') return false;
  try {
    return new URL(from).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

export default async function sharedListRoutes(app: FastifyInstance) {
  const { store } = app;
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false, keyGenerator: rateLimitKey });
  // The report form posts as a browser form does.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));

  app.post(
    CREATE.path,
    { bodyLimit: L.bodyBytes, config: { rateLimit: { max: 10, timeWindow: '10 minutes', keyGenerator: rateLimitKey } } },
    async (req, reply) => {
      const body = CREATE.body!.parse(req.body);
      const { created, answer } = await createSharedList(store, req.site.row, originOf(req), body, addressKey(req.ip));
      return reply
        .status(created ? 201 : 200)
        .header('Cache-Control', 'no-store')
        .send(answer);
    },
  );

  app.get(READ.path, async (req, reply) => {
    const { id } = READ.params!.parse(req.params);
    const row = await readSharedList(store, req.site.row, id);
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Access-Control-Allow-Origin', '*')
      .send(sharedListJson(row, originOf(req)));
  });

  app.delete(WITHDRAW.path, { config: { rateLimit: { max: 30, timeWindow: '10 minutes', keyGenerator: rateLimitKey } } }, async (req) => {
    const { id } = WITHDRAW.params!.parse(req.params);
    const { deleteToken } = WITHDRAW.body!.parse(req.body ?? {});
    await withdrawSharedList(store, req.site.row, id, deleteToken);
    return { ok: true };
  });

  const htmlPage = async (req: FastifyRequest, reply: FastifyReply, reported: boolean) => {
    const { id } = idParams.parse(req.params);
    const origin = originOf(req);
    const row = await readSharedList(store, req.site.row, id);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(sharedListHtml({ row, origin, reported, ...(await sharedListSite(store, req.site.row)) }));
  };

  // A person reads the list: a page answered here, never the app's shell (a 404 here is a page too).
  app.get(`${SHARED_LIST_PATH}/:id`, async (req, reply) => {
    try {
      return await htmlPage(req, reply, (req.query as Record<string, unknown>).reported === '1');
    } catch (err) {
      if (!(err instanceof HttpError) && !(err instanceof z.ZodError)) throw err;
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(
          '<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Shared list not found</title></head>' +
            '<body style="font:16px/1.5 Georgia,serif;max-width:40rem;margin:2rem auto;padding:0 1rem"><main><h1>Shared list not found</h1>' +
            '<p>No list is shared at this address. Its owner may have withdrawn it, or the archive’s staff removed it.</p><p><a href="/">Go to the archive</a></p></main></body></html>',
        );
    }
  });

  app.get(`${SHARED_LIST_PATH}/:id/collection.json`, async (req, reply) => {
    const { id } = idParams.parse(req.params);
    const row = await readSharedList(store, req.site.row, id);
    const { siteName } = await sharedListSite(store, req.site.row);
    return reply
      .type(JSON_LD)
      .header('Access-Control-Allow-Origin', '*')
      .header('Cache-Control', 'no-cache')
      .send(sharedListCollection(row, originOf(req), siteName));
  });

  // The page's "Report this list" form: no JavaScript, so no XSRF header; a report from another origin is
  // refused instead, and it only counts (staff decide in /admin).
  app.post(
    `${SHARED_LIST_PATH}/:id/report`,
    { config: { xsrfPublic: true, rateLimit: { ...REPORT_LIMIT, keyGenerator: rateLimitKey } } },
    async (req, reply) => {
      const { id } = idParams.parse(req.params);
      if (!sameOrigin(req, originOf(req))) throw new HttpError(403, 'A report is sent from the shared list’s own page.');
      await readSharedList(store, req.site.row, id);
      await store.sharedLists.report(id);
      return reply.redirect(`${sharedListPath(id)}?reported=1`, 303);
    },
  );
}
