import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { ArchiveDatabase } from '../../../device-db/database';
import {
  evictSeen,
  keepSeen,
  keepTiles,
  onSeenEvicted,
  readSeen,
  recentSeen,
  SEEN_LIMITS,
  seenLimits,
  seenUsage,
  type SeenTiles,
} from '../../../device-db/seen-store';
import { getStorageProblems } from '../../../device-db/problems';
import type { SeenRecord } from '../../../device-db/schema';

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

  it('keeps what was seen within the byte cap, counts the given bytes, and never evicts pinned records', async () => {
    await open();
    const limits = { maxBytes: 1000, maxEntries: 100 };
    await keepSeen(db, SITE, 'tiles', 'a', null, { now: 1, bytes: 400, limits });
    await keepSeen(db, SITE, 'tiles', 'b', null, { now: 2, bytes: 400, limits });
    await keepSeen(db, SITE, 'tiles', 'c', null, { now: 3, bytes: 400, limits });
    expect((await db.seen.toArray()).map((r) => r.key).sort()).toEqual(['b', 'c']);
    // A saved issue larger than the cap: saved records live outside the caps, so nothing seen makes way for it.
    await keepSeen(db, SITE, 'tiles', 'pinned-page', null, { now: 4, bytes: 5000, pinned: true, limits });
    await keepSeen(db, SITE, 'tiles', 'd', null, { now: 5, bytes: 100, limits });
    expect((await db.seen.toArray()).map((r) => r.key).sort()).toEqual(['b', 'c', 'd', 'pinned-page']);
    expect((await seenUsage(db)).bytes).toBe(5900);
    // What was seen still goes, oldest first, when it alone passes the cap.
    await keepSeen(db, SITE, 'tiles', 'e', null, { now: 6, bytes: 300, limits });
    expect((await db.seen.toArray()).map((r) => r.key).sort()).toEqual(['c', 'd', 'e', 'pinned-page']);
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
    // The person hears that older records went to make room.
    expect(getStorageProblems().map((p) => p.kind)).toContain('evicted');
    failures = 2;
    expect(await keepSeen(db, SITE, 'search', 'q10', 10, { now: 10 })).toBe(false);
    expect(getStorageProblems().map((p) => p.kind)).toContain('quota');
  });

  it('keeps a label and an address for lists of what was seen, and leaves them out when not given', async () => {
    await open();
    await keepSeen(db, SITE, 'page', 'p1', { uid: 'p1' }, { now: 1, label: 'The Harvest Gazette, page 3', href: '/viewer?page=p1' });
    await keepSeen(db, SITE, 'page', 'p2', { uid: 'p2' }, { now: 2 });
    const [p2, p1] = await recentSeen(db, SITE, 'page');
    expect(p1).toMatchObject({ label: 'The Harvest Gazette, page 3', href: '/viewer?page=p1' });
    expect('label' in p2).toBe(false);
  });
});

describe('caps a browser test can shrink', () => {
  const g = globalThis as { __archiveSeenLimits?: unknown };
  afterEach(() => delete g.__archiveSeenLimits);

  it('uses the built-in caps unless the global override is present, and ignores nonsense in it', () => {
    expect(seenLimits()).toEqual(SEEN_LIMITS);
    g.__archiveSeenLimits = { maxEntries: 3 };
    expect(seenLimits()).toEqual({ maxBytes: SEEN_LIMITS.maxBytes, maxEntries: 3 });
    g.__archiveSeenLimits = { maxEntries: -1, maxBytes: 'x' };
    expect(seenLimits()).toEqual(SEEN_LIMITS);
  });

  it('keepSeen evicts under the override when no limits are passed', async () => {
    await open();
    g.__archiveSeenLimits = { maxEntries: 2 };
    for (let i = 1; i <= 4; i++) await keepSeen(db, SITE, 'search', `q${i}`, i, { now: i });
    expect((await db.seen.toArray()).map((r) => r.key).sort()).toEqual(['q3', 'q4']);
  });
});

describe('a viewer page and its tiles', () => {
  it('tile ledgers (result thumbnails make one per result page) do not push search answers out of the entry cap', async () => {
    await open();
    const limits = { maxBytes: 1e9, maxEntries: 3 };
    for (let i = 1; i <= 3; i++) {
      await keepSeen(db, SITE, 'search', `q${i}`, i, { now: i * 10, limits });
      for (let p = 0; p < 5; p++) await keepTiles(db, SITE, `p${i}-${p}`, 'c', { [`t${i}${p}`]: 10 }, { now: i * 10 + p + 1, limits });
    }
    expect((await db.seen.toArray()).filter((r) => r.kind === 'search').length).toBe(3);
  });

  const keys = async () => (await db.seen.toArray()).map((r) => `${r.kind}:${r.key}`).sort();

  it("the tile ledger counts the tiles' bytes and merges tiles seen later", async () => {
    await open();
    await keepTiles(db, SITE, 'p1', 'archive-iiif-v2', { '/iiif/3/p1/a.jpg': 1000 }, { now: 1 });
    await keepTiles(db, SITE, 'p1', 'archive-iiif-v2', { '/iiif/3/p1/b.jpg': 3000 }, { now: 2 });
    const ledger = await readSeen<SeenTiles>(db, SITE, 'tiles', 'p1');
    expect(ledger?.value.tiles).toEqual({ '/iiif/3/p1/a.jpg': 1000, '/iiif/3/p1/b.jpg': 3000 });
    expect(ledger?.value.cache).toBe('archive-iiif-v2');
    expect(ledger!.bytes).toBeGreaterThanOrEqual(4000);
  });

  it("a page's data and its tiles are evicted together, oldest page first", async () => {
    await open();
    const limits = { maxBytes: 1e9, maxEntries: 1 };
    await keepSeen(db, SITE, 'page', 'old', { text: 'a' }, { now: 1, limits });
    await keepTiles(db, SITE, 'old', 'c', { t1: 10 }, { now: 5, limits });
    await keepSeen(db, SITE, 'page', 'new', { text: 'b' }, { now: 6, limits });
    await keepTiles(db, SITE, 'new', 'c', { t2: 10 }, { now: 7, limits });
    // Two pages over a cap of one (tile ledgers count in bytes only): the oldest page goes, its tiles with it.
    expect(await keys()).toEqual(['page:new', 'tiles:new']);
  });

  it('reading a page marks its tiles used too, so they outlive an older page', async () => {
    await open();
    const limits = { maxBytes: 1e9, maxEntries: 2 };
    await keepSeen(db, SITE, 'page', 'a', 1, { now: 1, limits });
    await keepTiles(db, SITE, 'a', 'c', { t: 1 }, { now: 2, limits });
    await keepSeen(db, SITE, 'page', 'b', 1, { now: 3, limits });
    await keepTiles(db, SITE, 'b', 'c', { t: 1 }, { now: 4, limits });
    await readSeen(db, SITE, 'page', 'a', 5);
    await keepSeen(db, SITE, 'search', 'k=x', 1, { now: 6, limits });
    expect(await keys()).toEqual(['page:a', 'search:k=x', 'tiles:a']);
  });

  it('a cap smaller than one page keeps the page just written and its tiles, and drops the rest', async () => {
    await open();
    const limits = { maxBytes: 1, maxEntries: 100 };
    await keepSeen(db, SITE, 'page', 'a', { words: 'x'.repeat(500) }, { now: 1 });
    await keepTiles(db, SITE, 'a', 'c', { t: 5000 }, { now: 2 });
    await keepTiles(db, SITE, 'b', 'c', { t: 5000 }, { now: 3, limits });
    expect(await keys()).toEqual(['tiles:b']);
    await keepSeen(db, SITE, 'page', 'b', { words: 'y' }, { now: 4, limits });
    expect(await keys()).toEqual(['page:b', 'tiles:b']);
  });

  it('keeping a pinned record (the OCR table, a saved issue) evicts nothing that was seen, even over the caps', async () => {
    await open();
    const limits = { maxBytes: 1, maxEntries: 100 };
    await keepSeen(db, SITE, 'page', 'a', { words: 'x'.repeat(500) }, { now: 1, limits });
    await keepTiles(db, SITE, 'a', 'c', { t: 5000 }, { now: 2, limits });
    // The OCR table lands after the page (it is fetched beside it): the page being read stays, with its tiles.
    await keepSeen(db, SITE, 'ocr', 'confusions', { table: 'y'.repeat(500) }, { now: 3, limits, pinned: true });
    expect(await keys()).toEqual(['ocr:confusions', 'page:a', 'tiles:a']);
    // The next seen record is what makes room, as before.
    await keepSeen(db, SITE, 'page', 'b', { words: 'z' }, { now: 4, limits });
    expect(await keys()).toEqual(['ocr:confusions', 'page:b']);
  });

  it("deletes an evicted page's tiles from Cache Storage", async () => {
    await open();
    const deleted: string[] = [];
    const fakeCaches = { open: async (name: string) => ({ delete: async (url: string) => void deleted.push(`${name} ${url}`) }) };
    (globalThis as { caches?: unknown }).caches = fakeCaches;
    try {
      await keepTiles(db, SITE, 'old', 'archive-iiif-v2', { '/iiif/3/old/1.jpg': 10, '/iiif/3/old/2.jpg': 10 }, { now: 1 });
      await keepTiles(db, SITE, 'new', 'archive-iiif-v2', { '/iiif/3/new/1.jpg': 10 }, { now: 2 });
      // Tile ledgers count in bytes: a byte cap that holds one of the two ledgers.
      await evictSeen(db, { maxBytes: 100, maxEntries: 100 });
    } finally {
      delete (globalThis as { caches?: unknown }).caches;
    }
    expect(deleted.sort()).toEqual(['archive-iiif-v2 /iiif/3/old/1.jpg', 'archive-iiif-v2 /iiif/3/old/2.jpg']);
  });

  it('honours a cap set on globalThis only when one is set', async () => {
    expect(seenLimits()).toEqual(SEEN_LIMITS);
    const g = globalThis as { __archiveSeenLimits?: unknown };
    g.__archiveSeenLimits = { maxBytes: 2048 };
    try {
      expect(seenLimits()).toEqual({ maxBytes: 2048, maxEntries: SEEN_LIMITS.maxEntries });
      await open();
      await keepSeen(db, SITE, 'search', 'q1', 'x'.repeat(1500), { now: 1 });
      await keepSeen(db, SITE, 'search', 'q2', 'y'.repeat(1500), { now: 2 });
      expect(await keys()).toEqual(['search:q2']);
    } finally {
      delete g.__archiveSeenLimits;
    }
  });
});
