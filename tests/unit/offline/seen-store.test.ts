import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { ArchiveDatabase } from '../../../src/shared/db/database';
import { evictSeen, keepSeen, onSeenEvicted, readSeen, recentSeen, seenUsage } from '../../../src/shared/db/seen-store';
import { getStorageProblems } from '../../../src/shared/db/problems';
import type { SeenRecord } from '../../../src/shared/db/schema';

let db: ArchiveDatabase;
afterEach(async () => {
  db?.close();
  await Dexie.delete(db.name);
});
const open = async () => {
  db = new ArchiveDatabase(`seen-${Math.random().toString(36).slice(2)}`);
  await db.open();
  return db;
};
const SITE = 'http://a';

describe('what the visitor has seen', () => {
  it('gives back what it kept, per site and kind, and marks it used when read', async () => {
    await open();
    await keepSeen(db, SITE, 'search', 'k=harvest', { total: 3 }, { now: 100 });
    await keepSeen(db, 'http://b', 'search', 'k=harvest', { total: 9 }, { now: 100 });
    const back = await readSeen<{ total: number }>(db, SITE, 'search', 'k=harvest', 500);
    expect(back?.value).toEqual({ total: 3 });
    expect(back?.savedAt).toBe(100);
    expect((await db.seen.get([SITE, 'search', 'k=harvest']))?.usedAt).toBe(500);
    expect(await readSeen(db, SITE, 'page', 'k=harvest')).toBeUndefined();
  });

  it('evicts the least recently used first when over the entry cap, keeping the newest', async () => {
    await open();
    const limits = { maxBytes: 1e9, maxEntries: 3 };
    for (let i = 1; i <= 5; i++) await keepSeen(db, SITE, 'search', `q${i}`, { i }, { now: i, limits });
    const keys = (await db.seen.toArray()).map((r) => r.key).sort();
    expect(keys).toEqual(['q3', 'q4', 'q5']);
  });

  it('a record read recently outlives an older one written later', async () => {
    await open();
    const limits = { maxBytes: 1e9, maxEntries: 2 };
    await keepSeen(db, SITE, 'page', 'p1', 1, { now: 1, limits });
    await keepSeen(db, SITE, 'page', 'p2', 2, { now: 2, limits });
    await readSeen(db, SITE, 'page', 'p1', 3);
    await keepSeen(db, SITE, 'page', 'p3', 3, { now: 4, limits });
    expect((await db.seen.toArray()).map((r) => r.key).sort()).toEqual(['p1', 'p3']);
  });

  it('keeps within the byte cap, counts the given bytes, and never evicts pinned records', async () => {
    await open();
    const limits = { maxBytes: 1000, maxEntries: 100 };
    await keepSeen(db, SITE, 'tiles', 'pinned-page', null, { now: 1, bytes: 600, pinned: true, limits });
    await keepSeen(db, SITE, 'tiles', 'a', null, { now: 2, bytes: 300, limits });
    await keepSeen(db, SITE, 'tiles', 'b', null, { now: 3, bytes: 300, limits });
    const left = (await db.seen.toArray()).map((r) => r.key).sort();
    expect(left).toEqual(['b', 'pinned-page']);
    expect((await seenUsage(db)).bytes).toBe(900);
  });

  it('tells listeners what it evicted (so the tile cache can follow)', async () => {
    await open();
    const seen: string[] = [];
    const stop = onSeenEvicted((gone: SeenRecord[]) => void seen.push(...gone.map((r) => r.key)));
    await keepSeen(db, SITE, 'page', 'old', 1, { now: 1 });
    await keepSeen(db, SITE, 'page', 'new', 1, { now: 2 });
    await evictSeen(db, { maxBytes: 1e9, maxEntries: 1 });
    stop();
    expect(seen).toEqual(['old']);
  });

  it('lists the recently seen of a kind, newest first', async () => {
    await open();
    for (let i = 1; i <= 4; i++) await keepSeen(db, SITE, 'search', `q${i}`, i, { now: i });
    expect((await recentSeen(db, SITE, 'search', 2)).map((r) => r.key)).toEqual(['q4', 'q3']);
  });

  it('a full quota evicts old records and retries; if it still fails it says so and returns false', async () => {
    await open();
    for (let i = 1; i <= 8; i++) await keepSeen(db, SITE, 'search', `q${i}`, i, { now: i });
    const put = db.seen.put.bind(db.seen);
    let failures = 1;
    const quota = () => Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    db.seen.put = ((...args: Parameters<typeof put>) => (failures-- > 0 ? Promise.reject(quota()) : put(...args))) as typeof put;
    expect(await keepSeen(db, SITE, 'search', 'q9', 9, { now: 9 })).toBe(true);
    const keys = (await db.seen.toArray()).map((r) => r.key);
    expect(keys).toContain('q9');
    expect(keys).not.toContain('q1');
    failures = 2;
    expect(await keepSeen(db, SITE, 'search', 'q10', 10, { now: 10 })).toBe(false);
    expect(getStorageProblems().map((p) => p.kind)).toContain('quota');
  });
});
