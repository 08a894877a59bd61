// Moderating visitor corrections (issue #23): the queue, approve, reject, revert a line to any version,
// blocks, each site's policy and leaderboard. Staff moderate; admins set the policy. Every change is audited.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AdminCorrectionItem, AdminRevertRequest, CorrectionPolicy } from '../../../contract/corrections';
import { auditFrom } from '../../admin/auth';
import { notFound } from '../../errors';
import { CorrectionModeration } from '../../services/corrections/moderation';
import { blockValue } from '../../lib/client-address';
import { admin, id, idParams, staff } from './shared';

const listQuery = z.object({ site: id.optional() });
const revertBody = z.object({
  pageUid: z.string().min(1).max(300),
  lineId: z.string().regex(/^L[0-9]{1,6}$/, 'lineId is a line id like "L12".'),
  version: z.number().int().min(0).max(1e9),
}) satisfies z.ZodType<AdminRevertRequest>;
const blockBody = z.object({
  kind: z.enum(['address', 'account']),
  value: z.string().trim().min(1).max(200),
  reason: z.string().trim().max(500).optional(),
});
const policyBody = z.object({
  publish: z.enum(['immediately', 'afterApproval']),
  requireAccount: z.boolean(),
}) satisfies z.ZodType<CorrectionPolicy>;

export default function correctionAdminRoutes(app: FastifyInstance) {
  const { store } = app;
  const service = new CorrectionModeration(store);
  const by = (req: { adminUser?: { username: string } }) => req.adminUser?.username ?? 'staff';
  const siteOr404 = async (siteId: number) => {
    if (!(await store.sites.get(siteId))) throw notFound('No such site.');
  };

  app.get('/Api/Admin/Corrections', { preHandler: staff }, async (req) => {
    const { site } = listQuery.parse(req.query);
    return service.moderationList(site);
  });

  for (const [action, state] of [
    ['Approve', 'published'],
    ['Reject', 'rejected'],
  ] as const) {
    app.post(`/Api/Admin/Corrections/:id/${action}`, { preHandler: staff }, async (req) => {
      const { id: correctionId } = idParams.parse(req.params);
      const row = await service.decide(correctionId, state, by(req));
      await auditFrom(req, `correction.${action.toLowerCase()}`, `${row.pageUid}#${row.lineId}`, { id: row.id, version: row.version });
      const item: Pick<AdminCorrectionItem, 'id' | 'state'> = { id: row.id, state: row.state };
      return item;
    });
  }

  app.post('/Api/Admin/Corrections/Revert', { preHandler: staff }, async (req) => {
    const body = revertBody.parse(req.body);
    const line = await service.revert(body.pageUid, body.lineId, body.version, by(req));
    await auditFrom(req, 'correction.revert', `${body.pageUid}#${body.lineId}`, { toVersion: body.version, newVersion: line.version });
    return line;
  });

  app.get('/Api/Admin/Corrections/Blocks', { preHandler: staff }, async () => store.corrections.blocks());
  app.post('/Api/Admin/Corrections/Blocks', { preHandler: staff }, async (req, reply) => {
    const body = blockBody.parse(req.body);
    // An IPv6 address is blocked by its /64, the range one home or server can move around in.
    const block = await store.corrections.addBlock({ ...body, value: body.kind === 'address' ? blockValue(body.value) : body.value }, by(req));
    await auditFrom(req, 'correction.block', `${block.kind}:${block.value}`, { reason: body.reason ?? '' });
    reply.status(201);
    return block;
  });
  app.delete('/Api/Admin/Corrections/Blocks/:id', { preHandler: staff }, async (req) => {
    const { id: blockId } = idParams.parse(req.params);
    if (!(await store.corrections.removeBlock(blockId))) throw notFound('No such block.');
    await auditFrom(req, 'correction.unblock', String(blockId));
    return { ok: true };
  });

  app.get('/Api/Admin/Sites/:id/CorrectionPolicy', { preHandler: staff }, async (req) => {
    const { id: siteId } = idParams.parse(req.params);
    await siteOr404(siteId);
    return store.corrections.policy(siteId);
  });
  app.put('/Api/Admin/Sites/:id/CorrectionPolicy', { preHandler: admin }, async (req) => {
    const { id: siteId } = idParams.parse(req.params);
    const body = policyBody.parse(req.body);
    await siteOr404(siteId);
    await store.corrections.setPolicy(siteId, body);
    await auditFrom(req, 'correction.policy', String(siteId), body);
    return store.corrections.policy(siteId);
  });
  app.get('/Api/Admin/Sites/:id/Contributors', { preHandler: staff }, async (req) => {
    const { id: siteId } = idParams.parse(req.params);
    await siteOr404(siteId);
    return store.corrections.contributors(siteId, 100);
  });
}
