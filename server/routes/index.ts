import type { FastifyInstance } from 'fastify';

/**
 * Every route module, registered in order. Each issue adds its module here with one line.
 */
export async function registerRoutes(app: FastifyInstance) {
  const modules: Array<() => Promise<{ default: (app: FastifyInstance) => Promise<void> }>> = [
    () => import('./home'),
    () => import('./media'),
    () => import('./viewer'),
    () => import('./corrections'),
    () => import('./admin'),
    () => import('./search'),
    () => import('./search-research'),
    () => import('./site'),
    () => import('./iiif'),
    () => import('./iiif-presentation'),
    () => import('./files'),
    () => import('./discovery'),
    () => import('./data'),
    () => import('./runs'),
    () => import('./shared-lists'),
  ];
  for (const load of modules) await app.register((await load()).default);
}
