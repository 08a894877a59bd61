// An RGB pixel buffer with just enough drawing for newspaper pages and logos: rectangles and
// bitmap-font text. Text drawing returns the exact ink box of what it drew, which becomes the OCR box.
import { BASELINE, CAP_TOP, LETTER_GAP, SPACE_COLS, glyphOf } from './font';

export type Rgb = readonly [number, number, number];

export interface TextStyle {
  scale: number; // pixels per font cell
  bold?: boolean; // drawn twice, shifted right by a third of the scale
  color: Rgb;
}

/** Box in image pixels: x, y, width, height. */
export type Box = [number, number, number, number];

export const boldShift = (style: TextStyle) => (style.bold ? Math.max(1, Math.round(style.scale / 3)) : 0);

/** Width in pixels from the first glyph's cell to the last glyph's last column (no trailing gap). */
export function measureWord(word: string, style: TextStyle): number {
  let cols = 0;
  let n = 0;
  for (const ch of word) {
    cols += glyphOf(ch).width;
    n++;
  }
  if (n === 0) return 0;
  return (cols + (n - 1) * LETTER_GAP) * style.scale + boldShift(style);
}

export const spaceWidth = (style: TextStyle) => SPACE_COLS * style.scale;
/** Height of one text line: the 11-row cell plus one row of leading. */
export const lineHeight = (style: TextStyle) => 12 * style.scale;

export function measureText(text: string, style: TextStyle): number {
  const words = text.split(' ');
  return words.reduce((sum, w) => sum + measureWord(w, style), 0) + (words.length - 1) * spaceWidth(style);
}

/** What page layout draws on: rectangles and words, each word's ink box returned. */
export interface Surface {
  rect(x: number, y: number, w: number, h: number, color: Rgb): void;
  drawWord(word: string, x: number, top: number, style: TextStyle): Box;
}

export class Raster implements Surface {
  readonly data: Uint8Array;
  /** `data`, when given, becomes the pixels (no copy). */
  constructor(
    readonly width: number,
    readonly height: number,
    readonly channels: 3 | 4 = 3,
    data?: Uint8Array,
  ) {
    this.data = data ?? new Uint8Array(width * height * channels);
  }

  fill(color: Rgb, alpha = 255): void {
    const { data, channels } = this;
    for (let i = 0; i < data.length; i += channels) {
      data[i] = color[0];
      data[i + 1] = color[1];
      data[i + 2] = color[2];
      if (channels === 4) data[i + 3] = alpha;
    }
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb): void {
    const x0 = Math.max(0, Math.round(x)),
      y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w)),
      y1 = Math.min(this.height, Math.round(y + h));
    const { data, channels } = this;
    for (let yy = y0; yy < y1; yy++) {
      let i = (yy * this.width + x0) * channels;
      for (let xx = x0; xx < x1; xx++, i += channels) {
        data[i] = color[0];
        data[i + 1] = color[1];
        data[i + 2] = color[2];
        if (channels === 4) data[i + 3] = 255;
      }
    }
  }

  /** Draws one word with its cell's top-left at (x, top); returns the word's ink box. */
  drawWord(word: string, x: number, top: number, style: TextStyle): Box {
    const s = style.scale;
    const shift = boldShift(style);
    let cx = x;
    let inkTop = CAP_TOP,
      inkBottom = BASELINE;
    let left = Infinity,
      right = -Infinity;
    for (const ch of word) {
      const g = glyphOf(ch);
      for (const [r, c, len] of g.runs) this.rect(cx + c * s, top + r * s, len * s + shift, s, style.color);
      if (g.inkRight >= 0) {
        left = Math.min(left, cx + g.inkLeft * s);
        right = Math.max(right, cx + (g.inkRight + 1) * s + shift);
        inkTop = Math.min(inkTop, g.inkTop);
        inkBottom = Math.max(inkBottom, g.inkBottom);
      }
      cx += (g.width + LETTER_GAP) * s;
    }
    // Vertically the box spans at least cap height to baseline, so boxes on one line line up.
    return [left, top + inkTop * s, right - left, (inkBottom - inkTop + 1) * s];
  }

  /** Draws words separated by single spaces; returns each word with its box. */
  drawText(text: string, x: number, top: number, style: TextStyle): { text: string; box: Box }[] {
    const out: { text: string; box: Box }[] = [];
    let cx = x;
    for (const word of text.split(' ')) {
      if (word) out.push({ text: word, box: this.drawWord(word, cx, top, style) });
      cx += measureWord(word, style) + spaceWidth(style);
    }
    return out;
  }
}
