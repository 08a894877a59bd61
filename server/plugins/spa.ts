import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { heroPreloadTag, withHeadTag } from '../services/hero-preload';
import { loadManifest, routePreloadTags } from '../services/route-preload';
import { viewerCitation, viewerPageOf, withCitation } from '../services/citation-meta';
import { bootShellMarkup, bootViewerMarkup, viewerPreviewPreloadTag, withBootShell } from '../services/boot-shell';

const NOT_SPA = /^\/(api|iiif)(\/|$)/i;

/**
 * Serves the built app from distDir: hashed assets cached for a year, the service worker and the
 * shell never cached by HTTP, and every other GET navigation answered with index.html (the router
 * decides what it shows, including 'Page not found').
 */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built app in ${distDir}: run 'npm run build'. Only the API is served.`);
  } else {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        if (/[\\/]assets[\\/]/.test(path)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (/(sw\.js|index\.html|manifest\.webmanifest)$/.test(path)) res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  }
  const manifest = loadManifest(distDir);
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0];
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !NOT_SPA.test(path) && !/\.[a-z0-9]{2,5}$/i.test(path);
    if (wantsPage && existsSync(indexFile)) {
      // A page of the archive carries its citation for reference managers, and its preview painted before the
      // app's code runs (a failure only loses the tags and the preview).
      const shown = await viewerPageOf(app.store, req, path).catch(() => null);
      // /home names its hero image in the head, the viewer its page's preview (a failure to read it only loses
      // the head start).
      const preload = shown ? viewerPreviewPreloadTag(shown) : await heroPreloadTag(req, path).catch(() => '');
      const html = readFileSync(indexFile, 'utf8');
      // The screen's own chunks (and the viewer's page data) load beside the entry, asked for after it.
      let page = withHeadTag(html, preload).replace(/<\/head>/i, (end) => `${routePreloadTags(req, path, manifest)}\n  ${end}`);
      const citation = shown && (await viewerCitation(app.store, req, shown).catch(() => null));
      if (citation) page = withCitation(page, citation);
      // The site's name painted before the app's code runs (a failure only loses that first paint).
      page = withBootShell(page, shown ? bootViewerMarkup(shown) : await bootShellMarkup(req, path).catch(() => ''));
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
    }
    return reply.status(404).send({ error: `Not found: ${req.method} ${path.slice(0, 200)}` });
  });
}
