// What the SQLite search can be told (tests compare its shortcuts with full scoring) and what it reports.

export interface SqliteSearchOptions {
  /** Rank an Any row of many words from their occurrences (word-scores.ts) where it can. Default true; tests
   *  turn it off to compare with FTS5's full scoring. */
  wordScores?: boolean;
  /** Without a current vocabulary copy, an OCR-tolerant word's ending is read by scanning FTS5's whole
   *  vocabulary in archives of at most this many pages (tens of thousands of words), else from the copy as it
   *  is. Default 1,000; tests lower it. */
  endingScanPages?: number;
  /** How far apart (relative) two sums of word scores must be to be ordered without FTS5's exact scores.
   *  Default CLOSE_SUMS (word-scores.ts); tests widen it to make FTS5 order many pages. */
  closeSums?: number;
  /** Occurrences the occurrence path reads for one search at most, past which FTS5 ranks. Default
   *  OCCURRENCE_BUDGET (word-scores.ts); tests lower it. */
  occurrenceBudget?: number;
}

/** How often this engine's shortcuts answered (for tests and tuning). */
export interface SqliteSearchStats {
  /** Searches rank lists answered, and those they could not decide (then scored in full). */
  rankLists: { answered: number; undecided: number };
  /** Any rows of many words ranked from their occurrences: answered; declined (left to FTS5: too many
   *  occurrences, or the check against FTS5 failed) and the last reason; pages FTS5 gave exact scores for. */
  wordScores: { answered: number; declined: number; lastDeclined: string; exactPages: number };
}

export const newStats = (): SqliteSearchStats => ({
  rankLists: { answered: 0, undecided: 0 },
  wordScores: { answered: 0, declined: 0, lastDeclined: '', exactPages: 0 },
});

export const ENDING_SCAN_PAGES = 1_000;
/** Word scores asked of FTS5 for pages whose sums are too close to order, at most (else FTS5 ranks it all). */
export const EXACT_BUDGET = 400;
/** Words in the row at least: FTS5's cost grows with their number, and for a few (o=a b) it is as quick. */
export const OCCURRENCE_MIN_WORDS = 4;
/** Index terms the occurrence path can look up as they are: what unicode61 leaves unchanged. */
export const PLAIN_TERM = /^[a-z0-9]+$/;
