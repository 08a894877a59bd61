// Saves one page for offline (the device side of the save loop, in the page or the archive worker): the
// viewer's page answer (text, word boxes, metadata, citation) as a pinned 'page' record, the tiles of
// contract/iiif-tiles.ts fetched through the service worker (so they land in the tile cache and the page's
// ledger, exactly as when the visitor reads), and, when asked, the page PDF in the same cache, listed in the
// same ledger, so removing the page removes all of it.
import type { ViewerPageResponse } from '../contract/viewer';
import { IIIF_CACHE, resultThumbnailPath } from '../contract/saved-files';
import { apiAnswerUrl } from '../contract/api';
import { longDate, pageLabel } from '../contract/plain-format';
import { tileUrlsToKeep } from '../contract/iiif-tiles';
import { eachLimited } from '../contract/each-limited';
import type { ArchiveDatabase } from './database';
import type { SeenRecord } from './schema';
import { jsonBytes } from './seen-store';
import { pinTiles, SaveQuotaError, writePinned, isQuotaError } from './pinned-write';

export interface PageSaverOptions {
  db: ArchiveDatabase;
  site: string;
  withPdfs: boolean;
  screen: { width: number; height: number };
  /** The viewer address a saved page opens at (default: the page alone). */
  hrefOf?: (uid: string) => string;
  /** Requests at once per page (tiles are small; two cores and a phone on the road). */
  parallel?: number;
  /**
   * Fetches the tiles elsewhere (the archive worker) and returns each URL's bytes, each kept in the tile
   * cache; without it the tiles are fetched here.
   */
  fetchTiles?: (urls: string[], parallel: number, signal: AbortSignal) => Promise<Record<string, number>>;
  /** Handed the page's answer once it is kept (a list's item takes its text from it, without reading it back). */
  onKept?: (page: ViewerPageResponse) => void;
}

/** How /saved and the lists of pages read name a page. */
export const savedPageLabel = (page: ViewerPageResponse) => `${page.title}, ${longDate(page.date)}, ${pageLabel(page)}`;
export const savedPageHref = (uid: string) => `/viewer?page=${encodeURIComponent(uid)}`;

async function fetchOk(url: string, signal: AbortSignal, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, { credentials: 'same-origin', signal, ...init });
  if (!res.ok) throw new Error(`${res.status} ${res.statusText || 'error'} for ${new URL(url).pathname}`);
  return res;
}

/** Puts into the tile cache what is not there yet (no service worker, or its write failed on a full quota). */
async function ensureCached(kept: Map<string, Blob>): Promise<void> {
  const cache = await caches.open(IIIF_CACHE);
  for (const [url, blob] of kept) {
    if (await cache.match(url)) continue;
    try {
      await cache.put(url, new Response(blob, { headers: { 'content-type': blob.type || 'application/octet-stream', 'content-length': String(blob.size) } }));
    } catch (error) {
      throw isQuotaError(error) ? new SaveQuotaError(error) : error;
    }
  }
}

export function pageSaver(options: PageSaverOptions) {
  const { db, site } = options;
  const parallel = options.parallel ?? 4;
  return async function savePage(uid: string, signal: AbortSignal): Promise<number> {
    const page = (await (await fetchOk(apiAnswerUrl(location.origin, `Viewer/Page/${encodeURIComponent(uid)}`), signal)).json()) as ViewerPageResponse;
    const kept = new Map<string, Blob>();
    let fetchedElsewhere: Record<string, number> = {};
    // Pinned before the tiles come, so the worker's ledger writes (which keep a pin) never leave them unpinned.
    await pinTiles(db, site, uid, IIIF_CACHE, {});
    if (page.imageService) {
      const infoUrl = new URL(`${page.imageService}/info.json`, location.origin).toString();
      const info = await (await fetchOk(infoUrl, signal)).clone().json();
      kept.set(infoUrl, new Blob([JSON.stringify(info)], { type: 'application/json' }));
      // The thumbnail the results list shows too, so the page's results show it offline.
      const tiles = [...tileUrlsToKeep(info, infoUrl, options.screen), new URL(`/${resultThumbnailPath(uid)}`, location.origin).toString()];
      if (options.fetchTiles) fetchedElsewhere = await options.fetchTiles(tiles, parallel, signal);
      else
        await eachLimited(tiles, parallel, async (url) => {
          kept.set(url, await (await fetchOk(url, signal)).blob());
        });
    }
    if (options.withPdfs && page.downloads.pdf) {
      const pdfUrl = new URL(page.downloads.pdf, location.origin).toString();
      const blob = await (await fetchOk(pdfUrl, signal)).blob();
      kept.set(pdfUrl, blob.type ? blob : new Blob([blob], { type: 'application/pdf' }));
      const cache = await caches.open(IIIF_CACHE);
      await cache
        .put(pdfUrl, new Response(kept.get(pdfUrl), { headers: { 'content-type': 'application/pdf', 'content-length': String(blob.size) } }))
        .catch((error) => {
          throw isQuotaError(error) ? new SaveQuotaError(error) : error;
        });
    }
    // The worker writes its cache and ledger just after answering: let it finish, then fill any gap.
    await new Promise((r) => setTimeout(r, 300));
    if (signal.aborted) throw new DOMException('Cancelled', 'AbortError');
    await ensureCached(kept);
    const tiles = { ...fetchedElsewhere, ...Object.fromEntries([...kept].map(([url, blob]) => [url, blob.size])) };
    await pinTiles(db, site, uid, IIIF_CACHE, tiles);
    const existing = (await db.seen.get([site, 'page', uid]).catch(() => undefined)) as SeenRecord<{ hits?: unknown }> | undefined;
    const value = { page, hits: existing?.value?.hits ?? {} };
    // Measured once: the size of a page's answer is its whole text as JSON.
    const bytes = jsonBytes(value);
    await writePinned(db, site, 'page', uid, value, { bytes, label: savedPageLabel(page), href: (options.hrefOf ?? savedPageHref)(uid) });
    options.onKept?.(page);
    return bytes + Object.values(tiles).reduce((n, b) => n + b, 0);
  };
}
