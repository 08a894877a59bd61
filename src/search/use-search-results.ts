// Runs the search for the current URL. Keeps the last answer in session storage (soolrResult, with its
// page in pagination) so that results already seen still show when the network is gone.
import { useEffect, useState } from 'react';
import type { SearchResponse } from '../../contract/search-query';
import { ApiRequestError, getJson } from '../shared/data/http';
import { reportNetworkResult } from '../shared/data/online';

export const RESULT_KEY = 'soolrResult';
export const PAGINATION_KEY = 'pagination';

export interface KeptResult {
  query: string;
  response: SearchResponse;
}

export type SearchState =
  | { status: 'loading'; previous: SearchResponse | null }
  | { status: 'done'; response: SearchResponse }
  | { status: 'offline'; kept: KeptResult | null }
  | { status: 'error'; message: string };

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readKept(): KeptResult | null {
  try {
    const raw = session()?.getItem(RESULT_KEY);
    const kept = raw ? (JSON.parse(raw) as KeptResult) : null;
    return kept && typeof kept.query === 'string' && Array.isArray(kept.response?.results) ? kept : null;
  } catch {
    return null;
  }
}

function keep(query: string, response: SearchResponse) {
  try {
    session()?.setItem(RESULT_KEY, JSON.stringify({ query, response } satisfies KeptResult));
    session()?.setItem(PAGINATION_KEY, String(response.page));
  } catch {
    /* storage full or disabled: the results still show, they are just not kept */
  }
}

/** Fetches /Api/Search for `query` (the /search query string, already validated). */
export function useSearchResults(query: string | null): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'loading', previous: null });
  useEffect(() => {
    if (query === null) return;
    const kept = readKept();
    // The same search seen a moment ago (back button): show it at once, refresh behind it.
    setState((s) => (kept?.query === query ? { status: 'done', response: kept.response } : { status: 'loading', previous: s.status === 'done' ? s.response : null }));
    const controller = new AbortController();
    const params: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(query)) if (k !== 'url') params[k] = v;
    getJson<SearchResponse>('Search', params, controller.signal)
      .then((response) => {
        reportNetworkResult(true);
        keep(query, response);
        setState({ status: 'done', response });
      })
      .catch((err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        if (err instanceof ApiRequestError && err.offline) {
          reportNetworkResult(false);
          setState({ status: 'offline', kept: readKept() });
        } else {
          setState({ status: 'error', message: err instanceof Error ? err.message : 'The search failed.' });
        }
      });
    return () => controller.abort();
  }, [query]);
  return state;
}
