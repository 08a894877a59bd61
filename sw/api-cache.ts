/// <reference lib="webworker" />
// Stale-while-revalidate for the five Home answers the app needs to start (spec 7.2). The cache key is the
// full URL, including ?url={origin}, so each site keeps its own copy. Other API calls (search, TitleDecade,
// admin) are never cached: they go to the network and say so when it is missing.
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { API_CACHE } from './cache-names';
import { broadcastChanges, okResponsesOnly } from './broadcast';
import { isHomeAnswer } from './rules';

export function registerApiCache(origin: string) {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && isHomeAnswer(url, origin),
    new StaleWhileRevalidate({
      cacheName: API_CACHE,
      // Revalidate with the server, not with the browser's HTTP cache.
      fetchOptions: { cache: 'no-cache', credentials: 'same-origin' },
      plugins: [okResponsesOnly, broadcastChanges],
    }),
  );
}
