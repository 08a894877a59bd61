// Writing the /search query language (spec 7.3): the model (contract/search/query.ts) into a query string for
// a keyword search or a browse, and the date ranges browse clicks and date modes derive. The app runs this in
// the archive worker (workers/search-links.ts; its main-thread fallback loads it lazily), so the screens' own
// chunks never carry it. Pure: no DOM, no Node.
import { decadeStart, modeBounds, type DateMode, type SearchQuery, type RowType } from './query';

const PARAM_BY_TYPE: Record<RowType, 'k' | 'e' | 'o' | 'n'> = { all: 'k', exact: 'e', any: 'o', none: 'n' };

/** Commas and underscores separate values and tokens in the URL: inside a row they mean nothing. */
export const cleanRowText = (text: string): string => text.replace(/[,_]+/g, ' ').replace(/\s+/g, ' ').trim();

/** Builds the /search query string (without '?') for a keyword search from the home form. */
export function buildSearchParams(q: SearchQuery, extra: { publicationId?: number } = {}): URLSearchParams {
  const p = new URLSearchParams();
  p.set('i', 'f');
  if (q.start || q.end) p.set('d', `${q.start ?? ''}-${q.end ?? ''}`);
  p.set('bcn', '1');
  p.set('m', q.mode);
  const groups: Record<'k' | 'e' | 'o' | 'n', string[]> = { k: [], e: [], o: [], n: [] };
  let ord = '';
  for (const [i, row] of q.rows.entries()) {
    const key = PARAM_BY_TYPE[row.type];
    groups[key].push(cleanRowText(row.text));
    const token = `${key}${groups[key].length}`;
    ord += i === 0 ? token : (row.op === 'or' ? '_' : ',') + token;
  }
  for (const key of ['k', 'e', 'o', 'n'] as const) if (groups[key].length) p.set(key, groups[key].join(','));
  if (ord) p.set('ord', ord);
  if (q.countryId) p.set('co', String(q.countryId));
  if (q.stateId) p.set('st', String(q.stateId));
  if (q.cityId) p.set('ci', String(q.cityId));
  const pub = extra.publicationId ?? 0;
  if (pub) {
    p.set('ti', String(pub));
    p.set('t', String(pub));
  } else if (q.titleIds.length) {
    p.set('t', q.titleIds.join(','));
  }
  if (q.decades.length) p.set('bdd', q.decades.join(','));
  if (q.year != null) p.set('by', String(q.year));
  if (q.page > 1) p.set('p', String(q.page));
  if (q.sort !== 'relevance') p.set('sort', q.sort);
  if (q.fuzzy) p.set('fz', '1');
  if (q.fuzzyExclude?.length) p.set('fzx', [...q.fuzzyExclude].sort().join(','));
  if (q.issueUid) p.set('iss', q.issueUid);
  return p;
}

export interface BrowseSpec {
  titleIds?: number[];
  decades?: number[];
  year?: number;
  /** MM/DD/YYYY */
  start: string;
  end: string;
}

/** Title, decade, title+decade and year browses (spec 7.3). Title and decade clicks ask for page 1. */
export function buildBrowseParams(b: BrowseSpec): URLSearchParams {
  const p = new URLSearchParams();
  p.set('i', 'f');
  if (b.year != null) {
    p.set('by', String(b.year));
    p.set('bdd', yearDecade(b.year));
    p.set('d', `01/01/${b.year}-12/31/${b.year}`);
    p.set('bcn', '1');
    return p;
  }
  if (b.titleIds?.length) p.set('t', b.titleIds.join(','));
  if (b.decades?.length) p.set('bdd', b.decades.join(','));
  p.set('d', `${b.start}-${b.end}`);
  p.set('bcn', '1');
  p.set('p', '1');
  return p;
}

/** The decade of a year as the spec writes it: the first three digits + '0'. */
export const yearDecade = (year: number | string): string => `${String(year).slice(0, 3)}0`;

export const globalMinDate = (minYear: number) => `01/01/${minYear}`;
export const globalMaxDate = (maxYear: number) => `12/31/${maxYear}`;

/** Date range of selected decades: 01/01/{smallest} to 12/31/{largest + 9}, clamped to the archive (5.2). */
export function deriveDecadeRange(decades: Array<number | string>, minYear: number, maxYear: number): { start: string; end: string } {
  const starts = decades.map(decadeStart).filter((d) => Number.isFinite(d));
  if (!starts.length) return { start: globalMinDate(minYear), end: globalMaxDate(maxYear) };
  const from = Math.min(Math.max(Math.min(...starts), minYear), maxYear);
  const to = Math.max(Math.min(Math.max(...starts) + 9, maxYear), minYear);
  return { start: `01/01/${from}`, end: `12/31/${to}` };
}

/** Effective start and end of a date filter by mode, open bounds filled with the archive's (spec 4.1). */
export function effectiveRange(mode: DateMode, start: string | null, end: string | null, globMin: string, globMax: string): { start: string; end: string } {
  const { from, to } = modeBounds(mode, start, end);
  return { start: from ?? globMin, end: to ?? globMax };
}
