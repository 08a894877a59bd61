/// <reference lib="webworker" />
// Kiosk mode offline (issue #17): the featured issues' pages were put into KIOSK_CACHE by the app. Viewer
// page data and IIIF requests go to the network (or the IIIF cache) first; only when that fails does the
// kiosk cache answer, so what visitors open is never added to it.
import { registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { KIOSK_CACHE, KIOSK_KEEP_HEADER, isViewerPageData } from '../contract/kiosk';

export const kioskFallback: WorkboxPlugin = {
  async handlerDidError({ request }) {
    return (await caches.open(KIOSK_CACHE).then((c) => c.match(request.url))) ?? undefined;
  },
};

/** Before the image routes: the app's kiosk fetches go straight to the network. */
export function registerKioskRoutes(origin: string) {
  registerRoute(({ url, request }) => request.method === 'GET' && url.origin === origin && request.headers.has(KIOSK_KEEP_HEADER), new NetworkOnly());
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === origin && isViewerPageData(url.pathname),
    new NetworkOnly({ plugins: [kioskFallback] }),
  );
}
