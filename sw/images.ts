/// <reference lib="webworker" />
// Page images: IIIF tiles, info.json and thumbnails never change for a given URL, so cache-first with an
// entry limit (least recently used go first) and purge-on-quota. Logos, hero images and theme stylesheets
// may be replaced under the same URL: stale-while-revalidate, also limited.
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { ASSET_CACHE, IIIF_CACHE } from './cache-names';
import { okResponsesOnly } from './broadcast';
import { isIiifOrThumbnail } from './rules';
import { kioskFallback } from './kiosk';

export const IIIF_MAX_ENTRIES = 600;
export const ASSET_MAX_ENTRIES = 200;
const DAY = 24 * 60 * 60;


export function registerImageCaches(origin: string) {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === origin && isIiifOrThumbnail(url, request.destination),
    new CacheFirst({
      cacheName: IIIF_CACHE,
      plugins: [okResponsesOnly, new ExpirationPlugin({ maxEntries: IIIF_MAX_ENTRIES, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }), kioskFallback],
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
