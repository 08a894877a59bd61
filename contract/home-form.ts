// The home screen's search form (spec 3.11) and browse selections, their validation (spec 5.1, 5.2) and
// their mapping to the /search query string (spec 7.3). Pure functions run by the archive worker (and its
// main-thread fallback) and the tests; the screen itself loads only home-form-fields.ts.
import {
  MSG_INVALID_DATE,
  MSG_PROVIDE_QUERY,
  MSG_SELECT_DECADE,
  MSG_SELECT_TITLE,
  MSG_SELECT_TITLE_OR_DECADE,
  MSG_START_AFTER_END,
  MSG_TOO_MANY_TITLES,
} from './messages';
import { dateFieldsFor, type ApplyScope, type ArchiveYears, type GlobalDates, type HomeForm } from './home-form-fields';
import { buildBrowseParams, buildSearchParams, deriveDecadeRange, effectiveRange, globalMaxDate, globalMinDate } from './search/build';
import { COMBINATOR_BY_CODE, emptyQuery, MAX_LIST, pad2, ROW_TYPE_BY_CODE, type SearchQuery } from './search/query';

// The fields and types live apart so the screen can load them without the builders below.
export * from './home-form-fields';

export const globalDates = (minYear: number, maxYear: number): GlobalDates => ({
  globMinDate: globalMinDate(minYear),
  globMaxDate: globalMaxDate(maxYear),
});

/**
 * MM/DD/YYYY as spec 5.1 words it: length 8-10, three '/'-separated numeric parts, month and day of 1-2
 * digits, a 4-digit year. We also refuse dates that are not on the calendar (02/30/1900): the search
 * screen could not run them, and the visitor gets the same message.
 */
export function isValidUsDate(value: string): boolean {
  if (value.length < 8 || value.length > 10) return false;
  const parts = value.split('/');
  if (parts.length !== 3) return false;
  const [m, d, y] = parts;
  if (!/^\d{1,2}$/.test(m) || !/^\d{1,2}$/.test(d) || !/^\d{4}$/.test(y)) return false;
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(Number(y), month, 0)).getUTCDate();
}

/** Zero-pads a valid date to MM/DD/YYYY. */
export function normaliseUsDate(value: string): string {
  const [m, d, y] = value.split('/');
  return `${pad2(Number(m))}/${pad2(Number(d))}/${y}`;
}

const sortable = (value: string) => {
  const [m, d, y] = value.split('/').map(Number);
  return y * 10000 + m * 100 + d;
};

/** The dates a form searches with: empty fields fall back to the archive's bounds, then the mode applies (4.1). */
export function formDates(form: HomeForm, g: GlobalDates): { start: string; end: string } {
  const start = form.picker1.trim() || g.globMinDate;
  const end = form.picker2.trim() || g.globMaxDate;
  return effectiveRange(form.betw, start, end, g.globMinDate, g.globMaxDate);
}

/** Spec 5.1: the first failing rule's message, or null when the form can be searched. */
export function validateSearchForm(form: HomeForm, g: GlobalDates): string | null {
  if (!form.rows.length || form.rows.some((r) => r.Search.trim() === '')) return MSG_PROVIDE_QUERY;
  const shown = dateFieldsFor(form.betw);
  const start = form.picker1.trim() || g.globMinDate;
  const end = form.picker2.trim() || g.globMaxDate;
  if (shown.start && !isValidUsDate(start)) return MSG_INVALID_DATE;
  if (shown.end && !isValidUsDate(end)) return MSG_INVALID_DATE;
  if (form.betw === 'between' && sortable(end) < sortable(start)) return MSG_START_AFTER_END;
  return null;
}

/** The form as the shared query model (rows in order; dates already resolved by mode). */
export function formToQuery(form: HomeForm, g: GlobalDates): SearchQuery {
  const { start, end } = formDates(form, g);
  return {
    ...emptyQuery(),
    rows: form.rows.map((r, i) => ({
      type: ROW_TYPE_BY_CODE[r.Section],
      text: r.Search.trim(),
      op: i === 0 ? 'and' : COMBINATOR_BY_CODE[r.Section2],
    })),
    mode: form.betw,
    start: normaliseUsDate(start),
    end: normaliseUsDate(end),
    countryId: form.countryId,
    stateId: form.stateId,
    cityId: form.cityId,
    ...(form.fuzzy ? { fuzzy: true } : {}),
  };
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Validates the form and builds the /search query string (spec 7.3 keyword search). */
export function searchFormToParams(form: HomeForm, g: GlobalDates): Checked<URLSearchParams> {
  const message = validateSearchForm(form, g);
  if (message) return { ok: false, message };
  const params = buildSearchParams(formToQuery(form, g), { publicationId: form.publicationId });
  // A term group made only of separators (',' or '_') cleans to nothing: same message as blank rows.
  if (!['k', 'e', 'o', 'n'].some((k) => (params.get(k) ?? '').replace(/,/g, '').trim() !== '')) {
    return { ok: false, message: MSG_PROVIDE_QUERY };
  }
  return { ok: true, value: params };
}

// ---------------------------------------------------------------------------------------------------
// Browse (spec 4.3, 5.2, 7.3)

/** Single-select title click: t, the full archive range, page 1. */
export const titleClickParams = (titleId: number, a: ArchiveYears) =>
  buildBrowseParams({ titleIds: [titleId], start: globalMinDate(a.minYear), end: globalMaxDate(a.maxYear) });

/** Single-select decade click: bdd and the decade's range clamped to the archive, page 1. */
export function decadeClickParams(decade: number, a: ArchiveYears) {
  const { start, end } = deriveDecadeRange([decade], a.minYear, a.maxYear);
  return buildBrowseParams({ decades: [decade], start, end });
}

/** Year click: by, bdd (first three digits + '0'), the year's own range. */
export const yearClickParams = (year: number) => buildBrowseParams({ year, start: '', end: '' });

/**
 * 'Apply Filter' in multi-select (spec 5.2). titleIds and decades are what counts as selected (the
 * caller passes only visible checked items while a text filter is active).
 */
export function applyBrowseParams(scope: ApplyScope, titleIds: number[], decades: number[], a: ArchiveYears, listedTitles?: number): Checked<URLSearchParams> {
  if (scope === 'titles' && !titleIds.length) return { ok: false, message: MSG_SELECT_TITLE };
  if (scope === 'decades' && !decades.length) return { ok: false, message: MSG_SELECT_DECADE };
  if (!titleIds.length && !decades.length) return { ok: false, message: MSG_SELECT_TITLE_OR_DECADE };
  if (titleIds.length > MAX_LIST) {
    // Every listed title (the list is already narrowed to the chosen decades): naming none gives the same
    // pages, where naming them all would not fit in an address. A part of a long list cannot be named.
    if (listedTitles == null || titleIds.length < listedTitles) return { ok: false, message: MSG_TOO_MANY_TITLES };
    titleIds = [];
  }
  const range = decades.length ? deriveDecadeRange(decades, a.minYear, a.maxYear) : { start: globalMinDate(a.minYear), end: globalMaxDate(a.maxYear) };
  return { ok: true, value: buildBrowseParams({ titleIds, decades, ...range }) };
}
