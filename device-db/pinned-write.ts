// Writes of what the visitor saved on purpose (issue #17): pinned seen records, never evicted automatically.
// A full quota first gives back the oldest quarter of what was only seen (never a saved record) and tries
// once more; still full, it throws SaveQuotaError so the save stops with what it has, nothing half-written
// (one record is one IndexedDB put).
import type { ArchiveDatabase } from './database';
import type { SeenKind, SeenRecord } from './schema';
import { classifyStorageError } from './problems';
import { evictSeen, jsonBytes, type SeenTiles } from './seen-store';

export class SaveQuotaError extends Error {
  constructor(cause?: unknown) {
    super('Not enough storage space on this device');
    this.name = 'SaveQuotaError';
    this.cause = cause;
  }
}

/** QuotaExceededError from Dexie (possibly wrapped) or from Cache Storage. */
export const isQuotaError = (error: unknown) => error instanceof SaveQuotaError || classifyStorageError(error) === 'quota';

export interface PinnedOptions {
  bytes?: number;
  label?: string;
  href?: string;
  now?: number;
}

async function putWithRoom(db: ArchiveDatabase, record: SeenRecord): Promise<void> {
  const keep = { site: record.site, kind: record.kind, key: record.key };
  for (let attempt = 0; ; attempt++) {
    try {
      // A pinned record lives outside the caps (evictSeen counts only what was merely seen), so writing one
      // frees nothing to evict: reading the whole seen store after each of a save's writes was wasted work.
      await db.seen.put(record);
      return;
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      if (attempt === 1) throw new SaveQuotaError(error);
      await evictSeen(db, undefined, { freeFraction: 0.25, keep }).catch(() => undefined);
    }
  }
}

/** Keeps `value` under (site, kind, key), pinned; an existing record's name (label, href) stays unless given. */
export async function writePinned<T>(db: ArchiveDatabase, site: string, kind: SeenKind, key: string, value: T, options: PinnedOptions = {}): Promise<void> {
  const now = options.now ?? Date.now();
  // The existing record is read only for a name not given (a page's record holds its whole text).
  const existing = options.label === undefined || options.href === undefined ? await db.seen.get([site, kind, key]) : undefined;
  const record: SeenRecord<T> = { site, kind, key, value, bytes: options.bytes ?? jsonBytes(value), savedAt: now, usedAt: now, pinned: 1 };
  const label = options.label ?? existing?.label;
  const href = options.href ?? existing?.href;
  if (label !== undefined) record.label = label;
  if (href !== undefined) record.href = href;
  await putWithRoom(db, record);
}

/** Pins a record that exists (e.g. a page seen before it was saved); false when there is none. */
export async function pinExisting(db: ArchiveDatabase, site: string, kind: SeenKind, key: string): Promise<boolean> {
  return (await db.seen.update([site, kind, key], { pinned: 1 })) > 0;
}

/**
 * Adds tiles (URL -> bytes) to a page's tile ledger and pins it. The service worker merges into the same
 * ledger (sw/tile-ledger.ts keeps an existing pin), so the ledger is pinned before the tiles are fetched
 * and completed after: whichever writes last, the saved tiles stay listed and pinned.
 */
export async function pinTiles(db: ArchiveDatabase, site: string, pageUid: string, cache: string, tiles: Record<string, number>): Promise<void> {
  const existing = (await db.seen.get([site, 'tiles', pageUid]))?.value as SeenTiles | undefined;
  const merged: SeenTiles = { cache: existing?.cache ?? cache, tiles: { ...existing?.tiles, ...tiles } };
  const bytes = Object.values(merged.tiles).reduce((n, b) => n + b, 0) + jsonBytes(merged);
  await writePinned(db, site, 'tiles', pageUid, merged, { bytes });
}
