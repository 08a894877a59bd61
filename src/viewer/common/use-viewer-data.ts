// Loading for the page viewer: the page itself, and the hits to draw (the page search when the visitor
// typed one, else the search that led here). Online answers are kept on the device (seen-page.ts); the
// kept copy is shown at once while the server is asked, and is what the viewer shows offline, with the
// time it was saved so it never passes for fresh. Back online, everything is asked again quietly.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageHit, ViewerPageResponse, ViewerWord } from '../../../contract/viewer';
import { pageHits, pageQueryFromSearch, pageQueryFromText } from '../../../contract/page-match';
import { ApiRequestError } from '../../shared/data/http';
import { isOnline, onBackOnline } from '../../shared/data/online';
import { fetchViewerPage, hasSearchTerms, searchHitsFromQuery, searchInPage } from './viewer-api';
import { hitsKey, keepHits, keepPage, readPage } from './seen-page';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
}

export interface PageState extends Loaded<ViewerPageResponse> {
  /** When the page shown is this device's copy: when the server gave it (ms). null when it is fresh. */
  savedAt: number | null;
  /** Offline, and this page was never opened on this device. */
  notOnDevice: boolean;
}

export interface PageStateWithReload extends PageState {
  /** Asks the server again (after the visitor corrected the page's text). */
  reload(): void;
}

const isOfflineError = (err: unknown) => err instanceof ApiRequestError && err.offline;

/** Increments when the connection comes back, so effects that depend on it ask again. */
function useBackOnlineTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => onBackOnline(() => setTick((n) => n + 1)), []);
  return tick;
}

export function useViewerPage(uid: string | null): PageStateWithReload {
  const [state, setState] = useState<PageState>({ data: null, error: null, loading: true, savedAt: null, notOnDevice: false });
  const online = useBackOnlineTick();
  const [asked, setAsked] = useState(0);
  const reload = useCallback(() => setAsked((n) => n + 1), []);
  const tick = online + asked;
  useEffect(() => {
    if (!uid) {
      setState({ data: null, error: 'No page was given: open a page from the search results or a title.', loading: false, savedAt: null, notOnDevice: false });
      return;
    }
    const ctl = new AbortController();
    let fresh = false;
    // A refresh of the page on screen keeps it there; another page starts from 'Opening the page…'.
    setState((s) => (s.data?.uid === uid ? s : { data: null, error: null, loading: true, savedAt: null, notOnDevice: false }));
    const kept = readPage(uid).then((k) => {
      if (k?.value.page && !fresh && !ctl.signal.aborted) setState({ data: k.value.page, error: null, loading: false, savedAt: k.savedAt, notOnDevice: false });
      return k;
    });
    // The page on screen stays when a refresh finds neither the network nor a kept copy (its copy may still be
    // on its way into the device's store): the reader keeps what they are reading, and what they are typing.
    const failed = (error: string, notOnDevice: boolean) =>
      setState((s) => (s.data?.uid === uid ? s : { data: null, error, loading: false, savedAt: null, notOnDevice }));
    if (!isOnline()) {
      // Not even asked: the browser's HTTP cache would answer with a copy that looks fresh but is not.
      void kept.then((k) => {
        if (!ctl.signal.aborted && !k?.value.page) failed('This page is not on this device.', true);
      });
      return () => ctl.abort();
    }
    // Asked again on purpose (the text was corrected): past the browser's cached copy.
    fetchViewerPage(uid, ctl.signal, asked ? 'no-cache' : undefined).then(
      (data) => {
        fresh = true;
        setState({ data, error: null, loading: false, savedAt: null, notOnDevice: false });
        void keepPage(data);
      },
      async (err: Error) => {
        if (err.name === 'AbortError') return;
        const k = await kept;
        if (ctl.signal.aborted || k?.value.page) return; // the kept copy is on screen, with its date
        failed(err.message, isOfflineError(err));
      },
    );
    return () => ctl.abort();
  }, [uid, tick, asked]);
  return { ...state, reload };
}

export interface HitsState {
  hits: PageHit[];
  source: 'page' | 'query' | 'none';
  loading: boolean;
  error: string | null;
}

/**
 * The hits to draw. Offline they come from the hits kept for this search, else from the same matching the
 * server runs (contract/page-match.ts) on the page's words kept on the device.
 */
/** Hits matched on the device, from the page's kept words: the page search typed, else the query the page came from. */
const localHits = (pageText: string, exact: boolean, params: URLSearchParams, w: ViewerWord[]): PageHit[] =>
  pageText ? pageHits(w, pageQueryFromText(pageText, exact)) : pageHits(w, pageQueryFromSearch(params));

export function usePageHits(uid: string | null, urlSearch: string, pageText: string, exact: boolean, words: ViewerWord[] | null): HitsState {
  const [state, setState] = useState<HitsState>({ hits: [], source: 'none', loading: false, error: null });
  // Offline answers wait for the page's words; the words themselves do not trigger a new request.
  const [needsWords, setNeedsWords] = useState(false);
  const wordsRef = useRef(words);
  wordsRef.current = words;
  const tick = useBackOnlineTick();

  useEffect(() => {
    const params = new URLSearchParams(urlSearch);
    const source = pageText ? 'page' : hasSearchTerms(params) ? 'query' : 'none';
    setNeedsWords(false);
    if (!uid || source === 'none') {
      setState({ hits: [], source: 'none', loading: false, error: null });
      return;
    }
    const ctl = new AbortController();
    const key = hitsKey(params); // a promise: the canonical key comes from the archive worker
    setState((s) => ({ ...s, source, loading: true, error: null }));
    const fromDevice = async () => {
      const kept = source === 'query' ? (await readPage(uid))?.value.hits[await key] : undefined;
      if (ctl.signal.aborted) return;
      if (kept) return setState({ hits: kept, source, loading: false, error: null });
      if (wordsRef.current) return setState({ hits: localHits(pageText, exact, params, wordsRef.current), source, loading: false, error: null });
      setState({ hits: [], source, loading: false, error: null });
      setNeedsWords(true);
    };
    if (!isOnline()) {
      void fromDevice();
      return () => ctl.abort();
    }
    const load = source === 'page' ? searchInPage(uid, pageText, exact, ctl.signal) : searchHitsFromQuery(uid, params, ctl.signal);
    load.then(
      (r) => {
        setState({ hits: r.hits, source, loading: false, error: null });
        if (source === 'query') void key.then((k) => keepHits(uid, k, r.hits));
      },
      (err: Error) => {
        if (err.name === 'AbortError') return;
        if (isOfflineError(err)) return void fromDevice();
        setState({ hits: [], source, loading: false, error: err.message });
      },
    );
    return () => ctl.abort();
  }, [uid, urlSearch, pageText, exact, tick]);

  useEffect(() => {
    // Without words the page is not on the device either: nothing to match against.
    if (!needsWords || !words) return;
    setNeedsWords(false);
    setState((s) => ({ ...s, hits: localHits(pageText, exact, new URLSearchParams(urlSearch), words), loading: false, error: null }));
  }, [needsWords, words, pageText, exact, urlSearch]);

  return state;
}
