import Fastify, { type FastifyInstance } from 'fastify';
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
import { recordRoutes } from './routes/api-registry';
import { registerRoutes } from './routes';
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
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, maxParamLength: 1000 },
  });
  app.decorate('store', store);
  app.decorate('config', config);
  const search = createSearchRunner(store, config.searchWorkers ?? 0);
  app.decorate('searchRunner', search);
  app.addHook('onClose', () => search.close());
  registerErrorHandler(app);
  registerCanonicalOrigin(app);
  recordRoutes(app);

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
    strictTransportSecurity: false,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(etag);
  await app.register(cookie);
  registerXsrf(app);

  await registerRoutes(app);
  await registerSpa(app, config.distDir);
  return app;
}
