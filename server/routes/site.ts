// Shell pages' server side: POST /Api/Site/Contact (validated, rate limited, stored), GET /Api/Site/Directory
// (the sites of this installation), and per-site /sitemap.xml and /robots.txt built from the route table.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { API_BASE_PATH } from '../../contract/api';
import { CONTACT_ENDPOINT, CONTACT_LIMITS, DIRECTORY_ENDPOINT, EMAIL_PATTERN, type DirectorySite } from '../../contract/contact';
import { ROUTES } from '../../contract/routes';
import { resolveSite } from '../services/site-resolve';
import { loadSiteSections } from '../services/site-config';

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
});

/** The origin the request was made to ("http://localhost:8080"), for per-site crawler files. */
function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`.toLowerCase();
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export function buildSitemapXml(origin: string, lastmod: string): string {
  const day = lastmod.slice(0, 10);
  const urls = ROUTES.filter((r) => r.inSitemap)
    .map((r) => `  <url><loc>${xmlEscape(origin + r.path)}</loc>${day ? `<lastmod>${day}</lastmod>` : ''}<changefreq>${r.path === '/home' ? 'daily' : 'monthly'}</changefreq></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function buildRobotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /Api/', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export default async function siteRoutes(app: FastifyInstance) {
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false });

  app.post(
    `${API_BASE_PATH}${CONTACT_ENDPOINT}`,
    { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } } },
    async (req, reply) => {
      const body = contactSchema.parse(req.body ?? {});
      const origin = body.url ?? (typeof req.headers.origin === 'string' ? req.headers.origin : requestOrigin(req));
      const site = await resolveSite(app.store, origin);
      const id = await app.store.contact.add({
        siteId: site.id > 0 ? site.id : null,
        name: body.name,
        email: body.email,
        subject: body.subject,
        message: body.message,
      });
      return reply.code(201).send({ id, ok: true });
    },
  );

  app.get(`${API_BASE_PATH}${DIRECTORY_ENDPOINT}`, async (): Promise<DirectorySite[]> => {
    const sites = await app.store.sites.list();
    return Promise.all(
      sites.map(async (s) => {
        const { settings } = await loadSiteSections(app.store, s);
        return { name: s.name, SiteTitle: settings.SiteTitle, origins: s.origins, isDefault: s.isDefault };
      }),
    );
  });

  app.get('/sitemap.xml', async (req, reply) => {
    const origin = requestOrigin(req);
    const site = await resolveSite(app.store, origin);
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return buildSitemapXml(origin, site.updatedAt);
  });

  app.get('/robots.txt', async (req, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return buildRobotsTxt(requestOrigin(req));
  });
}
