// Finding the query's words on a page: which OCR words (with their boxes) match, phrase-aware, and a
// short snippet around the best cluster of matches. Engine-independent: works from page_words JSON.
import type { HighlightTerms } from './plan';
import { foldToken } from './tokens';
import type { Box } from '../viewer';
import { coreBox, splitWordCore } from './word-core';

/** page_words entry; ingest puts the second half's box of a hyphenated word in a 6th element. */
type RawWord = [text: string, x: number, y: number, w: number, h: number, second?: number[]];

/** A word as a reader sees it: hyphenated halves joined into one word. Boxes are made only for hits. */
interface LogicalWord {
  text: string;
  /** Index of its first OCR word in the page's RawWords (-1: plain text, no boxes). */
  first: number;
  /** Further OCR words that belong to it (the second half of a hyphenated word). */
  more: number[] | null;
}

/** A page's OCR words: every word's text, and a word's numbers when they are needed. */
interface RawWords {
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
function parsedWords(raw: unknown[]): RawWords {
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
function logicalWords(raw: RawWords): LogicalWord[] {
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
const WORD_CHARS = /[\p{L}\p{N}]+/gu;

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
function hitsInStream(toks: string[], owner: number[], pos: number[], terms: HighlightTerms): Set<number> {
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
function snippetWindow(count: number, hits: Set<number>, size: number): [number, number] {
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

/** JavaScript's \s beyond ASCII (text.split(/\s+/) cuts words at these too). */
const isWideSpace = (c: number) =>
  c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
const TOKEN = /^[\p{L}\p{N}]+$/u;

/** Word offsets of the page being read, reused from page to page (an export reads 100,000 pages). */
let wordStarts = new Int32Array(4096);
let wordEnds = new Int32Array(4096);
/** 1 for a word with a character beyond ASCII. */
let wordOdd = new Uint8Array(4096);

/**
 * pageMatches for a page of plain text, with the same answer as splitting it into words (textWords) and
 * running matchWords and buildSnippet over them, without making a string and an object of every word: the
 * words are offsets found in one pass over the characters, and only the words holding a query word's letters
 * (found with indexOf in the lower-cased page) are tokenised. An export reads every matching page of a search
 * this way, and splitting and tokenising each word of 2,000-word pages was most of its time. Null when the
 * query is outside what this covers (proximity, counted in tokens of every word; many expanded forms, cheaper
 * tokenised word by word; a page whose lower case changes its length): the caller then takes the general way.
 */
function plainTextMatches(text: string, terms: HighlightTerms): { matches: string[]; snippet: string } | null {
  if (terms.near?.length) return null;
  const needles = new Set([...terms.words, ...terms.phrases.flat()]);
  if (needles.size > 8) return null;
  for (const n of needles) if (!TOKEN.test(n)) return null;
  const lower = needles.size ? text.toLowerCase() : text;
  if (lower.length !== text.length) return null;
  // Words as text.split(/\s+/).filter(Boolean) cuts them; a word with a character beyond ASCII is folded
  // (accents removed) before it is compared, so it is always looked at.
  let count = 0;
  let inWord = false;
  const odd: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const space = c <= 32 ? c === 32 || (c >= 9 && c <= 13) : c >= 0xa0 && isWideSpace(c);
    if (space) {
      if (inWord) wordEnds[count - 1] = i;
      inWord = false;
      continue;
    }
    if (!inWord) {
      if (count === wordStarts.length) {
        const starts = new Int32Array(count * 2);
        const ends = new Int32Array(count * 2);
        const flags = new Uint8Array(count * 2);
        starts.set(wordStarts);
        ends.set(wordEnds);
        flags.set(wordOdd);
        [wordStarts, wordEnds, wordOdd] = [starts, ends, flags];
      }
      wordOdd[count] = 0;
      wordStarts[count++] = i;
      inWord = true;
    }
    if (c > 127 && !wordOdd[count - 1]) {
      wordOdd[count - 1] = 1;
      odd.push(count - 1);
    }
  }
  if (inWord) wordEnds[count - 1] = text.length;
  const wordAt = (p: number) => {
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (wordStarts[mid] <= p) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const candidates = needles.size ? odd : [];
  for (const n of needles)
    for (let p = lower.indexOf(n); p >= 0;) {
      const w = wordAt(p);
      candidates.push(w);
      p = lower.indexOf(n, wordEnds[w]);
    }
  candidates.sort((a, b) => a - b);
  // The token stream matchWords makes: each word holding a query token, every run of other words one gap.
  const toks: string[] = [];
  const owner: number[] = [];
  const gap = () => {
    if (toks[toks.length - 1] !== '') {
      toks.push('');
      owner.push(-1);
    }
  };
  let last = -1;
  for (let k = 0; k < candidates.length; k++) {
    const w = candidates[k];
    if (w === candidates[k - 1]) continue;
    const folded = wordOdd[w] ? foldToken(text.slice(wordStarts[w], wordEnds[w])) : lower.slice(wordStarts[w], wordEnds[w]);
    const tokens = folded.match(WORD_CHARS) ?? [];
    if (!tokens.some((t) => needles.has(t))) continue;
    if (w > last + 1) gap();
    for (const t of tokens) {
      toks.push(t);
      owner.push(w);
    }
    last = w;
  }
  if (last < count - 1) gap();
  const hits = toks.length ? hitsInStream(toks, owner, [], terms) : new Set<number>(); // no proximity: positions unread
  const word = (i: number) => text.slice(wordStarts[i], wordEnds[i]);
  const matches = new Set<string>();
  for (const i of [...hits].sort((a, b) => a - b)) matches.add(splitWordCore(word(i))[1]);
  if (!count) return { matches: [], snippet: '' };
  // buildSnippet's words without the marks and escapes the export takes off again.
  const [start, end] = snippetWindow(count, hits, SNIPPET_WORDS);
  let snippet = start > 0 ? '… ' : '';
  for (let i = start; i < end; i++) snippet += i > start ? ` ${word(i)}` : word(i);
  return { matches: [...matches], snippet: end < count ? `${snippet} …` : snippet };
}

/** An exported row's matches (issue #37): the distinct matched words as printed (their core, without the
 *  punctuation beside them) and a plain-text snippet, from page_words JSON or the plain text. */
export function pageMatches(wordsJson: string | null, ocrText: string, terms: HighlightTerms): { matches: string[]; snippet: string } {
  let words: LogicalWord[] = [];
  if (wordsJson) {
    try {
      const raw = scanWords(wordsJson) ?? parsedWords(JSON.parse(wordsJson) as unknown[]);
      words = logicalWords(raw);
    } catch {
      words = [];
    }
  }
  // Nothing to find (a browse): only the snippet's first words are needed, not the whole page split.
  const nothing = !terms.words.length && !terms.phrases.length && !terms.near?.length;
  if (!words.length) {
    const plain = nothing ? ocrText.slice(0, 4000) : ocrText;
    const fast = plainTextMatches(plain, terms);
    if (fast) return fast;
    words = textWords(plain);
  }
  const hits = matchWords(words, terms);
  const matches = new Set<string>();
  for (const i of [...hits].sort((a, b) => a - b)) matches.add(splitWordCore(words[i].text)[1]);
  const snippet = buildSnippet(words, hits)
    .replace(/<\/?mark>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!);
  return { matches: [...matches], snippet };
}
