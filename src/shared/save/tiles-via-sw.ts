// Asks the service worker to fetch a kept page's tiles (sw/keep-tiles.ts): each URL's bytes, or null when no
// service worker controls this page (the caller then fetches them itself). Used by the archive worker's keep
// of a listed page, which cannot reach the service worker from where it runs.
import { KEEP_TILES_MESSAGE, type KeepTilesAnswer, type KeepTilesRequest } from '../../../contract/saved-files';

/** Longest wait for the answer: a page's tiles over a slow connection. */
const ANSWER_WITHIN_MS = 120_000;

export function keepTilesViaServiceWorker(urls: string[]): Promise<Record<string, number> | null> {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const { port1, port2 } = new MessageChannel();
    const timer = setTimeout(() => {
      port1.close();
      reject(new Error('The service worker did not answer.'));
    }, ANSWER_WITHIN_MS);
    port1.onmessage = (event: MessageEvent<KeepTilesAnswer>) => {
      clearTimeout(timer);
      port1.close();
      if ('sizes' in event.data) resolve(event.data.sizes);
      else reject(new Error(event.data.error));
    };
    const request: KeepTilesRequest = { type: KEEP_TILES_MESSAGE, urls };
    worker.postMessage(request, [port2]);
  });
}
