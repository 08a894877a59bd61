// @vitest-environment happy-dom
// A saved page keeps the tiles the viewer will ask for offline: the plan is made without OpenSeadragon (the
// archive worker has no document), so it is checked here against OpenSeadragon's own IIIF tile source, level
// by level and tile by tile, on the info.json this server writes and on other services' shapes.
import { describe, expect, it } from 'vitest';
import OpenSeadragon from 'openseadragon';
import { iiifPyramid, tileUrlsToKeep } from '../../../contract/iiif-tiles';

interface OsdSource {
  minLevel: number;
  maxLevel: number;
  dimensions: { x: number; y: number };
  getLevelScale(level: number): number;
  getNumTiles(level: number): { x: number; y: number };
  getTileUrl(level: number, x: number, y: number): string;
}

function osdSource(info: unknown, infoUrl: string): OsdSource {
  const Osd = OpenSeadragon as unknown as {
    IIIFTileSource: { new (options: unknown): OsdSource; prototype: { configure(data: unknown, url: string): unknown } };
  };
  return new Osd.IIIFTileSource(Osd.IIIFTileSource.prototype.configure(structuredClone(info), infoUrl));
}

/** Every level's scale and every tile's URL, as a plan of either kind answers them. */
function everyTile(
  levels: { min: number; max: number },
  scale: (l: number) => number,
  count: (l: number) => { x: number; y: number },
  url: (l: number, x: number, y: number) => string | null,
) {
  const out: Array<{ level: number; scale: number; tiles: Array<string | null> }> = [];
  for (let level = levels.min; level <= levels.max; level++) {
    const n = count(level);
    const tiles: Array<string | null> = [];
    for (let y = 0; y < n.y; y++) for (let x = 0; x < n.x; x++) tiles.push(url(level, x, y));
    out.push({ level, scale: scale(level), tiles });
  }
  return out;
}

// This server's info.json (server/images/service.ts): Image API 3, 512-px tiles halving to one tile, and the
// level sizes within its limits.
function ourInfo(width: number, height: number, maxArea = width * height) {
  const scaleFactors = [1];
  while (Math.max(width, height) / scaleFactors[scaleFactors.length - 1] > 512) scaleFactors.push(scaleFactors[scaleFactors.length - 1] * 2);
  return {
    '@context': 'http://iiif.io/api/image/3/context.json',
    id: 'http://archive.test/iiif/3/batch_x%2Fpage-1',
    type: 'ImageService3',
    protocol: 'http://iiif.io/api/image',
    profile: 'level2',
    width,
    height,
    maxArea,
    sizes: scaleFactors
      .map((f) => {
        const w = Math.ceil(width / f);
        return { width: w, height: Math.max(1, Math.round((height * w) / width)) };
      })
      .filter((z) => z.width * z.height <= maxArea)
      .reverse(),
    tiles: [{ width: 512, height: 512, scaleFactors }],
  };
}

const INFOS: Record<string, unknown> = {
  'this server, a newspaper page': ourInfo(6786, 8984),
  'this server, odd sizes': ourInfo(5001, 7333),
  'this server, the full size over its area limit': ourInfo(6000, 9000, 20_000_000),
  'this server, a small image': ourInfo(300, 200),
  'Image API 2, 256-px tiles': {
    '@context': 'http://iiif.io/api/image/2/context.json',
    '@id': 'https://iiif.example.org/image/abc',
    protocol: 'http://iiif.io/api/image',
    profile: ['http://iiif.io/api/image/2/level1.json'],
    width: 4000,
    height: 3001,
    tiles: [{ width: 256, scaleFactors: [1, 2, 4, 8, 16] }],
  },
  'Image API 2, level 0, rectangular tiles': {
    '@context': 'http://iiif.io/api/image/2/context.json',
    '@id': 'https://iiif.example.org/image/level0',
    protocol: 'http://iiif.io/api/image',
    profile: ['http://iiif.io/api/image/2/level0.json'],
    width: 2500,
    height: 3500,
    tiles: [{ width: 512, height: 256, scaleFactors: [1, 2, 4, 8] }],
  },
  'Image API 3, tile sizes per level': {
    '@context': ['http://www.w3.org/ns/anno.jsonld', 'http://iiif.io/api/image/3/context.json'],
    id: 'https://iiif.example.org/image/mixed',
    type: 'ImageService3',
    profile: 'level1',
    width: 3000,
    height: 4000,
    tiles: [
      { width: 256, scaleFactors: [1, 2] },
      { width: 512, scaleFactors: [4, 8] },
    ],
  },
  'Image API 3 without tiles (sizes by w,h)': {
    '@context': 'http://iiif.io/api/image/3/context.json',
    id: 'https://iiif.example.org/image/untiled',
    type: 'ImageService3',
    profile: 'level2',
    width: 2000,
    height: 2600,
  },
  'Image API 2, level 0 without tiles: whole images of each size': {
    '@context': 'http://iiif.io/api/image/2/context.json',
    '@id': 'https://iiif.example.org/image/sizes-only',
    protocol: 'http://iiif.io/api/image',
    profile: ['http://iiif.io/api/image/2/level0.json'],
    width: 2000,
    height: 3000,
    sizes: [
      { width: 500, height: 750 },
      { width: 250, height: 375 },
      { width: 1000, height: 1500 },
    ],
  },
  'Image API 1.1': {
    '@context': 'http://library.stanford.edu/iiif/image-api/1.1/context.json',
    '@id': 'https://iiif.example.org/image/v11',
    width: 3200,
    height: 4100,
    tile_width: 256,
    tile_height: 256,
    scale_factors: [1, 2, 4, 8, 16],
    formats: ['jpg'],
    qualities: ['native'],
    profile: 'http://library.stanford.edu/iiif/image-api/1.1/compliance.html#level1',
  },
};

describe('tile plan without OpenSeadragon', () => {
  for (const [name, info] of Object.entries(INFOS)) {
    it(`gives OpenSeadragon's levels and tile URLs: ${name}`, () => {
      const infoUrl = 'https://iiif.example.org/info.json';
      const osd = osdSource(info, infoUrl);
      const ours = iiifPyramid(info, infoUrl);
      expect([ours.width, ours.height]).toEqual([osd.dimensions.x, osd.dimensions.y]);
      expect([ours.minLevel, ours.maxLevel]).toEqual([osd.minLevel, osd.maxLevel]);
      const expected = everyTile(
        { min: osd.minLevel, max: osd.maxLevel },
        (l) => osd.getLevelScale(l),
        (l) => osd.getNumTiles(l),
        (l, x, y) => osd.getTileUrl(l, x, y),
      );
      const actual = everyTile({ min: ours.minLevel, max: ours.maxLevel }, ours.levelScale, ours.numTiles, ours.tileUrl);
      expect(actual).toEqual(expected);
      expect(actual.flatMap((l) => l.tiles).length).toBeGreaterThan(0);
    });
  }

  it('keeps every level up to the screen-filling one and two above it, as absolute URLs', () => {
    const info = ourInfo(6786, 8984);
    const osd = osdSource(info, 'x');
    const urls = tileUrlsToKeep(info, 'http://archive.test/iiif/3/p/info.json', { width: 1280, height: 900 });
    // fit = 900 / 8984 ≈ 0.1: the level of scale 1/8 fills the screen, 1/4 and 1/2 are kept above it.
    const keptLevels = [0, 1, 2, 3, 4, 5].filter((l) => osd.getLevelScale(l) <= 0.5);
    const expected = keptLevels.flatMap((l) => {
      const n = osd.getNumTiles(l);
      return Array.from({ length: n.x * n.y }, (_, i) => osd.getTileUrl(l, i % n.x, Math.floor(i / n.x)));
    });
    expect(urls).toEqual(expected);
    expect(urls.some((u) => u.includes('/full/'))).toBe(true);
    expect(urls.every((u) => u.startsWith('http://archive.test/iiif/3/batch_x%2Fpage-1/'))).toBe(true);
  });

  it('refuses an info.json without an image size', () => {
    expect(() => iiifPyramid({ '@context': 'http://iiif.io/api/image/3/context.json', id: 'x' }, 'x/info.json')).toThrow(/width, height, or id/);
  });
});
