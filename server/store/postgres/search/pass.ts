// One search's pass: what every strategy needs to know about the search, and what the statement that made the
// page found for the counts and rows that follow it. Made per search (pgSearch's page()), so nothing found for
// one search can answer another.
import type { Pg } from '../db';
import type { SearchCounts, SearchFilter, SearchPageRow } from '../../types';
import type { Tuning } from './tuning';
import type { SingleWord } from './where';
import type { WordInfo } from './word-facts';
import { countNow } from './counts';
import { readRows } from './rows';

/** What the engine keeps across searches: its connection, its thresholds and whether the index is RUM. */
export interface PgEngine {
  db: Pg;
  tune: Tuning;
  /** Whether the full-text index is RUM (migration 006 makes it so where the extension is installed). */
  rumIndex(): Promise<boolean>;
}

export interface SearchPass extends PgEngine {
  f: SearchFilter;
  /** The site's titles (empty = every title). */
  titles: number[];
  /** The single word the lists may answer for (not for date-desc, nor without the lists). */
  one: SingleWord | null;
  /** That word's facts, looked up with the site's titles. */
  info: WordInfo | undefined;
  /** Starts counting on a statement of its own (once), on a second connection while the page is found. */
  startCount(): Promise<SearchCounts>;
  /** The counts the statement that made the page found (or started beside it): the search's counts. */
  found(counts: Promise<SearchCounts>): void;
  /** The page's rows, read by the statement that made the page. */
  foundRows(rows: SearchPageRow[]): void;
  /** The search's counts: those found, else counted now. */
  counts(): Promise<SearchCounts>;
  /** The rows of the page `ids`: those found, else read now. */
  rows(ids: number[]): Promise<SearchPageRow[]>;
}

export function searchPass(engine: PgEngine, f: SearchFilter, titles: number[], one: SingleWord | null, info: WordInfo | undefined): SearchPass {
  let counting: Promise<SearchCounts> | null = null;
  let counted: Promise<SearchCounts> | null = null;
  let pageRows: SearchPageRow[] | null = null;
  const pass: SearchPass = {
    ...engine,
    f,
    titles,
    one,
    info,
    startCount() {
      if (!counting) pass.found((counting = countNow(engine.db, engine.tune, f, titles, info ? Boolean(info.list?.cells) : undefined)));
      return counting;
    },
    found(counts) {
      counts.catch(() => undefined); // a failure is reported to counts(), not as unhandled (a cached count never asks)
      counted = counts;
    },
    foundRows(rows) {
      pageRows = rows;
    },
    counts: () => counted ?? countNow(engine.db, engine.tune, f, titles),
    rows: async (ids) => pageRows ?? readRows(engine.db, ids),
  };
  return pass;
}
