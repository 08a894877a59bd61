// Small JSON answers the service worker caches stale-while-revalidate (theme, settings, home-page
// settings, banner): loaded once per page and shared by every screen; read again when the worker says
// the server's copy changed, and when the connection comes back. The HTTP cache is their only copy.
import { useEffect, useSyncExternalStore } from 'react';
import { ApiRequestError, getJson, apiUrl } from './http';
import { onCachedAnswerUpdated, readCachedJson } from './sw-messages';
import { onBackOnline, reportNetworkResult } from './online';

export interface Loadable<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
}

interface Entry<T> {
  endpoint: string;
  state: Loadable<T>;
  inflight?: Promise<T>;
  listeners: Set<() => void>;
}

const entries = new Map<string, Entry<unknown>>();

function entry<T>(endpoint: string): Entry<T> {
  let e = entries.get(endpoint) as Entry<T> | undefined;
  if (!e) {
    e = { endpoint, state: { data: undefined, error: undefined, loading: true }, listeners: new Set() };
    entries.set(endpoint, e as Entry<unknown>);
  }
  return e;
}

function set<T>(e: Entry<T>, state: Loadable<T>) {
  e.state = state;
  e.listeners.forEach((l) => l());
}

/** Loads (or re-loads) an endpoint; keeps showing the last good answer when a reload fails. */
export function loadResource<T>(endpoint: string): Promise<T> {
  const e = entry<T>(endpoint);
  if (e.inflight) return e.inflight;
  const p = getJson<T>(endpoint).then(
    (data) => {
      reportNetworkResult(true);
      set(e, { data, error: undefined, loading: false });
      return data;
    },
    (error: Error) => {
      if (error instanceof ApiRequestError && error.offline) reportNetworkResult(false);
      set(e, { data: e.state.data, error, loading: false });
      throw error;
    },
  );
  e.inflight = p;
  p.catch(() => undefined).finally(() => (e.inflight = undefined));
  return p;
}

/** The current answer, loading it on first use. */
export function fetchResource<T>(endpoint: string): Promise<T> {
  const e = entry<T>(endpoint);
  if (e.state.data !== undefined && !e.inflight) return Promise.resolve(e.state.data);
  return loadResource<T>(endpoint);
}

export function useResource<T>(endpoint: string): Loadable<T> {
  const e = entry<T>(endpoint);
  const state = useSyncExternalStore(
    (l) => {
      e.listeners.add(l);
      return () => e.listeners.delete(l);
    },
    () => e.state,
    () => e.state,
  );
  useEffect(() => {
    if (e.state.data === undefined && !e.inflight) loadResource<T>(endpoint).catch(() => undefined);
  }, [e, endpoint]);
  return state;
}

// The worker revalidated one of our answers and it changed: take the fresh copy from the cache.
onCachedAnswerUpdated(async (url) => {
  for (const e of entries.values()) {
    if (apiUrl(e.endpoint) !== url) continue;
    try {
      const fresh = await readCachedJson(url);
      if (fresh !== undefined) set(e, { data: fresh, error: undefined, loading: false });
    } catch {
      loadResource(e.endpoint).catch(() => undefined);
    }
  }
});

// Back online: ask again quietly (the worker answers from cache and revalidates in the background).
onBackOnline(() => {
  for (const e of entries.values()) loadResource(e.endpoint).catch(() => undefined);
});
