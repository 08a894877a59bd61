// Finding the query's words on a page: which OCR words (with their boxes) match, phrase-aware, and a
// short snippet around the best cluster of matches. Engine-independent: works from page_words JSON.
import type { HighlightTerms } from './plan';
import { tokenize } from './tokens';

export type Box = [x: number, y: number, w: number, h: number];
/** page_words entry; ingest puts the second half's box of a hyphenated word in a 6th element. */
type RawWord = [text: string, x: number, y: number, w: number, h: number, second?: number[]];

/** A word as a reader sees it: hyphenated halves joined into one word with both boxes. */
interface LogicalWord {
  text: string;
  boxes: Box[];
}

const HYPHEN_END = /[-\u2010\u00ad\u00ac]$/;

const sameLine = (a: RawWord, b: RawWord) => Math.abs(a[2] - b[2]) <= Math.max(a[4], b[4]) / 2;

/**
 * Joins OCR hyphenation whatever convention ingest used: one word with the second half's box as a 6th
 * element (server/ingest), "Tele-" + "gram" (text split with a hyphen),
 * or "Telegram" + "Telegram" (both halves carrying the joined word, as ALTO SUBS_CONTENT does) on
 * different lines.
 */
export function logicalWords(raw: RawWord[]): LogicalWord[] {
  const out: LogicalWord[] = [];
  let prev: RawWord | null = null;
  for (let i = 0; i < raw.length; i++) {
    const w = raw[i];
    if (!Array.isArray(w) || typeof w[0] !== 'string' || !w[0]) continue;
    const box: Box = [Math.round(w[1]), Math.round(w[2]), Math.round(w[3]), Math.round(w[4])];
    const last = out[out.length - 1];
    if (last && prev && HYPHEN_END.test(last.text) && !sameLine(prev, w)) {
      last.text = last.text.replace(HYPHEN_END, '') + w[0];
      last.boxes.push(box);
    } else if (last && prev && prev[0] === w[0] && !sameLine(prev, w)) {
      last.boxes.push(box);
    } else {
      out.push({ text: w[0], boxes: [box] });
      const second = w[5];
      if (Array.isArray(second) && second.length === 4) out[out.length - 1].boxes.push(second.map(Math.round) as Box);
    }
    prev = w;
  }
  return out;
}

/** Plain text as words without boxes (pages with no word coordinates). */
export const textWords = (text: string): LogicalWord[] =>
  text.split(/\s+/).filter(Boolean).map((t) => ({ text: t, boxes: [] }));

/** Indices of the logical words that match: single words anywhere, phrases only where they occur whole. */
export function matchWords(words: LogicalWord[], terms: HighlightTerms): Set<number> {
  const stream: { tok: string; word: number }[] = [];
  words.forEach((w, i) => {
    for (const tok of tokenize(w.text)) stream.push({ tok, word: i });
  });
  const single = new Set(terms.words);
  const hits = new Set<number>();
  for (let i = 0; i < stream.length; i++) {
    if (single.has(stream[i].tok)) hits.add(stream[i].word);
    for (const phrase of terms.phrases) {
      if (stream[i].tok !== phrase[0] || i + phrase.length > stream.length) continue;
      let k = 1;
      while (k < phrase.length && stream[i + k].tok === phrase[k]) k++;
      if (k === phrase.length) for (let j = 0; j < k; j++) hits.add(stream[i + j].word);
    }
  }
  return hits;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Around SNIPPET_WORDS words of text with <mark> around matches; everything else escaped. */
export const SNIPPET_WORDS = 36;
export const MAX_BOXES = 400;

export function buildSnippet(words: LogicalWord[], hits: Set<number>, size = SNIPPET_WORDS): string {
  if (!words.length) return '';
  // The window holding the most hits; starts a few words before its first hit so it reads naturally.
  let start = 0;
  if (hits.size) {
    const sorted = [...hits].sort((a, b) => a - b);
    let best = 0;
    let j = 0;
    for (let i = 0; i < sorted.length; i++) {
      while (sorted[i] - sorted[j] >= size - 8) j++;
      if (i - j + 1 > best) {
        best = i - j + 1;
        start = sorted[j];
      }
    }
    start = Math.max(0, Math.min(start - 6, words.length - size));
  }
  const end = Math.min(words.length, start + size);
  const parts: string[] = [];
  for (let i = start; i < end; i++) {
    const text = escapeHtml(words[i].text);
    parts.push(hits.has(i) ? `<mark>${text}</mark>` : text);
  }
  return `${start > 0 ? '… ' : ''}${parts.join(' ')}${end < words.length ? ' …' : ''}`;
}

export interface PageHighlight {
  snippet: string;
  boxes: Box[];
}

/** Snippet and boxes for one page from its page_words JSON (or its plain text when it has none). */
export function highlightPage(wordsJson: string | null, ocrText: string, terms: HighlightTerms): PageHighlight {
  let words: LogicalWord[] = [];
  if (wordsJson) {
    try {
      const parsed = JSON.parse(wordsJson) as unknown;
      if (Array.isArray(parsed)) words = logicalWords(parsed as RawWord[]);
    } catch {
      words = [];
    }
  }
  if (!words.length) words = textWords(ocrText);
  const hits = matchWords(words, terms);
  const boxes: Box[] = [];
  for (const i of [...hits].sort((a, b) => a - b)) {
    for (const b of words[i].boxes) if (boxes.length < MAX_BOXES) boxes.push(b);
  }
  return { snippet: buildSnippet(words, hits), boxes };
}
