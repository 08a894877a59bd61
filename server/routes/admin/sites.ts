// Sites and their collections of titles: admins change them, editors may look. The store bumps the data
// version on every site write (both engines), so no route does it again.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from '../../errors';
import { auditFrom } from '../../admin/auth';
import { admin, idParams, staff } from './shared';

const origin = z
  .string()
  .trim()
  .max(255)
  .refine(
    (o) => /^https?:\/\/[^/\s]+$/i.test(o) || /^[a-z0-9.-]+$/i.test(o) || /^\[[0-9a-f:]+\]$/i.test(o),
    'An origin is http(s)://host[:port] or a bare host name',
  );
const siteInput = z.object({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9-]+$/, 'Use lower-case letters, digits and - only'),
  name: z.string().trim().min(1).max(200),
  isDefault: z.boolean().optional(),
  origins: z.array(origin).max(20),
});

export default function siteRoutes(app: FastifyInstance) {
  const { store } = app;
  app.get('/Api/Admin/Sites', { preHandler: staff }, async () => store.sites.list());

  app.post('/Api/Admin/Sites', { preHandler: admin }, async (req) => {
    const body = siteInput.parse(req.body);
    if ((await store.sites.list()).some((s) => s.slug === body.slug)) throw badRequest(`A site '${body.slug}' exists already.`);
    const site = await store.sites.create(body);
    await auditFrom(req, 'site.create', site.slug, body);
    return site;
  });

  app.put('/Api/Admin/Sites/:id', { preHandler: admin }, async (req) => {
    const { id: siteId } = idParams.parse(req.params);
    const body = siteInput.partial().parse(req.body);
    if (!(await store.sites.get(siteId))) throw notFound('No such site.');
    const site = await store.sites.update(siteId, body);
    await auditFrom(req, 'site.update', site.slug, body);
    return site;
  });

  app.delete('/Api/Admin/Sites/:id', { preHandler: admin }, async (req) => {
    const { id: siteId } = idParams.parse(req.params);
    const site = await store.sites.get(siteId);
    if (!site) throw notFound('No such site.');
    if (site.isDefault) throw badRequest('The default site cannot be deleted: make another site the default first.');
    await store.sites.remove(siteId);
    await auditFrom(req, 'site.delete', site.slug);
    return { ok: true };
  });

  app.get('/Api/Admin/Sites/:id/Titles', { preHandler: staff }, async (req) => {
    const { id: siteId } = idParams.parse(req.params);
    return { titleIds: await store.sites.getTitleIds(siteId) };
  });

  app.put('/Api/Admin/Sites/:id/Titles', { preHandler: admin }, async (req) => {
    const { id: siteId } = idParams.parse(req.params);
    const body = z.object({ titleIds: z.array(z.number().int().positive()).max(200_000) }).parse(req.body);
    const site = await store.sites.get(siteId);
    if (!site) throw notFound('No such site.');
    await store.sites.setTitleIds(siteId, body.titleIds);
    await auditFrom(req, 'site.titles', site.slug, { count: body.titleIds.length });
    return { ok: true };
  });

  // Every title of the installation (for choosing a site's collection), with page counts.
  app.get('/Api/Admin/Titles', { preHandler: staff }, async () => {
    // Site id 0 has no collection, so the count covers every title that has pages.
    const withPages = await store.browse.titleCounts(0);
    return withPages.map((t) => ({ id: t.id, lccn: t.lccn, name: t.name, pages: t.pages, years: `${t.firstYear}-${t.lastYear}` }));
  });
}
