// The worker's routing rules as plain functions and constants (no service-worker types), so unit tests
// can check them under Node.
import { apiAnswerUrl, HOME_ENDPOINTS } from '../contract/api';

/**
 * Navigations that must reach the network, not the shell (Workbox tests pathname + search): the API, IIIF,
 * media, files, and the pages the server writes itself (a shared list, issue #38).
 */
export const NAVIGATION_DENYLIST = [/^\/api(\/|$)/i, /^\/iiif(\/|$)/i, /^\/media(\/|$)/i, /^\/lists\/shared\//i, /^[^?]*\.[a-z0-9]{2,5}(\?|$)/i];

export const isNavigationToShell = (pathAndSearch: string) => !NAVIGATION_DENYLIST.some((re) => re.test(pathAndSearch));

/** The five Home answers kept stale-while-revalidate (spec 7.2). */
export const SWR_ENDPOINTS = [HOME_ENDPOINTS.theme, HOME_ENDPOINTS.settings, HOME_ENDPOINTS.homePageSettings, HOME_ENDPOINTS.banner, HOME_ENDPOINTS.detail];
const SWR_PATH = new RegExp(`^/api/(${SWR_ENDPOINTS.map((e) => e.replace('/', '\\/')).join('|')})$`, 'i');

export const isHomeAnswer = (url: URL, origin: string) => url.origin === origin && SWR_PATH.test(url.pathname);

/**
 * IIIF images and info.json (the Image API, /iiif/3/), and thumbnails: immutable per URL. Manifests,
 * collections and search answers change when issues are added, so they are not kept cache-first.
 */
export const isIiifOrThumbnail = (url: URL, destination: string) =>
  /^\/iiif\/3\//i.test(url.pathname) || (destination === 'image' && /thumb/i.test(url.pathname));

/** The page uid of a IIIF Image API URL (/iiif/3/{uid}/...), whose tiles follow that page's seen data. */
export function pageUidOfTile(url: URL): string | null {
  const m = /^\/iiif\/3\/([^/]+)\/./i.exec(url.pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

/** The URLs the app asks the Home answers at (contract/api.ts apiAnswerUrl). */
export function homeAnswerUrls(origin: string): string[] {
  return SWR_ENDPOINTS.map((endpoint) => apiAnswerUrl(origin, endpoint));
}

const HEADERS = ['etag', 'content-length', 'last-modified'];

/** Same content as far as the headers can tell (ETag first; the server sends one on every answer). */
export function sameResponse(a: { headers: Headers }, b: { headers: Headers }): boolean {
  const etagA = a.headers.get('etag');
  const etagB = b.headers.get('etag');
  if (etagA && etagB) return etagA === etagB;
  const comparable = HEADERS.filter((h) => a.headers.has(h) || b.headers.has(h));
  return comparable.length > 0 && comparable.every((h) => a.headers.get(h) === b.headers.get(h));
}
