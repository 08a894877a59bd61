/// <reference lib="webworker" />
// Spec 4.10: 'when a service-worker update is found, on load or on navigation, the page reloads'. So a new
// worker does not wait: it takes over at once (skipWaiting + clientsClaim) and the page, which listens for
// controllerchange (src/app/sw-reload.ts), reloads on the same URL. Old runtime caches go on activate.
import { clientsClaim } from 'workbox-core';
import { CACHE_PREFIX, EXPECTED_CACHES } from './cache-names';

declare const self: ServiceWorkerGlobalScope;

export function registerLifecycle() {
  self.addEventListener('install', () => void self.skipWaiting());
  clientsClaim();
  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX) && !EXPECTED_CACHES.includes(n)).map((n) => caches.delete(n)))),
    );
  });
}
