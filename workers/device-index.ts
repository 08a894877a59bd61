// The shapes of the device's search index, shared by the index (offline-search.ts) and what it answers with
// (offline-results.ts).
import type { Expansion } from '../contract/search/plan';
import type { ViewerWord } from '../contract/viewer';

/** What a kept viewer page gives the index (the rest of ViewerPageResponse is not needed). */
export interface DevicePage {
  uid: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  sequence: number;
  number: string | null;
  width: number | null;
  height: number | null;
  words: ViewerWord[];
}

export interface IndexedPage {
  page: DevicePage;
  /** The page's tokens in reading order, as ids into DeviceIndex.vocabulary: the position is the index. */
  tokens: Int32Array;
  year: number;
  titleKey: string;
}

/**
 * Tokens are numbered once (`ids`); each page keeps its token ids in order (positions are implicit), and each
 * token the pages that hold it (ascending). Flat typed arrays rather than a map of positions per token and
 * page: building 500 pages of 2,000 words that way cost seconds in small allocations (bench/offline-search.ts).
 */
export interface DeviceIndex {
  pages: IndexedPage[];
  ids: Map<string, number>;
  /** Token text by id. */
  words: string[];
  /** Pages holding each token id, ascending. */
  pagesOf: number[][];
  /** Every token, sorted: patterns and OCR-tolerant words read ranges of it. */
  vocabulary: string[];
  /** Every token spelled backwards, sorted, with the token: an OCR-tolerant word's ending is a range of it
   *  (made when first needed). */
  byEnding?: Array<[string, string]>;
  /** Expansions already chosen for a term on this index (paging through results asks again), and the confusion
   *  table they were chosen with (its JSON: a table reaches the worker as a new copy on every call). */
  expansions: Map<string, Expansion>;
  expansionsTable?: string;
}
