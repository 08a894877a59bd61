/// <reference lib="webworker" />
// Tells open pages when a stale-while-revalidate answer changed on the server, so they read the fresh copy
// from the cache and re-render quietly (src/shared/data/sw-messages.ts). Unchanged answers say nothing.
import type { WorkboxPlugin } from 'workbox-core';
import { sameResponse } from './rules';

declare const self: ServiceWorkerGlobalScope;

export const CACHE_UPDATED = 'archive:cache-updated';

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
