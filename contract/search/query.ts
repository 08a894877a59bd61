// The /search query language (spec 7.3): one model, parsed from a query string by the results screen, the
// worker and the server. Writing it is contract/search/build.ts's (only the worker, the main-thread fallback
// and the server load that). Pure: no DOM, no Node.
import { parseRowText } from './syntax';
import { QueryError } from './query-error';
import { tokenize } from './tokens';

export type RowType = 'all' | 'exact' | 'any' | 'none';
export type Combinator = 'and' | 'or';
export type DateMode = 'between' | 'on' | 'before' | 'after';
export type SortOrder = 'relevance' | 'date' | 'date-desc';

/** Section codes of the form (spec 3.11): 1 All, 2 Exact, 3 Any, 4 None; Section2: 1 And, 2 Or. */
export const SECTION_CODES: Record<RowType, number> = { all: 1, exact: 2, any: 3, none: 4 };
export const COMBINATOR_CODES: Record<Combinator, number> = { and: 1, or: 2 };
export const ROW_TYPE_BY_CODE: Record<number, RowType> = { 1: 'all', 2: 'exact', 3: 'any', 4: 'none' };
export const COMBINATOR_BY_CODE: Record<number, Combinator> = { 1: 'and', 2: 'or' };
const TYPE_BY_PARAM: Record<string, RowType> = { k: 'all', e: 'exact', o: 'any', n: 'none' };
export const DATE_MODES: DateMode[] = ['between', 'on', 'before', 'after'];
export const SORT_ORDERS: SortOrder[] = ['relevance', 'date', 'date-desc'];

export interface SearchRow {
  type: RowType;
  text: string;
  /** How this row joins the rows before it; ignored on the first row. */
  op: Combinator;
}

export interface SearchQuery {
  rows: SearchRow[];
  mode: DateMode;
  /** MM/DD/YYYY, or null for the archive's bound. */
  start: string | null;
  end: string | null;
  countryId: number;
  stateId: number;
  cityId: number;
  /** Titles (t / ti); a publication chosen in the place cascade is a title. */
  titleIds: number[];
  decades: number[];
  year: number | null;
  page: number;
  sort: SortOrder;
  /** fz=1: every word of the rows that must match also finds its likely OCR misreadings. */
  fuzzy?: boolean;
  /** fzx: misreadings the visitor set aside (folded words, or two for a split reading), not searched. */
  fuzzyExclude?: string[];
  /** iss: only the pages of this issue (its uid), from the viewer's "Search this issue". */
  issueUid?: string;
}

export const emptyQuery = (): SearchQuery => ({
  rows: [],
  mode: 'between',
  start: null,
  end: null,
  countryId: 0,
  stateId: 0,
  cityId: 0,
  titleIds: [],
  decades: [],
  year: null,
  page: 1,
  sort: 'relevance',
});

/** A decade id may carry a '-' suffix; only the part before '-' is used (spec 3.7). */
export const decadeStart = (id: number | string): number => Number(String(id).split('-')[0]);

/**
 * The years listed on a decade ('1880,1881,1887'): sorted, de-duplicated, only those inside the decade (the
 * Years panel lists them and a year click browses it, so a stray year from another decade must not show).
 */
export function decadeYears(decade: { Decade: number | string; Years: string | null | undefined }): number[] {
  const start = decadeStart(decade.Decade);
  const years = new Set<number>();
  for (const part of String(decade.Years ?? '').split(',')) {
    const y = Number(part.trim());
    if (part.trim() && Number.isInteger(y) && y >= start && y <= start + 9) years.add(y);
  }
  return [...years].sort((a, b) => a - b);
}

export const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The bounds a date mode uses (spec 4.1): "on" is the start day alone, "after" has no end, "before" no start.
 * A null bound is open (the archive's own). The one rule behind both the form and the server's filter.
 */
export function modeBounds<T>(mode: DateMode, start: T | null, end: T | null): { from: T | null; to: T | null } {
  switch (mode) {
    case 'on':
      return { from: start, to: start };
    case 'after':
      return { from: start, to: null };
    case 'before':
      return { from: null, to: end };
    default:
      return { from: start, to: end };
  }
}

/** A parsed query's date filter as ISO dates (YYYY-MM-DD); null is no bound on that side. */
export const queryDateBounds = (q: SearchQuery): { from: string | null; to: string | null } => modeBounds(q.mode, usToIso(q.start), usToIso(q.end));

// ---------------------------------------------------------------------------------------------------
// Parsing

export { QueryError };

export const MAX_ROWS = 20;
export const MAX_ROW_CHARS = 1000;
export const MAX_LIST = 500;
/** An issue uid as ingest writes them ({lccn}-{YYYY-MM-DD}-ed{n}); bounded so a URL cannot carry a novel. */
const ISSUE_UID = /^[A-Za-z0-9._-]{1,200}$/;

/** MM/DD/YYYY to {y,m,d}, or null when it is not a real calendar date. */
export function parseUsDate(s: string): { y: number; m: number; d: number } | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  const year = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return { y: year, m: month, d: day };
}

/** MM/DD/YYYY to ISO YYYY-MM-DD (or null). */
export function usToIso(s: string | null): string | null {
  if (!s) return null;
  const d = parseUsDate(s);
  return d ? `${d.y}-${pad2(d.m)}-${pad2(d.d)}` : null;
}

function parseIdList(name: string, raw: string | null): number[] {
  if (raw == null || raw.trim() === '') return [];
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length > MAX_LIST) throw new QueryError(`Too many values in '${name}' (at most ${MAX_LIST}).`);
  return parts.map((s) => {
    const id = decadeStart(s);
    if (!/^\d{1,9}(-.*)?$/.test(s) || !Number.isSafeInteger(id)) throw new QueryError(`'${name}' must be a comma-separated list of numbers.`);
    return id;
  });
}

function parseId(name: string, raw: string | null): number {
  if (raw == null || raw.trim() === '' || raw.trim() === '0') return 0;
  if (!/^\d{1,9}$/.test(raw.trim())) throw new QueryError(`'${name}' must be a number.`);
  return Number(raw.trim());
}

/** The parameters of GET /Api/Search for a /search address, as the results screen asks for them (and the served
 *  page's head names them: server/services/route-preload.ts): the address's own, less the `url` the app sets. */
export function searchApiParams(query: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(query)) if (k !== 'url') params[k] = v;
  return params;
}

/**
 * Parses a /search query string into the model. Throws QueryError with a message a person can read
 * when the string is malformed (unknown ord tokens, bad numbers, bad dates, too many rows).
 */
export function parseSearchParams(input: URLSearchParams | string): SearchQuery {
  const p = typeof input === 'string' ? new URLSearchParams(input.replace(/^\?/, '')) : input;
  const q = emptyQuery();
  const mode = (p.get('m') ?? 'between').toLowerCase();
  if (!DATE_MODES.includes(mode as DateMode)) throw new QueryError(`Unknown date mode '${mode.slice(0, 20)}'.`);
  q.mode = mode as DateMode;

  const d = p.get('d');
  if (d && d.trim()) {
    const m = /^\s*([^-]*)-([^-]*)\s*$/.exec(d);
    if (!m) throw new QueryError('The date range must look like MM/DD/YYYY-MM/DD/YYYY.');
    const [start, end] = [m[1].trim(), m[2].trim()];
    if (start && !parseUsDate(start)) throw new QueryError(`Invalid start date '${start.slice(0, 20)}': use MM/DD/YYYY.`);
    if (end && !parseUsDate(end)) throw new QueryError(`Invalid end date '${end.slice(0, 20)}': use MM/DD/YYYY.`);
    q.start = start || null;
    q.end = end || null;
    // Only 'between' uses both dates (spec 4.1): a leftover end date in 'after' mode is no mistake.
    if (q.mode === 'between' && q.start && q.end && usToIso(q.start)! > usToIso(q.end)!) throw new QueryError('Start date should not be greater than end date');
  }

  const values: Record<string, string[]> = {};
  for (const key of ['k', 'e', 'o', 'n']) {
    const raw = p.get(key);
    values[key] = raw == null || raw === '' ? [] : raw.split(',');
  }
  const total = Object.values(values).reduce((n, v) => n + v.length, 0);
  if (total > MAX_ROWS) throw new QueryError(`Too many search rows (at most ${MAX_ROWS}).`);

  const ord = p.get('ord');
  const used = new Set<string>();
  if (ord && ord.trim()) {
    const tokens = ord.trim().split(/([,_])/);
    for (let i = 0; i < tokens.length; i += 2) {
      const token = tokens[i].trim().toLowerCase();
      const m = /^([keon])(\d{1,3})$/.exec(token);
      if (!m) throw new QueryError(`Unknown row '${token.slice(0, 20)}' in 'ord'.`);
      const text = values[m[1]][Number(m[2]) - 1];
      if (text === undefined) throw new QueryError(`Row '${token}' in 'ord' has no search terms.`);
      if (used.has(token)) throw new QueryError(`Row '${token}' appears twice in 'ord'.`);
      used.add(token);
      q.rows.push({ type: TYPE_BY_PARAM[m[1]], text, op: i > 0 && tokens[i - 1] === '_' ? 'or' : 'and' });
    }
  }
  // Values not named in ord (or no ord at all) join with AND, in k, e, o, n order.
  for (const key of ['k', 'e', 'o', 'n']) {
    values[key].forEach((text, i) => {
      if (!used.has(`${key}${i + 1}`)) q.rows.push({ type: TYPE_BY_PARAM[key], text, op: 'and' });
    });
  }
  for (const row of q.rows) {
    if (row.text.length > MAX_ROW_CHARS) row.text = row.text.slice(0, MAX_ROW_CHARS);
  }
  q.rows = q.rows.filter((r) => r.text.trim() !== '');
  for (const row of q.rows) parseRowText(row.text, row.type); // syntax mistakes are the visitor's: a 400, a message

  q.countryId = parseId('co', p.get('co'));
  q.stateId = parseId('st', p.get('st'));
  q.cityId = parseId('ci', p.get('ci'));
  const titles = new Set([...parseIdList('t', p.get('t')), ...parseIdList('ti', p.get('ti'))]);
  q.titleIds = [...titles];
  q.decades = parseIdList('bdd', p.get('bdd'));
  const by = p.get('by');
  if (by && by.trim()) {
    if (!/^\d{4}$/.test(by.trim())) throw new QueryError("'by' must be a four-digit year.");
    q.year = Number(by.trim());
  }
  const page = p.get('p') ?? p.get('page');
  if (page && page.trim()) {
    if (!/^\d{1,6}$/.test(page.trim()) || Number(page) < 1) throw new QueryError('The page number must be a whole number from 1.');
    q.page = Number(page);
  }
  const fz = p.get('fz');
  if (fz && fz.trim() && fz.trim() !== '0') {
    if (fz.trim() !== '1') throw new QueryError("'fz' must be 1 (include likely OCR misreadings) or 0.");
    q.fuzzy = true;
  }
  const fzx = p.get('fzx');
  if (fzx && fzx.trim()) {
    // Comma-separated; an item of two words is a split reading set aside ("abun daut").
    const words = [...new Set(fzx.split(',').map((item) => tokenize(item).slice(0, 2).join(' ')))].filter(Boolean);
    if (words.length > MAX_LIST) throw new QueryError(`Too many values in 'fzx' (at most ${MAX_LIST}).`);
    if (words.length) q.fuzzyExclude = words.sort();
  }
  const iss = p.get('iss');
  if (iss && iss.trim()) {
    if (!ISSUE_UID.test(iss.trim())) throw new QueryError("'iss' must be an issue's id (letters, digits, '-', '.', '_').");
    q.issueUid = iss.trim();
  }
  const sort = (p.get('sort') ?? 'relevance').toLowerCase();
  if (!SORT_ORDERS.includes(sort as SortOrder)) throw new QueryError(`Unknown sort order '${sort.slice(0, 20)}'.`);
  q.sort = sort as SortOrder;
  return q;
}

/**
 * Groups rows into an OR of AND-groups (AND binds tighter than OR): [[r1, r2], [r3]] means
 * (r1 AND r2) OR r3. None rows inside a group exclude pages from that group.
 */
export function toDisjunction(rows: SearchRow[]): SearchRow[][] {
  const groups: SearchRow[][] = [];
  for (const [i, row] of rows.entries()) {
    if (i === 0 || row.op === 'or') groups.push([row]);
    else groups[groups.length - 1].push(row);
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------------
// The search API's answer (GET /Api/Search; docs/API.md "## Search").

export const SEARCH_PAGE_SIZE = 20;

export interface SearchResult {
  pageUid: string;
  titleId: number;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  sequence: number;
  pageNumber: string | null;
  /** Safe HTML: text escaped, only <mark> elements around matched words. */
  snippet: string;
  /** IIIF image URL of the page, relative to the site's origin. */
  thumbnail: string;
  width: number | null;
  height: number | null;
  /** Matched words' boxes [x, y, w, h] in image pixels (phrase-aware). */
  boxes: Array<[number, number, number, number]>;
}

export interface FacetCount {
  id: number;
  name: string;
  count: number;
}

export interface SearchFacets {
  titles: FacetCount[];
  decades: { decade: number; count: number }[];
  /** Only when one decade (or a year) is chosen. */
  years: { year: number; count: number }[];
  countries: FacetCount[];
  states: FacetCount[];
  cities: FacetCount[];
}

export interface SearchResponse {
  total: number;
  page: number;
  pageSize: number;
  /** The order used: relevance needs words to rank by, so browse searches come by date. */
  sort: SortOrder;
  results: SearchResult[];
  facets: SearchFacets;
  /** The index words each pattern (wash*) or OCR-tolerant word stood for; only when the search has some. */
  expansions?: TermExpansion[];
  /** Things the visitor should know about the answer, e.g. a pattern that matched too many words. */
  notices?: string[];
}

export interface TermExpansion {
  /** The term as typed (folded): wash*, wom?n, senate~. */
  term: string;
  /** The words searched, most frequent first. */
  words: string[];
  /** How many index words fitted (more than words.length when limited). */
  matched: number;
  limited: boolean;
}
