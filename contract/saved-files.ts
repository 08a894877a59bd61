// What the app and the service worker both need to know about pages saved for offline (issue #17): the tile
// cache (a saved page's tiles and, when asked, its PDF live there, listed in the page's tile ledger, so they
// are removed together) and which file downloads the worker may answer from it when the network fails.

/** Page tiles, info.json and saved page PDFs. Bump the version when its contents change shape (sw/lifecycle.ts). */
export const IIIF_CACHE = 'archive-iiif-v2';

/** A page's PDF download (/Api/Files/page/{uid}/pdf): kept with the page's tiles when saved with PDFs. */
export const isPagePdf = (pathname: string) => /^\/api\/files\/page\/[^/]+\/pdf$/i.test(pathname);
