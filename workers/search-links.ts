// Every /search address the home screen and the results screen's 'edit query' go to, built in the worker:
// the form's search (validated, dates resolved by mode), the browse tiles' links with their derived date
// ranges, 'Apply Filter', and an edited query. Addresses are contract/search/url.ts's, so they read exactly
// like the links the results screen and the viewer re-encode synchronously.
import type { DecadeItem } from '../contract/api';
import {
  applyBrowseParams,
  decadeClickParams,
  globalDates,
  searchFormToParams,
  titleClickParams,
  yearClickParams,
  type ApplyScope,
  type ArchiveYears,
  type Checked,
  type GlobalDates,
  type HomeForm,
} from '../contract/home-form';
import { buildSearchParams } from '../contract/search/build';
import { decadeStart, decadeYears, type SearchQuery } from '../contract/search/query';
import { searchUrl } from '../contract/search/url';

/** The part of the home data ('Get', spec 3.6) the links are derived from. */
export interface ArchiveBounds {
  MinDate?: number | string | null;
  MaxDate?: number | string | null;
  fullMinDate?: number | string | null;
  fullMaxDate?: number | string | null;
  DecadeList: ReadonlyArray<Pick<DecadeItem, 'Decade' | 'Years'>>;
}

export interface HomeLinks {
  /** The archive's first and last year (the form and 'Apply Filter' send them back). */
  years: ArchiveYears;
  /** The date filter's bounds and placeholders: 01/01/{MinDate}, 12/31/{MaxDate} (spec 4.1). */
  dates: GlobalDates;
  /** A title tile's link is before + TitleId + after: titles differ only in t, and lists reach 150,000. */
  titleLink: { before: string; after: string };
  /** Decade start -> its tile's link (the decade's range clamped to the archive). */
  decadeLinks: Record<number, string>;
  /** Year -> its chip's link in a decade's Years panel (the years decadeYears lists). */
  yearLinks: Record<number, string>;
}

// Before the data says, the archive is taken to run from the first American newspaper to today.
const FIRST_YEAR = 1690;

/** The archive's years as the home data gives them (MinDate / MaxDate, else fullMinDate / fullMaxDate). */
export function archiveYears(b: Omit<ArchiveBounds, 'DecadeList'>): ArchiveYears {
  return { minYear: Number(b.MinDate ?? b.fullMinDate) || FIRST_YEAR, maxYear: Number(b.MaxDate ?? b.fullMaxDate) || new Date().getFullYear() };
}

const TITLE_MARK = 987654321;

/** All the browse links of a home screen in one call (the tiles and panels render them synchronously). */
export function homeLinks(bounds: ArchiveBounds): HomeLinks {
  const years = archiveYears(bounds);
  const marked = searchUrl(titleClickParams(TITLE_MARK, years));
  const at = marked.indexOf(`t=${TITLE_MARK}`) + 2;
  const titleLink = { before: marked.slice(0, at), after: marked.slice(at + String(TITLE_MARK).length) };
  const decadeLinks: Record<number, string> = {};
  const yearLinks: Record<number, string> = {};
  for (const d of bounds.DecadeList) {
    const start = decadeStart(d.Decade);
    if (Number.isFinite(start)) decadeLinks[start] = searchUrl(decadeClickParams(start, years));
    for (const y of decadeYears(d)) yearLinks[y] ??= searchUrl(yearClickParams(y));
  }
  return { years, dates: globalDates(years.minYear, years.maxYear), titleLink, decadeLinks, yearLinks };
}

/**
 * The home form's search (spec 5.1 validation, 7.3 parameters): the address, or the message to show.
 * Without the archive's years (home data not loaded), empty dates fall back to the default years.
 */
export function formSearchUrl(form: HomeForm, years: ArchiveYears | null): Checked<string> {
  const { minYear, maxYear } = years ?? archiveYears({});
  const r = searchFormToParams(form, globalDates(minYear, maxYear));
  return r.ok ? { ok: true, value: searchUrl(r.value) } : r;
}

/** 'Apply Filter' (spec 5.2): the address, or the message to show. */
export function applyBrowseUrl(scope: ApplyScope, titleIds: number[], decades: number[], years: ArchiveYears, listedTitles?: number): Checked<string> {
  const r = applyBrowseParams(scope, titleIds, decades, years, listedTitles);
  return r.ok ? { ok: true, value: searchUrl(r.value) } : r;
}

/** The address of a query model (the results screen's 'edit query'). */
export const queryUrl = (query: SearchQuery): string => searchUrl(buildSearchParams(query));
