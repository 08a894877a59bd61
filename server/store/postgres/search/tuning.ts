// The thresholds the PostgreSQL search chooses its strategies by. docs/OPERATIONS.md gives the measurements
// behind each value; tests lower some of them (PgSearchOptions) to reach a strategy on a small archive.

export interface PgSearchOptions {
  /** Use the ranking lists of frequent words (rank-lists.ts) when they are current. Default true. */
  rankLists?: boolean;
  /** A phrase on at most this many pages is ordered from their tsvectors, not RUM's ordered scan. Default 300. */
  fewPhrasePages?: number;
  /** The same, when the pairs index found the phrase's pages (migration 013). Default 500. */
  fewPairPages?: number;
  /** Rows past the page an OR's first ordered fetch takes. Default 200. */
  orSpareRows?: number;
  /** RUM's ordered page: a tie run that would need this many rows may be ordered in one pass instead. Default 160. */
  longRunRows?: number;
  /** A word's date-ordered page walks the date index when that should test at most this many rows. Default 3,000. */
  dateWalkRows?: number;
  /** An expanded search (expanded-page.ts) on at most this many pages is ordered from their tsvectors. Default 1,000. */
  expandedFewPages?: number;
  /** The same when its rare forms cannot be set apart. Default 4,000. */
  expandedFewPagesNoSplit?: number;
  /** An expanded search's rare forms, ordered from their tsvectors, are on at most this many pages. Default 600. */
  rareFormPages?: number;
  /** RUM's ordered scan of an expanded search's frequent forms holds at most this many words. Default 20. */
  orderedScanWords?: number;
  /** An OR of single words on many pages is ordered from the ranking lists' postings (or-postings.ts), when they
   *  are current, before RUM's ordered scan. Default true (and only with rankLists). */
  orPostings?: boolean;
  /** Pages that strategy scores from their tsvectors before it leaves the page to RUM's ordered scan (filters
   *  passing few of the best pages). Default 4,000. */
  postingsScored?: number;
}

export type Tuning = Required<PgSearchOptions>;

export const tuning = (opts: PgSearchOptions): Tuning => ({
  rankLists: opts.rankLists ?? true,
  fewPhrasePages: opts.fewPhrasePages ?? 300,
  fewPairPages: opts.fewPairPages ?? 500,
  orSpareRows: opts.orSpareRows ?? 200,
  longRunRows: opts.longRunRows ?? 160,
  dateWalkRows: opts.dateWalkRows ?? 3_000,
  expandedFewPages: opts.expandedFewPages ?? 1_000,
  expandedFewPagesNoSplit: opts.expandedFewPagesNoSplit ?? 4_000,
  rareFormPages: opts.rareFormPages ?? 600,
  orderedScanWords: opts.orderedScanWords ?? 20,
  orPostings: opts.orPostings ?? true,
  postingsScored: opts.postingsScored ?? 4_000,
});

/** A full-text condition of more alternatives than this is planned without a sequential scan (db.ts
 *  noSeqScan): with many alternatives (an OCR-tolerant word's forms) the planner misjudges a sequential scan
 *  as cheaper than the index. */
export const MANY_ALTERNATIVES = 8;
/** A single word on fewer pages than this (search_words) is ranked in one ts_rank_cd pass, with its rows. */
export const FEW_WORD_PAGES = 1_000;
/** The levels (times a page holds a two-word phrase) probed at once by the pairs page: every one up to 8, then
 *  sparser (a pair's count is at most 256, as a word's positions in a tsvector). Probing a level no page
 *  reaches reads one missing index key. */
export const PAIR_LEVELS = [2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 257];
/** Rows past the page RUM's ordered scan fetches first, for queries other than a many-paged OR. */
export const SPARE_ROWS = 20;
/** A run of pages tied on RUM's distance is ordered in one pass over the matches when they are at most this many. */
export const LONG_RUN_ONE_PASS = 10_000;
/** What the next ordered fetch is expected to cost, in rows of the one pass: a row of RUM's ordered scan costs
 *  about five (it re-reads each row's tsvector in index order, the pass reads them in table order), and a run
 *  that outgrew one fetch often outgrows the next (each fetch reads again from the start): twice that. */
export const ORDERED_ROW_COST = 10;
