// Finding the query's words on a page: which OCR words (with their boxes) match, phrase-aware, and a
// short snippet around the best cluster of matches. Engine-independent: works from page_words JSON.
import type { HighlightTerms } from './plan';
import { foldToken } from './tokens';
import type { Box } from '../viewer';
import { coreBox, splitWordCore } from './word-core';

/** page_words entry; ingest puts the second half's box of a hyphenated word in a 6th element. */
type RawWord = [text: string, x: number, y: number, w: number, h: number, second?: number[]];

/** A word as a reader sees it: hyphenated halves joined into one word. Boxes are made only for hits. */
export interface LogicalWord {
  text: string;
  /** Index of its first OCR word in the page's RawWords (-1: plain text, no boxes). */
  first: number;
  /** Further OCR words that belong to it (the second half of a hyphenated word). */
  more: number[] | null;
}

/** A page's OCR words: every word's text, and a word's numbers when they are needed. */
export interface RawWords {
  readonly count: number;
  /** '' for an entry that is not a word (the entry is then skipped). */
  text(i: number): string;
  word(i: number): RawWord;
}

const HYPHEN_END = /[-\u2010\u00ad\u00ac]$/;

/** HYPHEN_END.test without a regular expression: it runs once per word of every result page. */
const endsWithHyphen = (text: string) => {
  const c = text.charCodeAt(text.length - 1);
  return c === 0x2d || c === 0x2010 || c === 0xad || c === 0xac;
};

const sameLine = (a: RawWord, b: RawWord) => Math.abs(a[2] - b[2]) <= Math.max(a[4], b[4]) / 2;

/** Words from parsed page_words JSON, whatever it holds. */
export function parsedWords(raw: unknown[]): RawWords {
  return {
    count: raw.length,
    text: (i) => {
      const w = raw[i];
      return Array.isArray(w) && typeof w[0] === 'string' ? w[0] : '';
    },
    word: (i) => raw[i] as RawWord,
  };
}

/**
 * page_words JSON as ingest writes it (JSON.stringify of [text, x, y, w, h, second?] entries) read without
 * JSON.parse: each entry's text is cut out of the string and its numbers are parsed only when asked for
 * (the boxes of hits, the rare hyphenation check). Parsing every entry of the 20 result pages was most of a
 * search's CPU (docs/OPERATIONS.md, "Search CPU"). Null when the JSON has any other shape (an escaped
 * character, spaces, another layout): the caller then parses it the ordinary way.
 */
export function scanWords(json: string): RawWords | null {
  if (json === '[]') return parsedWords([]);
  // An escaped character (a quote inside a word among them) is left to JSON.parse; without one no word's
  // text can hold '"', so '],["' only ever separates two entries (a nested box ends in ']]', still split).
  if (!json.startsWith('[["') || !json.endsWith(']]') || json.includes('\\')) return null;
  const entries = json.slice(3, -2).split('],["'); // each: text","x,y,w,h[,[a,b,c,d]]
  const texts: string[] = new Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const q = e.indexOf('"');
    if (q < 0 || e.charCodeAt(q + 1) !== 44 /* , */) return null;
    texts[i] = e.slice(0, q);
  }
  return {
    count: texts.length,
    text: (i) => texts[i],
    word: (i) => {
      try {
        const w = JSON.parse(`[0${entries[i].slice(texts[i].length + 1)}]`) as RawWord;
        if (!Array.isArray(w)) throw new Error('not a word');
        w[0] = texts[i];
        return w;
      } catch {
        return [texts[i], NaN, NaN, NaN, NaN]; // numbers that are not numbers: a word without a box
      }
    },
  };
}

/**
 * Joins OCR hyphenation whatever convention ingest used: one word with the second half's box as a 6th
 * element (server/ingest), "Tele-" + "gram" (text split with a hyphen), or "Telegram" + "Telegram" (both
 * halves carrying the joined word, as ALTO SUBS_CONTENT does) on different lines.
 */
export function logicalWords(raw: RawWords): LogicalWord[] {
  const out: LogicalWord[] = [];
  let prev = -1;
  for (let i = 0; i < raw.count; i++) {
    const text = raw.text(i);
    if (!text) continue;
    const last = out.length ? out[out.length - 1] : null;
    if (last && prev >= 0 && (last.text === text || endsWithHyphen(last.text)) && !sameLine(raw.word(prev), raw.word(i))) {
      if (last.text !== text) last.text = last.text.replace(HYPHEN_END, '') + text;
      (last.more ??= []).push(i);
    } else {
      out.push({ text, first: i, more: null });
    }
    prev = i;
  }
  return out;
}

const toBox = (w: ArrayLike<unknown>, at: number): Box | null => {
  const b = [Number(w[at]), Number(w[at + 1]), Number(w[at + 2]), Number(w[at + 3])];
  return b.every(Number.isFinite) ? (b.map(Math.round) as Box) : null;
};

/** The boxes of a logical word: its OCR words' boxes (the word only, not the punctuation beside it) and
 *  ingest's second-half box (6th element; its text is the joined word, so that box is left whole). */
function boxesOf(word: LogicalWord, raw: RawWords): Box[] {
  const out: Box[] = [];
  if (word.first < 0) return out;
  for (const i of [word.first, ...(word.more ?? [])]) {
    const w = raw.word(i);
    const b = toBox(w, 1);
    if (b) out.push(Array.isArray(w[5]) ? b : coreBox(w[0], b));
    if (Array.isArray(w[5]) && w[5].length === 4) {
      const second = toBox(w[5], 0);
      if (second) out.push(second);
    }
  }
  return out;
}

/** Plain text as words without boxes (pages with no word coordinates). */
export const textWords = (text: string): LogicalWord[] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => ({ text: t, first: -1, more: null }));

const ASCII = /^[\x00-\x7f]*$/;
/** One token as it stands: ASCII letters and digits only (most OCR words). */
const ASCII_TOKEN = /^[A-Za-z0-9]+$/;
export const WORD_CHARS = /[\p{L}\p{N}]+/gu;

/** Indices of the logical words that match: single words anywhere, phrases only where they occur whole,
 *  proximity groups only where all their words fall within their distance (the occurrence, not every word). */
export function matchWords(words: LogicalWord[], terms: HighlightTerms): Set<number> {
  const near = terms.near ?? [];
  const needles = new Set([...terms.words, ...terms.phrases.flat(), ...near.flatMap((n) => n.tokens)]);
  if (!needles.size) return new Set();
  // The token stream, with every word that holds no query token collapsed to one gap: it can neither
  // match nor continue a phrase (a token that is no query word fails every comparison just as the gap
  // does). Most OCR words are one token, looked up in the needle set at once; a truncated or OCR-tolerant
  // query brings up to a hundred needles, so a substring test per needle and word cost more than the rest
  // of the search. `pos` keeps each token's place in the page (as the index counts) for proximity.
  const few = needles.size <= 4 ? [...needles] : null;
  const toks: string[] = [];
  const owner: number[] = [];
  const pos: number[] = [];
  let at = 0;
  for (let i = 0; i < words.length; i++) {
    const text = words[i].text;
    let tokens: string[];
    if (few) {
      // A few needles: a substring test rules most words out before any tokenising.
      const folded = ASCII.test(text) ? text.toLowerCase() : foldToken(text);
      tokens = few.some((n) => folded.includes(n)) ? (folded.match(WORD_CHARS) ?? []) : [];
      if (!tokens.length && near.length) tokens = folded.match(WORD_CHARS) ?? [];
    } else {
      tokens = ASCII_TOKEN.test(text) ? [text.toLowerCase()] : ((ASCII.test(text) ? text.toLowerCase() : foldToken(text)).match(WORD_CHARS) ?? []);
    }
    if (!tokens.some((t) => needles.has(t))) {
      if (toks[toks.length - 1] !== '') {
        toks.push('');
        owner.push(-1);
        pos.push(at);
      }
      at += tokens.length;
      continue;
    }
    for (const tok of tokens) {
      toks.push(tok);
      owner.push(i);
      pos.push(at++);
    }
  }
  return hitsInStream(toks, owner, pos, terms);
}

/** The words (owner indices) the query's terms match in a token stream where every run of words holding no
 *  query token is one gap (''): matchWords' second half, shared with the export's plain-text path. */
export function hitsInStream(toks: string[], owner: number[], pos: number[], terms: HighlightTerms): Set<number> {
  const single = new Set(terms.words);
  const near = terms.near ?? [];
  const hits = new Set<number>();
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

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Around SNIPPET_WORDS words of text with <mark> around matches; everything else escaped. */
export const SNIPPET_WORDS = 36;
export const MAX_BOXES = 400;

/** The snippet's word range [start, end) in a page of `count` words: the window holding the most hits,
 *  starting a few words before its first hit so it reads naturally. */
export function snippetWindow(count: number, hits: Set<number>, size: number): [number, number] {
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
    start = Math.max(0, Math.min(start - 6, count - size));
  }
  return [start, Math.min(count, start + size)];
}

export function buildSnippet(words: LogicalWord[], hits: Set<number>, size = SNIPPET_WORDS): string {
  if (!words.length) return '';
  const [start, end] = snippetWindow(words.length, hits, size);
  const parts: string[] = [];
  for (let i = start; i < end; i++) {
    if (!hits.has(i)) {
      parts.push(escapeHtml(words[i].text));
      continue;
    }
    // Only the word is marked: "<mark>RICHMOND</mark>," not the comma beside it.
    const [lead, core, trail] = splitWordCore(words[i].text);
    parts.push(`${escapeHtml(lead)}<mark>${escapeHtml(core)}</mark>${escapeHtml(trail)}`);
  }
  return `${start > 0 ? '… ' : ''}${parts.join(' ')}${end < words.length ? ' …' : ''}`;
}

export interface PageHighlight {
  snippet: string;
  boxes: Box[];
}

/** A page's parsed word list as logical words (hyphenation joined, as matchWords reads them) and their boxes. */
export function pageWords(list: unknown[]): { words: LogicalWord[]; boxesOf: (word: LogicalWord) => Box[] } {
  const raw = parsedWords(list);
  return { words: logicalWords(raw), boxesOf: (word) => boxesOf(word, raw) };
}

/** Snippet and boxes for one page from its page_words JSON (or its plain text when it has none). */
export function highlightPage(wordsJson: string | null, ocrText: string, terms: HighlightTerms): PageHighlight {
  let words: LogicalWord[] = [];
  let raw: RawWords = parsedWords([]);
  if (wordsJson) {
    try {
      const scanned = scanWords(wordsJson);
      if (scanned) raw = scanned;
      else {
        const parsed = JSON.parse(wordsJson) as unknown;
        if (Array.isArray(parsed)) raw = parsedWords(parsed);
      }
      words = logicalWords(raw);
    } catch {
      words = [];
    }
  }
  if (!words.length) words = textWords(ocrText);
  const hits = matchWords(words, terms);
  const boxes: Box[] = [];
  for (const i of [...hits].sort((a, b) => a - b)) {
    if (boxes.length >= MAX_BOXES) break;
    boxes.push(...boxesOf(words[i], raw).slice(0, MAX_BOXES - boxes.length));
  }
  return { snippet: buildSnippet(words, hits), boxes };
}
