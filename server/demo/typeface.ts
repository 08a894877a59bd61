// The demo pages' typeface: Old Standard TT (a 19th-century "modern" face, SIL Open Font License, from
// @fontsource), set in the place the bitmap font's metrics give each word (so line breaks, OCR text and
// pages stay as they were) and rasterised from its outlines at the final pixel size, anti-aliased, so the
// text stays crisp at every zoom level of the viewer.
//
// Glyphs are rasterised once per size into masks (one SVG per size, drawn by libvips/librsvg); drawing a
// word then blends masks at whole-pixel pen positions. Word boxes come from the same masks.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype, { type Font } from 'opentype.js';
import sharp from 'sharp';
import { BASELINE, CAP_TOP, GLYPHS } from './font';
import type { TextStyle } from './raster';

/** Cap height in bitmap rows (rows 2-8 of the 11-row cell), kept so boxes and lines keep their places. */
const CAP_ROWS = BASELINE - CAP_TOP + 1;
/** The face is set a little extended: its letters are narrower than the bitmap font's cells. */
const EXTEND = 1.1;
/** Coverage from which a pixel counts as ink for word boxes (half covered). */
const SOLID = 128;
export interface GlyphMask {
  /** Offset of the mask's top-left from the pen position on the baseline, in pixels. */
  dx: number;
  dy: number;
  w: number;
  h: number;
  alpha: Uint8Array;
  /** Extent of the half-covered pixels, relative to the pen (inclusive); left > right for a blank glyph. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface Atlas {
  masks: Map<string, GlyphMask>;
  /** Cap line and baseline of 'H' (first and last solid rows) relative to the baseline. */
  capTop: number;
  baseBottom: number;
}

const require = createRequire(import.meta.url);
const fontFile = (subset: string, weight: number) => require.resolve(`@fontsource/old-standard-tt/files/old-standard-tt-${subset}-${weight}-normal.woff`);

let fonts: { regular: Font[]; bold: Font[] } | null = null;
function loadFonts() {
  if (fonts) return fonts;
  const parse = (path: string) => {
    const b = readFileSync(path);
    return opentype.parse(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  };
  // The latin subset first; latin-ext for the few letters it lacks.
  fonts = {
    regular: ['latin', 'latin-ext'].map((s) => parse(fontFile(s, 400))),
    bold: ['latin', 'latin-ext'].map((s) => parse(fontFile(s, 700))),
  };
  return fonts;
}

function glyphOf(ch: string, bold: boolean) {
  const list = bold ? loadFonts().bold : loadFonts().regular;
  for (const font of list) {
    const g = font.charToGlyph(ch);
    if (g.index !== 0) return { font, glyph: g };
  }
  return { font: list[0], glyph: list[0].charToGlyph('?') };
}

/** Font size in pixels for a style at `unit` pixels per layout unit: the cap height fills the bitmap's. */
export function fontPx(style: Pick<TextStyle, 'scale'>, unit: number): number {
  const font = loadFonts().regular[0];
  const capHeight = (font.tables.os2 as { sCapHeight: number }).sCapHeight / font.unitsPerEm;
  return (CAP_ROWS * style.scale * unit) / capHeight;
}

const atlases = new Map<string, Atlas>();
const atlasKey = (scale: number, bold: boolean, unit: number) => `${scale}|${bold ? 'b' : 'r'}|${unit}`;

/** Every character the page text may hold (the bitmap font's set: canDraw() guards the text). */
const CHARS = [...GLYPHS.keys()];

/** Each character's outline in font units (y down), made once per weight. */
const outlines = new Map<string, { data: string; x1: number; y1: number; x2: number; y2: number; upm: number }>();
function outlineOf(ch: string, bold: boolean) {
  const key = `${bold ? 'b' : 'r'}${ch}`;
  let o = outlines.get(key);
  if (!o) {
    const { font, glyph } = glyphOf(ch, bold);
    const upm = font.unitsPerEm;
    const path = glyph.getPath(0, 0, upm);
    const bb = path.getBoundingBox();
    o = bb.x2 > bb.x1 ? { data: path.toPathData(1), ...bb, upm } : { data: '', x1: 0, y1: 0, x2: 0, y2: 0, upm };
    outlines.set(key, o);
  }
  return o;
}

async function buildAtlas(scale: number, bold: boolean, unit: number): Promise<Atlas> {
  const size = fontPx({ scale }, unit);
  const cells = CHARS.map((ch) => {
    const o = outlineOf(ch, bold);
    const k = size / o.upm;
    const blank = !o.data;
    const x1 = blank ? 0 : Math.floor(o.x1 * k * EXTEND) - 1;
    const y1 = blank ? 0 : Math.floor(o.y1 * k) - 1;
    const w = blank ? 1 : Math.ceil(o.x2 * k * EXTEND) + 1 - x1;
    const h = blank ? 1 : Math.ceil(o.y2 * k) + 1 - y1;
    return { ch, data: o.data, k, dx: x1, dy: y1, w, h };
  });
  // Grid of cells, one row per 16 glyphs, each cell as large as the largest glyph.
  const cw = Math.max(...cells.map((c) => c.w)) + 2;
  const ch = Math.max(...cells.map((c) => c.h)) + 2;
  const perRow = 16;
  const W = cw * perRow;
  const H = ch * Math.ceil(cells.length / perRow);
  const paths = cells
    .map((c, i) => {
      const ox = (i % perRow) * cw - c.dx;
      const oy = Math.floor(i / perRow) * ch - c.dy;
      return c.data ? `<path transform="translate(${ox} ${oy}) scale(${c.k * EXTEND} ${c.k})" d="${c.data}"/>` : '';
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><g fill="#000">${paths}</g></svg>`;
  const alphaAll = await sharp(Buffer.from(svg)).ensureAlpha().extractChannel(3).raw().toBuffer();
  const masks = new Map<string, GlyphMask>();
  cells.forEach((c, i) => {
    const gx = (i % perRow) * cw;
    const gy = Math.floor(i / perRow) * ch;
    const alpha = new Uint8Array(c.w * c.h);
    let left = Infinity,
      right = -Infinity,
      top = Infinity,
      bottom = -Infinity;
    for (let y = 0; y < c.h; y++)
      for (let x = 0; x < c.w; x++) {
        const a = c.data ? alphaAll[(gy + y) * W + gx + x] : 0;
        alpha[y * c.w + x] = a;
        if (a >= SOLID) {
          left = Math.min(left, x + c.dx);
          right = Math.max(right, x + c.dx);
          top = Math.min(top, y + c.dy);
          bottom = Math.max(bottom, y + c.dy);
        }
      }
    masks.set(c.ch, { dx: c.dx, dy: c.dy, w: c.w, h: c.h, alpha, left, right, top, bottom });
  });
  const H_ = masks.get('H')!;
  return { masks, capTop: H_.top, baseBottom: H_.bottom };
}

const building = new Map<string, Promise<void>>();

/** Rasterises the given sizes at `unit` pixels per layout unit. Call before composing or painting them. */
export async function prepareTypeface(unit: number, styles: Pick<TextStyle, 'scale' | 'bold'>[]): Promise<void> {
  const jobs = styles.map(({ scale, bold }) => {
    const key = atlasKey(scale, !!bold, unit);
    let job = building.get(key);
    if (!job) {
      job = buildAtlas(scale, !!bold, unit).then((a) => void atlases.set(key, a));
      building.set(key, job);
    }
    return job;
  });
  await Promise.all(jobs);
}

function atlasFor(style: TextStyle, unit: number): Atlas {
  const a = atlases.get(atlasKey(style.scale, !!style.bold, unit));
  if (!a) throw new Error(`Typeface not prepared for scale ${style.scale} at ${unit} px per unit (call prepareTypeface)`);
  return a;
}

export interface SetWord {
  /** Pen positions on the baseline, in layout units (fractional), one per character. */
  pens: number[];
  chars: string[];
  /** The baseline in layout units. */
  baseline: number;
}

/** Advances and ink edges of a word's glyphs, in layout units. */
function metrics(word: string, style: Pick<TextStyle, 'scale' | 'bold'>) {
  const size = fontPx(style, 1);
  const bold = !!style.bold;
  return [...word].map((c) => {
    const o = outlineOf(c, bold);
    const { glyph, font } = glyphOf(c, bold);
    const k = (size / font.unitsPerEm) * EXTEND;
    return { c, adv: (glyph.advanceWidth ?? 0) * k, x1: o.x1 * k, x2: o.x2 * k };
  });
}

/** Width of a word from its first ink to its last, in layout units (what line breaking measures). */
export function measureWord(word: string, style: Pick<TextStyle, 'scale' | 'bold'>): number {
  const m = metrics(word, style);
  if (!m.length) return 0;
  return m.slice(0, -1).reduce((s, g) => s + g.adv, 0) + m[m.length - 1].x2 - m[0].x1;
}

/** The width of a space between words. */
export const spaceWidth = (style: Pick<TextStyle, 'scale' | 'bold'>) => fontPx(style, 1) * 0.3 * EXTEND;

export function measureText(text: string, style: Pick<TextStyle, 'scale' | 'bold'>): number {
  const words = text.split(' ');
  return words.reduce((sum, w) => sum + measureWord(w, style), 0) + (words.length - 1) * spaceWidth(style);
}

/** Places a word's glyphs at their advances, the first ink at x; `top` is the top of the 11-row line cell. */
export function setWord(word: string, x: number, top: number, style: TextStyle): SetWord {
  const m = metrics(word, style);
  const pens: number[] = [];
  let pen = x - (m[0]?.x1 ?? 0);
  for (const g of m) {
    pens.push(pen);
    pen += g.adv;
  }
  return { pens, chars: m.map((g) => g.c), baseline: top + (BASELINE + 1) * style.scale };
}

/** The word's ink box in pixels at `unit` pixels per layout unit: [x, y, w, h], spanning cap line to baseline at least. */
export function wordBox(set: SetWord, style: TextStyle, unit: number): [number, number, number, number] {
  const atlas = atlasFor(style, unit);
  const base = Math.round(set.baseline * unit);
  let left = Infinity,
    right = -Infinity,
    top = atlas.capTop,
    bottom = atlas.baseBottom;
  set.chars.forEach((c, i) => {
    const m = atlas.masks.get(c) ?? atlas.masks.get('?')!;
    if (m.left > m.right) return;
    const pen = Math.round(set.pens[i] * unit);
    left = Math.min(left, pen + m.left);
    right = Math.max(right, pen + m.right);
    top = Math.min(top, m.top);
    bottom = Math.max(bottom, m.bottom);
  });
  return [left, base + top, right - left + 1, bottom - top + 1];
}

/** Blends the word's glyph masks in `color` into an RGB buffer `width` pixels wide. */
export function paintWord(data: Uint8Array, width: number, height: number, set: SetWord, style: TextStyle, unit: number): void {
  const atlas = atlasFor(style, unit);
  const base = Math.round(set.baseline * unit);
  const [r, g, b] = style.color;
  set.chars.forEach((c, i) => {
    const m = atlas.masks.get(c) ?? atlas.masks.get('?')!;
    const x0 = Math.round(set.pens[i] * unit) + m.dx;
    const y0 = base + m.dy;
    for (let y = 0; y < m.h; y++) {
      const yy = y0 + y;
      if (yy < 0 || yy >= height) continue;
      let k = y * m.w;
      for (let x = 0; x < m.w; x++, k++) {
        const a = m.alpha[k];
        if (!a) continue;
        const xx = x0 + x;
        if (xx < 0 || xx >= width) continue;
        const i = (yy * width + xx) * 3;
        if (a === 255) {
          data[i] = r;
          data[i + 1] = g;
          data[i + 2] = b;
        } else {
          // Darken only: overlapping glyph edges never lighten ink already laid.
          const t = a / 255;
          data[i] = Math.min(data[i], data[i] + (r - data[i]) * t);
          data[i + 1] = Math.min(data[i + 1], data[i + 1] + (g - data[i + 1]) * t);
          data[i + 2] = Math.min(data[i + 2], data[i + 2] + (b - data[i + 2]) * t);
        }
      }
    }
  });
}
