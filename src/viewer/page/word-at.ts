import type { ViewerWord } from '../../../contract/viewer';

/** The word under an image point, or the nearest one within a few pixels of it (OCR boxes are tight). */
export function wordAt(words: ViewerWord[], x: number, y: number, slack = 12): number | null {
  let best: number | null = null;
  let bestDist = Infinity;
  for (let i = 0; i < words.length; i++) {
    const [, wx, wy, ww, wh] = words[i];
    const dx = x < wx ? wx - x : x > wx + ww ? x - wx - ww : 0;
    const dy = y < wy ? wy - y : y > wy + wh ? y - wy - wh : 0;
    const d = dx + dy;
    if (d === 0) return i;
    if (d < bestDist && d <= slack) {
      best = i;
      bestDist = d;
    }
  }
  return best;
}
