// Shared research lists (issue #38): staff see every shared list (reported ones first when asked) with its
// report count, open it, and remove one. Every removal is audited.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SHARED_LIST_ID } from '../../../contract/shared-lists';
import { auditFrom } from '../../admin/auth';
import { notFound } from '../../errors';
import { staff } from './shared';

const listQuery = z.object({ reported: z.enum(['0', '1']).optional() });
const idParams = z.object({ id: z.string().regex(SHARED_LIST_ID, 'No such shared list.') });

export default function sharedListAdminRoutes(app: FastifyInstance) {
  const { store } = app;
  app.get('/Api/Admin/SharedLists', { preHandler: staff }, async (req) => {
    const { reported } = listQuery.parse(req.query);
    return store.sharedLists.list(500, reported === '1');
  });
  app.delete('/Api/Admin/SharedLists/:id', { preHandler: staff }, async (req) => {
    const { id } = idParams.parse(req.params);
    const row = await store.sharedLists.get(id);
    if (!row || !(await store.sharedLists.remove(id))) throw notFound('No such shared list.');
    await auditFrom(req, 'sharedList.remove', id, { name: row.name, siteId: row.siteId, reports: row.reports });
    return { ok: true };
  });
}
