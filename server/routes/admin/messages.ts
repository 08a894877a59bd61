// Contact messages (staff) and the audit log (admins).
import type { FastifyInstance } from 'fastify';
import { admin, idParams, staff } from './shared';

export default function messageRoutes(app: FastifyInstance) {
  const { store } = app;
  app.get('/Api/Admin/Messages', { preHandler: staff }, async () => store.contact.list(500));
  app.post('/Api/Admin/Messages/:id/Read', { preHandler: staff }, async (req) => {
    const { id: msgId } = idParams.parse(req.params);
    await store.contact.markRead(msgId);
    return { ok: true };
  });
  app.get('/Api/Admin/Audit', { preHandler: admin }, async () => store.admin.listAudit(500));
}
