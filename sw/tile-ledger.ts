/// <reference lib="webworker" />
// Every page tile (and info.json) the IIIF route caches is recorded under its page uid in the seen store
// (device-db/seen-store.ts, kind 'tiles', with its bytes), so one least-recently-used policy and one
// byte cap cover a page's data in Dexie and its tiles here. When the seen store evicts a page, in the page
// or in this worker, its tiles are deleted from the cache; a page therefore never loses its tiles first.
import type { WorkboxPlugin } from 'workbox-core';
import { registerQuotaErrorCallback } from 'workbox-core';
import { databaseOnDemand } from '../device-db/database';
import { evictSeen, keepTiles, type SeenTiles } from '../device-db/seen-store';
import { IIIF_CACHE } from './cache-names';
import { pageUidOfTile } from './rules';

declare const self: ServiceWorkerGlobalScope;

const database = databaseOnDemand();

// Tiles arrive a few at a time and in parallel: gather them and write each page's ledger once per batch,
// one batch after another (the ledger is read, merged and written).
const pending = new Map<string, Record<string, number>>();
let timer: ReturnType<typeof setTimeout> | undefined;
let writing: Promise<unknown> = Promise.resolve();
let flushed: Promise<unknown> = Promise.resolve();

function flush(): Promise<unknown> {
  timer = undefined;
  const batch = [...pending];
  pending.clear();
  const origin = self.location.origin;
  writing = writing.then(async () => {
    for (const [uid, tiles] of batch) await keepTiles(database(), origin, uid, IIIF_CACHE, tiles).catch((e) => console.error('[tiles] ledger', e));
  });
  return writing;
}

function record(uid: string, url: string, bytes: number, event?: ExtendableEvent) {
  pending.set(uid, { ...pending.get(uid), [url]: bytes });
  if (!timer) {
    let done: (v: unknown) => void = () => undefined;
    flushed = new Promise((r) => (done = r));
    timer = setTimeout(() => void flush().then(done, done), 200);
  }
  try {
    event?.waitUntil(flushed);
  } catch {
    /* the event already settled: the timer still runs while the worker is alive */
  }
}

/** Workbox plugin for the IIIF route: records what it cached. */
export const tileLedger: WorkboxPlugin = {
  async cacheDidUpdate({ request, newResponse, event }) {
    const uid = pageUidOfTile(new URL(request.url));
    if (!uid) return;
    const declared = Number(newResponse.headers.get('content-length'));
    const bytes = declared > 0 ? declared : (await newResponse.clone().blob()).size;
    record(uid, request.url, bytes, event as ExtendableEvent | undefined);
  },
};

/** A full quota while caching a tile: give back the least recently used quarter of what was seen (never a crash). */
export function purgeSeenOnQuota() {
  registerQuotaErrorCallback(async () => {
    await evictSeen(database(), undefined, { freeFraction: 0.25 }).catch((e) => console.error('[tiles] purge on quota', e));
  });
}

/**
 * Deletes cached tiles no ledger knows (a worker stopped before its batch was written): the byte cap only
 * covers what the seen store counts. Run on activate, before this worker answers any fetch.
 */
export async function sweepUnrecordedTiles(): Promise<number> {
  try {
    const rows = await database().seen.where('[site+kind]').equals([self.location.origin, 'tiles']).toArray();
    const known = new Set(rows.flatMap((r) => Object.keys((r.value as SeenTiles).tiles ?? {})));
    const cache = await caches.open(IIIF_CACHE);
    const stray = (await cache.keys()).filter((req) => !known.has(req.url));
    await Promise.all(stray.map((req) => cache.delete(req)));
    return stray.length;
  } catch (error) {
    console.error('[tiles] sweep', error);
    return 0;
  }
}
