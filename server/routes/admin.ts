import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { HttpError, badRequest, notFound } from '../errors';
import {
  LOCK_MINUTES,
  MAX_FAILED_SIGNINS,
  SESSION_COOKIE,
  auditFrom,
  ensureFirstAdmin,
  hashPassword,
  requireRole,
  startSession,
  tokenHash,
  verifyPassword,
} from '../admin/auth';
import { JobQueue } from '../admin/jobs';
import { runIngestJob } from '../admin/ingest-work';
import { saveUpload } from '../admin/uploads';
import { validateSection, CONTENT_SECTIONS, SITE_SECTIONS } from '../admin/sections';
import type { SiteSection } from '../store/types';
import { defaultSections } from '../sites/defaults';

const id = z.coerce.number().int().positive().max(2 ** 31);
const username = z.string().trim().min(2).max(64).regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits and . _ @ - only');
const password = z.string().min(10, 'Passwords need at least 10 characters').max(256);
const role = z.enum(['admin', 'editor']);
const origin = z
  .string()
  .trim()
  .max(255)
  .refine((o) => /^https?:\/\/[^/\s]+$/i.test(o) || /^[a-z0-9.-]+$/i.test(o) || /^\[[0-9a-f:]+\]$/i.test(o), 'An origin is http(s)://host[:port] or a bare host name');
const siteInput = z.object({
  slug: z.string().trim().min(1).max(64).regex(/^[a-z0-9-]+$/, 'Use lower-case letters, digits and - only'),
  name: z.string().trim().min(1).max(200),
  isDefault: z.boolean().optional(),
  origins: z.array(origin).max(20),
});

export default async function adminRoutes(app: FastifyInstance) {
  const { store, config } = app;
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  await ensureFirstAdmin(store, config.adminPassword, (m) => app.log.info(m));
  const queue = new JobQueue(store, (job, ctx) => runIngestJob(store, config.dataDir, job, ctx), app.log);
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => queue.stop());
  const admin = requireRole('admin');
  const staff = requireRole('admin', 'editor');

  await app.register(async (auth) => {
    // Per address; guessing one account is stopped sooner by its lock-out (MAX_FAILED_SIGNINS).
    await auth.register(rateLimit, { max: 30, timeWindow: '1 minute', keyGenerator: (req) => req.ip });
    auth.post('/Api/Admin/Login', async (req, reply) => {
      if (!config.adminPassword && (await store.admin.countUsers()) === 0) {
        throw new HttpError(503, 'Admin sign-in is disabled: set ADMIN_PASSWORD and restart the server.');
      }
      const body = z.object({ username: z.string().max(64), password: z.string().max(256) }).parse(req.body);
      const user = await store.admin.userByName(body.username.trim());
      const now = new Date();
      if (user?.lockedUntil && new Date(user.lockedUntil) > now) {
        throw new HttpError(423, `Too many failed sign-ins: this account is locked until ${new Date(user.lockedUntil).toISOString().slice(11, 16)} UTC.`);
      }
      const ok = user ? await verifyPassword(body.password, user.passwordHash) : (await hashPassword(body.password), false);
      if (!user || !ok) {
        if (user) {
          const lock = user.failedCount + 1 >= MAX_FAILED_SIGNINS ? new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString() : null;
          await store.admin.recordLogin(user.id, false, lock);
        }
        await store.admin.audit({ userId: user?.id ?? null, username: body.username.slice(0, 64), action: 'signin.failed', ip: req.ip });
        throw new HttpError(401, 'Wrong user name or password.');
      }
      await store.admin.recordLogin(user.id, true, null);
      await startSession(store, reply, req, user.id);
      await store.admin.audit({ userId: user.id, username: user.username, action: 'signin', ip: req.ip });
      return { username: user.username, role: user.role };
    });
  });

  app.post('/Api/Admin/Logout', async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) await store.admin.deleteSession(tokenHash(token));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });

  app.get('/Api/Admin/Me', { preHandler: staff }, async (req) => ({ username: req.adminUser!.username, role: req.adminUser!.role }));

  app.post('/Api/Admin/Password', { preHandler: staff }, async (req) => {
    const body = z.object({ current: z.string().max(256), next: password }).parse(req.body);
    const user = (await store.admin.userById(req.adminUser!.id))!;
    if (!(await verifyPassword(body.current, user.passwordHash))) throw new HttpError(400, 'The current password is wrong.');
    await store.admin.updateUser(user.id, { passwordHash: await hashPassword(body.next) });
    await store.admin.deleteUserSessions(user.id, tokenHash(req.cookies[SESSION_COOKIE]!));
    await auditFrom(req, 'password.change', user.username);
    return { ok: true };
  });

  // Accounts: admins only.
  app.get('/Api/Admin/Users', { preHandler: admin }, async () => store.admin.listUsers());
  app.post('/Api/Admin/Users', { preHandler: admin }, async (req) => {
    const body = z.object({ username, password, role }).parse(req.body);
    if (await store.admin.userByName(body.username)) throw badRequest(`The user name '${body.username}' is taken.`);
    const user = await store.admin.createUser(body.username, await hashPassword(body.password), body.role);
    await auditFrom(req, 'user.create', user.username, { role: user.role });
    return user;
  });
  app.put('/Api/Admin/Users/:id', { preHandler: admin }, async (req) => {
    const { id: userId } = z.object({ id }).parse(req.params);
    const body = z.object({ role: role.optional(), password: password.optional() }).parse(req.body);
    const user = await store.admin.userById(userId);
    if (!user) throw notFound('No such user.');
    if (body.role === 'editor' && user.role === 'admin' && (await store.admin.listUsers()).filter((u) => u.role === 'admin').length === 1) {
      throw badRequest('The last admin cannot become an editor.');
    }
    await store.admin.updateUser(userId, { role: body.role, passwordHash: body.password ? await hashPassword(body.password) : undefined });
    if (body.password) await store.admin.deleteUserSessions(userId);
    await auditFrom(req, 'user.update', user.username, { role: body.role, passwordReset: !!body.password });
    return { ok: true };
  });
  app.delete('/Api/Admin/Users/:id', { preHandler: admin }, async (req) => {
    const { id: userId } = z.object({ id }).parse(req.params);
    if (userId === req.adminUser!.id) throw badRequest('You cannot delete your own account.');
    const user = await store.admin.userById(userId);
    if (!user) throw notFound('No such user.');
    await store.admin.deleteUser(userId);
    await auditFrom(req, 'user.delete', user.username);
    return { ok: true };
  });

  // Sites: configuration (settings, menus, pwa, origins, titles) is for admins; content sections for editors too.
  app.get('/Api/Admin/Sites', { preHandler: staff }, async () => store.sites.list());
  app.post('/Api/Admin/Sites', { preHandler: admin }, async (req) => {
    const body = siteInput.parse(req.body);
    if ((await store.sites.list()).some((s) => s.slug === body.slug)) throw badRequest(`A site '${body.slug}' exists already.`);
    const site = await store.sites.create(body);
    await store.meta.bumpDataVersion();
    await auditFrom(req, 'site.create', site.slug, body);
    return site;
  });
  app.put('/Api/Admin/Sites/:id', { preHandler: admin }, async (req) => {
    const { id: siteId } = z.object({ id }).parse(req.params);
    const body = siteInput.partial().parse(req.body);
    if (!(await store.sites.get(siteId))) throw notFound('No such site.');
    const site = await store.sites.update(siteId, body);
    await store.meta.bumpDataVersion();
    await auditFrom(req, 'site.update', site.slug, body);
    return site;
  });
  app.delete('/Api/Admin/Sites/:id', { preHandler: admin }, async (req) => {
    const { id: siteId } = z.object({ id }).parse(req.params);
    const site = await store.sites.get(siteId);
    if (!site) throw notFound('No such site.');
    if (site.isDefault) throw badRequest('The default site cannot be deleted: make another site the default first.');
    await store.sites.remove(siteId);
    await store.meta.bumpDataVersion();
    await auditFrom(req, 'site.delete', site.slug);
    return { ok: true };
  });
  app.get('/Api/Admin/Sites/:id/Sections', { preHandler: staff }, async (req) => {
    const { id: siteId } = z.object({ id }).parse(req.params);
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
    await store.sites.putSection(site.id, params.section, data);
    await store.meta.bumpDataVersion();
    await auditFrom(req, 'site.section', `${site.slug}/${params.section}`);
    return data;
  });
  app.get('/Api/Admin/Sites/:id/Titles', { preHandler: staff }, async (req) => {
    const { id: siteId } = z.object({ id }).parse(req.params);
    return { titleIds: await store.sites.getTitleIds(siteId) };
  });
  app.put('/Api/Admin/Sites/:id/Titles', { preHandler: admin }, async (req) => {
    const { id: siteId } = z.object({ id }).parse(req.params);
    const body = z.object({ titleIds: z.array(z.number().int().positive()).max(200_000) }).parse(req.body);
    const site = await store.sites.get(siteId);
    if (!site) throw notFound('No such site.');
    await store.sites.setTitleIds(siteId, body.titleIds);
    await store.meta.bumpDataVersion();
    await auditFrom(req, 'site.titles', site.slug, { count: body.titleIds.length });
    return { ok: true };
  });
  // Every title of the installation (for choosing a site's collection), with page counts.
  app.get('/Api/Admin/Titles', { preHandler: staff }, async () => {
    // Site id 0 has no collection, so the count covers every title that has pages.
    const withPages = await store.browse.titleCounts(0);
    return withPages.map((t) => ({ id: t.id, lccn: t.lccn, name: t.name, pages: t.pages, years: `${t.firstYear}-${t.lastYear}` }));
  });

  app.post('/Api/Admin/Upload', { preHandler: staff }, async (req) => {
    const saved = await saveUpload(req, config.dataDir);
    await auditFrom(req, 'upload', saved.path, { bytes: saved.bytes, type: saved.type });
    return saved;
  });

  // Batches and ingest jobs.
  app.get('/Api/Admin/Batches', { preHandler: staff }, async () => store.ingest.listBatches());
  app.get('/Api/Admin/Jobs', { preHandler: staff }, async () => store.admin.listJobs(50));
  app.get('/Api/Admin/Jobs/:id', { preHandler: staff }, async (req) => {
    const { id: jobId } = z.object({ id }).parse(req.params);
    const job = await store.admin.getJob(jobId);
    if (!job) throw notFound('No such job.');
    return job;
  });
  app.post('/Api/Admin/Jobs', { preHandler: admin }, async (req) => {
    const body = z
      .object({ kind: z.enum(['batch', 'audio', 'purge']).default('batch'), sourcePath: z.string().trim().min(1).max(1024), marcPath: z.string().trim().max(1024).optional() })
      .parse(req.body);
    if (body.kind !== 'purge') {
      const dir = resolve(body.sourcePath);
      if (!existsSync(dir) || !statSync(dir).isDirectory()) throw badRequest(`No folder at ${body.sourcePath} on the server.`);
      if (body.marcPath && !existsSync(resolve(body.marcPath))) throw badRequest(`No MARC folder at ${body.marcPath} on the server.`);
    } else if (!(await store.ingest.getBatch(body.sourcePath))) {
      throw badRequest(`No batch named '${body.sourcePath}'.`);
    }
    const job = await store.admin.createJob({ kind: body.kind, sourcePath: body.sourcePath, marcPath: body.marcPath || null, createdBy: req.adminUser!.username });
    await auditFrom(req, `job.${body.kind}`, body.sourcePath, { job: job.id });
    queue.poke();
    return job;
  });
  app.post('/Api/Admin/Jobs/:id/Cancel', { preHandler: admin }, async (req) => {
    const { id: jobId } = z.object({ id }).parse(req.params);
    if (!(await queue.cancel(jobId))) throw badRequest('Only a queued or running job can be cancelled.');
    await auditFrom(req, 'job.cancel', String(jobId));
    return { ok: true };
  });

  app.get('/Api/Admin/Messages', { preHandler: staff }, async () => store.contact.list(500));
  app.post('/Api/Admin/Messages/:id/Read', { preHandler: staff }, async (req) => {
    const { id: msgId } = z.object({ id }).parse(req.params);
    await store.contact.markRead(msgId);
    return { ok: true };
  });
  app.get('/Api/Admin/Audit', { preHandler: admin }, async () => store.admin.listAudit(500));
}
