// A page's OCR lines, derived at read time from what ingest stores (lines are not stored): the page's
// plain text holds one OCR line per text line (blank lines between blocks) and its words are the same
// tokens in the same order (server/ingest/words.ts, server/demo/layout.ts: a word hyphenated across lines
// is one word, on its first line). So the n-th non-empty text line takes the next k words, k = its tokens.
// The id "L{n}" depends only on the page's OCR, which never changes for a page uid: stable across reads.
// When text and words disagree (an older or foreign ingest), lines are grouped from the boxes instead.
import type { Box } from '../../../contract/viewer';
import type { WordBox } from '../../store/types';
import { groupLines } from '../../presentation/text-annotations';

export interface OcrLine {
  id: string;
  text: string;
  box: Box;
  /** The line's words (indexes into the page's words). */
  words: number[];
}

const union = (a: Box, b: Box): Box => {
  const x = Math.min(a[0], b[0]);
  const y = Math.min(a[1], b[1]);
  return [x, y, Math.max(a[0] + a[2], b[0] + b[2]) - x, Math.max(a[1] + a[3], b[1] + b[3]) - y];
};
const boxOf = (w: WordBox): Box => [Math.round(w[1]), Math.round(w[2]), Math.round(w[3]), Math.round(w[4])];

export function pageLines(words: WordBox[], ocrText: string): OcrLine[] {
  if (!words.length) return [];
  const textLines = ocrText.split('\n').filter((l) => l.trim() !== '');
  const lines: OcrLine[] = [];
  let next = 0;
  for (const line of textLines) {
    const tokens = line.trim().split(/\s+/);
    const idx = tokens.map((_, i) => next + i);
    if (idx[idx.length - 1] >= words.length || tokens.some((t, i) => String(words[idx[i]][0]) !== t)) return fromBoxes(words);
    next += tokens.length;
    lines.push({ id: `L${lines.length + 1}`, text: tokens.join(' '), box: idx.map((i) => boxOf(words[i])).reduce(union), words: idx });
  }
  return next === words.length ? lines : fromBoxes(words);
}

/** Lines grouped by geometry (the IIIF annotations' grouping), for pages whose text does not follow the words. */
function fromBoxes(words: WordBox[]): OcrLine[] {
  const out: OcrLine[] = [];
  let i = 0;
  for (const l of groupLines(words)) {
    const n = l.text.split(' ').length;
    while (i < words.length && !String(words[i][0] ?? '')) i++;
    const idx = Array.from({ length: n }, (_, k) => i + k);
    i += n;
    out.push({ id: `L${out.length + 1}`, text: l.text, box: l.box, words: idx });
  }
  return out;
}

/**
 * The corrected line's words with boxes: the line's box divided among its words in proportion to their
 * lengths (a space's width between words), all on the line's full height. Good enough to outline a hit.
 */
export function divideLine(text: string, box: Box): WordBox[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (!tokens.length) return [];
  const [x, y, w, h] = box;
  const units = tokens.reduce((n, t) => n + t.length, 0) + (tokens.length - 1);
  const per = w / Math.max(1, units);
  const out: WordBox[] = [];
  let at = 0;
  for (const t of tokens) {
    const left = Math.round(x + at * per);
    const right = Math.round(x + (at + t.length) * per);
    out.push([t, left, y, Math.max(1, right - left), h]);
    at += t.length + 1;
  }
  return out;
}
