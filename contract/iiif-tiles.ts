// Which tiles a saved page keeps: every level up to the one that fills the screen (the fit level, as the
// viewer's own prefetch takes: src/viewer/common/prefetch-fit.ts) and two zoom levels above it, so the page
// reads comfortably offline. URLs are the ones OpenSeadragon's IIIF tile source asks for (iiifPyramid).
// Pure: the page, the archive worker and the tests plan with it.

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

/** An IIIF Image API info.json (versions 1.1-3), as far as tiles are planned from it. */
interface IiifInfo {
  '@context'?: string | unknown[];
  '@id'?: string;
  id?: string;
  identifier?: string;
  width: number;
  height: number;
  profile?: unknown;
  tiles?: Array<{ width: number; height?: number; scaleFactors: number[] }>;
  tile_width?: number;
  tile_height?: number;
  scale_factors?: number[];
  sizes?: Array<{ width: number; height: number }>;
  extraFeatures?: string[];
  tileFormat?: string;
}

/** A pyramid of tiles: every level's scale, tile count and tile URLs. */
export interface TilePyramid {
  width: number;
  height: number;
  minLevel: number;
  maxLevel: number;
  levelScale(level: number): number;
  numTiles(level: number): { x: number; y: number };
  tileUrl(level: number, x: number, y: number): string | null;
}

const LEVEL0_PROFILES = [
  'http://library.stanford.edu/iiif/image-api/compliance.html#level0',
  'http://library.stanford.edu/iiif/image-api/1.1/compliance.html#level0',
  'http://iiif.io/api/image/2/level0.json',
  'level0',
  'https://iiif.io/api/image/3/level0.json',
];

function iiifVersion(info: IiifInfo): number {
  const contexts = Array.isArray(info['@context']) ? info['@context'] : [info['@context']];
  for (const c of contexts) {
    if (c === 'http://iiif.io/api/image/3/context.json') return 3;
    if (c === 'http://iiif.io/api/image/2/context.json') return 2;
    if (c === 'http://iiif.io/api/image/1/context.json' || c === 'http://library.stanford.edu/iiif/image-api/1.1/context.json') return 1;
  }
  return info['@context'] ? 0 : 1;
}

/**
 * The tile pyramid OpenSeadragon's IIIFTileSource (6.x) builds from `info`, computed without it, so the archive
 * worker can plan a page's tiles (OpenSeadragon needs a document). Its URLs are the ones the viewer asks
 * for, so what a save keeps is what the viewer reads offline: tests/unit/offline/iiif-tiles.test.ts compares the
 * two on the info.json this server writes and on other services' shapes. Throws on an info.json without size.
 */
export function iiifPyramid(raw: unknown, infoUrl: string): TilePyramid {
  const info = { ...(raw as IiifInfo) };
  if (!info['@context']) info['@id'] = infoUrl.replace('/info.json', '');
  const version = iiifVersion(info);
  const id = info['@id'] || info.id || info.identifier;
  const { width, height } = info;
  if (!(width && height && id)) throw new Error('IIIF required parameters (width, height, or id) not provided.');
  const format = info.tileFormat || 'jpg';
  const quality = `${version === 1 ? 'native' : 'default'}.${format}`;
  const profile = Array.isArray(info.profile) ? info.profile[0] : info.profile;
  const isLevel0 = LEVEL0_PROFILES.includes(profile as string);
  let tileWidth = 0;
  let tileHeight = 0;
  let scaleFactors = info.scale_factors;
  const perFactor: Record<number, { width: number; height: number }> = {};
  if (info.tile_width || info.tile_height) {
    tileWidth = info.tile_width || info.tile_height!;
    tileHeight = info.tile_height || info.tile_width!;
  } else if (info.tiles) {
    if (info.tiles.length === 1) {
      tileWidth = info.tiles[0].width;
      tileHeight = info.tiles[0].height || info.tiles[0].width;
      scaleFactors = info.tiles[0].scaleFactors;
    } else {
      scaleFactors = [];
      for (const t of info.tiles)
        for (const f of t.scaleFactors) {
          scaleFactors.push(f);
          perFactor[f] = { width: t.width, height: t.height || t.width };
        }
    }
  } else {
    let sizeByW = false;
    if (version === 2 && Array.isArray(info.profile) && info.profile.length > 1)
      sizeByW = !!(info.profile[1] as { supports?: string[] })?.supports?.includes('sizeByW');
    if (version === 3 && info.extraFeatures) sizeByW = info.extraFeatures.includes('sizeByWh');
    if (!isLevel0 || sizeByW) {
      const short = Math.min(width, height);
      const fitting = [256, 512, 1024].filter((t) => t <= short);
      tileWidth = tileHeight = fitting.length ? Math.max(...fitting) : short;
    } else if (info.sizes?.length) {
      // Not tileable: one whole image per listed size, smallest first.
      const levels = [...info.sizes]
        .map((s) => ({ ...s, url: `${id}/full/${s.width},${version === 3 ? s.height : ''}/0/${quality}` }))
        .sort((a, b) => a.width - b.width);
      const last = levels[levels.length - 1];
      return {
        width: last.width,
        height: last.height,
        minLevel: 0,
        maxLevel: levels.length - 1,
        levelScale: (level) => levels[level].width / last.width,
        numTiles: () => ({ x: 1, y: 1 }),
        tileUrl: (level) => levels[level]?.url ?? null,
      };
    } else throw new Error('Nothing in the info.json to construct image pyramids from');
  }
  // OpenSeadragon's rounding, kept so the levels line up with the viewer's (Math.log takes one argument).
  const maxLevel = scaleFactors ? Math.round(Math.log(Math.max(...scaleFactors)) * Math.LOG2E) || 0 : Math.round(Math.log(Math.max(width, height)));
  let levelSizes: Array<{ width: number; height: number }> | null = null;
  if (info.sizes?.length) {
    const sorted = [...info.sizes].sort((a, b) => a.width - b.width);
    if (sorted[sorted.length - 1].width < width && sorted[sorted.length - 1].height < height) sorted.push({ width, height });
    const matches =
      sorted.length === maxLevel + 1 &&
      !(
        scaleFactors?.length === sorted.length &&
        sorted.some(
          (s, i) =>
            Math.round(width / s.width) !== scaleFactors![sorted.length - i - 1] || Math.round(height / s.height) !== scaleFactors![sorted.length - i - 1],
        )
      );
    if (matches) levelSizes = sorted;
  }
  const tileSize = (level: number) => perFactor[2 ** (maxLevel - level)] ?? { width: tileWidth, height: tileHeight };
  const levelScale = (level: number) => 1 / 2 ** (maxLevel - level);
  return {
    width,
    height,
    minLevel: 0,
    maxLevel,
    levelScale,
    numTiles(level) {
      const t = tileSize(level);
      if (!t.width || !t.height) return { x: 0, y: 0 };
      if (levelSizes) return { x: Math.ceil(levelSizes[level].width / t.width), y: Math.ceil(levelSizes[level].height / t.height) };
      return { x: Math.ceil((levelScale(level) * width) / t.width), y: Math.ceil((levelScale(level) * height) / t.height) };
    },
    tileUrl(level, x, y) {
      const scale = 0.5 ** (maxLevel - level);
      const levelWidth = levelSizes ? levelSizes[level].width : Math.ceil(width * scale);
      const levelHeight = levelSizes ? levelSizes[level].height : Math.ceil(height * scale);
      const t = tileSize(level);
      let region: string;
      let size: string;
      if (levelWidth < t.width && levelHeight < t.height) {
        if (version === 2 && levelWidth === width) size = 'full';
        else if (version === 3 && levelWidth === width && levelHeight === height) size = 'max';
        else if (version === 3) size = `${levelWidth},${levelHeight}`;
        else size = `${levelWidth},`;
        region = 'full';
      } else {
        const regionWidth = Math.round(t.width / scale);
        const regionHeight = Math.round(t.height / scale);
        const rx = x * regionWidth;
        const ry = y * regionHeight;
        const rw = Math.min(regionWidth, width - rx);
        const rh = Math.min(regionHeight, height - ry);
        region = x === 0 && y === 0 && rw === width && rh === height ? 'full' : [rx, ry, rw, rh].join(',');
        const sw = Math.min(t.width, levelWidth - x * t.width);
        const sh = Math.min(t.height, levelHeight - y * t.height);
        if (version === 2 && sw === width) size = 'full';
        else if (version === 3 && sw === width && sh === height) size = 'max';
        else if (isLevel0 && version < 3) size = `${sw},`;
        else size = `${sw},${sh}`;
      }
      return [id, region, size, '0', quality].join('/');
    },
  };
}

/** Absolute tile URLs to keep for a page whose info.json is `info`, shown on a screen of `screen` device pixels. */
export function tileUrlsToKeep(info: unknown, infoUrl: string, screen: { width: number; height: number }): string[] {
  const source = iiifPyramid(info, infoUrl);
  const { width, height } = source;
  if (!width || !height) return [];
  const fit = Math.min(1, screen.width / width, screen.height / height);
  const levels = Array.from({ length: source.maxLevel - source.minLevel + 1 }, (_, i) => source.minLevel + i);
  const urls: string[] = [];
  for (const i of levelsToKeep(
    levels.map((l) => source.levelScale(l)),
    fit,
  )) {
    const level = levels[i];
    const n = source.numTiles(level);
    for (let y = 0; y < n.y; y++)
      for (let x = 0; x < n.x; x++) {
        const url = source.tileUrl(level, x, y);
        if (url) urls.push(new URL(url, infoUrl).toString());
      }
  }
  return urls;
}
