import type { WordBox } from '../store/types';
import type { AltoPage, AltoToken } from './alto';

export interface PageText {
  words: WordBox[];
  text: string;
}

/** Pixels per ALTO unit when the image size is unknown (NDNP masters are scanned at 300-400 dpi). */
const NOMINAL_DPI = 300;

/**
 * The factors that turn ALTO coordinates into image pixels. With an image, the real pixel size against the
 * ALTO Page WIDTH/HEIGHT gives them exactly (the OCR ran on the master; the image we keep may be smaller).
 * Without one, the unit's nominal resolution is used.
 */
export function altoScale(alto: AltoPage, image: { width: number; height: number } | null): { sx: number; sy: number } {
  if (image && alto.pageWidth && alto.pageHeight) return { sx: image.width / alto.pageWidth, sy: image.height / alto.pageHeight };
  const perUnit = alto.unit === 'inch1200' ? NOMINAL_DPI / 1200 : alto.unit === 'mm10' ? NOMINAL_DPI / 254 : 1;
  return { sx: perUnit, sy: perUnit };
}

/** The page size in pixels that altoScale maps to (for pages without an image). */
export function nominalSize(alto: AltoPage): { width: number; height: number } | null {
  if (!alto.pageWidth || !alto.pageHeight) return null;
  const { sx, sy } = altoScale(alto, null);
  return { width: Math.round(alto.pageWidth * sx), height: Math.round(alto.pageHeight * sy) };
}

/**
 * Words in reading order with boxes in image pixels, and the page's plain text (lines, blank line between
 * blocks). A word hyphenated across lines (HYP, SUBS_TYPE HypPart1/HypPart2, or a line's last word ending in a
 * hyphen) becomes ONE word: its text is
 * the whole word (SUBS_CONTENT, or both parts joined), its box the first part's, and the second part's box
 * follows as the 6th element so viewers can outline both halves.
 */
export function altoToWords(alto: AltoPage, image: { width: number; height: number } | null): PageText {
  const { sx, sy } = altoScale(alto, image);
  const maxW = image?.width ?? (alto.pageWidth ? alto.pageWidth * sx : Infinity);
  const maxH = image?.height ?? (alto.pageHeight ? alto.pageHeight * sy : Infinity);
  const box = (t: AltoToken): [number, number, number, number] => {
    // Clamp into the page: OCR boxes sometimes start at negative offsets or run past the edge.
    const x = Math.min(Math.max(0, Math.round(t.hpos * sx)), Math.floor(maxW));
    const y = Math.min(Math.max(0, Math.round(t.vpos * sy)), Math.floor(maxH));
    const w = Math.max(1, Math.min(Math.round(t.width * sx), Math.floor(maxW) - x));
    const h = Math.max(1, Math.min(Math.round(t.height * sy), Math.floor(maxH) - y));
    return [x, y, w, h];
  };

  const words: WordBox[] = [];
  const lines: string[] = [];
  let pending: { token: AltoToken; index: number; lineIndex: number } | null = null;

  for (const line of alto.lines) {
    if (line.blockStart && lines.length) lines.push('');
    const out: string[] = [];
    line.tokens.forEach((t, i) => {
      if (pending && i === 0 && (t.subsType === 'HypPart2' || t.subsType === null)) {
        // Second half of a hyphenated word: complete the word already emitted; no new word.
        const first = pending.token;
        const whole = first.subsContent ?? t.subsContent ?? `${first.content.replace(/[-\u2010\u00ad\u00ac]$/, '')}${t.content}`;
        const w = words[pending.index];
        w[0] = whole;
        w[5] = box(t);
        const prev = lines[pending.lineIndex].split(' ');
        prev[prev.length - 1] = whole;
        lines[pending.lineIndex] = prev.join(' ');
        pending = null;
        return;
      }
      pending = null;
      const isLast = i === line.tokens.length - 1;
      // A line that ends in a hyphen with no <HYP> ("Tele-" then "cram": OCR that keeps the hyphen in the word) is
      // joined too, as the viewer and the offline search join it (contract/search/words.ts): the index holds the
      // word the reader sees.
      const hyphenStart = t.subsType === 'HypPart1' || (isLast && (line.hyphenEnd || /[-\u2010\u00ad\u00ac]$/.test(t.content)));
      const text = hyphenStart && t.subsContent ? t.subsContent : t.content;
      words.push([text, ...box(t)]);
      out.push(text);
      if (hyphenStart && isLast) pending = { token: t, index: words.length - 1, lineIndex: lines.length };
    });
    if (out.length) lines.push(out.join(' '));
  }
  return {
    words,
    text: lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  };
}
