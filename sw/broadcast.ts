/// <reference lib="webworker" />
// Tells open pages when a stale-while-revalidate answer changed on the server, so they read the fresh copy
// from the cache and re-render quietly (src/data/sw-messages.ts). Unchanged answers say nothing.
import type { WorkboxPlugin } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope;

export const CACHE_UPDATED = 'archive:cache-updated';

const HEADERS = ['etag', 'content-length', 'last-modified'];

/** Same content as far as the headers can tell (ETag first; the server sends one on every answer). */
export function sameResponse(a: Response, b: Response): boolean {
  const etagA = a.headers.get('etag');
  const etagB = b.headers.get('etag');
  if (etagA && etagB) return etagA === etagB;
  const comparable = HEADERS.filter((h) => a.headers.has(h) || b.headers.has(h));
  return comparable.length > 0 && comparable.every((h) => a.headers.get(h) === b.headers.get(h));
}

export const broadcastChanges: WorkboxPlugin = {
  async cacheDidUpdate({ cacheName, request, oldResponse, newResponse }) {
    if (!oldResponse || sameResponse(oldResponse, newResponse)) return;
    const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const client of clients) client.postMessage({ type: CACHE_UPDATED, url: request.url, cacheName });
  },
};

/** Only whole, successful answers are worth keeping (no 404s, 500s or partial content). */
export const okResponsesOnly: WorkboxPlugin = {
  async cacheWillUpdate({ response }) {
    return response.status === 200 ? response : null;
  },
};
