// The home data 'Get' (getDetail), offline-first: screens read what Dexie holds for this site at once,
// and a fresh answer (network, or the service worker's cached copy when offline) replaces it in Dexie.
// Dexie is the screens' only source for browse and place data; the in-memory copy below is used only
// when a saved copy cannot exist (no IndexedDB, full quota) or is older than the last answer.
import { useEffect, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { HomeDetail } from '../../../contract/api';
import { HOME_ENDPOINTS } from '../../../contract/api';
import { archiveDb, readHomeDetail, saveHomeDetail, savedEtag, classifyStorageError, reportStorageProblem } from '../db';
import { ApiRequestError, apiUrl, getJsonWithEtag } from './http';
import { currentSite } from './site';
import { onCachedAnswerUpdated } from './sw-messages';
import { onBackOnline, reportNetworkResult } from './online';
import type { Loadable } from './resources';

export type SavedHomeDetail = HomeDetail & { fetchedAt: number };

interface NetState {
  data?: SavedHomeDetail;
  error?: Error;
  pending?: Promise<void>;
  done?: boolean;
}

const net = new Map<string, NetState>();
const listeners = new Set<() => void>();
const NONE: NetState = {};
const stateOf = (site: string): NetState => net.get(site) ?? NONE;
const update = (site: string, patch: NetState) => {
  net.set(site, { ...stateOf(site), ...patch });
  listeners.forEach((l) => l());
};

async function accept(site: string, detail: HomeDetail, etag: string | null = null) {
  // The same answer as the saved one (offline, the worker's cached copy is usually exactly that): keep
  // the saved records instead of rewriting every title while the screen is reading them.
  if (etag && (await savedEtag(archiveDb(), site).catch(() => null)) === etag) {
    update(site, { error: undefined, done: true });
    return;
  }
  const saved: SavedHomeDetail = { ...detail, fetchedAt: Date.now() };
  update(site, { data: saved, error: undefined, done: true });
  // A failed write is reported to the person by saveHomeDetail; the screen keeps the in-memory copy.
  await saveHomeDetail(archiveDb(), site, detail, saved.fetchedAt, etag).catch(() => undefined);
}

/** Fetches getDetail for the site and stores it. Once per page unless `force`. */
export function refreshHomeDetail(site = currentSite(), force = false): Promise<void> {
  const s = stateOf(site);
  if (s.pending) return s.pending;
  if (s.done && !force) return Promise.resolve();
  const pending = getJsonWithEtag<HomeDetail>(HOME_ENDPOINTS.detail)
    .then(async ({ data, etag }) => {
      reportNetworkResult(true);
      await accept(site, data, etag);
    })
    .catch((error: Error) => {
      if (error instanceof ApiRequestError && error.offline) reportNetworkResult(false);
      update(site, { error, done: true });
    })
    .finally(() => update(site, { pending: undefined }));
  update(site, { pending });
  return pending;
}

onCachedAnswerUpdated(async (url) => {
  if (url !== apiUrl(HOME_ENDPOINTS.detail)) return;
  const cached = typeof caches === 'undefined' ? undefined : await caches.match(url).catch(() => undefined);
  const fresh = cached ? await (cached.json() as Promise<HomeDetail>).catch(() => undefined) : undefined;
  if (fresh) await accept(currentSite(), fresh, cached!.headers.get('etag'));
  else await refreshHomeDetail(currentSite(), true);
});
onBackOnline(() => void refreshHomeDetail(currentSite(), true));

/** Saved answers read at start-up: the first render of the home screen can show them at once. */
const preloaded = new Map<string, SavedHomeDetail>();

/**
 * Start-up on /home: open the database and ask for a fresh answer while the home screen's code is still
 * loading, so the first render finds both under way (offline cold start budget: 500 ms). Called by the
 * app entry only (src/app/sw-register.ts), never on import, so tests importing the hooks fetch nothing.
 */
export function warmStartHomeData(path = location.pathname) {
  if (!/^\/(home)?$/i.test(path)) return;
  const site = currentSite();
  readHomeDetail(archiveDb(), site).then(
    (saved) => void (saved && preloaded.set(site, saved)),
    () => undefined, // the hook reads again and reports the problem
  );
  void refreshHomeDetail(site);
}


const LOADING = Symbol('loading');

/**
 * What Dexie holds for the site: null when nothing, LOADING before the first read. Once this page has
 * an answer in memory (which it also saved), only the small 'home' record is read: the full lists are
 * read again only when another tab saved a newer answer, never to read back our own write (150,000
 * titles cost a long main-thread task to read).
 */
export function useSavedHomeDetail(site = currentSite(), memory?: SavedHomeDetail): SavedHomeDetail | null | typeof LOADING {
  return useLiveQuery(
    async () => {
      try {
        const db = archiveDb();
        if (memory) {
          const home = await db.home.get(site);
          if (!home || home.fetchedAt <= memory.fetchedAt) return memory;
        }
        return (await readHomeDetail(db, site)) ?? null;
      } catch (error) {
        reportStorageProblem(classifyStorageError(error), error);
        return memory ?? null;
      }
    },
    [site, memory],
    // Until the live query answers: what start-up already read, so the first render has the lists.
    (memory ?? preloaded.get(site) ?? LOADING) as SavedHomeDetail | null | typeof LOADING,
  );
}

function useNetState(site: string): NetState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => stateOf(site),
    () => stateOf(site),
  );
}

/** getDetail from IndexedDB first, refreshed from the network once per page. */
export function useHomeDetail(): Loadable<SavedHomeDetail> {
  const site = currentSite();
  const n = useNetState(site);
  const saved = useSavedHomeDetail(site, n.data);
  useEffect(() => void refreshHomeDetail(site), [site]);
  const local = saved === LOADING || saved === null ? undefined : saved;
  // The newest of the saved copy and this page's answer; the same object while nothing changes.
  const data = local && n.data ? (n.data.fetchedAt >= local.fetchedAt ? n.data : local) : (local ?? n.data);
  const loading = !data && (saved === LOADING || !n.done);
  return { data, error: data ? undefined : n.error, loading };
}

export { LOADING as SAVED_LOADING };
