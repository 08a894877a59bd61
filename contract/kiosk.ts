// Kiosk mode pieces both the app and the service worker need (issue #17). The app fetches a kiosk's
// featured pages (viewer data, IIIF info.json and fit-level tiles) into KIOSK_CACHE itself; the worker
// answers from there only when the network fails, so the shared screen never keeps what a visitor opened.

/** Cache of the featured issues' pages; the service worker's lifecycle keeps it (sw/cache-names.ts). */
export const KIOSK_CACHE = 'archive-kiosk-v1';

/**
 * Header on the app's own kiosk fetches: the service worker lets them through to the network untouched, so
 * keeping a featured page does not also file it under the visitor's seen pages and tile ledger.
 */
export const KIOSK_KEEP_HEADER = 'X-Kiosk-Keep';

/** The last seconds of the idle time show "Are you still there?" with a countdown. */
export const KIOSK_COUNTDOWN_SECONDS = 15;

/**
 * The countdown shows from this many seconds left: the last 15, or for short idle times every second but
 * the first (so a moving visitor never sees it).
 */
export const countdownFrom = (idleSeconds: number) => Math.min(KIOSK_COUNTDOWN_SECONDS, idleSeconds - 1);

/** The viewer's page data (not its search): the kiosk cache may answer it offline. */
export const isViewerPageData = (pathname: string) => /^\/api\/viewer\/page\/[^/]+$/i.test(pathname);

/**
 * The image levels a page needs to be shown whole on a screen `screenPx` device pixels across: every level
 * up to the first one at least that wide (OpenSeadragon draws lower levels first, then the sharpest needed).
 * `levelWidths` are the image widths of the levels, smallest first.
 */
export function fitLevels(levelWidths: number[], screenPx: number): number[] {
  const levels: number[] = [];
  for (let i = 0; i < levelWidths.length; i++) {
    levels.push(i);
    if (levelWidths[i] >= screenPx) break;
  }
  return levels;
}
