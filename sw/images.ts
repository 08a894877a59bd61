/// <reference lib="webworker" />
// Page images: IIIF tiles, info.json and thumbnails never change for a given URL, so cache-first. A page's
// tiles are kept as long as the visitor's seen data of that page (tile-ledger.ts: one LRU, one byte cap,
// purge-on-quota through the seen store); thumbnails have an entry limit of their own. Logos, hero images
// and theme stylesheets may be replaced under the same URL: stale-while-revalidate, also limited.
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core';
import { ASSET_CACHE, IIIF_CACHE, THUMB_CACHE } from './cache-names';
import { okResponsesOnly } from './broadcast';
import { isIiifOrThumbnail, pageUidOfTile } from './rules';
import { purgeSeenOnQuota, sweepUnrecordedTiles, tileLedger } from './tile-ledger';
import { kioskFallback } from './kiosk';
import { isPagePdf } from '../contract/saved-files';

declare const self: ServiceWorkerGlobalScope;

export const THUMB_MAX_ENTRIES = 600;
export const ASSET_MAX_ENTRIES = 200;
const DAY = 24 * 60 * 60;

const savedPdfFallback: WorkboxPlugin = {
  async handlerDidError({ request }) {
    const url = new URL(request.url);
    url.search = '';
    return (await caches.open(IIIF_CACHE).then((c) => c.match(url.toString()))) ?? undefined;
  },
};

/** Page tiles and info.json, cache-first, recorded in their page's ledger (also what sw/keep-tiles.ts fetches with). */
export const pageTileStrategy = new CacheFirst({ cacheName: IIIF_CACHE, plugins: [okResponsesOnly, tileLedger, kioskFallback] });

export function registerImageCaches(origin: string) {
  purgeSeenOnQuota();
  self.addEventListener('activate', (event) => event.waitUntil(sweepUnrecordedTiles()));
  // A page PDF saved for offline (src/offline/save) sits in the tile cache, listed in its page's ledger:
  // the network first (the file may be replaced), that copy when the network fails.
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === origin && isPagePdf(url.pathname),
    new NetworkOnly({ plugins: [savedPdfFallback] }),
  );
  registerRoute(({ url, request }) => request.method === 'GET' && url.origin === origin && pageUidOfTile(url) !== null, pageTileStrategy);
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === origin && isIiifOrThumbnail(url, request.destination),
    new CacheFirst({
      cacheName: THUMB_CACHE,
      plugins: [okResponsesOnly, new ExpirationPlugin({ maxEntries: THUMB_MAX_ENTRIES, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }), kioskFallback],
    }),
  );
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' && url.origin === origin && !/^\/api\//i.test(url.pathname) && ['image', 'style', 'font'].includes(request.destination),
    new StaleWhileRevalidate({
      cacheName: ASSET_CACHE,
      plugins: [okResponsesOnly, new ExpirationPlugin({ maxEntries: ASSET_MAX_ENTRIES, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
    }),
  );
}
