// Decade and year ranges for browse clicks (spec 3.7, 5.2, 7.3), on top of the shared contract.
import { deriveDecadeRange, globalMaxDate, globalMinDate } from '../contract/search/build';
import { decadeYears } from '../contract/search/query';

export { decadeYears, deriveDecadeRange };

export interface DateRange {
  start: string; // MM/DD/YYYY
  end: string;
}

/** A year's browse range: 01/01/{year}-12/31/{year}. */
export const yearRange = (year: number): DateRange => ({ start: `01/01/${year}`, end: `12/31/${year}` });

/** The archive's whole range (spec 4.1 global dates). */
export const fullRange = (minYear: number, maxYear: number): DateRange => ({ start: globalMinDate(minYear), end: globalMaxDate(maxYear) });

/** Year ranges of every year of a decade that has pages. */
export const decadeYearRanges = (decade: { Decade: number | string; Years: string }): Array<{ year: number } & DateRange> =>
  decadeYears(decade).map((year) => ({ year, ...yearRange(year) }));
