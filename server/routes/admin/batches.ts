// Batches and ingest jobs: editors watch, admins start and cancel.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { badRequest, notFound } from '../../errors';
import { auditFrom } from '../../admin/auth';
import type { JobQueue } from '../../admin/jobs';
import { admin, idParams, staff } from './shared';

const jobInput = z.object({
  kind: z.enum(['batch', 'audio', 'purge']).default('batch'),
  sourcePath: z.string().trim().min(1).max(1024),
  marcPath: z.string().trim().max(1024).optional(),
});

export default function batchRoutes(app: FastifyInstance, queue: JobQueue) {
  const { store } = app;
  app.get('/Api/Admin/Batches', { preHandler: staff }, async () => store.ingest.listBatches());
  app.get('/Api/Admin/Jobs', { preHandler: staff }, async () => store.admin.listJobs(50));

  app.get('/Api/Admin/Jobs/:id', { preHandler: staff }, async (req) => {
    const { id: jobId } = idParams.parse(req.params);
    const job = await store.admin.getJob(jobId);
    if (!job) throw notFound('No such job.');
    return job;
  });

  app.post('/Api/Admin/Jobs', { preHandler: admin }, async (req) => {
    const body = jobInput.parse(req.body);
    if (body.kind !== 'purge') {
      const dir = resolve(body.sourcePath);
      if (!existsSync(dir) || !statSync(dir).isDirectory()) throw badRequest(`No folder at ${body.sourcePath} on the server.`);
      if (body.marcPath && !existsSync(resolve(body.marcPath))) throw badRequest(`No MARC folder at ${body.marcPath} on the server.`);
    } else if (!(await store.ingest.getBatch(body.sourcePath))) {
      throw badRequest(`No batch named '${body.sourcePath}'.`);
    }
    const job = await store.admin.createJob({
      kind: body.kind,
      sourcePath: body.sourcePath,
      marcPath: body.marcPath || null,
      createdBy: req.adminUser!.username,
    });
    await auditFrom(req, `job.${body.kind}`, body.sourcePath, { job: job.id });
    queue.poke();
    return job;
  });

  app.post('/Api/Admin/Jobs/:id/Cancel', { preHandler: admin }, async (req) => {
    const { id: jobId } = idParams.parse(req.params);
    if (!(await queue.cancel(jobId))) throw badRequest('Only a queued or running job can be cancelled.');
    await auditFrom(req, 'job.cancel', String(jobId));
    return { ok: true };
  });
}
