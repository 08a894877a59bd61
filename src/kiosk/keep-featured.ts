// Kiosk mode keeps its featured issues on the device (issue #17): for every page, the viewer's page data,
// the IIIF info.json and the image tiles of the levels needed to show the page whole on this screen go
// into KIOSK_CACHE, which the service worker answers from when the network fails (sw/kiosk.ts). Pages
// already kept are not fetched again; pages no longer featured are dropped.
import type { KioskFeaturedIssue } from '../../contract/api';
import type { ViewerPageResponse } from '../../contract/viewer';
import { KIOSK_CACHE, KIOSK_KEEP_HEADER, fitLevels } from '../../contract/kiosk';
import { apiUrl } from '../shared/data/http';

export interface KeepReport {
  pages: number;
  fetched: number;
  failed: number;
}

type TileSource = {
  minLevel: number;
  maxLevel: number;
  getLevelScale(level: number): number;
  getNumTiles(level: number): { x: number; y: number };
  getTileUrl(level: number, x: number, y: number): string;
  dimensions: { x: number };
};

async function tileSourceFor(info: unknown, infoUrl: string): Promise<TileSource> {
  const OpenSeadragon = (await import('openseadragon')).default as unknown as {
    IIIFTileSource: { new (options: unknown): TileSource; prototype: { configure(data: unknown, url: string): unknown } };
  };
  return new OpenSeadragon.IIIFTileSource(OpenSeadragon.IIIFTileSource.prototype.configure(info, infoUrl));
}

/** The tile URLs that show a page whole on a screen `screenPx` device pixels across (OpenSeadragon's own URLs). */
export async function fitTileUrls(info: unknown, infoUrl: string, screenPx: number): Promise<string[]> {
  const ts = await tileSourceFor(info, infoUrl);
  const levels = Array.from({ length: ts.maxLevel - ts.minLevel + 1 }, (_, i) => ts.minLevel + i);
  const widths = levels.map((l) => ts.dimensions.x * ts.getLevelScale(l));
  const urls: string[] = [];
  for (const i of fitLevels(widths, screenPx)) {
    const level = levels[i];
    const n = ts.getNumTiles(level);
    for (let x = 0; x < n.x; x++) for (let y = 0; y < n.y; y++) urls.push(new URL(ts.getTileUrl(level, x, y), location.origin).toString());
  }
  return urls;
}

async function keep(cache: Cache, url: string): Promise<Response | null> {
  const res = await fetch(url, { credentials: 'same-origin', headers: { [KIOSK_KEEP_HEADER]: '1' } });
  if (!res.ok) return null;
  await cache.put(url, res.clone());
  return res;
}

/** The viewer's page-data URL, as src/viewer/common/viewer-api.ts asks for it (the cache key). */
export const pageDataUrl = (pageUid: string) => apiUrl(`Viewer/Page/${encodeURIComponent(pageUid)}`);

export async function keepFeaturedIssues(issues: KioskFeaturedIssue[], screenPx: number, signal?: AbortSignal): Promise<KeepReport> {
  const cache = await caches.open(KIOSK_CACHE);
  const wanted = new Set<string>();
  const report: KeepReport = { pages: 0, fetched: 0, failed: 0 };
  for (const issue of issues) {
    for (const uid of issue.pageIds) {
      if (signal?.aborted) return report;
      report.pages++;
      const dataUrl = pageDataUrl(uid);
      try {
        const kept = await cache.match(dataUrl);
        const page = (await (kept ?? (await keep(cache, dataUrl)))?.clone().json()) as ViewerPageResponse | undefined;
        wanted.add(dataUrl);
        if (!page?.imageService) continue;
        const infoUrl = new URL(`${page.imageService}/info.json`, location.origin).toString();
        wanted.add(infoUrl);
        const infoRes = (await cache.match(infoUrl)) ?? (await keep(cache, infoUrl));
        if (!infoRes) throw new Error(`no info.json for ${uid}`);
        for (const tile of await fitTileUrls(await infoRes.json(), infoUrl, screenPx)) {
          wanted.add(tile);
          if (!(await cache.match(tile))) {
            if (!(await keep(cache, tile))) throw new Error(`tile missing: ${tile}`);
            report.fetched++;
          }
        }
      } catch (error) {
        report.failed++;
        console.warn('[kiosk] could not keep page', uid, error);
      }
    }
  }
  // Only when every page was reached: a half-done run must not drop what an earlier run kept.
  if (report.failed === 0) for (const req of await cache.keys()) if (!wanted.has(req.url)) await cache.delete(req);
  return report;
}
