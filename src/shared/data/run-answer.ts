// The run screens' answers (issue #36), each kept on this device when it arrives (the seen store, kind 'run',
// key = its API path) so a title, a year's calendar and an issue page seen online open offline, stamped with
// when they were kept. The kept copy shows at once while the server is asked; a fresh answer replaces it.
import { useEffect, useState } from 'react';
import { ApiRequestError, getJson } from './http';
import { isOnline, onBackOnline } from './online';
import { currentSite } from './site';
import { archiveDb, keepSeen, readSeen } from '../db';

export interface RunState<T> {
  data: T | null;
  loading: boolean;
  /** The server says there is no such title, issue or day on this site. */
  notFound: string | null;
  error: string | null;
  /** When the copy on screen was kept (ms), null when it is fresh. */
  savedAt: number | null;
  /** Offline, and this page was never opened on this device. */
  notOnDevice: boolean;
}

const EMPTY = { data: null, loading: true, notFound: null, error: null, savedAt: null, notOnDevice: false };

/** Keeps a run answer (an issue saved for offline keeps its issue page this way too). */
export async function keepRunAnswer(endpoint: string, value: unknown, label: string, href: string, pinned = false): Promise<void> {
  await keepSeen(archiveDb(), currentSite(), 'run', endpoint, value, { label, href, pinned });
}

/**
 * GET /Api/{endpoint} (params in its query), kept for offline. `label` names the kept copy in lists of what
 * the device holds; `href` is the screen's address.
 */
export function useRunAnswer<T>(
  endpoint: string | null,
  params: Record<string, string | number> | null,
  label: (data: T) => string,
  href: string,
): RunState<T> {
  const [state, setState] = useState<RunState<T>>(EMPTY);
  const [tick, setTick] = useState(0);
  useEffect(() => onBackOnline(() => setTick((n) => n + 1)), []);
  const key = endpoint === null ? null : params ? `${endpoint}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` : endpoint;
  useEffect(() => {
    if (key === null || endpoint === null) return;
    const ctl = new AbortController();
    let fresh = false;
    setState((s) => (s.data ? { ...s, loading: true } : EMPTY));
    const kept = readSeen<T>(archiveDb(), currentSite(), 'run', key).catch(() => undefined);
    void kept.then((k) => {
      if (k && !fresh && !ctl.signal.aborted) setState({ ...EMPTY, data: k.value, loading: false, savedAt: k.savedAt });
    });
    if (!isOnline()) {
      void kept.then((k) => {
        if (!k && !ctl.signal.aborted) setState({ ...EMPTY, loading: false, notOnDevice: true, error: 'This page is not on this device.' });
      });
      return () => ctl.abort();
    }
    getJson<T>(endpoint, params ?? {}, ctl.signal).then(
      (data) => {
        fresh = true;
        if (ctl.signal.aborted) return;
        setState({ ...EMPTY, data, loading: false });
        void keepRunAnswer(key, data, label(data), href).catch(() => undefined);
      },
      async (err: Error) => {
        if (err.name === 'AbortError' || ctl.signal.aborted) return;
        if (err instanceof ApiRequestError && err.status === 404) {
          setState({ ...EMPTY, loading: false, notFound: err.message });
          return;
        }
        const k = await kept;
        if (k || ctl.signal.aborted) return; // the kept copy is on screen, with its date
        const offline = err instanceof ApiRequestError && err.offline;
        setState({ ...EMPTY, loading: false, error: err.message, notOnDevice: offline });
      },
    );
    return () => ctl.abort();
    // label and href describe the answer; a new key is what asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tick]);
  return state;
}
