// A demo page as a list of drawing operations in layout units (the page is PAGE_WIDTH x PAGE_HEIGHT units),
// painted at any resolution: the small preview at start-up, the full scan-sized image when a viewer zooms in.
// Word boxes are always given in full-resolution pixels (FULL_UNIT pixels per layout unit).
import { Raster, type Box, type Rgb, type Surface, type TextStyle } from './raster';
import { paintWord, setWord, wordBox, type SetWord } from './typeface';

/** Pixels per layout unit of the full-resolution page image (a 1000-unit page is 4000 px wide). */
export const FULL_UNIT = 4;

type Op = { kind: 'rect'; x: number; y: number; w: number; h: number; color: Rgb } | { kind: 'word'; set: SetWord; style: TextStyle };

export class PageDrawing implements Surface {
  readonly ops: Op[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
    readonly tint: Rgb,
  ) {}

  rect(x: number, y: number, w: number, h: number, color: Rgb): void {
    this.ops.push({ kind: 'rect', x, y, w, h, color });
  }

  /** Sets one word with its cell's top-left at (x, top); returns its ink box in full-resolution pixels. */
  drawWord(word: string, x: number, top: number, style: TextStyle): Box {
    const set = setWord(word, x, top, style);
    this.ops.push({ kind: 'word', set, style });
    return wordBox(set, style, FULL_UNIT);
  }

  /** The page's pixels at `unit` pixels per layout unit. */
  paint(unit: number): Raster {
    const W = Math.round(this.width * unit);
    const H = Math.round(this.height * unit);
    const raster = new Raster(W, H, 3, paper(this.tint, W, H));
    for (const op of this.ops) {
      if (op.kind === 'rect') raster.rect(op.x * unit, op.y * unit, op.w * unit, op.h * unit, op.color);
      else paintWord(raster.data, W, H, op.set, op.style, unit);
    }
    return raster;
  }
}

/** Aged paper: warm, a little darker towards the edges (kept far lighter than ink). */
function paper(base: Rgb, W: number, H: number): Uint8Array {
  const data = new Uint8Array(W * H * 3);
  const edge = (t: number) => Math.max(0, 1 - Math.min(t, 1 - t) * 12); // 0 inside, up to 1 at the border
  const colShade = Float32Array.from({ length: W }, (_, x) => edge(x / W));
  const row = (ey: number) => {
    const out = new Uint8Array(W * 3);
    for (let x = 0, i = 0; x < W; x++, i += 3) {
      const d = 18 * Math.max(ey, colShade[x]);
      out[i] = base[0] - d;
      out[i + 1] = base[1] - d;
      out[i + 2] = base[2] - d * 1.4;
    }
    return out;
  };
  // Rows away from the top and bottom borders are all alike: make one and copy it.
  const inner = row(0);
  for (let y = 0; y < H; y++) {
    const ey = edge(y / H);
    data.set(ey === 0 ? inner : row(ey), y * W * 3);
  }
  return data;
}
