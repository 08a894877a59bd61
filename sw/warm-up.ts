/// <reference lib="webworker" />
// At install, fetch this site's five Home answers into the stale-while-revalidate cache. The page that
// installs the worker made those calls before the worker controlled it, so without this the first visit
// would leave nothing to start from offline. Failures do not stop the install (the page fills the cache
// on its next online visit).
import { API_CACHE } from './cache-names';
import { homeAnswerUrls } from './rules';

declare const self: ServiceWorkerGlobalScope;

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
