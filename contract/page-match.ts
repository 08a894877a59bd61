// Finds search hits among a page's OCR words. A hit is one occurrence: a single word, or every word of
// one real phrase occurrence (so "new york" boxes "New York", not every "new" on the page).
// Pure and shared: the server answers /Api/Viewer/Page/{uid}/search with it, and the offline viewer runs
// the same matching on the words it kept on the device.
import type { ViewerWord as WordBox } from './viewer';
import { parseSearchParams } from './search/query';
import { coreBox } from './search/word-core';

/** Case- and diacritics-insensitive tokens of a text: letters and digits only (like FTS5 unicode61). */
export function tokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}*]+/u)
    .filter(Boolean);
}

export interface PageQuery {
  /** Each phrase is a token sequence that must occur in order; a one-token phrase is a single word. */
  phrases: string[][];
}

export interface Hit {
  /** Indexes into the page's words array, in reading order. */
  words: number[];
}

interface Token {
  text: string;
  word: number;
  /** The hyphen-joined word this token forms with the next word's first token (OCR line-end break). */
  joined?: string;
  joinedWord?: number;
}

/** Flattens words into tokens, remembering which word each came from; "gov-" + "ernment" also reads "government". */
function pageTokens(words: WordBox[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < words.length; i++) {
    const raw = String(words[i][0] ?? '');
    for (const text of tokens(raw.replace(/\*/g, ''))) out.push({ text, word: i });
    if (/[-\u00ac\u2010\u2011]$/.test(raw.trim()) && i + 1 < words.length && out.length && out[out.length - 1].word === i) {
      const next = tokens(String(words[i + 1][0] ?? '').replace(/\*/g, ''))[0];
      if (next) Object.assign(out[out.length - 1], { joined: out[out.length - 1].text + next, joinedWord: i + 1 });
    }
  }
  return out;
}

const same = (pattern: string, text: string) => (pattern.endsWith('*') ? text.startsWith(pattern.slice(0, -1)) && pattern.length > 1 : pattern === text);

/** All hits of the query on the page, in reading order, without duplicates. */
export function findHits(words: WordBox[], query: PageQuery): Hit[] {
  const toks = pageTokens(words);
  const hits = new Map<string, Hit>();
  for (const phrase of query.phrases) {
    if (!phrase.length) continue;
    for (let start = 0; start < toks.length; start++) {
      const used: number[] = [];
      let t = start;
      let ok = true;
      for (const part of phrase) {
        const tok = toks[t];
        if (!tok) {
          ok = false;
          break;
        }
        if (same(part, tok.text)) {
          used.push(tok.word);
          t++;
        } else if (tok.joined && same(part, tok.joined)) {
          used.push(tok.word, tok.joinedWord!);
          t++;
          // Skip the continuation token: it is part of this word.
          if (toks[t] && toks[t].word === tok.joinedWord) t++;
        } else {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      const unique = [...new Set(used)];
      hits.set(unique.join(','), { words: unique });
    }
  }
  return [...hits.values()].sort((a, b) => a.words[0] - b.words[0] || a.words.length - b.words.length);
}

/** Query from a text typed in the page search: exact = the whole text is one phrase, else each word. */
export function pageQueryFromText(text: string, exact: boolean): PageQuery {
  const t = tokens(text).slice(0, 50);
  return { phrases: exact ? (t.length ? [t] : []) : t.map((x) => [x]) };
}

/**
 * The hit's bounding boxes, one per word, around the word only (not the punctuation OCR boxed with it); a word
 * hyphenated at a line end (ingest's 6th element) gives both halves, whole, as the search API boxes them
 * (contract/search/words.ts boxesOf).
 */
export const hitBoxes = (words: WordBox[], hit: Hit) =>
  hit.words.flatMap((i): [number, number, number, number][] => {
    const box = words[i].slice(1, 5) as [number, number, number, number];
    const rest = words[i][5];
    return Array.isArray(rest) && rest.length === 4 ? [box, rest as [number, number, number, number]] : [coreBox(String(words[i][0] ?? ''), box)];
  });

/** Hits asked by the search screen's URL (k/e/o/n/ord): All and Any words one by one, Exact rows as phrases. */
export function pageQueryFromSearch(params: URLSearchParams): PageQuery {
  // A viewer address carries the page uid in 'page' (and a region): not the results page the search model reads.
  const search = new URLSearchParams(params);
  search.delete('page');
  search.delete('region');
  const query = parseSearchParams(search);
  const phrases: string[][] = [];
  for (const row of query.rows) {
    const t = tokens(row.text).slice(0, 50);
    if (row.type === 'exact') phrases.push(t);
    else if (row.type === 'all' || row.type === 'any') phrases.push(...t.map((x) => [x]));
  }
  return { phrases };
}

/** The hits of a query with their boxes, as the API's PageSearchResponse carries them. */
export const pageHits = (words: WordBox[], query: PageQuery) => findHits(words, query).map((hit) => ({ words: hit.words, boxes: hitBoxes(words, hit) }));
