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
/**
 * At most this many seen records (search answers and pages, every site). A tile ledger counts in bytes only: it
 * belongs to its page (and result thumbnails make one per result page, which must not push answers out).
 */
export const SEEN_MAX_ENTRIES = 3000;

export interface SeenLimits {
  maxBytes: number;
  maxEntries: number;
}
export const SEEN_LIMITS: SeenLimits = { maxBytes: SEEN_MAX_BYTES, maxEntries: SEEN_MAX_ENTRIES };

/**
 * The caps in force: SEEN_LIMITS, unless the page (or worker) carries `__archiveSeenLimits` on its global
 * object. Only browser tests set it (page.addInitScript), so that eviction shows with a handful of
 * records; a value that is not a pair of positive numbers is ignored.
 */
export function seenLimits(): SeenLimits {
  const override = (globalThis as { __archiveSeenLimits?: Partial<SeenLimits> }).__archiveSeenLimits;
  const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
  if (!override || typeof override !== 'object') return SEEN_LIMITS;
  return {
    maxBytes: positive(override.maxBytes) ? override.maxBytes : SEEN_LIMITS.maxBytes,
    maxEntries: positive(override.maxEntries) ? Math.floor(override.maxEntries) : SEEN_LIMITS.maxEntries,
  };
}

/** A viewer page's data and its tiles are kept under the same key: they are used, kept and evicted together. */
const PAIRED: Partial<Record<SeenKind, SeenKind>> = { page: 'tiles', tiles: 'page' };

/** The value of a 'tiles' record: which Cache Storage cache holds the page's tiles, and each tile's bytes. */
export interface SeenTiles {
  cache: string;
  tiles: Record<string, number>;
}

type EvictionListener = (evicted: SeenRecord[]) => void | Promise<void>;
const evictionListeners = new Set<EvictionListener>();

/** Called with the records each eviction removed (e.g. to drop a page's tiles from the tile cache). */
export function onSeenEvicted(listener: EvictionListener): () => void {
  evictionListeners.add(listener);
  return () => evictionListeners.delete(listener);
}

/** The UTF-8 bytes of a string, counted (a Blob of a page's JSON copies it to the browser process). */
export function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: 2 UTF-16 units, 4 UTF-8 bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** The size a value takes, as the JSON it is stored as (IndexedDB's structured clone is close to it). */
export const jsonBytes = (value: unknown): number => {
  try {
    return utf8Bytes(JSON.stringify(value) ?? '');
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
  /** How a list of recently seen things names this record (e.g. 'The Harvest Gazette, 12 May 1890, page 3'). */
  label?: string;
  /** The app address that opens this record again (e.g. '/viewer?page=…&k=harvest'). */
  href?: string;
}

/**
 * Keeps `value` as seen under (site, kind, key), then evicts the least recently used records beyond the caps.
 * A full quota evicts the oldest quarter and tries once more, and tells the person older records were
 * removed; if it still fails the problem is shown to the person (StorageNotice) and false is returned:
 * never a crash.
 */
export async function keepSeen<T>(db: ArchiveDatabase, site: string, kind: SeenKind, key: string, value: T, options: KeepOptions = {}): Promise<boolean> {
  const now = options.now ?? Date.now();
  const limits = options.limits ?? seenLimits();
  const existing = await db.seen.get([site, kind, key]).catch(() => undefined);
  const record: SeenRecord<T> = {
    site,
    kind,
    key,
    value,
    bytes: options.bytes ?? jsonBytes(value),
    savedAt: now,
    usedAt: now,
    pinned: options.pinned || existing?.pinned ? 1 : 0,
  };
  // A rewrite that does not name the record keeps its name (the viewer re-keeps a page saved with a label).
  const label = options.label ?? existing?.label;
  const href = options.href ?? existing?.href;
  if (label !== undefined) record.label = label;
  if (href !== undefined) record.href = href;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await db.seen.put(record);
      // A pinned record lives outside the caps, so keeping one frees nothing and must evict nothing: the archive's
      // OCR table (pinned, kept beside the first page of a visit) pushed out the page just read under a small cap.
      if (!record.pinned) await evictSeen(db, limits, { keep: { site, kind, key } });
      // Room was made by removing older records: say so once (the person may miss them offline).
      if (attempt === 1) reportStorageProblem('evicted');
      return true;
    } catch (error) {
      if (classifyStorageError(error) !== 'quota' || attempt === 1) {
        reportStorageProblem(classifyStorageError(error), error);
        return false;
      }
      await evictSeen(db, limits, { freeFraction: 0.25, keep: { site, kind, key } });
    }
  }
  return false;
}

/** Reads a seen record and marks it used now (so it is evicted last). */
export async function readSeen<T>(db: ArchiveDatabase, site: string, kind: SeenKind, key: string, now = Date.now()): Promise<SeenRecord<T> | undefined> {
  try {
    const record = (await db.seen.get([site, kind, key])) as SeenRecord<T> | undefined;
    if (record) {
      await db.seen.update([site, kind, key], { usedAt: now }).catch(() => undefined);
      // A page read offline draws its tiles too: both stay the most recently used.
      const pair = PAIRED[kind];
      if (pair) await db.seen.update([site, pair, key], { usedAt: now }).catch(() => undefined);
    }
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
 * freeFraction, until that share of the unpinned records is gone). A page's data and its tiles leave
 * together, so a kept page never loses its tiles first. `keep` (the record a write just made) and its pair
 * are never removed by that write: a cap smaller than one page must not throw away the page being read.
 * Returns what was removed; the Cache Storage entries of removed tiles are deleted too, in this context.
 */
export async function evictSeen(
  db: ArchiveDatabase,
  limits: SeenLimits = seenLimits(),
  options: { freeFraction?: number; keep?: { site: string; kind: SeenKind; key: string } } = {},
): Promise<SeenRecord[]> {
  const { keep } = options;
  const isKept = (r: SeenRecord) => !!keep && r.site === keep.site && r.key === keep.key && (r.kind === keep.kind || r.kind === PAIRED[keep.kind]);
  const id = (r: SeenRecord) => `${r.site}\u0000${r.kind}\u0000${r.key}`;
  const evicted = await db.transaction('rw', db.seen, async () => {
    const all = await db.seen.orderBy('usedAt').toArray();
    const byId = new Map(all.map((r) => [id(r), r]));
    // The caps bound what was merely seen: saved (pinned) records live outside them, bounded by the browser's
    // quota (a full quota frees seen records and then says so), so saving a large issue never empties the
    // pages a visitor has read.
    const capped = all.filter((r) => !r.pinned);
    let bytes = capped.reduce((n, r) => n + r.bytes, 0);
    const counts = (r: SeenRecord) => r.kind !== 'tiles';
    let entries = capped.filter(counts).length;
    const unpinned = all.filter((r) => !r.pinned && !isKept(r));
    let mustFree = Math.ceil(unpinned.length * (options.freeFraction ?? 0));
    const gone = new Map<string, SeenRecord>();
    const remove = (r: SeenRecord) => {
      if (gone.has(id(r))) return;
      gone.set(id(r), r);
      bytes -= r.bytes;
      if (counts(r)) entries--;
    };
    for (const r of unpinned) {
      if (bytes <= limits.maxBytes && entries <= limits.maxEntries && mustFree <= 0) break;
      if (gone.has(id(r))) continue;
      remove(r);
      mustFree--;
      const pairKind = PAIRED[r.kind];
      const pair = pairKind && byId.get(id({ ...r, kind: pairKind }));
      if (pair && !pair.pinned) remove(pair);
    }
    const list = [...gone.values()];
    await db.seen.bulkDelete(list.map((r) => [r.site, r.kind, r.key] as [string, SeenKind, string]));
    return list;
  });
  if (evicted.length) {
    await deleteEvictedTiles(evicted);
    for (const listener of evictionListeners) await listener(evicted);
  }
  return evicted;
}

/**
 * Removes records on purpose (the /saved screen's Remove, a kiosk's visitor reset), pinned or not, with the
 * tiles of removed 'tiles' records from Cache Storage, as eviction does. Returns what was removed.
 */
export async function removeSeen(db: ArchiveDatabase, site: string, keys: Array<[SeenKind, string]>): Promise<SeenRecord[]> {
  const removed = await db.transaction('rw', db.seen, async () => {
    const rows = (await db.seen.bulkGet(keys.map(([kind, key]) => [site, kind, key] as [string, SeenKind, string]))).filter((r): r is SeenRecord => !!r);
    await db.seen.bulkDelete(rows.map((r) => [r.site, r.kind, r.key] as [string, SeenKind, string]));
    return rows;
  });
  await deleteEvictedTiles(removed);
  return removed;
}

/** Deletes the tiles of evicted or removed 'tiles' records from Cache Storage (window and service worker both have it). */
export async function deleteEvictedTiles(evicted: SeenRecord[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  for (const r of evicted) {
    if (r.kind !== 'tiles') continue;
    const ledger = r.value as Partial<SeenTiles> | undefined;
    if (!ledger?.cache || !ledger.tiles) continue;
    try {
      const cache = await caches.open(ledger.cache);
      await Promise.all(Object.keys(ledger.tiles).map((url) => cache.delete(url)));
    } catch (error) {
      console.error('[offline storage] could not delete evicted tiles', error);
    }
  }
}

/**
 * Adds tiles (URL -> bytes) to a page's tile ledger and keeps it (the record counts the tiles' bytes, so
 * one cap covers Dexie and the tile cache). Callers serialise their calls (read, merge, write).
 */
export async function keepTiles(
  db: ArchiveDatabase,
  site: string,
  pageUid: string,
  cache: string,
  tiles: Record<string, number>,
  options: Omit<KeepOptions, 'bytes'> = {},
): Promise<boolean> {
  const existing = await db.seen.get([site, 'tiles', pageUid]).catch(() => undefined);
  const prior = (existing?.value as SeenTiles | undefined)?.tiles ?? {};
  const merged: SeenTiles = { cache, tiles: { ...prior, ...tiles } };
  const bytes = Object.values(merged.tiles).reduce((n, b) => n + b, 0) + jsonBytes(merged);
  return keepSeen(db, site, 'tiles', pageUid, merged, { ...options, bytes });
}
