// Accounts: admins only.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from '../../errors';
import { auditFrom, hashPassword } from '../../admin/auth';
import { assertDeleteKeepsAnAdmin, assertRoleChangeKeepsAnAdmin } from '../../admin/last-admin';
import { admin, idParams } from './shared';
import { password } from './session';

const username = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits and . _ @ - only');
const role = z.enum(['admin', 'editor']);

export default function userRoutes(app: FastifyInstance) {
  const { store } = app;
  app.get('/Api/Admin/Users', { preHandler: admin }, async () => store.admin.listUsers());

  app.post('/Api/Admin/Users', { preHandler: admin }, async (req) => {
    const body = z.object({ username, password, role }).parse(req.body);
    if (await store.admin.userByName(body.username)) throw badRequest(`The user name '${body.username}' is taken.`);
    const user = await store.admin.createUser(body.username, await hashPassword(body.password), body.role);
    await auditFrom(req, 'user.create', user.username, { role: user.role });
    return user;
  });

  app.put('/Api/Admin/Users/:id', { preHandler: admin }, async (req) => {
    const { id: userId } = idParams.parse(req.params);
    const body = z.object({ role: role.optional(), password: password.optional() }).parse(req.body);
    const user = await store.admin.userById(userId);
    if (!user) throw notFound('No such user.');
    await assertRoleChangeKeepsAnAdmin(store, user, body.role);
    await store.admin.updateUser(userId, { role: body.role, passwordHash: body.password ? await hashPassword(body.password) : undefined });
    if (body.password) await store.admin.deleteUserSessions(userId);
    await auditFrom(req, 'user.update', user.username, { role: body.role, passwordReset: !!body.password });
    return { ok: true };
  });

  app.delete('/Api/Admin/Users/:id', { preHandler: admin }, async (req) => {
    const { id: userId } = idParams.parse(req.params);
    if (userId === req.adminUser!.id) throw badRequest('You cannot delete your own account.');
    const user = await store.admin.userById(userId);
    if (!user) throw notFound('No such user.');
    await assertDeleteKeepsAnAdmin(store, user);
    await store.admin.deleteUser(userId);
    await auditFrom(req, 'user.delete', user.username);
    return { ok: true };
  });
}
