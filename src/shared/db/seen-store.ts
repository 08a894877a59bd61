// What the visitor has seen (design: offline research, kind 2): search answers, viewer page data and the
// byte ledger of the tiles the service worker keeps for a page. One table, one eviction policy: least
// recently used first, under a cap in bytes and a cap in entries (both below). Pinned records (what the
// visitor saved on purpose, offline part 2) are never evicted here. Every key starts with the site origin.
// Works in the page and in the service worker (both can open the same Dexie database).
import type { ArchiveDatabase } from './database';
import type { SeenKind, SeenRecord } from './schema';
import { classifyStorageError, reportStorageProblem } from './problems';

/** At most this many bytes of seen data (JSON size of the values plus the tiles' bytes) per browser profile. */
export const SEEN_MAX_BYTES = 80 * 1024 * 1024;
/** At most this many seen records (every kind, every site). */
export const SEEN_MAX_ENTRIES = 3000;

export interface SeenLimits {
  maxBytes: number;
  maxEntries: number;
}
export const SEEN_LIMITS: SeenLimits = { maxBytes: SEEN_MAX_BYTES, maxEntries: SEEN_MAX_ENTRIES };

type EvictionListener = (evicted: SeenRecord[]) => void | Promise<void>;
const evictionListeners = new Set<EvictionListener>();

/** Called with the records each eviction removed (e.g. to drop a page's tiles from the tile cache). */
export function onSeenEvicted(listener: EvictionListener): () => void {
  evictionListeners.add(listener);
  return () => evictionListeners.delete(listener);
}

/** The size a value takes, as the JSON it is stored as (IndexedDB's structured clone is close to it). */
export const jsonBytes = (value: unknown): number => {
  try {
    return new Blob([JSON.stringify(value) ?? '']).size;
  } catch {
    return 0;
  }
};

export interface KeepOptions {
  now?: number;
  /** Bytes to count instead of the value's JSON size (the tile ledger counts the tiles' bytes). */
  bytes?: number;
  pinned?: boolean;
  limits?: SeenLimits;
}

/**
 * Keeps `value` as seen under (site, kind, key), then evicts the least recently used records beyond the caps.
 * A full quota evicts the oldest quarter and tries once more; if it still fails the problem is shown to the
 * person (StorageNotice) and false is returned: never a crash.
 */
export async function keepSeen<T>(db: ArchiveDatabase, site: string, kind: SeenKind, key: string, value: T, options: KeepOptions = {}): Promise<boolean> {
  const now = options.now ?? Date.now();
  const limits = options.limits ?? SEEN_LIMITS;
  const existing = await db.seen.get([site, kind, key]).catch(() => undefined);
  const record: SeenRecord<T> = {
    site, kind, key, value,
    bytes: options.bytes ?? jsonBytes(value),
    savedAt: now,
    usedAt: now,
    pinned: options.pinned || existing?.pinned ? 1 : 0,
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await db.seen.put(record);
      await evictSeen(db, limits);
      return true;
    } catch (error) {
      if (classifyStorageError(error) !== 'quota' || attempt === 1) {
        reportStorageProblem(classifyStorageError(error), error);
        return false;
      }
      await evictSeen(db, limits, { freeFraction: 0.25 });
    }
  }
  return false;
}

/** Reads a seen record and marks it used now (so it is evicted last). */
export async function readSeen<T>(db: ArchiveDatabase, site: string, kind: SeenKind, key: string, now = Date.now()): Promise<SeenRecord<T> | undefined> {
  try {
    const record = (await db.seen.get([site, kind, key])) as SeenRecord<T> | undefined;
    if (record) await db.seen.update([site, kind, key], { usedAt: now }).catch(() => undefined);
    return record;
  } catch (error) {
    reportStorageProblem(classifyStorageError(error), error);
    return undefined;
  }
}

/** The most recently used records of one kind for a site (newest first), e.g. the recently seen searches. */
export async function recentSeen<T>(db: ArchiveDatabase, site: string, kind: SeenKind, limit = 20): Promise<SeenRecord<T>[]> {
  const rows = (await db.seen.where('[site+kind]').equals([site, kind]).toArray()) as SeenRecord<T>[];
  return rows.sort((a, b) => b.usedAt - a.usedAt).slice(0, limit);
}

export async function forgetSeen(db: ArchiveDatabase, site: string, kind: SeenKind, key: string): Promise<void> {
  await db.seen.delete([site, kind, key]);
}

/** Total bytes and entries of seen data (all sites), pinned included. */
export async function seenUsage(db: ArchiveDatabase): Promise<{ bytes: number; entries: number }> {
  let bytes = 0;
  let entries = 0;
  await db.seen.each((r) => {
    bytes += r.bytes;
    entries++;
  });
  return { bytes, entries };
}

/**
 * Removes unpinned records, least recently used first, until the totals are within the caps (and, with
 * freeFraction, until that share of the unpinned records is gone). Returns what was removed.
 */
export async function evictSeen(db: ArchiveDatabase, limits: SeenLimits = SEEN_LIMITS, options: { freeFraction?: number } = {}): Promise<SeenRecord[]> {
  const evicted = await db.transaction('rw', db.seen, async () => {
    const all = await db.seen.orderBy('usedAt').toArray();
    let bytes = all.reduce((n, r) => n + r.bytes, 0);
    let entries = all.length;
    const unpinned = all.filter((r) => !r.pinned);
    let mustFree = Math.ceil(unpinned.length * (options.freeFraction ?? 0));
    const gone: SeenRecord[] = [];
    for (const r of unpinned) {
      if (bytes <= limits.maxBytes && entries <= limits.maxEntries && mustFree <= 0) break;
      gone.push(r);
      bytes -= r.bytes;
      entries--;
      mustFree--;
    }
    await db.seen.bulkDelete(gone.map((r) => [r.site, r.kind, r.key] as [string, SeenKind, string]));
    return gone;
  });
  if (evicted.length) for (const listener of evictionListeners) await listener(evicted);
  return evicted;
}
