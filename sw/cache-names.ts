// Runtime cache names. Bump a version when a cache's contents change shape: on activate, every
// 'archive-' cache not listed here is deleted (lifecycle.ts), so old copies never linger.
import { KIOSK_CACHE } from '../contract/kiosk';
import { IIIF_CACHE } from '../contract/saved-files';

export const CACHE_PREFIX = 'archive-';
export const API_CACHE = `${CACHE_PREFIX}home-api-v1`;
/**
 * Page tiles and info.json (and PDFs of pages saved with them): evicted with the page's seen data
 * (tile-ledger.ts), not by an entry limit. The name lives in contract/ because the app's save writes there too.
 */
export { IIIF_CACHE };
/** Thumbnails and other IIIF documents: an entry limit of their own. */
export const THUMB_CACHE = `${CACHE_PREFIX}thumbs-v1`;
export const ASSET_CACHE = `${CACHE_PREFIX}site-assets-v1`;
/** Filled by the app in kiosk mode (contract/kiosk.ts). */
export { KIOSK_CACHE };
export const EXPECTED_CACHES = [API_CACHE, IIIF_CACHE, THUMB_CACHE, ASSET_CACHE, KIOSK_CACHE];
