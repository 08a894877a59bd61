// Research data from a search (issue #37): its trend over time and its export. Both plan the query exactly as
// runSearch does (the same expansions, plan and filter) and read the engine's own counts and order, so a
// chart, an export and a results page of one query agree.
import { QueryError, type SearchQuery } from '../../../contract/search/query';
import { searchUrl } from '../../../contract/search/url';
import { buildSearchParams } from '../../../contract/search/build';
import { highlightTerms, planText, type HighlightTerms, type TextPlan } from '../../../contract/search/plan';
import { expansionNotice } from '../../../contract/search/expand';
import { pageMatches } from '../../../contract/search/page-matches';
import {
  buildTrend,
  exportHead,
  exportRecord,
  type ExportOptions,
  type ExportRow,
  type PeriodCell,
  type TrendOptions,
  type TrendResponse,
} from '../../../contract/search/research';
import type { Store } from '../../store';
import type { EngineSort, ExportPageRow, SearchFilter } from '../../store/types';
import { expandRows } from './expand';
import { cachedCount, searchFilter, titlePlaces } from './service';

interface Planned {
  filter: SearchFilter;
  /** Nothing can match (no matchable word, or dates the wrong way round). */
  empty: boolean;
  notices: string[];
  text: TextPlan;
  version: number;
}

async function plan(store: Store, siteId: number, q: SearchQuery): Promise<Planned> {
  const versionRead = store.meta.searchVersion();
  versionRead.catch(() => undefined);
  const expansions = await expandRows(store.search, q.rows, { fuzzy: q.fuzzy, exclude: q.fuzzyExclude });
  const text = planText(q.rows, expansions, q.fuzzy);
  const notices = [...expansions].map(([term, e]) => expansionNotice(term, e)).filter((n): n is string => n !== null);
  const filter = searchFilter(siteId, q, text);
  const empty = text.kind === 'nothing' || (filter.dateFrom !== null && filter.dateTo !== null && filter.dateFrom > filter.dateTo);
  return { filter, empty, notices, text, version: await versionRead };
}

/** Month cells of a filter, kept per search version like the counts (the held pages' months change only with the data). */
const monthCache = new Map<string, PeriodCell[]>();
async function cachedMonths(store: Store, f: SearchFilter, version: number): Promise<PeriodCell[]> {
  const key = `${store.kind}:${version}:${JSON.stringify(f)}`;
  const hit = monthCache.get(key);
  if (hit) return hit;
  const cells = await store.research.monthCells(f);
  monthCache.set(key, cells);
  if (monthCache.size > 100) monthCache.delete(monthCache.keys().next().value!);
  return cells;
}

async function periodCells(store: Store, f: SearchFilter, by: TrendOptions['by'], version: number): Promise<PeriodCell[]> {
  if (by === 'month') return cachedMonths(store, f, version);
  // Years: the very counts the search's total and facets come from (and its cache).
  const counts = await cachedCount(store, f, version, () => store.search.count(f));
  return counts.cells.map((c) => ({ titleId: c.titleId, period: String(c.year), count: c.count }));
}

/** The trend of a search: matching pages per period, and the pages held then within the same filters. */
export async function runTrend(store: Store, siteId: number, q: SearchQuery, opts: TrendOptions): Promise<TrendResponse> {
  const p = await plan(store, siteId, q);
  // The denominator: the same filters (site, titles, places, dates) without the words.
  const heldFilter: SearchFilter = { ...p.filter, text: { kind: 'none' } };
  const [matched, held] = await Promise.all([
    p.empty ? Promise.resolve([]) : periodCells(store, p.filter, opts.by, p.version),
    periodCells(store, heldFilter, opts.by, p.version),
  ]);
  const names = new Map<number, string>();
  if (opts.split) for (const t of await titlePlaces(store, p.version, [...new Set(matched.map((c) => c.titleId))])) names.set(t.id, t.name);
  const trend = buildTrend(opts.by, matched, held, opts.split, (id) => names.get(id) ?? `Title ${id}`);
  if (p.notices.length) trend.notices = p.notices;
  return trend;
}

export class ExportTooLarge extends QueryError {}

export interface PreparedExport {
  total: number;
  /** Every matching page id in the search's order. */
  ids: number[];
  terms: HighlightTerms;
  version: number;
  dataVersion: number;
}

/**
 * The export's order, fixed once: every matching page id in the search's order (ids only, 4-8 bytes a page).
 * The rows are then read in chunks by position in this list, a keyset on (position, id): OFFSET paging would
 * rank the whole query again for every chunk (quadratic, and a relevance order may shift between chunks while
 * a batch loads), while the list makes the export one consistent snapshot of the order at one data version.
 */
export async function prepareExport(store: Store, siteId: number, q: SearchQuery, maxRows: number): Promise<PreparedExport> {
  const p = await plan(store, siteId, q);
  const dataVersion = await store.meta.dataVersion();
  const terms = highlightTerms(p.text);
  if (p.empty) return { total: 0, ids: [], terms, version: p.version, dataVersion };
  const { total } = await cachedCount(store, p.filter, p.version, () => store.search.count(p.filter));
  if (total > maxRows)
    throw new ExportTooLarge(
      `This search matches ${total.toLocaleString('en-US')} pages; an export holds at most ${maxRows.toLocaleString('en-US')}. ` +
        'Narrow it to fewer pages (a shorter date range, fewer titles or a place, or more words) and export again, or export it in parts by date.',
    );
  const sort: EngineSort = q.sort === 'relevance' && !store.search.canRank(p.text) ? 'date' : q.sort;
  const ids = total ? (await store.search.page(p.filter, sort, 0, total)).ids : [];
  return { total, ids, terms, version: p.version, dataVersion };
}

/** Rows read from the store at a time: what the export holds in memory at most. */
export const EXPORT_CHUNK = 500;

const iiifImage = (origin: string, uid: string) => `${origin}/iiif/3/${encodeURIComponent(uid)}/full/max/0/default.jpg`;

function exportRow(origin: string, r: ExportPageRow, terms: HighlightTerms, withText: boolean): ExportRow {
  const { matches, snippet } = pageMatches(r.words, r.text, terms);
  return {
    title: r.title,
    lccn: r.lccn,
    date: r.date,
    edition: r.edition,
    page: r.number,
    sequence: r.sequence,
    url: `${origin}/viewer?page=${encodeURIComponent(r.uid)}`,
    manifest: `${origin}/iiif/presentation/${encodeURIComponent(r.issueUid)}/manifest.json`,
    image: iiifImage(origin, r.uid),
    matches,
    snippet,
    ...(withText ? { text: r.text } : {}),
  };
}

/** The search's own address (the /search parameters only), for the provenance. */
export const searchAddress = (origin: string, q: SearchQuery) => `${origin}${searchUrl(buildSearchParams({ ...q, page: 1 }))}`;

/**
 * The export's text, piece by piece: the head (provenance), then each chunk's records. A chunk's rows are read
 * only when the consumer asks for more (Readable.from pulls the generator as the socket drains), so at most
 * one chunk of rows is held whatever the size of the export.
 */
export async function* exportText(
  store: Pick<Store, 'research'>,
  prepared: PreparedExport,
  opts: ExportOptions & { origin: string; query: string; archive: string; searchUrl: string; now?: Date },
): AsyncGenerator<string> {
  yield exportHead(
    opts.format,
    {
      query: opts.query,
      searchUrl: opts.searchUrl,
      exportedAt: (opts.now ?? new Date()).toISOString(),
      dataVersion: prepared.dataVersion,
      rows: prepared.total,
      archive: opts.archive,
    },
    opts.text,
  );
  let n = 0;
  const read = (at: number) => (at < prepared.ids.length ? store.research.exportRows(prepared.ids.slice(at, at + EXPORT_CHUNK)) : null);
  let next = read(0);
  for (let at = 0; at < prepared.ids.length; at += EXPORT_CHUNK) {
    const slice = prepared.ids.slice(at, at + EXPORT_CHUNK);
    const rows = await next!;
    // The next chunk is read while this one is written out: on PostgreSQL the server reads and sends those
    // rows while this process makes snippets (two cores at work, not one after the other). Two chunks are
    // held at most.
    next = read(at + EXPORT_CHUNK);
    next?.catch(() => undefined); // an error is thrown where it is awaited
    const byId = new Map(rows.map((r) => [r.id, r]));
    let out = '';
    for (const id of slice) {
      const r = byId.get(id);
      if (r) out += exportRecord(opts.format, exportRow(opts.origin, r, prepared.terms, opts.text), ++n); // a page deleted meanwhile is left out
    }
    yield out;
  }
}
