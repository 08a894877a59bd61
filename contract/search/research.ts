// Research data from a search (issue #37): its trend over time and its export. Both take exactly the /search
// parameters (parseSearchParams) plus a few of their own, read here, so a chart, an export and a results page
// of one query always agree. Pure: the server builds answers with it, and the offline worker charts the
// pages a device keeps with the same code.
import { QueryError } from './query-error';

export type TrendPeriod = 'year' | 'month';
export type ExportFormat = 'csv' | 'jsonl' | 'ris' | 'bibtex';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'jsonl', 'ris', 'bibtex'];
/** Titles drawn apart in a split trend; the rest are added up as "Other". */
export const TREND_SPLIT_TITLES = 8;
/** The series "Other" of a split trend has this title id. */
export const OTHER_TITLES = 0;
/** Default most rows an export holds (the operator may set another: EXPORT_MAX_ROWS). */
export const DEFAULT_EXPORT_MAX_ROWS = 100_000;

export interface TrendOptions {
  by: TrendPeriod;
  split: boolean;
}

export interface ExportOptions {
  format: ExportFormat;
  text: boolean;
}

const only = (params: URLSearchParams, name: string): string | null => {
  const all = params.getAll(name);
  if (all.length > 1) throw new QueryError(`'${name}' must be given once`);
  return all[0] ?? null;
};

/**
 * The trend's own parameters. `by` is also the /search "one year" filter: a value that is a year is that
 * filter (the search parser reads it), and `year` / `month` choose the period; no period given means years.
 */
export function parseTrendOptions(params: URLSearchParams): TrendOptions {
  const period = only(params, 'per') ?? (['year', 'month'].includes(params.get('by') ?? '') ? params.get('by') : null);
  if (period !== null && period !== 'year' && period !== 'month') throw new QueryError(`'per' must be year or month, not '${period.slice(0, 20)}'`);
  const split = only(params, 'split');
  if (split !== null && split !== 'title' && split !== '') throw new QueryError(`'split' must be title (or left out), not '${split.slice(0, 20)}'`);
  return { by: period ?? 'year', split: split === 'title' };
}

/** The /search parameters of a trend or export address: its own parameters taken out (by=year|month too). */
export function searchParamsOf(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of params) {
    if (k === 'per' || k === 'split' || k === 'format' || k === 'text') continue;
    if (k === 'by' && (v === 'year' || v === 'month')) continue;
    out.append(k, v);
  }
  return out;
}

export function parseExportOptions(params: URLSearchParams): ExportOptions {
  const format = only(params, 'format') ?? 'csv';
  if (!(EXPORT_FORMATS as readonly string[]).includes(format))
    throw new QueryError(`'format' must be one of ${EXPORT_FORMATS.join(', ')}, not '${format.slice(0, 20)}'`);
  const text = only(params, 'text');
  if (text !== null && text !== '0' && text !== '1') throw new QueryError(`'text' must be 1 (with the full OCR text) or 0, not '${text.slice(0, 20)}'`);
  return { format: format as ExportFormat, text: text === '1' };
}

// ---------------------------------------------------------------------------------------------------------
// Trend

/** Matching pages of one title in one period (YYYY or YYYY-MM). */
export interface PeriodCell {
  titleId: number;
  period: string;
  count: number;
}

export interface TrendPoint {
  /** YYYY or YYYY-MM. */
  period: string;
  /** Matching pages in the period. */
  count: number;
  /** Pages the archive holds in the period within the query's filters (titles, places, dates): the denominator. */
  held: number;
  /** With split=title: the counts of `series`, in its order. */
  split?: number[];
}

export interface TrendResponse {
  by: TrendPeriod;
  /** The search's total: the periods' counts add up to it. */
  total: number;
  /** Every period in which the archive holds pages of the filters, oldest first (count 0 where none match). */
  points: TrendPoint[];
  /** With split=title: the titles drawn apart (most matches first), then "Other" (id 0) when more match. */
  series?: { titleId: number; name: string }[];
  /** What the visitor should know (an OCR-tolerant word limited, offline: only this device's pages). */
  notices?: string[];
}

/** The trend from the matching pages' cells and the held pages' cells (each per title and period). */
export function buildTrend(by: TrendPeriod, matched: PeriodCell[], held: PeriodCell[], split: boolean, titleName: (id: number) => string): TrendResponse {
  const points = new Map<string, TrendPoint>();
  const point = (period: string) => {
    let p = points.get(period);
    if (!p) points.set(period, (p = { period, count: 0, held: 0 }));
    return p;
  };
  for (const c of held) point(c.period).held += c.count;
  let total = 0;
  const perTitle = new Map<number, number>();
  for (const c of matched) {
    point(c.period).count += c.count;
    total += c.count;
    perTitle.set(c.titleId, (perTitle.get(c.titleId) ?? 0) + c.count);
  }
  const sorted = [...points.values()].sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
  const answer: TrendResponse = { by, total, points: sorted };
  if (split) {
    const ranked = [...perTitle]
      .map(([titleId, count]) => ({ titleId, count, name: titleName(titleId) }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    const top = ranked.slice(0, TREND_SPLIT_TITLES);
    const series = top.map(({ titleId, name }) => ({ titleId, name }));
    if (ranked.length > TREND_SPLIT_TITLES) series.push({ titleId: OTHER_TITLES, name: 'Other' });
    const slot = new Map(top.map((t, i) => [t.titleId, i]));
    for (const p of sorted) p.split = series.map(() => 0);
    for (const c of matched) points.get(c.period)!.split![slot.get(c.titleId) ?? TREND_SPLIT_TITLES] += c.count;
    answer.series = series;
  }
  return answer;
}

/** Share of pages held, 0 when none is held. */
export const trendShare = (p: TrendPoint) => (p.held > 0 ? p.count / p.held : 0);

// ---------------------------------------------------------------------------------------------------------
// Export rows and formats

export interface ExportRow {
  title: string;
  lccn: string;
  /** YYYY-MM-DD */
  date: string;
  edition: number;
  /** The page number printed on the page, when known. */
  page: string | null;
  sequence: number;
  /** The page's stable address in the viewer. */
  url: string;
  /** The issue's IIIF Presentation manifest. */
  manifest: string;
  /** The page's full image (IIIF Image API). */
  image: string;
  /** The distinct words that matched, as printed. */
  matches: string[];
  /** Plain text around the first matches. */
  snippet: string;
  /** The page's full OCR text, only when asked for (text=1). */
  text?: string;
}

export interface ExportProvenance {
  /** The /search query string exported. */
  query: string;
  /** The search's address on the site. */
  searchUrl: string;
  /** ISO time the export started. */
  exportedAt: string;
  /** The archive's data version: results drift as batches load. */
  dataVersion: number;
  rows: number;
  archive: string;
}

export const EXPORT_COLUMNS = ['title', 'lccn', 'date', 'edition', 'page', 'sequence', 'url', 'manifest', 'image', 'matches', 'snippet'] as const;

/** One RFC 4180 field: quoted when it holds a comma, quote, CR or LF (or starts with a space), quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  const s = value == null ? '' : String(value);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRecord = (fields: Array<string | number | null | undefined>) => `${fields.map(csvField).join(',')}\r\n`;

const provenanceLine = (p: ExportProvenance) =>
  `Export of ${p.archive}: search ${p.searchUrl} | exported ${p.exportedAt} | data version ${p.dataVersion} | ${p.rows} rows`;

/** The text before the first row: provenance, and the header row (CSV). CSV starts with a BOM so spreadsheets read UTF-8. */
export function exportHead(format: ExportFormat, p: ExportProvenance, text: boolean): string {
  switch (format) {
    case 'csv':
      return `\uFEFF${csvRecord([`# ${provenanceLine(p)}`])}${csvRecord([...EXPORT_COLUMNS, ...(text ? ['text'] : [])])}`;
    case 'jsonl':
      return `${JSON.stringify({ provenance: p })}\n`;
    case 'ris':
      return risRecord([
        ['TY', 'GEN'],
        ['TI', `Export provenance: ${p.archive}`],
        ['UR', p.searchUrl],
        ['N1', `Query: ${p.query}`],
        ['N1', `Exported: ${p.exportedAt}`],
        ['N1', `Data version: ${p.dataVersion}`],
        ['N1', `Rows: ${p.rows}`],
      ]);
    case 'bibtex':
      return `@comment{${bibtexEscape(provenanceLine(p))}}\n\n`;
  }
}

/** One row in a format; `index` (from 1) makes BibTeX keys unique within the export. */
export function exportRecord(format: ExportFormat, row: ExportRow, index: number): string {
  switch (format) {
    case 'csv':
      return csvRecord([
        row.title,
        row.lccn,
        row.date,
        row.edition,
        row.page,
        row.sequence,
        row.url,
        row.manifest,
        row.image,
        row.matches.join(' '),
        row.snippet,
        ...(row.text !== undefined ? [row.text] : []),
      ]);
    case 'jsonl':
      return `${JSON.stringify(row)}\n`;
    case 'ris':
      return risRecord([
        ['TY', 'NEWS'],
        ['T2', row.title],
        ['TI', `${row.title}, ${row.date}, ${pageLabel(row)}`],
        ['DA', row.date.replace(/-/g, '/')],
        ['PY', row.date.slice(0, 4)],
        ['SP', row.page ?? String(row.sequence)],
        ['ET', String(row.edition)],
        ['SN', row.lccn],
        ['UR', row.url],
        ['L1', row.image],
        ['N1', `IIIF manifest: ${row.manifest}`],
        ['KW', ...row.matches],
        ['AB', row.snippet],
        ...(row.text ? ([['N1', `OCR text: ${row.text}`]] as Array<[string, ...string[]]>) : []),
      ]);
    case 'bibtex':
      return bibtexEntry(row, index);
  }
}

const pageLabel = (row: ExportRow) => (row.page ? `page ${row.page}` : `image ${row.sequence}`);

/** A RIS record: one tag a line ('TAG  - value'), a tag given several values repeated, ended by ER. Line
 *  breaks inside a value would start a new tag: they become spaces. */
function risRecord(fields: Array<[string, ...string[]]>): string {
  let out = '';
  for (const [tag, ...values] of fields) for (const v of values) if (v) out += `${tag}  - ${v.replace(/\s*[\r\n]+\s*/g, ' ')}\r\n`;
  return `${out}ER  - \r\n\r\n`;
}

/** BibTeX text: braces balanced by escaping them, and the characters LaTeX treats as commands escaped. */
export function bibtexEscape(s: string): string {
  return s
    .replace(/[\\{}%&$#_^~]/g, (c) => (c === '\\' ? '\\textbackslash{}' : c === '^' ? '\\^{}' : c === '~' ? '\\~{}' : `\\${c}`))
    .replace(/\s*[\r\n]+\s*/g, ' ');
}

function bibtexEntry(row: ExportRow, index: number): string {
  const key = `${row.lccn.replace(/[^A-Za-z0-9]/g, '')}-${row.date.replace(/-/g, '')}-${row.edition}-${row.sequence}-${index}`;
  const fields: Array<[string, string]> = [
    ['title', `${row.title}, ${row.date}, ${pageLabel(row)}`],
    ['journal', row.title],
    ['date', row.date],
    ['year', row.date.slice(0, 4)],
    ['month', String(Number(row.date.slice(5, 7)))],
    ['pages', row.page ?? String(row.sequence)],
    ['edition', String(row.edition)],
    ['note', `LCCN ${row.lccn}; image ${row.sequence}; IIIF manifest ${row.manifest}; matches: ${row.matches.join(' ')}`],
    ['url', row.url],
    ['abstract', row.snippet],
    ['keywords', row.matches.join(', ')],
  ];
  if (row.text) fields.push(['annote', row.text]);
  const body = fields
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `  ${k} = {${k === 'url' ? v.replace(/[{}\\%]/g, encodeURIComponent) : bibtexEscape(v)}}`)
    .join(',\n');
  return `@article{${key},\n${body}\n}\n\n`;
}
