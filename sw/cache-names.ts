// Runtime cache names. Bump a version when a cache's contents change shape: on activate, every
// 'archive-' cache not listed here is deleted (lifecycle.ts), so old copies never linger.
export const CACHE_PREFIX = 'archive-';
export const API_CACHE = `${CACHE_PREFIX}home-api-v1`;
/** Page tiles and info.json: evicted with the page's seen data (tile-ledger.ts), not by an entry limit. */
export const IIIF_CACHE = `${CACHE_PREFIX}iiif-v2`;
/** Thumbnails and other IIIF documents: an entry limit of their own. */
export const THUMB_CACHE = `${CACHE_PREFIX}thumbs-v1`;
export const ASSET_CACHE = `${CACHE_PREFIX}site-assets-v1`;
export const EXPECTED_CACHES = [API_CACHE, IIIF_CACHE, THUMB_CACHE, ASSET_CACHE];
