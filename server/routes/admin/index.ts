// The admin API (/Api/Admin/*), one module per area. Rules live in server/admin/ (sign-in throttling,
// last-admin protection, sections); these files only parse, check roles, call the store and audit.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ensureFirstAdmin } from '../../admin/auth';
import { JobQueue } from '../../admin/jobs';
import { runIngestJob } from '../../admin/ingest-work';
import { SignInThrottle } from '../../admin/signin-throttle';
import sessionRoutes from './session';
import userRoutes from './users';
import siteRoutes from './sites';
import contentRoutes from './content';
import batchRoutes from './batches';
import messageRoutes from './messages';
import correctionAdminRoutes from './corrections';
import sharedListAdminRoutes from './shared-lists';

export default async function adminRoutes(app: FastifyInstance) {
  const { store, config } = app;
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  await ensureFirstAdmin(store, config.adminPassword, (m) => app.log.info(m));
  const queue = new JobQueue(store, (job, ctx) => runIngestJob(store, config.dataDir, job, ctx), app.log);
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => queue.stop());

  await sessionRoutes(app, new SignInThrottle(store));
  userRoutes(app);
  siteRoutes(app);
  contentRoutes(app);
  batchRoutes(app, queue);
  messageRoutes(app);
  correctionAdminRoutes(app);
  sharedListAdminRoutes(app);
}
