// A page's OCR text as IIIF annotations: an AnnotationPage of 'supplementing' annotations with a
// TextualBody and an xywh target on the canvas, so viewers and harvesters can show and select the text.
// Lines by default (words grouped by their boxes), one annotation per word with granularity=word, and
// the whole page's text in one annotation when the page has no word boxes.
import type { WordBox } from '../store/types';
import { en, PRESENTATION_CONTEXT, TEXT_GRANULARITY_CONTEXT } from './manifest';
import { canvasId, canvasText } from './urls';

export type Granularity = 'line' | 'word';

type Box = [x: number, y: number, w: number, h: number];

export interface TextLine {
  text: string;
  box: Box;
}

const boxOf = (w: WordBox): Box => [Math.round(w[1]), Math.round(w[2]), Math.round(w[3]), Math.round(w[4])];

const union = (a: Box, b: Box): Box => {
  const x = Math.min(a[0], b[0]);
  const y = Math.min(a[1], b[1]);
  return [x, y, Math.max(a[0] + a[2], b[0] + b[2]) - x, Math.max(a[1] + a[3], b[1] + b[3]) - y];
};

/**
 * Words in reading order grouped into lines: a word continues the line when it lies to the right of the
 * previous word and overlaps the line so far vertically by at least half the smaller height (small
 * punctuation and slightly skewed scans stay on their line); otherwise it starts a new line or column.
 */
export function groupLines(words: WordBox[]): TextLine[] {
  const lines: TextLine[] = [];
  let prev: Box | null = null;
  for (const w of words) {
    const text = String(w[0] ?? '');
    if (!text) continue;
    const box = boxOf(w);
    if (!box.every(Number.isFinite)) continue;
    const last = lines[lines.length - 1];
    const overlap = last ? Math.min(box[1] + box[3], last.box[1] + last.box[3]) - Math.max(box[1], last.box[1]) : 0;
    const sameLine = prev && last && box[0] >= prev[0] && overlap >= Math.min(box[3], last.box[3]) / 2;
    if (sameLine) {
      last.text += ` ${text}`;
      last.box = union(last.box, box);
    } else {
      lines.push({ text, box });
    }
    prev = box;
  }
  return lines;
}

export function buildTextPage(
  origin: string,
  issueUid: string,
  page: { uid: string; width: number; height: number; label: string },
  words: WordBox[],
  plainText: string,
  granularity: Granularity,
) {
  const canvas = origin + canvasId(issueUid, page.uid);
  const base = origin + canvasText(issueUid, page.uid);
  const id = base + (granularity === 'word' ? '?granularity=word' : '');
  // Annotation ids name the page's n-th line (l) or word (w); they identify and are not fetched.
  const annotation = (n: number, text: string, box: Box | null, g: Granularity | 'page') => ({
    id: `${base}/${g === 'word' ? 'w' : 'l'}${n}`,
    type: 'Annotation',
    motivation: 'supplementing',
    textGranularity: g,
    body: { type: 'TextualBody', value: text, format: 'text/plain' },
    target: box ? `${canvas}#xywh=${box.join(',')}` : canvas,
  });
  let items;
  if (!words.length) items = plainText.trim() ? [annotation(0, plainText.trim(), null, 'page')] : [];
  else if (granularity === 'word') items = words.filter((w) => String(w[0] ?? '')).map((w, i) => annotation(i, String(w[0]), boxOf(w), 'word'));
  else items = groupLines(words).map((l, i) => annotation(i, l.text, l.box, 'line'));
  return {
    '@context': [TEXT_GRANULARITY_CONTEXT, PRESENTATION_CONTEXT],
    id,
    type: 'AnnotationPage',
    label: en(`OCR text of ${page.label.toLowerCase()}${granularity === 'word' ? ', word by word' : ''}`),
    items,
  };
}
