import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A year, with subdomains: the usual HSTS preload-list value. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Whether the visitor's connection is HTTPS: a TLS socket, or (only with TRUST_PROXY=1, which makes
 * Fastify read X-Forwarded-Proto) a proxy that says it received HTTPS. Cookies are marked Secure then.
 */
export const isHttps = (req: FastifyRequest) => req.protocol === 'https';

/**
 * Strict-Transport-Security only on HTTPS responses: sent over plain HTTP it is ignored by browsers, and
 * a development server on http://localhost must stay reachable.
 */
export function registerTransportSecurity(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    if (isHttps(req)) reply.header('Strict-Transport-Security', HSTS_VALUE);
  });
}
