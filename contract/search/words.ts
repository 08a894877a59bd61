// Finding the query's words on a page: which OCR words (with their boxes) match, phrase-aware, and a
// short snippet around the best cluster of matches. Engine-independent: works from page_words JSON.
import type { HighlightTerms } from './plan';
import { foldToken } from './tokens';
import type { Box } from '../viewer';

/** page_words entry; ingest puts the second half's box of a hyphenated word in a 6th element. */
type RawWord = [text: string, x: number, y: number, w: number, h: number, second?: number[]];

/** A word as a reader sees it: hyphenated halves joined into one word. Boxes are made only for hits. */
interface LogicalWord {
  text: string;
  first: RawWord | null;
  /** Further OCR words that belong to it (the second half of a hyphenated word). */
  more: RawWord[] | null;
}

const HYPHEN_END = /[-\u2010\u00ad\u00ac]$/;

const sameLine = (a: RawWord, b: RawWord) => Math.abs(a[2] - b[2]) <= Math.max(a[4], b[4]) / 2;

/**
 * Joins OCR hyphenation whatever convention ingest used: one word with the second half's box as a 6th
 * element (server/ingest), "Tele-" + "gram" (text split with a hyphen), or "Telegram" + "Telegram" (both
 * halves carrying the joined word, as ALTO SUBS_CONTENT does) on different lines.
 */
export function logicalWords(raw: RawWord[]): LogicalWord[] {
  const out: LogicalWord[] = [];
  let prev: RawWord | null = null;
  for (let i = 0; i < raw.length; i++) {
    const w = raw[i];
    if (!Array.isArray(w) || typeof w[0] !== 'string' || !w[0]) continue;
    const last = out.length ? out[out.length - 1] : null;
    if (last && prev && (last.text === w[0] || HYPHEN_END.test(last.text)) && !sameLine(prev, w)) {
      if (last.text !== w[0]) last.text = last.text.replace(HYPHEN_END, '') + w[0];
      (last.more ??= []).push(w);
    } else {
      out.push({ text: w[0], first: w, more: null });
    }
    prev = w;
  }
  return out;
}

const toBox = (w: ArrayLike<unknown>, at: number): Box | null => {
  const b = [Number(w[at]), Number(w[at + 1]), Number(w[at + 2]), Number(w[at + 3])];
  return b.every(Number.isFinite) ? (b.map(Math.round) as Box) : null;
};

/** The boxes of a logical word: its OCR words' boxes and ingest's second-half box (6th element). */
function boxesOf(word: LogicalWord): Box[] {
  const out: Box[] = [];
  for (const w of word.first ? [word.first, ...(word.more ?? [])] : []) {
    const b = toBox(w, 1);
    if (b) out.push(b);
    if (Array.isArray(w[5]) && w[5].length === 4) {
      const second = toBox(w[5], 0);
      if (second) out.push(second);
    }
  }
  return out;
}

/** Plain text as words without boxes (pages with no word coordinates). */
export const textWords = (text: string): LogicalWord[] =>
  text.split(/\s+/).filter(Boolean).map((t) => ({ text: t, first: null, more: null }));

const ASCII = /^[\x00-\x7f]*$/;
const WORD_CHARS = /[\p{L}\p{N}]+/gu;

/** Indices of the logical words that match: single words anywhere, phrases only where they occur whole,
 *  proximity groups only where all their words fall within their distance (the occurrence, not every word). */
export function matchWords(words: LogicalWord[], terms: HighlightTerms): Set<number> {
  const single = new Set(terms.words);
  const near = terms.near ?? [];
  const needles = [...new Set([...terms.words, ...terms.phrases.flat(), ...near.flatMap((n) => n.tokens)])];
  const hits = new Set<number>();
  if (!needles.length) return hits;
  // The token stream, with every word that holds no query token collapsed to one gap: it can neither
  // match nor continue a phrase. Checking a substring first keeps 10,000-word pages cheap. `pos` keeps
  // each token's place in the page (as the index counts) for proximity.
  const toks: string[] = [];
  const owner: number[] = [];
  const pos: number[] = [];
  let at = 0;
  for (let i = 0; i < words.length; i++) {
    const text = words[i].text;
    const folded = ASCII.test(text) ? text.toLowerCase() : foldToken(text);
    if (!needles.some((n) => folded.includes(n))) {
      if (toks[toks.length - 1] !== '') {
        toks.push('');
        owner.push(-1);
        pos.push(at);
      }
      if (near.length) at += folded.match(WORD_CHARS)?.length ?? 0;
      continue;
    }
    for (const tok of folded.match(WORD_CHARS) ?? []) {
      toks.push(tok);
      owner.push(i);
      pos.push(at++);
    }
  }
  for (let i = 0; i < toks.length; i++) {
    if (single.has(toks[i])) hits.add(owner[i]);
    for (const phrase of terms.phrases) {
      if (toks[i] !== phrase[0] || i + phrase.length > toks.length) continue;
      let k = 1;
      while (k < phrase.length && toks[i + k] === phrase[k]) k++;
      if (k === phrase.length) for (let j = 0; j < k; j++) hits.add(owner[i + j]);
    }
    for (const group of near) {
      if (!group.tokens.includes(toks[i])) continue;
      // An occurrence starting here: the first of each other word within `within` positions after it.
      const found = new Map<string, number>([[toks[i], i]]);
      for (let j = i + 1; j < toks.length && pos[j] - pos[i] <= group.within; j++)
        if (group.tokens.includes(toks[j]) && !found.has(toks[j])) found.set(toks[j], j);
      if (found.size === group.tokens.length) for (const j of found.values()) hits.add(owner[j]);
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
    if (boxes.length >= MAX_BOXES) break;
    boxes.push(...boxesOf(words[i]).slice(0, MAX_BOXES - boxes.length));
  }
  return { snippet: buildSnippet(words, hits), boxes };
}
