// What the app and the service worker both need to know about pages saved for offline (issue #17): the tile
// cache (a saved page's tiles and, when asked, its PDF live there, listed in the page's tile ledger, so they
// are removed together) and which file downloads the worker may answer from it when the network fails.

/** Page tiles, info.json and saved page PDFs. Bump the version when its contents change shape (sw/lifecycle.ts). */
export const IIIF_CACHE = 'archive-iiif-v2';

/**
 * The page thumbnail a results list shows (relative to the site's root), online (server) and offline
 * (the worker's search): a saved page keeps it with its tiles, so its results show it offline too.
 */
export const resultThumbnailPath = (uid: string) => `iiif/3/${encodeURIComponent(uid)}/full/!200,300/0/default.jpg`;

/** A page's PDF download (/Api/Files/page/{uid}/pdf): kept with the page's tiles when saved with PDFs. */
export const isPagePdf = (pathname: string) => /^\/api\/files\/page\/[^/]+\/pdf$/i.test(pathname);

/**
 * The app asks the service worker to fetch a kept page's tiles (sw/keep-tiles.ts): fetched there they go
 * through the tile cache and ledger as when read, and cost the page's thread nothing (a dedicated worker's
 * every request is reported to its page's thread). The answer comes back on the message's port.
 */
export const KEEP_TILES_MESSAGE = 'archive:keep-tiles';
export interface KeepTilesRequest {
  type: typeof KEEP_TILES_MESSAGE;
  urls: string[];
}
/** Each URL's bytes, or why the tiles could not be kept. */
export type KeepTilesAnswer = { sizes: Record<string, number> } | { error: string };
