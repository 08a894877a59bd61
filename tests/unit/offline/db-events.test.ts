// Another tab's upgrade and a blocked upgrade, with a real IndexedDB implementation (fake-indexeddb).
import { afterEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import { ArchiveDatabase } from '../../../device-db/database';
import { watchDatabase } from '../../../src/shared/db/database';
import { SCHEMA_V1, SCHEMA_V6 } from '../../../device-db/schema';
import { classifyStorageError, dismissStorageProblem, getStorageProblems } from '../../../device-db/problems';

const name = () => `events-${Math.random().toString(36).slice(2)}`;
afterEach(() => {
  for (const p of getStorageProblems()) dismissStorageProblem(p.kind);
  vi.restoreAllMocks();
});

describe('database events a person must not miss', () => {
  it('closes and reloads this tab when another tab opens a newer schema (versionchange)', async () => {
    const n = name();
    const reload = vi.fn();
    const db = watchDatabase(new ArchiveDatabase(n), reload);
    await db.open();
    // A newer release in another tab adds version 7.
    const newer = new Dexie(n);
    newer.version(6).stores(SCHEMA_V6);
    newer.version(7).stores({ ...SCHEMA_V6, clips: '[site+id], site' });
    await newer.open(); // resolves only because this tab let go of its connection
    expect(reload).toHaveBeenCalledTimes(1);
    expect(db.isOpen()).toBe(false);
    newer.close();
    await Dexie.delete(n);
  });

  it('reports an upgrade blocked by an old tab that keeps its connection open', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const n = name();
    // An old tab running the first release, which ignores versionchange (returning false stops Dexie's
    // default close).
    const old = new Dexie(n);
    old.version(1).stores(SCHEMA_V1);
    old.on('versionchange', () => false);
    await old.open();
    const db = watchDatabase(new ArchiveDatabase(n), () => undefined);
    await vi.waitFor(() => expect(getStorageProblems().map((p) => p.kind)).toContain('blocked'));
    expect(getStorageProblems().find((p) => p.kind === 'blocked')?.message).toMatch(/Close the other tabs/);
    old.close(); // the person closes the old tab: the upgrade goes on
    await db.open();
    expect(db.verno).toBe(9);
    db.close();
    await Dexie.delete(n);
  });

  it('tells a full quota apart from other failures', () => {
    expect(classifyStorageError(new (Dexie as unknown as Record<string, new (m: string) => Error>).QuotaExceededError('full'))).toBe('quota');
    expect(classifyStorageError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe('quota');
    expect(classifyStorageError(new (Dexie as unknown as Record<string, new (m: string) => Error>).MissingAPIError('no indexedDB'))).toBe('unavailable');
    expect(classifyStorageError(new Error('x'))).toBe('failed');
  });
});
