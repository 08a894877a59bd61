import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isHttps } from './transport';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_MESSAGE = 'Missing or wrong X-XSRF-TOKEN header: reload the page and try again.';
export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Whether the request reached a route that changes state and is not declared public. Decided from the
 * route the router matched (its method and options), never from how the URL is spelt: the router
 * decodes %41 to A and ignores case, so any test on the raw URL can be walked around.
 */
function needsToken(req: FastifyRequest): boolean {
  if (!UNSAFE_METHODS.has(req.method)) return false;
  if (req.is404) return false; // the not-found handler changes nothing
  return req.routeOptions.config?.xsrfPublic !== true;
}

/**
 * Spec 7.1: the XSRF-TOKEN cookie is issued to every visitor (readable by the app), and every
 * state-changing call must echo it in the X-XSRF-TOKEN header (double-submit cookie). onRequest runs
 * after routing, so the matched route is known here, and before the body is read.
 */
export function registerXsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    let token = req.cookies[XSRF_COOKIE];
    if (!token || !/^[A-Za-z0-9_-]{16,128}$/.test(token)) {
      token = randomBytes(24).toString('base64url');
      reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: isHttps(req) });
      // A request without a cookie cannot carry a matching header; let it fail below.
      req.cookies[XSRF_COOKIE] = '';
    }
    if (needsToken(req)) {
      const header = req.headers[XSRF_HEADER];
      const cookie = req.cookies[XSRF_COOKIE];
      if (typeof header !== 'string' || !cookie || !sameToken(header, cookie)) {
        return reply.status(403).send({ error: XSRF_MESSAGE });
      }
    }
  });
}
