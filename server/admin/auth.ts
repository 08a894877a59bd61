import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role, Store, UserRow } from '../store/types';
import { HttpError } from '../errors';
import { isHttps } from '../plugins/transport';

export const SESSION_COOKIE = 'archive_session';
export const SESSION_HOURS = 12;

// scrypt is memory-hard: N=2^15, r=8 uses 32 MiB per hash, which slows guessing on GPUs.
const SCRYPT: ScryptOptions = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

function scryptAsync(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEYLEN, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates the first admin account from ADMIN_PASSWORD when there is none. */
export async function ensureFirstAdmin(store: Store, password: string | undefined, log: (m: string) => void) {
  if (!password) return;
  if ((await store.admin.countUsers()) > 0) return;
  await store.admin.createUser('admin', await hashPassword(password), 'admin');
  await store.admin.audit({ userId: null, username: 'system', action: 'user.create', target: 'admin', detail: { role: 'admin', from: 'ADMIN_PASSWORD' } });
  log("Created the admin account 'admin' from ADMIN_PASSWORD.");
}

export async function startSession(store: Store, reply: FastifyReply, req: FastifyRequest, userId: number) {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + SESSION_HOURS * 3600_000);
  await store.admin.createSession(tokenHash(token), userId, expires.toISOString());
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(req),
    expires,
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    adminUser?: UserRow;
  }
}

/** preHandler: a valid session with one of the roles, else 401/403. */
export function requireRole(...roles: Role[]) {
  return async (req: FastifyRequest) => {
    const token = req.cookies[SESSION_COOKIE];
    if (!token) throw new HttpError(401, 'Please sign in.');
    const user = await req.server.store.admin.sessionUser(tokenHash(token), new Date().toISOString());
    if (!user) throw new HttpError(401, 'Your session has ended: please sign in again.');
    if (!roles.includes(user.role)) throw new HttpError(403, 'Your account may not do this.');
    req.adminUser = user;
  };
}

export function auditFrom(req: FastifyRequest, action: string, target?: string | null, detail?: Record<string, unknown>) {
  return req.server.store.admin.audit({
    userId: req.adminUser?.id ?? null,
    username: req.adminUser?.username ?? null,
    action,
    target: target ?? null,
    detail,
    ip: req.ip,
  });
}
