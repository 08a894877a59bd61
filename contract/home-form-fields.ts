// What the home screen renders of its search form and browse panel (spec 2.4, 3.11): the form's fields and
// defaults, which date fields a mode shows, and the types the archive worker answers with. The screen loads
// only this; validation and the /search addresses are home-form.ts's, run in the worker.
import { MSG_SELECT_YEAR } from './messages';
import type { DateMode } from './search/query';

/** Section: 1 All, 2 Exact, 3 Any, 4 None. Section2: 1 And, 2 Or (ignored on the first row). */
export interface FormRow {
  Search: string;
  Section: 1 | 2 | 3 | 4;
  Section2: 1 | 2;
}

export interface HomeForm {
  betw: DateMode;
  /** Start date as typed (MM/DD/YYYY); '' means the archive's earliest date. */
  picker1: string;
  /** End date as typed; '' means the archive's latest date. */
  picker2: string;
  rows: FormRow[];
  countryId: number;
  stateId: number;
  cityId: number;
  publicationId: number;
  /** "Include likely OCR misreadings" (advanced section): the search carries fz=1. */
  fuzzy: boolean;
}

/** The archive's bounds as the spec writes them: 01/01/{MinDate} and 12/31/{MaxDate}. */
export interface GlobalDates {
  globMinDate: string;
  globMaxDate: string;
}

export interface ArchiveYears {
  minYear: number;
  maxYear: number;
}

/** Which 'Apply Filter' was pressed: the browse panel's (both lists), or a side panel's. */
export type ApplyScope = 'both' | 'titles' | 'decades';

/** A new row is All / And (spec 9). */
export const newRow = (): FormRow => ({ Search: '', Section: 1, Section2: 1 });

export const emptyForm = (): HomeForm => ({
  betw: 'between',
  picker1: '',
  picker2: '',
  rows: [newRow()],
  countryId: 0,
  stateId: 0,
  cityId: 0,
  publicationId: 0,
  fuzzy: false,
});

export const ROW_PLACEHOLDERS: Record<FormRow['Section'], string> = {
  1: 'Find people AND places AND events',
  2: 'Find these EXACT names or words',
  3: 'Find people OR places OR events',
  4: 'Exclude these people, places OR events',
};

/** Which date fields a mode shows and checks (spec 2.4, 5.1). */
export function dateFieldsFor(mode: DateMode): { start: boolean; end: boolean } {
  switch (mode) {
    case 'on':
    case 'after':
      return { start: true, end: false };
    case 'before':
      return { start: false, end: true };
    default:
      return { start: true, end: true };
  }
}

/** Enter in the 'Search By Year' box (spec 5.2): a year is picked by clicking it. */
export const yearSearchEnterMessage = () => MSG_SELECT_YEAR;
