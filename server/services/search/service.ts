// A search from the query model to the API answer: plan the text, ask the engine for counts and one page
// of ids, then build snippets and boxes for those rows only. Engine-independent.
import { SEARCH_PAGE_SIZE, queryDateBounds, type SearchQuery, type SearchResponse, type SearchFacets, type FacetCount } from '../../../contract/search/query';
import type { Store } from '../../store';
import type { SearchCounts, SearchFilter, TitlePlace } from '../../store/types';
import { highlightTerms, planText } from '../../../contract/search/plan';
import { highlightPage } from '../../../contract/search/words';
import { expansionNotice } from '../../../contract/search/expand';
import { expandRows } from './expand';
import type { Deadline } from './budget';
import { resultThumbnailPath } from '../../../contract/saved-files';

const emptyFacets = (): SearchFacets => ({ titles: [], decades: [], years: [], countries: [], states: [], cities: [] });

/** Counts are the costly part and do not change while paging: keep recent ones per search version (data + corrections). */
const countCache = new Map<string, SearchCounts>();
const COUNT_CACHE_SIZE = 200;

/** `version` is the search version read before the search began: counts made by a pass that started on older
 *  data (an engine's page-and-count pass, or a replica still replaying) must not be kept under a newer one. */
export async function cachedCount(store: Store, filter: SearchFilter, version: number, count: () => Promise<SearchCounts>): Promise<SearchCounts> {
  const key = `${store.kind}:${version}:${JSON.stringify(filter)}`;
  const hit = countCache.get(key);
  if (hit) {
    countCache.delete(key);
    countCache.set(key, hit);
    return hit;
  }
  const counts = await count();
  countCache.set(key, counts);
  if (countCache.size > COUNT_CACHE_SIZE) countCache.delete(countCache.keys().next().value!);
  return counts;
}

/** What an engine is asked for a search: the query's filters with its planned text. */
export function searchFilter(siteId: number, q: SearchQuery, text: SearchFilter['text']): SearchFilter {
  const { from, to } = queryDateBounds(q);
  return {
    siteId,
    text,
    titleIds: q.titleIds,
    countryId: q.countryId,
    stateId: q.stateId,
    cityId: q.cityId,
    dateFrom: from,
    dateTo: to,
    decades: q.decades,
    year: q.year,
    issueUid: q.issueUid ?? null,
  };
}

export interface RunOptions {
  /** The search's time budget (budget.ts): checked between its steps; a SearchTimeout (503) past it. */
  deadline?: Deadline;
}

export async function runSearch(store: Store, siteId: number, q: SearchQuery, opts: RunOptions = {}): Promise<SearchResponse> {
  const { deadline } = opts;
  // The counts below are kept under the search version, so it is read before the engine reads any match: read
  // after the page-and-count pass instead, a version bumped meanwhile kept counts from before it (0 pages for a
  // word just added) for good. It runs beside the expansions and the engine's first lookups (page's `after`).
  const versionRead = store.meta.searchVersion();
  versionRead.catch(() => undefined); // a failure is thrown where it is awaited
  const expansions = await expandRows(store.search, q.rows, { fuzzy: q.fuzzy, exclude: q.fuzzyExclude, deadline });
  const text = planText(q.rows, expansions, q.fuzzy);
  const sort = q.sort === 'relevance' && !store.search.canRank(text) ? 'date' : q.sort;
  const answer: SearchResponse = { total: 0, page: q.page, pageSize: SEARCH_PAGE_SIZE, sort, results: [], facets: emptyFacets() };
  if (expansions.size) {
    answer.expansions = [...expansions].map(([term, e]) => ({ term, words: e.words, matched: e.matched, limited: e.limited }));
    answer.notices = [...expansions].map(([term, e]) => expansionNotice(term, e)).filter((n): n is string => n !== null);
  }
  if (text.kind === 'nothing') return answer;
  const filter = searchFilter(siteId, q, text);
  if (filter.dateFrom && filter.dateTo && filter.dateFrom > filter.dateTo) return answer;
  // The page of ids first: ranking finds every match anyway, and the engine may hand that over for counting.
  const offset = (q.page - 1) * SEARCH_PAGE_SIZE;
  deadline?.check();
  const page = await store.search.page(filter, sort, offset, SEARCH_PAGE_SIZE, versionRead);
  const ids = page.ids;
  const version = await versionRead;
  deadline?.check();
  // The page's rows are read while the counts and facets are made (on PostgreSQL on another connection, so
  // the three do not wait for one another).
  const pageRows = page.rows();
  pageRows.catch(() => undefined); // a failure is thrown below, where it is awaited
  const counts = await cachedCount(store, filter, version, () => page.counts());
  deadline?.check();
  answer.total = counts.total;
  answer.facets = await facets(store, counts, q, version);
  const rows = new Map((await pageRows).map((r) => [r.id, r]));
  const terms = highlightTerms(text);
  for (const id of ids) {
    const r = rows.get(id);
    if (!r) continue;
    const { snippet, boxes } = highlightPage(r.words, r.text, terms);
    answer.results.push({
      pageUid: r.uid,
      titleId: r.titleId,
      title: r.title,
      date: r.date,
      sequence: r.sequence,
      pageNumber: r.number,
      snippet,
      thumbnail: resultThumbnailPath(r.uid),
      width: r.width,
      height: r.height,
      boxes,
    });
  }
  return answer;
}

function addTo(map: Map<number, FacetCount>, id: number | null, name: string | null, count: number) {
  if (id == null || name == null) return;
  const f = map.get(id) ?? { id, name, count: 0 };
  f.count += count;
  map.set(id, f);
}

const byCount = (a: FacetCount, b: FacetCount) => b.count - a.count || a.name.localeCompare(b.name);

/** Titles' names and places by engine (its search repo), for the search version they were read at: they change only
 *  with the data version (an ingest, a site's or a title's edit bumps it), and on PostgreSQL a lookup would be a
 *  round trip after the counts. */
const placesKept = new WeakMap<object, { version: number; places: Map<number, TitlePlace> }>();

export async function titlePlaces(store: Store, version: number, titleIds: number[]): Promise<TitlePlace[]> {
  let kept = placesKept.get(store.search);
  if (!kept || kept.version !== version) placesKept.set(store.search, (kept = { version, places: new Map() }));
  const places = kept.places;
  const missing = titleIds.filter((id) => !places.has(id));
  if (missing.length) for (const t of await store.search.titlePlaces(missing)) places.set(t.id, t);
  return titleIds.flatMap((id) => places.get(id) ?? []);
}

async function facets(store: Store, counts: SearchCounts, q: SearchQuery, version: number): Promise<SearchFacets> {
  const perTitle = new Map<number, number>();
  const perDecade = new Map<number, number>();
  const perYear = new Map<number, number>();
  for (const c of counts.cells) {
    perTitle.set(c.titleId, (perTitle.get(c.titleId) ?? 0) + c.count);
    const decade = Math.floor(c.year / 10) * 10;
    perDecade.set(decade, (perDecade.get(decade) ?? 0) + c.count);
    perYear.set(c.year, (perYear.get(c.year) ?? 0) + c.count);
  }
  const titles = new Map<number, FacetCount>();
  const countries = new Map<number, FacetCount>();
  const states = new Map<number, FacetCount>();
  const cities = new Map<number, FacetCount>();
  for (const t of await titlePlaces(store, version, [...perTitle.keys()])) {
    const n = perTitle.get(t.id) ?? 0;
    addTo(titles, t.id, t.name, n);
    addTo(countries, t.countryId, t.countryName, n);
    addTo(states, t.stateId, t.stateName, n);
    addTo(cities, t.cityId, t.cityName, n);
  }
  const oneDecade = q.decades.length === 1 || q.year != null;
  return {
    titles: [...titles.values()].sort(byCount),
    decades: [...perDecade].map(([decade, count]) => ({ decade, count })).sort((a, b) => a.decade - b.decade),
    years: oneDecade ? [...perYear].map(([year, count]) => ({ year, count })).sort((a, b) => a.year - b.year) : [],
    countries: [...countries.values()].sort(byCount),
    states: [...states.values()].sort(byCount),
    cities: [...cities.values()].sort(byCount),
  };
}
