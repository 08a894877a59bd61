// When a page is opened online, its fit-to-screen view is fetched in full (every tile of the levels up to
// the one that fills the screen), so the page reopens offline with a sharp whole-page image even if the
// visitor never zoomed out. The tiles go through the service worker, which keeps them with the page
// (sw/tile-ledger.ts). The URLs come from OpenSeadragon's own tile source, so they are the ones it asks for.
import type OpenSeadragon from 'openseadragon';

/** The tile URLs of every level up to the first one at least as large as the screen's fit-to-page view. */
export function fitLevelTileUrls(source: OpenSeadragon.TileSource, screenWidth: number, screenHeight: number): string[] {
  const { x: width, y: height } = source.dimensions;
  if (!width || !height) return [];
  const fit = Math.min(1, Math.min(screenWidth / width, screenHeight / height));
  const urls: string[] = [];
  for (let level = source.minLevel; level <= source.maxLevel; level++) {
    const tiles = source.getNumTiles(level);
    for (let y = 0; y < tiles.y; y++)
      for (let x = 0; x < tiles.x; x++) {
        const url = source.getTileUrl(level, x, y);
        if (typeof url === 'string') urls.push(url);
      }
    if (source.getLevelScale(level) >= fit) break;
  }
  return urls;
}

/** Fetches the URLs two at a time after the visible tiles had their turn; quiet on failure. */
export function prefetchTiles(urls: string[], signal: AbortSignal): void {
  if (!urls.length || typeof navigator === 'undefined' || !navigator.onLine || !navigator.serviceWorker?.controller) return;
  const queue = [...urls];
  const next = async (): Promise<void> => {
    const url = queue.shift();
    if (!url || signal.aborted) return;
    await fetch(url, { credentials: 'same-origin', signal }).then(
      (r) => r.blob(),
      () => undefined,
    );
    return next();
  };
  setTimeout(() => void Promise.all([next(), next()]), 1500);
}
