// Line breaking (justified, with hyphenation at line ends) and column flow for the demo pages.
// Every word drawn is recorded with its box, in reading order, as the page's OCR.
import type { WordBox } from '../store/types';
import { lineHeight, type Surface, type TextStyle } from './raster';
import { measureText, measureWord, spaceWidth } from './typeface';

export interface Line {
  words: string[];
  indent: number;
  justify: boolean;
  /** The last word is the first half of a word split with a hyphen; the next line starts with the rest. */
  hyphenated: boolean;
}

const HYPHENABLE = /^([\p{L}]+)([.,;:!?]*)$/u;
const VOWEL = /[aeiouyäöüéèêëàâôîïûùáóíú]/i;
const KEEP_TOGETHER = new Set(['th', 'ch', 'sh', 'ph', 'gh', 'ck', 'qu', 'wh', 'sc']);
// Consonant pairs that begin a syllable: tele-graph, pro-gress.
const ONSETS = new Set(['bl', 'br', 'cl', 'cr', 'dr', 'fl', 'fr', 'gl', 'gr', 'pl', 'pr', 'tr', 'st', 'sp', 'ch', 'th', 'sch']);

/** Rough syllable breaks (ca-ble, tele-graph, ship-ment), at least 2 letters before and 3 after. */
export function canHyphenate(letters: string[], k: number): boolean {
  if (k < 2 || k > letters.length - 3) return false;
  const [a, b, c] = [letters[k - 1], letters[k], letters[k + 1]];
  const pair = (a + b).toLowerCase();
  if (KEEP_TOGETHER.has(pair) || ONSETS.has(pair) || a === 'ß' || b === 'ß') return false;
  if (VOWEL.test(a) && !VOWEL.test(b) && VOWEL.test(c)) return true;
  if (VOWEL.test(a) && ONSETS.has((b + c).toLowerCase()) && VOWEL.test(letters[k + 2] ?? '')) return true;
  return !VOWEL.test(a) && !VOWEL.test(b) && letters.slice(0, k - 1).some((l) => VOWEL.test(l)) && VOWEL.test(c);
}

/** Greedy line breaking; a long word that does not fit is split with a hyphen when both parts keep 3+ letters. */
export function breakLines(text: string, width: number, style: TextStyle, indent = 0, hyphenate = true): Line[] {
  const lines: Line[] = [];
  const queue = text.split(/\s+/).filter(Boolean);
  const space = spaceWidth(style);
  let current: string[] = [];
  let used = indent;
  const flush = (justify: boolean, hyphenated = false) => {
    lines.push({ words: current, indent: lines.length === 0 ? indent : 0, justify, hyphenated });
    current = [];
    used = 0;
  };
  while (queue.length) {
    const word = queue.shift()!;
    const w = measureWord(word, style);
    const needed = current.length ? space + w : w;
    if (used + needed <= width) {
      current.push(word);
      used += needed;
      continue;
    }
    const m = HYPHENABLE.exec(word);
    if (hyphenate && m && current.length && [...m[1]].length >= 6) {
      const letters = [...m[1]];
      let split = false;
      for (let k = letters.length - 3; k >= 2 && !split; k--) {
        if (!canHyphenate(letters, k)) continue;
        const head = letters.slice(0, k).join('') + '-';
        if (used + space + measureWord(head, style) <= width) {
          current.push(head);
          queue.unshift(letters.slice(k).join('') + m[2]);
          split = true;
        }
      }
      if (split) {
        flush(true, true);
        continue;
      }
    }
    if (current.length) flush(true);
    current.push(word);
    used = (lines.length === 0 ? indent : 0) + w;
  }
  if (current.length) flush(false);
  return lines;
}

/** Text flowing down columns; `place` returns where the next block goes, or null when the page is full. */
export class PageWriter {
  readonly words: WordBox[] = [];
  private readonly textLines: string[] = [];
  private col = 0;
  /** Where the first half of a word hyphenated at the end of the last line drawn was recorded. */
  private hyphenHead: { word: number; line: number } | null = null;
  y: number;

  constructor(
    readonly raster: Surface,
    readonly columns: { x: number; width: number }[],
    readonly top: number,
    readonly bottom: number,
  ) {
    this.y = top;
  }

  get column() {
    return this.columns[this.col];
  }

  get columnIndex() {
    return this.col;
  }

  get full() {
    return this.col >= this.columns.length;
  }

  /** Makes room for a block of height h: in this column, or at the top of the next one. */
  place(h: number): boolean {
    while (!this.full) {
      if (this.y + h <= this.bottom) return true;
      this.col++;
      this.y = this.top;
    }
    return false;
  }

  /**
   * Draws a line of words at (x, y) with the given gaps after each word and records them. A word split
   * with a hyphen at a line end is recorded as ingest records ALTO hyphenation: ONE word whose text is the
   * whole word, with the first half's box and the second half's box as a 6th element; the OCR text has
   * the whole word where the first half is.
   */
  drawWords(words: string[], x: number, y: number, style: TextStyle, gaps: number[], endsHyphenated = false): void {
    let cx = x;
    const text: string[] = [];
    words.forEach((word, i) => {
      const [bx, by, bw, bh] = this.raster.drawWord(word, cx, y, style);
      cx += measureWord(word, style) + (gaps[i] ?? 0);
      const head = i === 0 ? this.hyphenHead : null;
      if (head) {
        const entry = this.words[head.word];
        entry[0] = entry[0].slice(0, -1) + word;
        entry[5] = [bx, by, bw, bh];
        const line = this.textLines[head.line].split(' ');
        line[line.length - 1] = entry[0];
        this.textLines[head.line] = line.join(' ');
        return;
      }
      this.words.push([word, bx, by, bw, bh]);
      text.push(word);
    });
    if (text.length) this.textLines.push(text.join(' '));
    this.hyphenHead = endsHyphenated ? { word: this.words.length - 1, line: this.textLines.length - 1 } : null;
  }

  /** Draws one line of text at an absolute position (mastheads, running heads). */
  drawLineAt(text: string, x: number, y: number, style: TextStyle): void {
    const words = text.split(' ').filter(Boolean);
    this.drawWords(
      words,
      x,
      y,
      style,
      words.map(() => spaceWidth(style)),
    );
  }

  /** Centred lines (headlines, advertisements), wrapped without hyphenation. */
  centredLines(text: string, style: TextStyle): boolean {
    if (this.full) return false;
    const h = lineHeight(style);
    for (const line of breakLines(text, this.column.width, style, 0, false)) {
      if (!this.place(h)) return false;
      const { x, width } = this.column;
      const words = line.words.join(' ');
      this.drawLineAt(words, x + Math.max(0, Math.floor((width - measureText(words, style)) / 2)), this.y, style);
      this.y += h;
    }
    return true;
  }

  /** Justified paragraph lines; the last line is set flush left. Stops when the page is full. */
  paragraph(text: string, style: TextStyle, indent: number): boolean {
    if (this.full) return false;
    const h = lineHeight(style);
    for (const line of breakLines(text, this.column.width, style, indent)) {
      if (!this.place(h)) return false;
      const { x, width } = this.column;
      const space = spaceWidth(style);
      const gaps = line.words.map(() => space);
      const natural = line.indent + line.words.reduce((s, w) => s + measureWord(w, style), 0) + space * (line.words.length - 1);
      const slack = width - natural;
      const n = line.words.length - 1;
      if (line.justify && n > 0 && slack <= width * 0.4) {
        for (let i = 0; i < n; i++) gaps[i] += Math.floor(slack / n) + (i < slack % n ? 1 : 0);
      }
      this.drawWords(line.words, x + line.indent, this.y, style, gaps, line.hyphenated);
      this.y += h;
    }
    return true;
  }

  rule(width: number, thickness: number, color: readonly [number, number, number], spaceAround: number): boolean {
    if (!this.place(thickness + 2 * spaceAround)) return false;
    const { x, width: cw } = this.column;
    this.raster.rect(x + Math.floor((cw - width) / 2), this.y + spaceAround, width, thickness, color);
    this.y += thickness + 2 * spaceAround;
    return true;
  }

  get ocrText(): string {
    return this.textLines.join('\n');
  }
}
