// Sign-in, sign-out, who am I, and changing one's own password.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { HttpError } from '../../errors';
import { SESSION_COOKIE, auditFrom, hashPassword, startSession, tokenHash, verifyPassword } from '../../admin/auth';
import type { FailureOutcome, SignInThrottle } from '../../admin/signin-throttle';
import { rateLimitKey } from '../../lib/client-address';
import { staff } from './shared';

export const password = z.string().min(10, 'Passwords need at least 10 characters').max(256);
export const WRONG_SIGNIN = 'Wrong user name or password.';

/**
 * Counts this attempt (admin/signin-throttle.ts) before any password is hashed; 429 with Retry-After when
 * this address must wait before trying this account again. Returns the wait a wrong password starts.
 */
async function countAttempt(throttle: SignInThrottle, username: string, req: FastifyRequest, reply: FastifyReply): Promise<FailureOutcome> {
  const verdict = await throttle.attempt(username, req.ip);
  if (verdict.allowed) return verdict.outcome;
  reply.header('Retry-After', String(verdict.retryAfterSeconds));
  const wait = verdict.retryAfterSeconds < 120 ? `${verdict.retryAfterSeconds} seconds` : `${Math.ceil(verdict.retryAfterSeconds / 60)} minutes`;
  throw new HttpError(429, `Too many failed sign-ins from your address: try again in ${wait}.`);
}

/** A wrong password: writes the start of any wait it caused to the audit log (it was counted already). */
async function auditWait(app: FastifyInstance, req: FastifyRequest, outcome: FailureOutcome, username: string, userId: number | null) {
  if (!outcome.scope) return;
  await app.store.admin.audit({
    userId,
    username: username.slice(0, 64),
    action: 'signin.throttled',
    ip: req.ip,
    detail: { scope: outcome.scope, seconds: outcome.seconds, failures: outcome.failures },
  });
}

export default async function sessionRoutes(app: FastifyInstance, throttle: SignInThrottle) {
  const { store, config } = app;

  await app.register(async (auth) => {
    // Requests per address, whatever their outcome; failures are throttled separately (admin/signin-throttle.ts).
    await auth.register(rateLimit, { max: 30, timeWindow: '1 minute', keyGenerator: rateLimitKey });
    auth.post('/Api/Admin/Login', async (req, reply) => {
      if (!config.adminPassword && (await store.admin.countUsers()) === 0) {
        throw new HttpError(503, 'Admin sign-in is disabled: set ADMIN_PASSWORD and restart the server.');
      }
      const body = z.object({ username: z.string().max(64), password: z.string().max(256) }).parse(req.body);
      const name = body.username.trim();
      const outcome = await countAttempt(throttle, name, req, reply);
      const user = await store.admin.userByName(name);
      // Unknown names cost a hash too, so timing does not tell which names exist.
      const ok = user ? await verifyPassword(body.password, user.passwordHash) : (await hashPassword(body.password), false);
      if (!user || !ok) {
        if (user) await store.admin.recordLogin(user.id, false);
        await store.admin.audit({ userId: user?.id ?? null, username: body.username.slice(0, 64), action: 'signin.failed', ip: req.ip });
        await auditWait(app, req, outcome, name, user?.id ?? null);
        throw new HttpError(401, WRONG_SIGNIN);
      }
      await throttle.succeeded(name, req.ip);
      await store.admin.recordLogin(user.id, true);
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

  app.post('/Api/Admin/Password', { preHandler: staff }, async (req, reply) => {
    const body = z.object({ current: z.string().max(256), next: password }).parse(req.body);
    const user = (await store.admin.userById(req.adminUser!.id))!;
    // A stolen session must not become a free password oracle: the same throttle as sign-in.
    const outcome = await countAttempt(throttle, user.username, req, reply);
    if (!(await verifyPassword(body.current, user.passwordHash))) {
      await auditWait(app, req, outcome, user.username, user.id);
      throw new HttpError(400, 'The current password is wrong.');
    }
    await throttle.succeeded(user.username, req.ip);
    await store.admin.updateUser(user.id, { passwordHash: await hashPassword(body.next) });
    await store.admin.deleteUserSessions(user.id, tokenHash(req.cookies[SESSION_COOKIE]!));
    await auditFrom(req, 'password.change', user.username);
    return { ok: true };
  });
}
