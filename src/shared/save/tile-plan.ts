// Which tiles a saved page keeps: every level up to the one that fills the screen (the fit level, as the
// viewer's own prefetch takes: src/viewer/common/prefetch-fit.ts) and two zoom levels above it, so the page
// reads comfortably offline. URLs come from OpenSeadragon's IIIF tile source: the ones the viewer asks for.

/** Extra zoom levels kept above the fit level. */
export const ZOOM_LEVELS_ABOVE_FIT = 2;

/**
 * Indexes (into `scales`, one per level, smallest first) of the levels to keep: up to the first level whose
 * scale reaches `fit` (or the last), then `above` more where the image has them.
 */
export function levelsToKeep(scales: number[], fit: number, above = ZOOM_LEVELS_ABOVE_FIT): number[] {
  if (!scales.length) return [];
  let fitIndex = scales.findIndex((s) => s >= fit);
  if (fitIndex < 0) fitIndex = scales.length - 1;
  const last = Math.min(scales.length - 1, fitIndex + above);
  return Array.from({ length: last + 1 }, (_, i) => i);
}

interface TileSource {
  minLevel: number;
  maxLevel: number;
  dimensions: { x: number; y: number };
  getLevelScale(level: number): number;
  getNumTiles(level: number): { x: number; y: number };
  getTileUrl(level: number, x: number, y: number): string | (() => string);
}

async function iiifTileSource(info: unknown, infoUrl: string): Promise<TileSource> {
  const OpenSeadragon = (await import('openseadragon')).default as unknown as {
    IIIFTileSource: { new (options: unknown): TileSource; prototype: { configure(data: unknown, url: string): unknown } };
  };
  return new OpenSeadragon.IIIFTileSource(OpenSeadragon.IIIFTileSource.prototype.configure(info, infoUrl));
}

/** Absolute tile URLs to keep for a page whose info.json is `info`, shown on a screen of `screen` device pixels. */
export async function tileUrlsToKeep(info: unknown, infoUrl: string, screen: { width: number; height: number }): Promise<string[]> {
  const source = await iiifTileSource(info, infoUrl);
  const { x: width, y: height } = source.dimensions;
  if (!width || !height) return [];
  const fit = Math.min(1, screen.width / width, screen.height / height);
  const levels = Array.from({ length: source.maxLevel - source.minLevel + 1 }, (_, i) => source.minLevel + i);
  const urls: string[] = [];
  for (const i of levelsToKeep(
    levels.map((l) => source.getLevelScale(l)),
    fit,
  )) {
    const level = levels[i];
    const n = source.getNumTiles(level);
    for (let y = 0; y < n.y; y++)
      for (let x = 0; x < n.x; x++) {
        const url = source.getTileUrl(level, x, y);
        if (typeof url === 'string') urls.push(new URL(url, location.origin).toString());
      }
  }
  return urls;
}

/** The screen a saved page is planned for: this one, in device pixels. */
export const screenSize = () => {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return { width: Math.round((window?.innerWidth ?? 1280) * dpr), height: Math.round((window?.innerHeight ?? 900) * dpr) };
};
