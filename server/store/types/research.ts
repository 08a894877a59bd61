// Research data (issue #37): what the trend and the export need beyond a search. The matching pages are the
// search's (SearchRepo): these read them per month, and read export rows by id.
import type { SearchFilter } from './search';

/** Pages of one title in one month (YYYY-MM). */
export interface MonthCell {
  titleId: number;
  period: string;
  count: number;
}

export interface ExportPageRow {
  id: number;
  uid: string;
  issueUid: string;
  title: string;
  lccn: string;
  date: string;
  edition: number;
  sequence: number;
  number: string | null;
  /** page_words JSON (with corrected lines), or null when the page has none. */
  words: string | null;
  /** The OCR text: always when asked for (withText), else only when words is null (to find matches in). */
  text: string;
}

export interface ResearchRepo {
  /** The search's matching pages (its filter, text included) per title and month. */
  monthCells(f: SearchFilter): Promise<MonthCell[]>;
  /** Rows for an export, in no particular order. */
  exportRows(ids: number[], withText: boolean): Promise<ExportPageRow[]>;
}
