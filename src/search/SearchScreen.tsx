// /search: the results of a keyword or browse search. The URL is the state (spec 7.3 parameters plus p
// and sort): facets, sorting and pages are links, so back/forward and shared links just work.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { formatCount } from '../../contract/plain-format';
import { parseSearchParams, QueryError, SEARCH_PAGE_SIZE, type SearchQuery, type SearchResponse, type SortOrder } from '../../contract/search/query';
import { ActiveFilters } from './ActiveFilters';
import { describeQuery } from './describe';
import { EditQuery } from './EditQuery';
import { Facets } from './Facets';
import { Pagination } from './Pagination';
import { RecentlySeen } from './RecentlySeen';
import { ResultItem } from './ResultItem';
import { Expansions, OcrSwitch, SyntaxHelp } from './SyntaxTools';
import { SavedStamp } from '../shared/ui/SavedStamp';
import { searchUrl } from '../../contract/search/url';
import { viewerHref, withChanges } from './search-url';
import { useSearchResults, type SearchState } from './use-search-results';
import { useTitleNames } from './use-title-names';
import { SaveResults } from '../shared/save/SaveResults';
import { AddToList } from '../shared/lists/AddToList';
import { searchListItem } from '../shared/lists/list-items';
import { searchKey, seenSearchLabel } from './seen-searches';
import { ExportResults } from './ExportResults';
import './search.css';
import { lazyPart } from '../shared/ui/lazy-part';

// The chart's code loads only when a visitor opens it (issue #37): no chart on the first-load path.
const TrendChart = lazyPart(() => import('./TrendChart').then((m) => m.TrendChart));

const SORTS: Array<[SortOrder, string]> = [
  ['relevance', 'Relevance'],
  ['date', 'Oldest first'],
  ['date-desc', 'Newest first'],
];

function parse(search: string): { query: SearchQuery; error: null } | { query: null; error: string } {
  try {
    return { query: parseSearchParams(search), error: null };
  } catch (err) {
    return { query: null, error: err instanceof QueryError ? err.message : 'This search address cannot be read.' };
  }
}

/** The label above results found on this device (issue #17). */
export const devicePagesLabel = (pages: number) => `Searching ${formatCount(pages)} ${pages === 1 ? 'page' : 'pages'} saved on this device`;

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

export function SearchScreen() {
  const search = useSearch();
  const parsed = useMemo(() => parse(search), [search]);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const state = useSearchResults(parsed.query ? search : null);

  if (!parsed.query) {
    return (
      <div className="container page search-page">
        <h1>Search</h1>
        <div className="search-message" role="alert">
          <h2>This search address is not valid</h2>
          <p>{parsed.error}</p>
          <p>
            The link may have been cut short or edited. <Link href="/home">Start a new search</Link>.
          </p>
        </div>
        <SyntaxHelp />
      </div>
    );
  }
  return <Results query={parsed.query} params={params} search={search} state={state} />;
}

function Results({ query, params, search, state }: { query: SearchQuery; params: URLSearchParams; search: string; state: SearchState }) {
  const [, navigate] = useLocation();
  // Facets start open beside the results on wide screens, folded above them on phones.
  const [facetsOpen, setFacetsOpen] = useState(() => typeof window === 'undefined' || !window.matchMedia || window.matchMedia('(min-width: 800px)').matches);
  const listRef = useRef<HTMLHeadingElement>(null);
  const editRef = useRef<HTMLDetailsElement>(null);
  // '#edit' (the viewer's "Search this issue" without words): open the search box, ready for them.
  useEffect(() => {
    if (window.location.hash !== '#edit' || !editRef.current) return;
    editRef.current.open = true;
    editRef.current.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  }, [search]);
  const response: SearchResponse | null =
    state.status === 'done' || state.status === 'kept' || state.status === 'device' ? state.response : state.status === 'loading' ? state.previous : null;
  const titleName = useTitleNames(query.titleIds, response?.facets.titles);
  const pages = response ? Math.max(1, Math.ceil(response.total / SEARCH_PAGE_SIZE)) : 0;

  // A new page of results: move focus to the results heading so keyboard and screen-reader users start there.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    listRef.current?.focus({ preventScroll: false });
  }, [query.page]);

  const status =
    state.status === 'offline'
      ? 'This search is not kept on this device.'
      : state.status === 'loading' && !response
        ? 'Searching…'
        : response
          ? response.total === 0
            ? 'No pages match this search.'
            : response.results.length === 0
              ? `${plural(response.total, 'page matches', 'pages match')}.`
              : `${plural(response.total, 'page matches', 'pages match')}. Showing ${(response.page - 1) * SEARCH_PAGE_SIZE + 1}–${Math.min(response.page * SEARCH_PAGE_SIZE, response.total)}${pages > 1 ? `, page ${response.page} of ${formatCount(pages)}` : ''}.`
          : '';

  return (
    <div className="container page search-page">
      <h1>Search results</h1>
      <p className="search-summary">{describeQuery(query, titleName)}</p>
      <details className="search-edit-wrap" ref={editRef}>
        <summary>Edit this search</summary>
        <EditQuery key={search} query={query} />
      </details>
      <ActiveFilters query={query} facets={response?.facets ?? null} params={params} titleName={titleName} />
      <div className="search-syntax">
        <OcrSwitch query={query} params={params} />
        <SyntaxHelp />
      </div>
      <Expansions query={query} params={params} response={response} />

      {/* Shown while the first answer loads too (most searches find pages): the results below never move down. */}
      {(response ? response.total > 0 : state.status === 'loading') && (
        <div className="search-research">
          <button
            type="button"
            className="search-btn"
            aria-expanded={params.get('tr') === '1'}
            aria-controls={params.get('tr') === '1' ? 'trend-panel' : undefined}
            onClick={() => navigate(searchUrl(withChanges(params, { tr: params.get('tr') === '1' ? null : '1', p: params.get('p') })), { replace: true })}
          >
            {params.get('tr') === '1' ? 'Hide the chart over time' : 'Show over time'}
          </button>
          {response && state.status !== 'device' && !(state.status === 'kept' && state.offline) && <ExportResults params={params} total={response.total} />}
        </div>
      )}
      {params.get('tr') === '1' && (
        <div id="trend-panel">
          <TrendChart placeholder={<p role="status">Loading the chart…</p>} params={params} label={describeQuery(query, titleName)} />
        </div>
      )}

      {state.status === 'kept' && state.offline && (
        <div className="search-message search-message--offline" role="status">
          <strong>You are offline.</strong> These are the results you saw for this search, kept on this device. They will be refreshed when you are back online.
        </div>
      )}
      {state.status === 'device' && (
        <div className="search-message search-message--offline" role="status" data-testid="device-search">
          <strong>You are offline.</strong> {devicePagesLabel(state.pages)}: the pages you read or saved, not the whole archive. Results from the archive come
          back when you are online. <Link href="/saved">See what is saved on this device</Link>.
        </div>
      )}
      {state.status === 'offline' && (
        <div className="search-message search-message--offline" role="status">
          <strong>You are offline.</strong> Searching needs a network connection, and this search has not been seen on this device. It will work again when you
          are back online.
        </div>
      )}
      {state.status === 'error' && (
        <div className="search-message" role="alert">
          {state.message}
        </div>
      )}

      {/* Two columns while the first answer loads (most searches find pages): no sideways jump when it comes. */}
      <div className={`search-layout${(response ? response.total > 0 : state.status === 'loading') ? '' : ' search-layout--single'}`}>
        <aside className="search-side" aria-labelledby="refine-heading">
          {response && response.total > 0 && (
            <details className="search-side__details" open={facetsOpen} onToggle={(e) => setFacetsOpen(e.currentTarget.open)}>
              <summary>
                <h2 id="refine-heading">Refine results</h2>
              </summary>
              <Facets facets={response.facets} query={query} params={params} />
            </details>
          )}
        </aside>
        <section className="search-main" aria-labelledby="results-heading" aria-busy={state.status === 'loading'}>
          <div className="search-main__bar">
            <h2 id="results-heading" ref={listRef} tabIndex={-1} className="search-main__heading">
              <span role="status" aria-live="polite">
                {status}
              </span>
            </h2>
            {state.status === 'kept' && <SavedStamp savedAt={state.savedAt} className="search-saved" />}
            {response && response.total > 1 && (
              <label className="search-sort">
                Sort by{' '}
                <select
                  value={response.sort === 'relevance' || query.rows.length ? query.sort : response.sort}
                  onChange={(e) => navigate(searchUrl(withChanges(params, { sort: e.target.value === 'relevance' ? null : e.target.value })))}
                >
                  {SORTS.filter(([s]) => s !== 'relevance' || query.rows.length > 0).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          {response && response.total === 0 && <NoResults query={query} params={params} />}
          {response && response.total > 0 && response.results.length === 0 && (
            <p className="search-message">
              There is no page {response.page} of these results. <Link href={searchUrl(withChanges(params, { p: null }))}>Go to the first page</Link>.
            </p>
          )}
          {state.status === 'done' && response && response.results.length > 0 && (
            <SaveResults
              query={search}
              response={response}
              label={seenSearchLabel(search, response)}
              storeKey={() => searchKey(search)}
              pageHref={(uid) => viewerHref(uid, params)}
            />
          )}
          {response && response.results.length > 0 && (
            <AddToList
              label="Add this search to a list"
              item={() => searchListItem(search, seenSearchLabel(search, response))}
              className="search-add-to-list"
            />
          )}
          {response && response.results.length > 0 && (
            <ol className="search-hits" start={(response.page - 1) * SEARCH_PAGE_SIZE + 1}>
              {response.results.map((hit, i) => (
                <ResultItem key={hit.pageUid} hit={hit} href={viewerHref(hit.pageUid, params)} position={(response.page - 1) * SEARCH_PAGE_SIZE + i + 1} />
              ))}
            </ol>
          )}
          {state.status === 'offline' && <RecentlySeen />}
          {response && <Pagination params={params} page={response.page} pages={pages} />}
        </section>
      </div>
    </div>
  );
}

function NoResults({ query, params }: { query: SearchQuery; params: URLSearchParams }) {
  const filtered = query.start || query.end || query.titleIds.length || query.issueUid || query.decades.length || query.year != null || query.countryId;
  return (
    <div className="search-message search-empty">
      {/* The status heading above already says no pages match; say it once. */}
      <p>Some ideas:</p>
      <ul>
        <li>Check the spelling; old newspapers also spell names differently, and their text is read by machine (OCR), so try a variant.</li>
        <li>Use fewer words, or “Any of these words” instead of “All”.</li>
        {query.rows.some((r) => r.type === 'exact') && <li>An exact phrase must appear word for word; try the words without “exact”.</li>}
        {filtered ? (
          <li>
            Widen the dates or remove filters:{' '}
            <Link href={searchUrl(withChanges(params, { d: null, m: null, t: null, ti: null, iss: null, bdd: null, by: null, co: null, st: null, ci: null }))}>
              search all dates and titles
            </Link>
            .
          </li>
        ) : null}
      </ul>
    </div>
  );
}
