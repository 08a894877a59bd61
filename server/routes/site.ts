// Shell pages' server side: POST /Api/Site/Contact (validated, rate limited, stored), GET /Api/Site/Directory
// (the sites of this installation). Crawler files (sitemap.xml, robots.txt) are in routes/discovery.ts.
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { rateLimitKey } from '../lib/client-address';
import { z } from 'zod';
import { API_BASE_PATH } from '../../contract/api';
import { CONTACT_ENDPOINT, CONTACT_LIMITS, DIRECTORY_ENDPOINT, EMAIL_PATTERN, type DirectorySite } from '../../contract/contact';
import { resolveSite } from '../services/site-resolve';
import { loadSiteSections } from '../services/site-config';
import { canonicalOrigin } from '../services/canonical-origin';
import { apiRoute } from './api-registry';

const text = (max: number, what: string, min = 1) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(min, min > 1 ? `${what} needs at least ${min} characters.` : `${what} is required.`)
    .max(max, `${what} can be at most ${max} characters.`);

export const contactSchema = z.object({
  name: text(CONTACT_LIMITS.name.max, 'Name'),
  email: text(CONTACT_LIMITS.email.max, 'Email').regex(EMAIL_PATTERN, 'Email must be a valid address.'),
  subject: text(CONTACT_LIMITS.subject.max, 'Subject'),
  message: text(CONTACT_LIMITS.message.max, 'Message', CONTACT_LIMITS.message.min),
  /** The page's origin: the message is filed under that site. */
  url: z.string().max(300).optional(),
  /** The app's id for this message (offline outbox): a repeat of it stores nothing and gets the same answer. */
  clientId: z.uuid('clientId must be a UUID.').optional(),
});

const CONTACT = apiRoute({
  method: 'POST',
  path: `${API_BASE_PATH}${CONTACT_ENDPOINT}`,
  tag: 'Site',
  summary: 'Sends a Contact Us message (rate limited; needs the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie)',
  body: contactSchema,
  responses: {
    201: { description: 'Stored: { id, ok: true }' },
    403: { description: 'Missing or wrong XSRF token' },
    429: { description: 'Too many messages' },
  },
});
const DIRECTORY = apiRoute({
  method: 'GET',
  path: `${API_BASE_PATH}${DIRECTORY_ENDPOINT}`,
  tag: 'Site',
  summary: 'The sites of this installation: [{ name, SiteTitle, origins, isDefault }]',
  responses: { 200: { description: 'The sites' } },
  example: `${API_BASE_PATH}${DIRECTORY_ENDPOINT}`,
});

export default async function siteRoutes(app: FastifyInstance) {
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false, keyGenerator: rateLimitKey });

  app.post(CONTACT.path, { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } } }, async (req, reply) => {
    const body = CONTACT.body!.parse(req.body ?? {});
    const origin = body.url ?? (typeof req.headers.origin === 'string' ? req.headers.origin : canonicalOrigin(req));
    const site = await resolveSite(app.store, origin);
    const id = await app.store.contact.add({
      siteId: site.id > 0 ? site.id : null,
      name: body.name,
      email: body.email,
      subject: body.subject,
      message: body.message,
      clientId: body.clientId ?? null,
    });
    return reply.code(201).send({ id, ok: true });
  });

  app.get(DIRECTORY.path, async (): Promise<DirectorySite[]> => {
    const sites = await app.store.sites.list();
    return Promise.all(
      sites.map(async (s) => {
        const { settings } = await loadSiteSections(app.store, s);
        return { name: s.name, SiteTitle: settings.SiteTitle, origins: s.origins, isDefault: s.isDefault };
      }),
    );
  });
}
