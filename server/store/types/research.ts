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
  /** page_words JSON with corrected lines, only when visitors corrected lines of the page (their words are then
   *  matched too); else null, and matches are found in the plain text: parsing every page's word boxes was
   *  most of an export's time. */
  words: string | null;
  /** The OCR text. */
  text: string;
}

export interface ResearchRepo {
  /** The search's matching pages (its filter, text included) per title and month. */
  monthCells(f: SearchFilter): Promise<MonthCell[]>;
  /** Rows for an export, in no particular order. */
  exportRows(ids: number[]): Promise<ExportPageRow[]>;
}
