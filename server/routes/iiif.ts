// IIIF Image API 3 for page images: /iiif/3/{page uid}/info.json and
// /iiif/3/{page uid}/{region}/{size}/{rotation}/{quality}.{format}. Tiles come from the pyramidal TIFF
// made at ingest; any viewer can open them (CORS open, long-lived caching, ETags).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { demoFullImages } from '../demo/full-image';
import { badRequest } from '../errors';
import { canonicalOrigin } from '../services/canonical-origin';
import { IiifParamError } from '../images/iiif-params';
import { RenderQueueFullError } from '../images/limits';
import { createImageService, IIIF_CONTEXT, IIIF_PROFILE_URI } from '../images/service';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INFO_CACHE = 'public, max-age=86400';

const cors = (reply: FastifyReply) => reply.header('access-control-allow-origin', '*');
const baseUrl = (req: FastifyRequest) => `${canonicalOrigin(req)}/iiif/3`;

export default async function iiifRoutes(app: FastifyInstance) {
  // The demo archive's full-size page images are made when first needed (its previews are made at start-up).
  const images = createImageService(app.store, app.config.dataDir, { deferred: demoFullImages(app.config.dataDir), limits: app.config.imageLimits });

  app.options('/iiif/3/*', async (_req, reply) => {
    cors(reply)
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', '*')
      .header('access-control-max-age', '86400');
    return reply.code(204).send();
  });

  app.get('/iiif/3/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    cors(reply);
    return reply.redirect(`${baseUrl(req)}/${encodeURIComponent(id)}/info.json`, 303);
  });

  app.get('/iiif/3/:id/info.json', async (req, reply) => {
    const { id } = req.params as { id: string };
    cors(reply);
    const doc = await images.info(id, baseUrl(req));
    // JSON-LD media type when asked for it (jsonldMediaType); plain JSON otherwise, as the spec allows.
    const ld = (req.headers.accept ?? '').includes('application/ld+json');
    reply
      .header('cache-control', INFO_CACHE)
      .header('link', `<${IIIF_PROFILE_URI}>;rel="profile"`)
      .type(ld ? `application/ld+json;profile="${IIIF_CONTEXT}"` : 'application/json; charset=utf-8');
    return reply.send(JSON.stringify(doc));
  });

  app.get('/iiif/3/:id/:region/:size/:rotation/:qf', { compress: false }, async (req, reply) => {
    const { id, region, size, rotation, qf } = req.params as Record<string, string>;
    cors(reply);
    let result;
    try {
      result = await images.image(id, { region, size, rotation, qf }, req.headers['if-none-match']);
    } catch (err) {
      if (err instanceof IiifParamError) throw badRequest(err.message);
      if (err instanceof RenderQueueFullError) {
        // Overloaded, not broken: a client (or a CDN) tries again after the queue has drained.
        return reply.code(503).header('retry-after', String(err.retryAfterSeconds)).header('cache-control', 'no-store').send({ error: err.message });
      }
      throw err;
    }
    reply.header('cache-control', IMMUTABLE).header('link', `<${IIIF_PROFILE_URI}>;rel="profile"`);
    if (result === 'not-modified') return reply.code(304).send();
    return reply.header('etag', result.etag).type(result.type).send(result.data);
  });
}
