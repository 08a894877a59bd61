// Runs the search for the current URL. Every answer is kept in the seen store (seen-searches.ts) so that a
// results page seen online reopens offline as it was; the kept answer shows at once while the network is
// asked, marked with when it was saved, and the fresh answer replaces it quietly. The last answer is also
// written to session storage (soolrResult, with its page in pagination) as the spec says.
import { useEffect, useRef, useState } from 'react';
import { searchApiParams, type SearchResponse } from '../../contract/search/query';
import { ApiRequestError, getJson } from '../shared/data/http';
import { onBackOnline, reportNetworkResult } from '../shared/data/online';
import { keepSearchAnswer, readSearchAnswer } from './seen-searches';
import { searchDevice } from './device-search';

export const RESULT_KEY = 'soolrResult';
export const PAGINATION_KEY = 'pagination';

export type SearchState =
  | { status: 'loading'; previous: SearchResponse | null }
  | { status: 'done'; response: SearchResponse }
  /** The answer kept on this device: while the network is asked (offline false) or instead of it (offline true). */
  | { status: 'kept'; response: SearchResponse; savedAt: number; offline: boolean }
  /** Offline, never seen: the answer of the pages kept on this device (`pages` of them searched). */
  | { status: 'device'; response: SearchResponse; pages: number }
  /** Offline, this search was never seen on this device, and no page is kept on it. */
  | { status: 'offline' }
  | { status: 'error'; message: string };

function writeSession(query: string, response: SearchResponse) {
  try {
    window.sessionStorage.setItem(RESULT_KEY, JSON.stringify({ query, response }));
    window.sessionStorage.setItem(PAGINATION_KEY, String(response.page));
  } catch {
    /* storage full or disabled: the results still show */
  }
}

/** Fetches /Api/Search for `query` (the /search query string, already validated). */
export function useSearchResults(query: string | null): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'loading', previous: null });
  // Bumped when the connection comes back while the kept answer (or nothing) is shown: ask again.
  const [attempt, setAttempt] = useState(0);
  const waitingForNetwork = state.status === 'offline' || state.status === 'device' || (state.status === 'kept' && state.offline);
  useEffect(() => (waitingForNetwork ? onBackOnline(() => setAttempt((n) => n + 1)) : undefined), [waitingForNetwork]);

  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (query === null) return;
    let fresh = false;
    const again = asked.current === query;
    asked.current = query;
    setState((s) =>
      // Asking again for the kept answer on screen (back online): it stays, stamped, until the fresh one comes.
      again && s.status === 'kept'
        ? { ...s, offline: false }
        : s.status === 'kept' || s.status === 'done'
          ? { status: 'loading', previous: s.response }
          : s.status === 'loading'
            ? s
            : { status: 'loading', previous: null },
    );
    const kept = readSearchAnswer(query);
    // Show the kept answer as soon as it is read, unless the fresh one came first.
    void kept.then((record) => {
      if (record && !fresh)
        setState((s) => (s.status === 'kept' && s.offline ? s : { status: 'kept', response: record.value.response, savedAt: record.savedAt, offline: false }));
    });
    const controller = new AbortController();
    const params = searchApiParams(query);
    // 'no-cache': always ask the server (a 304 when nothing changed). The answer's Cache-Control lets shared
    // caches serve it stale for a while; the browser's own HTTP cache must not, or a kept answer would show
    // as fresh offline. What this device keeps is the seen store's business (stamped 'Saved …').
    getJson<SearchResponse>('Search', params, controller.signal, 'no-cache')
      .then((response) => {
        fresh = true;
        reportNetworkResult(true);
        writeSession(query, response);
        void keepSearchAnswer(query, response);
        setState({ status: 'done', response });
      })
      .catch(async (err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        if (err instanceof ApiRequestError && err.offline) {
          reportNetworkResult(false);
          const record = await kept;
          if (controller.signal.aborted) return;
          if (record) return setState({ status: 'kept', response: record.value.response, savedAt: record.savedAt, offline: true });
          // Never seen: search the pages this device keeps, with the same query language.
          try {
            const device = await searchDevice(query, controller.signal);
            if (controller.signal.aborted) return;
            setState(device.pages ? { status: 'device', response: device.response, pages: device.pages } : { status: 'offline' });
          } catch (error) {
            if ((error as Error).name === 'AbortError' || controller.signal.aborted) return;
            console.error('[offline search]', error);
            setState({ status: 'offline' });
          }
        } else {
          setState({ status: 'error', message: err instanceof Error ? err.message : 'The search failed.' });
        }
      });
    return () => {
      fresh = true;
      controller.abort();
    };
  }, [query, attempt]);
  return state;
}
