// Composes one newspaper page: paper, masthead or running head, column rules, articles and (on the
// last page of an issue) advertisements. Returns the pixels with the OCR words and their boxes.
import type { WordBox } from '../store/types';
import { DEMO_TITLES, type IssuePlan } from './catalog';
import { PageWriter } from './layout';
import { createRng, type Rng } from './prng';
import { PageDrawing } from './drawing';
import { lineHeight, type Rgb, type TextStyle } from './raster';
import { measureText } from './typeface';
import { TextGenerator } from './text/generate';
import { adsFor } from './text/ads';

/** The page in layout units; its images are painted at some pixels per unit (drawing.ts: FULL_UNIT for the full size). */
export const PAGE_WIDTH = 1000;
export const PAGE_HEIGHT = 1500;
const MARGIN = 40;
const GUTTER = 24;
const COLUMNS = 3;
const INK: Rgb = [34, 28, 22];
const BODY: TextStyle = { scale: 2, color: INK };
const HEAD: TextStyle = { scale: 3, bold: true, color: INK };
const DECK: TextStyle = { scale: 2, bold: true, color: INK };

export interface ComposedPage {
  /** Paint it with drawing.paint(unit); word boxes are in full-resolution pixels (FULL_UNIT per layout unit). */
  drawing: PageDrawing;
  words: WordBox[];
  ocrText: string;
}

const TINTS: Rgb[] = [
  [241, 232, 210],
  [238, 229, 206],
  [243, 234, 214],
  [236, 228, 208],
];

function dateParts(plan: IssuePlan): { dateText: string } {
  const { vocab } = plan.title;
  const [y, m, d] = plan.dateIssued.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return { dateText: vocab.formatDate(vocab.weekdays[weekday], d, vocab.months[m - 1], y) };
}

/** The largest masthead that fits the page. */
function mastheadStyle(name: string): TextStyle {
  const unit = measureText(name, { scale: 1 });
  return { scale: Math.min(7, Math.floor((PAGE_WIDTH - 2 * MARGIN - 10) / unit)), bold: true, color: INK };
}

/** Every text size and weight the pages use (the typeface is rasterised for these only). */
export const pageTextStyles = (): TextStyle[] => [BODY, HEAD, DECK, ...DEMO_TITLES.map((t) => mastheadStyle(t.input.name))];

function masthead(w: PageWriter, plan: IssuePlan): number {
  const name = plan.title.input.name;
  const width = PAGE_WIDTH - 2 * MARGIN;
  const style = mastheadStyle(name);
  let y = 36;
  w.drawLineAt(name, MARGIN + Math.floor((width - measureText(name, style)) / 2), y, style);
  y += lineHeight(style);
  w.raster.rect(MARGIN, y, width, 3, INK);
  y += 10;
  const { dateText } = dateParts(plan);
  const small: TextStyle = { scale: 2, color: INK };
  const vol = plan.title.vocab.volumeLabel(plan.volume, plan.number);
  const centre = `${plan.title.dateline}, ${dateText}`;
  const price = plan.title.locale.price;
  const [wv, wc, wp] = [vol, centre, price].map((t) => measureText(t, small));
  // Volume left, place and date centred, price right; the date gets a line of its own when they would touch.
  const oneLine = Math.max(wv, wp) * 2 + wc + 40 <= width;
  w.drawLineAt(vol, MARGIN, y, small);
  if (oneLine) w.drawLineAt(centre, MARGIN + Math.floor((width - wc) / 2), y, small);
  w.drawLineAt(price, MARGIN + width - wp, y, small);
  y += lineHeight(small);
  if (!oneLine) {
    w.drawLineAt(centre, MARGIN + Math.floor((width - wc) / 2), y, small);
    y += lineHeight(small);
  }
  w.raster.rect(MARGIN, y, width, 3, INK);
  w.raster.rect(MARGIN, y + 6, width, 1, INK);
  return y + 20;
}

function runningHead(w: PageWriter, plan: IssuePlan, sequence: number): number {
  const small: TextStyle = { scale: 2, color: INK };
  const width = PAGE_WIDTH - 2 * MARGIN;
  const left = `${sequence} ${dateParts(plan).dateText}`;
  const right = plan.title.input.name.toUpperCase();
  w.drawLineAt(left, MARGIN, 30, small);
  w.drawLineAt(right, MARGIN + width - measureText(right, small), 30, small);
  w.raster.rect(MARGIN, 30 + lineHeight(small), width, 2, INK);
  return 30 + lineHeight(small) + 16;
}

function articles(w: PageWriter, text: TextGenerator, until: () => boolean): void {
  while (!w.full && !until()) {
    const a = text.article();
    // Keep a headline with at least three lines of its text.
    if (!w.place(lineHeight(HEAD) + 3 * lineHeight(BODY))) return;
    // A headline with a word too wide for the column is set smaller.
    const fits = a.headline.split(' ').every((word) => measureText(word, HEAD) <= w.column.width);
    if (!w.centredLines(a.headline, fits ? HEAD : DECK)) return;
    if (a.deck && !w.centredLines(a.deck, DECK)) return;
    if (!w.rule(40, 1, INK, 5)) return;
    for (const p of a.paragraphs) if (!w.paragraph(p, BODY, 16)) return;
    w.rule(w.column.width, 1, INK, 8);
  }
}

/** Each of the language's advertisements once, boxed, down the current column. */
function advertisements(w: PageWriter, plan: IssuePlan, rng: Rng): void {
  const ads = adsFor(plan.title.vocab.lang);
  const first = rng.int(0, ads.length - 1);
  for (let k = 0; k < ads.length && !w.full; k++) {
    const [heading, ...lines] = ads[(first + k) % ads.length];
    const headStyle = measureText(heading, HEAD) <= w.column.width - 16 ? HEAD : DECK;
    const height = lineHeight(headStyle) + lines.length * lineHeight(BODY) + 28;
    if (!w.place(height + 12)) return;
    const { x, width } = w.column;
    const top = w.y;
    w.raster.rect(x, top, width, 2, INK);
    w.raster.rect(x, top + height - 2, width, 2, INK);
    w.raster.rect(x, top, 2, height, INK);
    w.raster.rect(x + width - 2, top, 2, height, INK);
    w.y += 14;
    w.centredLines(heading, headStyle);
    for (const line of lines) w.centredLines(line, BODY);
    w.y = top + height + 12;
  }
}

export function composePage(plan: IssuePlan, sequence: number, seedKey: string): ComposedPage {
  const rng = createRng(seedKey);
  const raster = new PageDrawing(PAGE_WIDTH, PAGE_HEIGHT, TINTS[rng.int(0, TINTS.length - 1)]);
  const colWidth = Math.floor((PAGE_WIDTH - 2 * MARGIN - (COLUMNS - 1) * GUTTER) / COLUMNS);
  const columns = Array.from({ length: COLUMNS }, (_, i) => ({ x: MARGIN + i * (colWidth + GUTTER), width: colWidth }));
  const probe = new PageWriter(raster, columns, 0, PAGE_HEIGHT - MARGIN);
  const top = sequence === 1 ? masthead(probe, plan) : runningHead(probe, plan, sequence);
  const w = new PageWriter(raster, columns, top, PAGE_HEIGHT - MARGIN);
  for (let i = 1; i < COLUMNS; i++) raster.rect(columns[i].x - GUTTER / 2, top, 1, PAGE_HEIGHT - MARGIN - top, INK);
  const year = Number(plan.dateIssued.slice(0, 4));
  const text = new TextGenerator(plan.title.vocab, plan.title.locale, year, rng);
  const withAds = sequence === plan.pageCount && plan.pageCount >= 3;
  articles(w, text, () => withAds && w.columnIndex === COLUMNS - 1);
  if (withAds) {
    advertisements(w, plan, rng);
    articles(w, text, () => false);
  }
  return {
    drawing: raster,
    words: [...probe.words, ...w.words],
    ocrText: [probe.ocrText, w.ocrText].filter(Boolean).join('\n'),
  };
}
