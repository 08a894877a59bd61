import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { readFileSync } from 'node:fs';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import etag from '@fastify/etag';
import type { Config } from './config';
import type { Store } from './store';
import { registerErrorHandler } from './plugins/errors';
import { registerXsrf } from './plugins/xsrf';
import { registerSpa } from './plugins/spa';
import { registerCanonicalOrigin } from './services/canonical-origin';
import { registerRouteTable } from './plugins/route-table';
import { registerTransportSecurity } from './plugins/transport';
import { clientErrorHandler } from './plugins/client-errors';
import { registerRoutes } from './routes';
import { fastifyTrustProxy } from './lib/client-address';
import { createSearchRunner, type SearchRunner } from './services/search/pool';

declare module 'fastify' {
  interface FastifyInstance {
    store: Store;
    config: Config;
    searchRunner: SearchRunner;
  }
}

/** Builds the whole server: plugins, then routes, then the SPA. Tests call this and use inject(). */
export async function buildApp(config: Config, store: Store): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { caseSensitive: false, maxParamLength: 1000 },
    // Unreadable requests: answered with Connection: close and closed without a reset (plugins/client-errors.ts).
    clientErrorHandler,
  };
  // HTTPS served directly: the server object differs, but every route and hook sees the same request API.
  if (config.tls) Object.assign(options, { https: { cert: readFileSync(config.tls.certFile), key: readFileSync(config.tls.keyFile) } });
  const app = Fastify(options);
  app.decorate('store', store);
  app.decorate('config', config);
  const search = createSearchRunner(store, config.searchWorkers ?? 0, config.searchBudgetMs);
  app.decorate('searchRunner', search);
  app.addHook('onClose', () => search.close());
  registerErrorHandler(app);
  registerCanonicalOrigin(app);
  registerRouteTable(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // HSTS is added per response, only over HTTPS (plugins/transport.ts).
    strictTransportSecurity: false,
  });
  registerTransportSecurity(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(etag);
  await app.register(cookie);
  registerXsrf(app);

  await registerRoutes(app);
  await registerSpa(app, config.distDir);
  return app;
}
