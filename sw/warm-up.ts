/// <reference lib="webworker" />
// At install, fetch this site's five Home answers into the stale-while-revalidate cache. The page that
// installs the worker made those calls before the worker controlled it, so without this the first visit
// would leave nothing to start from offline. Failures do not stop the install (the page fills the cache
// on its next online visit).
import { HOME_ENDPOINTS } from '../contract/api';
import { API_CACHE } from './cache-names';

declare const self: ServiceWorkerGlobalScope;

/** The same URLs src/data/http.ts builds: {origin}/Api/{endpoint}?url={origin}. */
export function homeAnswerUrls(origin: string): string[] {
  const qs = new URLSearchParams({ url: origin }).toString();
  return [HOME_ENDPOINTS.theme, HOME_ENDPOINTS.settings, HOME_ENDPOINTS.homePageSettings, HOME_ENDPOINTS.banner, HOME_ENDPOINTS.detail].map(
    (endpoint) => `${origin}/Api/${endpoint}?${qs}`,
  );
}

export function registerWarmUp() {
  self.addEventListener('install', (event) => {
    event.waitUntil(
      caches.open(API_CACHE).then((cache) =>
        Promise.all(
          homeAnswerUrls(self.location.origin).map(async (url) => {
            if (await cache.match(url)) return; // an update keeps what the old worker cached
            const res = await fetch(url, { credentials: 'same-origin', cache: 'no-cache' });
            if (res.status === 200) await cache.put(url, res);
          }),
        ).catch((error) => console.warn('[sw] could not warm the Home answers', error)),
      ),
    );
  });
}
