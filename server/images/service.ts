import { createHash } from 'node:crypto';
import { isAbsolute, join, normalize, relative } from 'node:path';
import type { Store } from '../store/types';
import { notFound } from '../errors';
import { ByteLru } from './cache';
import { parseImageRequest, type ImageLimits } from './iiif-params';
import { createRenderQueue, DEFAULT_IMAGE_LIMITS, RenderQueueFullError, type ImageLimitsConfig } from './limits';
import { previewPathOf, type DeferredImages } from './deferred';
import { deferredPyramidInfo, pickLevel, pyramidInfo, renderImage, type PyramidInfo } from './pyramid';

export const IIIF_CONTEXT = 'http://iiif.io/api/image/3/context.json';
export const IIIF_PROFILE_URI = 'http://iiif.io/api/image/3/level2.json';
export const TILE_SIZE = 256;

export interface ImageResult {
  data: Buffer;
  type: string;
  etag: string;
}

/** The IIIF image service for page uids: info.json documents and rendered regions, with a tile cache. */
export function createImageService(
  store: Store,
  dataDir: string,
  options: { cacheBytes?: number; deferred?: DeferredImages; limits?: ImageLimitsConfig } = {},
) {
  const caps = options.limits ?? DEFAULT_IMAGE_LIMITS;
  const queue = createRenderQueue(caps.renders, caps.queue);
  const cache = new ByteLru<ImageResult>(options.cacheBytes ?? 64 * 1024 * 1024);
  const deferred = options.deferred;
  // Full images being made, by path: the tiles of one zoom step all wait for the same one.
  const making = new Map<string, Promise<boolean>>();
  const make = (path: string) => {
    let pending = making.get(path);
    if (!pending) {
      pending = deferred!.make(path).finally(() => making.delete(path));
      making.set(path, pending);
    }
    return pending;
  };
  // A viewer opening a page asks for the same tiles from several places at once: render each only once.
  const inFlight = new Map<string, Promise<ImageResult>>();

  async function locate(id: string): Promise<PyramidInfo> {
    const files = await store.ingest.pageFiles(id);
    if (!files) throw notFound(`No page image with id '${id}'`);
    if (!files.imagePath) throw notFound(`Page '${id}' has no image`);
    const rel = normalize(files.imagePath);
    if (isAbsolute(rel) || rel.startsWith('..')) throw notFound(`Page '${id}' has no image`);
    try {
      // A page with a preview keeps reading it for the smaller levels, before and after its full image is made.
      if (deferred && files.width && files.height) {
        const info = await deferredPyramidInfo(join(dataDir, rel), files.width, files.height, join(dataDir, previewPathOf(rel))).catch(() => null);
        if (info) return info;
      }
      return await pyramidInfo(join(dataDir, rel));
    } catch {
      throw notFound(`The image of page '${id}' is not available`);
    }
  }

  // Never larger than the page image itself on either side or in area, nor than the configured caps: an
  // upscale of a few pixels costs as much as the image it produces.
  const limitsOf = (info: PyramidInfo): ImageLimits => ({
    width: info.width,
    height: info.height,
    maxWidth: Math.min(info.width, caps.maxWidth),
    maxHeight: Math.min(info.height, caps.maxHeight),
    maxArea: Math.min(info.width * info.height, caps.maxArea),
  });

  return {
    async info(id: string, baseUrl: string) {
      const info = await locate(id);
      // Halve until the whole image fits one tile: the pyramid's levels for our TIFFs, and still a sensible
      // zoom ladder for a flat image (any region and size can be rendered, only slower).
      const scaleFactors = [1];
      while (Math.max(info.width, info.height) / scaleFactors[scaleFactors.length - 1] > TILE_SIZE)
        scaleFactors.push(scaleFactors[scaleFactors.length - 1] * 2);
      const limits = limitsOf(info);
      return {
        '@context': IIIF_CONTEXT,
        id: `${baseUrl}/${encodeURIComponent(id)}`,
        type: 'ImageService3',
        protocol: 'http://iiif.io/api/image',
        profile: 'level2',
        width: info.width,
        height: info.height,
        maxWidth: limits.maxWidth,
        maxHeight: limits.maxHeight,
        maxArea: limits.maxArea,
        // Each level as viewers compute it (width rounded up, Image API 3 "tiles"), with the height this
        // server answers for a request of that width, so a size from this list is returned exactly; only
        // those within the limits (the spec requires it), the full resolution being there as tiles.
        sizes: scaleFactors
          .map((f) => {
            const width = Math.ceil(info.width / f);
            return { width, height: Math.max(1, Math.round((info.height * width) / info.width)) };
          })
          .filter((z) => z.width <= limits.maxWidth! && z.height <= limits.maxHeight! && z.width * z.height <= limits.maxArea)
          .reverse(),
        tiles: [{ width: TILE_SIZE, height: TILE_SIZE, scaleFactors }],
        extraQualities: ['color', 'gray', 'bitonal'],
        extraFormats: ['webp'],
        extraFeatures: ['mirroring', 'sizeUpscaling', 'profileLinkHeader', 'baseUriRedirect', 'cors', 'jsonldMediaType'],
      };
    },

    /** The ETag is known before rendering, so a revalidation costs no image work. */
    async image(id: string, p: { region: string; size: string; rotation: string; qf: string }, ifNoneMatch?: string): Promise<ImageResult | 'not-modified'> {
      const info = await locate(id);
      const req = parseImageRequest(p, limitsOf(info));
      const key = `${info.path}|${info.mtimeMs}|${req.region.x},${req.region.y},${req.region.w},${req.region.h}|${req.size.w},${req.size.h}|${req.mirror ? '!' : ''}${req.rotation}|${req.quality}.${req.format}`;
      const etag = `"${createHash('sha1').update(key).digest('base64url').slice(0, 27)}"`;
      if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) return 'not-modified';
      const hit = cache.get(key);
      if (hit) return hit;
      let pending = inFlight.get(key);
      if (!pending) {
        const level = pickLevel(info, req);
        const lv = info.levels[level];
        const ready = lv.deferred ? make(relative(dataDir, lv.path)).then((made) => made || Promise.reject(new Error('not made'))) : Promise.resolve(true);
        pending = ready
          // Waiting for a render slot (or refused when too many wait) only once the image is there to read.
          .then(() => queue.run(() => renderImage(info, req, level)))
          .then((rendered) => {
            const result = { ...rendered, etag };
            cache.set(key, result);
            return result;
          })
          .catch((err: unknown) => {
            if (err instanceof RenderQueueFullError) throw err;
            throw notFound(`The image of page '${id}' could not be read`);
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
