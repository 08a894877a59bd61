// The picture of one OCR line beside its editable text: the line's box cut from the page image by the
// IIIF Image API (region and size in the URL), so the visitor compares print and text without zooming.
import type { Box } from '../../../contract/viewer';

/** Padding around the line's box, as a share of its height: ascenders and descenders often poke out of it. */
const PAD = 0.25;

/** The box grown by PAD on every side and kept inside the page (image pixels, whole numbers). */
export function paddedBox([x, y, w, h]: Box, pageWidth: number | null, pageHeight: number | null): Box {
  const pad = Math.round(h * PAD);
  const left = Math.max(0, Math.floor(x - pad));
  const top = Math.max(0, Math.floor(y - pad));
  const right = Math.ceil(pageWidth ? Math.min(pageWidth, x + w + pad) : x + w + pad);
  const bottom = Math.ceil(pageHeight ? Math.min(pageHeight, y + h + pad) : y + h + pad);
  return [left, top, Math.max(1, right - left), Math.max(1, bottom - top)];
}

/**
 * {imageService}/{x},{y},{w},{h}/{size}/0/default.jpg for the line's box. Wider than maxWidth pixels, the
 * server scales it down to maxWidth ("w," size); smaller, it is sent as is ("max": never upscaled, which
 * Image API 3 refuses without "^").
 */
export function lineCropUrl(imageService: string, box: Box, pageWidth: number | null, pageHeight: number | null, maxWidth = 800): string {
  const [x, y, w, h] = paddedBox(box, pageWidth, pageHeight);
  const size = w > maxWidth ? `${Math.round(maxWidth)},` : 'max';
  return `${imageService.replace(/\/+$/, '')}/${x},${y},${w},${h}/${size}/0/default.jpg`;
}

/** The crop's width/height ratio (for the <img> aspect-ratio, so the list does not jump as crops arrive). */
export function cropAspect(box: Box, pageWidth: number | null, pageHeight: number | null): number {
  const [, , w, h] = paddedBox(box, pageWidth, pageHeight);
  return w / h;
}
