// What one IIIF image request may cost: the largest image a render may produce (declared in info.json as
// maxWidth, maxHeight and maxArea, as Image API 3 asks of a server that upscales) and how many renders run at
// once. Renders run on the libuv thread pool that sign-in password hashing also uses; a few unbounded
// upscales could otherwise hold hundreds of MB and starve it.
import { wholeFromEnv } from '../lib/env';

export interface ImageLimitsConfig {
  /** Widest and tallest image a request may produce (never more than the page image's own size either). */
  maxWidth: number;
  maxHeight: number;
  /** Most pixels one request may produce. */
  maxArea: number;
  /** Renders at once; more wait in the queue. */
  renders: number;
  /** Renders waiting at most; beyond that a request is answered 503 with Retry-After. */
  queue: number;
}

// 3000 x 3000 pixels: the largest image the app itself asks for (a page download is !3000,3000); larger pages
// are still served whole as tiles. A queue of 8 behind 2 renders keeps a waiting request's wait to seconds.
export const DEFAULT_IMAGE_LIMITS: ImageLimitsConfig = { maxWidth: 8192, maxHeight: 8192, maxArea: 3000 * 3000, renders: 2, queue: 8 };

/** IIIF_MAX_WIDTH, IIIF_MAX_HEIGHT, IIIF_MAX_AREA, IIIF_RENDERS and IIIF_RENDER_QUEUE. */
export function imageLimitsFromEnv(env: NodeJS.ProcessEnv): ImageLimitsConfig {
  const d = DEFAULT_IMAGE_LIMITS;
  return {
    maxWidth: wholeFromEnv(env, 'IIIF_MAX_WIDTH', d.maxWidth, 256, 65_535),
    maxHeight: wholeFromEnv(env, 'IIIF_MAX_HEIGHT', d.maxHeight, 256, 65_535),
    maxArea: wholeFromEnv(env, 'IIIF_MAX_AREA', d.maxArea, 65_536, 1_000_000_000),
    renders: wholeFromEnv(env, 'IIIF_RENDERS', d.renders, 1, 64),
    queue: wholeFromEnv(env, 'IIIF_RENDER_QUEUE', d.queue, 0, 10_000),
  };
}

/** Too many renders waiting: answered 503 with Retry-After. */
export class RenderQueueFullError extends Error {
  constructor(public readonly retryAfterSeconds: number) {
    super('The image server is busy: try again shortly');
    this.name = 'RenderQueueFullError';
  }
}

/** Runs at most `concurrency` tasks at once, first come first served, with at most `maxWaiting` waiting. */
export function createRenderQueue(concurrency: number, maxWaiting: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < concurrency) active++;
      else if (waiting.length < maxWaiting) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new RenderQueueFullError(Math.max(1, Math.ceil(waiting.length / concurrency)));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
