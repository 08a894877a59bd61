import type { FastifyInstance } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Spec 7.1: the XSRF-TOKEN cookie is issued to every visitor (readable by the app), and every
 * state-changing /Api/ call must echo it in the X-XSRF-TOKEN header (double-submit cookie).
 */
export function registerXsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    let token = req.cookies[XSRF_COOKIE];
    if (!token || !/^[A-Za-z0-9_-]{16,128}$/.test(token)) {
      token = randomBytes(24).toString('base64url');
      reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: req.protocol === 'https' });
      // A request without a cookie cannot carry a matching header; let it fail below.
      req.cookies[XSRF_COOKIE] = '';
    }
    if (UNSAFE.has(req.method) && req.url.toLowerCase().startsWith('/api/')) {
      const header = req.headers[XSRF_HEADER];
      const cookie = req.cookies[XSRF_COOKIE];
      if (typeof header !== 'string' || !cookie || !sameToken(header, cookie)) {
        return reply.status(403).send({ error: 'Missing or wrong X-XSRF-TOKEN header: reload the page and try again.' });
      }
    }
  });
}
