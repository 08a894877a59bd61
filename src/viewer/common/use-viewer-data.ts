// Loading for the page viewer: the page itself, and the hits to draw (the page search when the visitor
// typed one, else the search that led here).
import { useEffect, useState } from 'react';
import type { PageHit, ViewerPageResponse } from '../../../contract/viewer';
import { fetchViewerPage, hasSearchTerms, searchHitsFromQuery, searchInPage } from './viewer-api';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
}

export function useViewerPage(uid: string | null): Loaded<ViewerPageResponse> {
  const [state, setState] = useState<Loaded<ViewerPageResponse>>({ data: null, error: null, loading: true });
  useEffect(() => {
    if (!uid) {
      setState({ data: null, error: 'No page was given: open a page from the search results or a title.', loading: false });
      return;
    }
    const ctl = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    fetchViewerPage(uid, ctl.signal).then(
      (data) => setState({ data, error: null, loading: false }),
      (err: Error) => err.name !== 'AbortError' && setState({ data: null, error: err.message, loading: false }),
    );
    return () => ctl.abort();
  }, [uid]);
  return state;
}

export interface HitsState {
  hits: PageHit[];
  source: 'page' | 'query' | 'none';
  loading: boolean;
  error: string | null;
}

export function usePageHits(uid: string | null, urlSearch: string, pageText: string, exact: boolean): HitsState {
  const [state, setState] = useState<HitsState>({ hits: [], source: 'none', loading: false, error: null });
  useEffect(() => {
    const params = new URLSearchParams(urlSearch);
    const source = pageText ? 'page' : hasSearchTerms(params) ? 'query' : 'none';
    if (!uid || source === 'none') {
      setState({ hits: [], source: 'none', loading: false, error: null });
      return;
    }
    const ctl = new AbortController();
    setState((s) => ({ ...s, source, loading: true, error: null }));
    const load = source === 'page' ? searchInPage(uid, pageText, exact, ctl.signal) : searchHitsFromQuery(uid, params, ctl.signal);
    load.then(
      (r) => setState({ hits: r.hits, source, loading: false, error: null }),
      (err: Error) => err.name !== 'AbortError' && setState({ hits: [], source, loading: false, error: err.message }),
    );
    return () => ctl.abort();
  }, [uid, urlSearch, pageText, exact]);
  return state;
}
