/// <reference lib="webworker" />
// Page images: IIIF tiles, info.json and thumbnails never change for a given URL, so cache-first. A page's
// tiles are kept as long as the visitor's seen data of that page (tile-ledger.ts: one LRU, one byte cap,
// purge-on-quota through the seen store); thumbnails have an entry limit of their own. Logos, hero images
// and theme stylesheets may be replaced under the same URL: stale-while-revalidate, also limited.
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { ASSET_CACHE, IIIF_CACHE, THUMB_CACHE } from './cache-names';
import { okResponsesOnly } from './broadcast';
import { isIiifOrThumbnail, pageUidOfTile } from './rules';
import { purgeSeenOnQuota, sweepUnrecordedTiles, tileLedger } from './tile-ledger';
import { kioskFallback } from './kiosk';

declare const self: ServiceWorkerGlobalScope;

export const THUMB_MAX_ENTRIES = 600;
export const ASSET_MAX_ENTRIES = 200;
const DAY = 24 * 60 * 60;

export function registerImageCaches(origin: string) {
  purgeSeenOnQuota();
  self.addEventListener('activate', (event) => event.waitUntil(sweepUnrecordedTiles()));
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === origin && pageUidOfTile(url) !== null,
    new CacheFirst({ cacheName: IIIF_CACHE, plugins: [okResponsesOnly, tileLedger, kioskFallback] }),
  );
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
