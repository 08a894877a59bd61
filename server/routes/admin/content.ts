// Site sections (content for editors, configuration for admins) and uploaded media.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError, notFound } from '../../errors';
import { auditFrom } from '../../admin/auth';
import { saveUpload } from '../../admin/uploads';
import { validateSection, CONTENT_SECTIONS, SITE_SECTIONS } from '../../admin/sections';
import type { SiteSection } from '../../store/types';
import { defaultSections } from '../../sites/defaults';
import { id, idParams, staff } from './shared';
import { checkFeaturedIssues, newestIssues } from '../../services/kiosk';
import type { KioskSection } from '../../sites/sections';

export default function contentRoutes(app: FastifyInstance) {
  const { store, config } = app;

  app.get('/Api/Admin/Sites/:id/Sections', { preHandler: staff }, async (req) => {
    const { id: siteId } = idParams.parse(req.params);
    const site = await store.sites.get(siteId);
    if (!site) throw notFound('No such site.');
    // Every section, stored values over defaults, so the editor always gets whole documents.
    const stored = await store.sites.getSections(siteId);
    const defaults = defaultSections(site.name);
    return Object.fromEntries(
      (Object.keys(defaults) as SiteSection[]).map((k) => {
        const d = defaults[k] as unknown;
        const s = stored[k];
        if (!(k in stored)) return [k, d];
        return [k, d && typeof d === 'object' && s && typeof s === 'object' ? { ...d, ...s } : s];
      }),
    );
  });

  app.put('/Api/Admin/Sites/:id/Sections/:section', { preHandler: staff }, async (req) => {
    const params = z.object({ id, section: z.enum([...SITE_SECTIONS, ...CONTENT_SECTIONS] as [SiteSection, ...SiteSection[]]) }).parse(req.params);
    if (!CONTENT_SECTIONS.includes(params.section) && req.adminUser!.role !== 'admin') throw new HttpError(403, 'Only admins can change site configuration.');
    const site = await store.sites.get(params.id);
    if (!site) throw notFound('No such site.');
    const data = validateSection(params.section, req.body);
    if (params.section === 'kiosk') await checkFeaturedIssues(store, site, (data as KioskSection).featuredIssueIds);
    await store.sites.putSection(site.id, params.section, data);
    await auditFrom(req, 'site.section', `${site.slug}/${params.section}`, params.section === 'kiosk' ? (data as Record<string, unknown>) : undefined);
    return data;
  });

  // Issues staff can feature on a kiosk: the site's newest, from its most recent titles.
  app.get('/Api/Admin/Sites/:id/KioskIssues', { preHandler: staff }, async (req) => {
    const { id: siteId } = idParams.parse(req.params);
    const site = await store.sites.get(siteId);
    if (!site) throw notFound('No such site.');
    return newestIssues(store, site, 60, 12);
  });

  app.post('/Api/Admin/Upload', { preHandler: staff }, async (req) => {
    const saved = await saveUpload(req, config.dataDir);
    await auditFrom(req, 'upload', saved.path, { bytes: saved.bytes, type: saved.type });
    return saved;
  });
}
