// BM25 added up here, from each word's occurrences, for searches over many words at once (a truncated word's
// hundred forms, an OCR-tolerant word's fifty). FTS5 scores an OR of n words by merging, for every matching
// page, the occurrence lists of all n phrases (work that grows with n times the occurrences), so ranking
// inte* (100 words, 91,000 of 100,000 pages) cost about four times finding its pages. Reading the words'
// occurrences from the index (fts5vocab 'instance': page and position, in page order) and adding each
// word's BM25 here costs about as much as finding them (bench/search/run.ts --only truncation).
//
// The formula and its inputs are FTS5's own (fts5_aux.c, fts5Bm25Function): the table's row count and
// average length from its totals record, each page's length from its docsize row, each word's page count
// and its occurrences on the page, added in the query's word order. The sums can differ from FTS5's only
// in the last bits (C's log() and JavaScript's may round differently), so search.ts orders by them only
// where they are far apart and asks FTS5 itself for the exact scores of pages whose sums are close.
import type { Statement } from 'better-sqlite3';
import type { Db } from './db';
import { searchKey } from './search-meta';

/** FTS5's BM25 constants (fts5_aux.c): k1 and b. */
const K1 = 1.2;
const B = 0.75;

/**
 * How far apart (relative) two sums must be, by default, to be ordered without FTS5's exact scores: far above
 * their rounding (a few units in the 16th digit). Tests widen it (SqliteSearchOptions) to make FTS5 order many pages.
 */
export const CLOSE_SUMS = 1e-9;
/** Occurrences read for one search at most by default (inte*, 100 words on 91% of pages: ~270,000); past it FTS5 ranks. */
export const OCCURRENCE_BUDGET = 1_000_000;

export interface Occurrences {
  /** Pages holding the word, ascending. */
  ids: Int32Array;
  /** How often the word occurs on each of them. */
  freqs: Int32Array;
}

/** Reads an SQLite/FTS5 varint (big-endian groups of 7 bits) at `at`; returns [value, next offset]. */
function varint(buf: Uint8Array, at: number): [number, number] {
  let v = 0;
  for (let i = 0; i < 9 && at < buf.length; i++) {
    const byte = buf[at++];
    if (i === 8) return [v * 256 + byte, at];
    v = v * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) break;
  }
  return [v, at];
}

export interface IndexTotals {
  /** Rows in the index (BM25's N). */
  rows: number;
  /** Tokens per row on average, as FTS5 computes it. */
  avgdl: number;
  /** Tokens per row by rowid (all columns); 0 where there is no row. */
  lengths: Int32Array;
}

const totalsCache = new WeakMap<Db, { key: string; totals: IndexTotals | null }>();

/**
 * The index's row count, average length and every row's length, kept until the index changes (one read
 * of the docsize table, ~100,000 small rows). Null when the index keeps no lengths (columnsize=0).
 */
export function indexTotals(db: Db): IndexTotals | null {
  const key = searchKey(db);
  const hit = totalsCache.get(db);
  if (hit && hit.key === key) return hit.totals;
  let totals: IndexTotals | null = null;
  const hasSizes = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'pages_fts_docsize'").get();
  const record = db.prepare('SELECT block FROM pages_fts_data WHERE id = 1').pluck().get() as Buffer | undefined;
  if (hasSizes && record) {
    // The totals record: the row count, then each column's token count (fts5_index.c, fts5IndexReturn).
    const [rows, first] = varint(record, 0);
    let at = first;
    let tokens = 0;
    while (at < record.length) {
      const [n, next] = varint(record, at);
      tokens += n;
      at = next;
    }
    const maxId = (db.prepare('SELECT COALESCE(MAX(id), 0) FROM pages_fts_docsize').pluck().get() as number) ?? 0;
    const lengths = new Int32Array(maxId + 1);
    // All rows as one "id:HEX,id:HEX" string: a row at a time (a Buffer each) costs ten times more.
    const all = (db.prepare("SELECT group_concat(id || ':' || hex(sz), ',') FROM pages_fts_docsize").pluck().get() as string | null) ?? '';
    const hexDigit = (c: number) => (c <= 57 ? c - 48 : c - 55); // '0'-'9', 'A'-'F'
    for (let i = 0; i < all.length; i++) {
      let id = 0;
      while (all.charCodeAt(i) !== 58) id = id * 10 + (all.charCodeAt(i++) - 48); // up to ':'
      i++;
      let d = 0; // the sum of the row's varints (one per column)
      let v = 0;
      for (; i < all.length && all.charCodeAt(i) !== 44; i += 2) {
        const byte = hexDigit(all.charCodeAt(i)) * 16 + hexDigit(all.charCodeAt(i + 1));
        v = v * 128 + (byte & 0x7f);
        if (!(byte & 0x80)) {
          d += v;
          v = 0;
        }
      }
      lengths[id] = d;
    }
    totals = { rows, avgdl: tokens / rows, lengths };
  }
  totalsCache.set(db, { key, totals });
  return totals;
}

/** FTS5's IDF for a word held by `hits` of `rows` rows. */
export function idf(rows: number, hits: number): number {
  const v = Math.log((rows - hits + 0.5) / (hits + 0.5));
  return v <= 0 ? 1e-6 : v;
}

/** One word's BM25 term for a row of `length` tokens holding it `freq` times (fts5_aux.c, same operations in the same order). */
export const termScore = (idfValue: number, freq: number, length: number, avgdl: number): number =>
  idfValue * ((freq * (K1 + 1.0)) / (freq + K1 * (1 - B + (B * length) / avgdl)));

/**
 * Reads one word's occurrences, or null when the word has more than `limit` (the caller's budget).
 * fts5vocab 'instance' lists a term's occurrences in page order, one row each.
 */
export function occurrenceReader(db: Db): (term: string, limit: number) => Occurrences | null {
  let read: Statement | null = null; // made on first use: most connections never rank this way
  return (term, limit) => {
    if (!read) {
      db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_occurrences USING fts5vocab('main', 'pages_fts', 'instance')");
      read = db.prepare('SELECT doc FROM temp.search_occurrences WHERE term = ? LIMIT ?').pluck();
    }
    const docs = read.all(term, limit + 1) as number[];
    if (docs.length > limit) return null;
    const ids: number[] = [];
    const freqs: number[] = [];
    for (let i = 0; i < docs.length; i++) {
      const id = docs[i];
      if (ids.length && ids[ids.length - 1] === id) freqs[freqs.length - 1]++;
      else if (ids.length && ids[ids.length - 1] > id)
        return null; // not in page order: not what this code knows
      else {
        ids.push(id);
        freqs.push(1);
      }
    }
    return { ids: Int32Array.from(ids), freqs: Int32Array.from(freqs) };
  };
}

/** Index of `id` in an ascending list, or -1. */
export function indexOf(ids: Int32Array, id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid] < id) lo = mid + 1;
    else if (ids[mid] > id) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/**
 * Each row's BM25 for the words (as FTS5's rank: negative, lower is better), indexed by rowid; rows holding
 * none of them get 0. The terms are added in the words' order, as FTS5 adds its phrases.
 */
export function sumScores(words: Occurrences[], totals: IndexTotals, size: number): Float64Array {
  const score = new Float64Array(size);
  const { rows, avgdl, lengths } = totals;
  for (const w of words) {
    const weight = idf(rows, w.ids.length);
    for (let j = 0; j < w.ids.length; j++) {
      const id = w.ids[j];
      if (id < size) score[id] += termScore(weight, w.freqs[j], lengths[id] ?? 0, avgdl);
    }
  }
  for (let i = 0; i < size; i++) score[i] = -score[i];
  return score;
}

/** Whether two ranks are too close to order without FTS5's exact scores. */
export const close = (a: number, b: number, tolerance = CLOSE_SUMS): boolean => Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b));

/**
 * The k-th smallest value (0-based) of `values`, reordering them: what sorting and indexing gives, in
 * linear time on average (Hoare's selection), for a cut among 100,000 sums.
 */
export function kthSmallest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i++] = values[j];
        values[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k];
  }
  return values[k];
}
