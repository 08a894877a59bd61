// Full-text search over pages: the engine finds, counts and orders; services/search turns the rows into
// snippets and word boxes. The text part arrives as an engine-independent plan (contract/search/plan.ts).
import type { TextPlan } from '../../../contract/search/plan';
import type { VocabularyPattern, VocabularyWord } from '../../../contract/search/expand';
import type { OcrConfusions } from '../../../contract/search/confusions';

export interface SearchFilter {
  siteId: number;
  text: TextPlan;
  /** Titles asked for (t / ti); empty = any title of the site's collection. */
  titleIds: number[];
  countryId: number;
  stateId: number;
  cityId: number;
  /** Inclusive ISO dates (YYYY-MM-DD) on pages.date_issued, or null for no bound. */
  dateFrom: string | null;
  dateTo: string | null;
  decades: number[];
  year: number | null;
  /** Only this issue's pages (its uid, iss=), or null for any issue. */
  issueUid: string | null;
}

/** How many matching pages per title and year: the total and every facet derive from it. */
export interface SearchCounts {
  total: number;
  cells: { titleId: number; year: number; count: number }[];
}

export type EngineSort = 'relevance' | 'date' | 'date-desc';

export interface SearchPageRow {
  id: number;
  uid: string;
  titleId: number;
  title: string;
  date: string;
  sequence: number;
  number: string | null;
  width: number | null;
  height: number | null;
  /** page_words JSON, or null when the page has no word boxes. */
  words: string | null;
  /** The OCR text, only when words is null (to make a snippet from). */
  text: string;
}

export interface TitlePlace {
  id: number;
  name: string;
  cityId: number | null;
  cityName: string | null;
  stateId: number | null;
  stateName: string | null;
  countryId: number | null;
  countryName: string | null;
}

/** One page of a search, and what the search needs after it. The statement that found the page may also
 *  have counted the matches (or started counting them on another connection) or read the page's rows: the
 *  engine hands them over here, to this search only. */
export interface SearchPage {
  /** Ids of the page of results, in order. */
  ids: number[];
  /** How many pages match the whole search, per title and year. */
  counts(): Promise<SearchCounts>;
  /** The rows for `ids`, in no particular order. */
  rows(): Promise<SearchPageRow[]>;
}

export interface SearchRepo {
  /** Whether relevance ordering is possible for this plan (otherwise results come by date). */
  canRank(text: TextPlan): boolean;
  /** One page of results, with its counts and rows to follow. Statements that read matches (and may count
   *  them) start only after `after` settles: the caller's search version, which its counts are kept under, is
   *  read first, while the engine's own first lookups (the site's titles, a word's counts) run beside it. */
  page(filter: SearchFilter, sort: EngineSort, offset: number, limit: number, after?: Promise<unknown>): Promise<SearchPage>;
  /** The counts of a search on their own, without a page of results. */
  count(filter: SearchFilter): Promise<SearchCounts>;
  /** Names and places of titles (for facets). */
  titlePlaces(titleIds: number[]): Promise<TitlePlace[]>;
  /** Indexed words fitting a pattern, with their page counts, in byte order: at most `limit`. */
  vocabulary(pattern: VocabularyPattern, limit: number): Promise<VocabularyWord[]>;
  /** The words of several ranges [prefix, prefix + U+10FFFF) within a length window (an OCR-tolerant word's
   *  ranges, fuzzyPrefixes), each range's as vocabulary() gives them: one round trip where the engine has one;
   *  null when the engine reads them one by one after all (vocabulary()). */
  vocabularyRanges?(prefixes: string[], lengths: { min: number; max: number }, limit: number): Promise<VocabularyWord[][] | null>;
  /** Indexed words ending with `ending` within a length window (an OCR-tolerant word's ending, fuzzyEnding), in
   *  byte order of their reversed spelling: at most `limit`. */
  vocabularyEnding(ending: string, lengths: { min: number; max: number }, limit: number): Promise<VocabularyWord[]>;
  /** These words as the index holds them (pages holding each), in byte order; words it does not hold are left out. */
  vocabularyTerms(terms: string[]): Promise<VocabularyWord[]>;
  /** The OCR confusions learned from this archive's vocabulary (contract/search/confusions.ts): null before the
   *  first learning; an empty table when the archive was too small to learn from. */
  ocrConfusions(): Promise<OcrConfusions | null>;
  /** Learns them again from the whole vocabulary and keeps them (the upkeep does after an ingest settles). */
  learnOcrConfusions(): Promise<OcrConfusions>;
}
