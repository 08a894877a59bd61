// An exported row's matches and snippet (issue #37), read in one pass over the page's text: the export reads
// every matching page, so this path avoids building the logical words that words.ts builds for the viewer.
import type { HighlightTerms } from './plan';
import { foldToken } from './tokens';
import { splitWordCore } from './word-core';
import {
  buildSnippet,
  hitsInStream,
  logicalWords,
  matchWords,
  parsedWords,
  scanWords,
  snippetWindow,
  SNIPPET_WORDS,
  textWords,
  WORD_CHARS,
  type LogicalWord,
} from './words';

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
