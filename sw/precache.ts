/// <reference lib="webworker" />
// The built shell (HTML, JS, CSS, icons, manifest) precached at install; outdated precaches removed.
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

export function registerPrecache() {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
}
