// The schema upgrade with a real IndexedDB implementation (fake-indexeddb, loaded in tests/setup.ts).
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { ArchiveDatabase } from '../../../device-db/database';
import { SCHEMA_V1, SCHEMA_V2, TITLE_CHUNK } from '../../../device-db/schema';
import { readTitles } from '../../../src/shared/db/home-store';

const names: string[] = [];
const freshName = () => {
  const name = `upgrade-test-${names.length}-${Math.random().toString(36).slice(2)}`;
  names.push(name);
  return name;
};
afterEach(async () => {
  for (const n of names.splice(0)) await Dexie.delete(n);
});

describe('offline database schema upgrades (v1 → v2 → v3 → v4)', () => {
  it('keeps v1 titles and decades of every site and reshapes them', async () => {
    const name = freshName();
    // A profile that ran the first release: version 1 with data of two sites.
    const v1 = new Dexie(name);
    v1.version(1).stores(SCHEMA_V1);
    await v1.table('titles').bulkAdd([
      { site: 'http://127.0.0.1:8080', TitleId: 1, title: 'évening Star', YearRange: '1859-1920', count: 15, ThumbImagePath: 'a.jpg', fetchedAt: 111 },
      { site: 'http://127.0.0.1:8080', TitleId: 2, title: '"Omaha" Daily Bee', YearRange: '1887', count: 9, ThumbImagePath: 'b.jpg', fetchedAt: 111 },
      { site: 'http://localhost:8080', TitleId: 1, title: 'Site two title', YearRange: '1900', count: 1, ThumbImagePath: 'c.jpg', fetchedAt: 222 },
    ]);
    await v1.table('decades').bulkAdd([
      { site: 'http://127.0.0.1:8080', Decade: '1880', count: 9, Years: '1887,1881, 1887,1899', fetchedAt: 111 },
      { site: 'http://127.0.0.1:8080', Decade: '1850-x', count: 2, Years: '1859', fetchedAt: 111 },
    ]);
    v1.close();

    const db = new ArchiveDatabase(name);
    await db.open();
    expect(db.verno).toBe(9);

    const site1 = await readTitles(db, 'http://127.0.0.1:8080');
    expect(site1.map((t) => [t.TitleId, t.title, t.letter, t.count, t.fetchedAt])).toEqual([
      [1, 'évening Star', 'E', 15, 111],
      [2, '"Omaha" Daily Bee', 'O', 9, 111],
    ]);
    expect(await readTitles(db, 'http://localhost:8080')).toMatchObject([{ TitleId: 1, title: 'Site two title', letter: 'S', fetchedAt: 222 }]);

    const d1880 = await db.decades.get(['http://127.0.0.1:8080', '1880']);
    expect(d1880).toMatchObject({ Years: '1887,1881, 1887,1899', years: [1881, 1887], start: 1880, count: 9, fetchedAt: 111 });
    expect(await db.decades.get(['http://127.0.0.1:8080', '1850-x'])).toMatchObject({ start: 1850, years: [1859] });

    // New v2 tables exist and are indexed by site.
    expect(await db.countries.where('site').equals('http://127.0.0.1:8080').count()).toBe(0);
    // v4: the per-row title table is gone, its rows live on in chunks.
    expect(db.tables.map((t) => t.name)).not.toContain('titles');
    db.close();
  });

  it("v2 → v4: every site's titles move into chunks in their order, and the row table is dropped", async () => {
    const name = freshName();
    const v2 = new Dexie(name);
    v2.version(1).stores(SCHEMA_V1);
    v2.version(2).stores(SCHEMA_V2);
    const n = TITLE_CHUNK * 2 + 7;
    // Stored out of order: the order field, not the key, says where each title goes.
    const rows = Array.from({ length: n }, (_, i) => ({
      site: 'http://a',
      TitleId: n - i,
      title: `Title ${i}`,
      YearRange: '1900',
      count: i,
      ThumbImagePath: '',
      letter: 'T',
      order: i,
      fetchedAt: 5,
    }));
    await v2.table('titles').bulkAdd([...rows, { ...rows[0], site: 'http://b', TitleId: 1, title: 'Other site', fetchedAt: 9 }]);
    v2.close();

    const db = new ArchiveDatabase(name);
    await db.open();
    expect(db.verno).toBe(9);
    expect(await db.titleChunks.where('site').equals('http://a').count()).toBe(3);
    const a = await readTitles(db, 'http://a');
    expect(a.map((t) => t.title)).toEqual(rows.map((r) => r.title));
    expect(a[n - 1]).toMatchObject({ TitleId: 1, count: n - 1, fetchedAt: 5, site: 'http://a' });
    expect((await readTitles(db, 'http://b')).map((t) => t.title)).toEqual(['Other site']);
    expect(db.tables.map((t) => t.name)).not.toContain('titles');
    db.close();
  });

  it('an open v1 connection is told to close when another tab upgrades (versionchange)', async () => {
    const name = freshName();
    const oldTab = new Dexie(name);
    oldTab.version(1).stores(SCHEMA_V1);
    await oldTab.open();
    let versionChange: number | null | undefined;
    oldTab.on('versionchange', (e) => {
      versionChange = e.newVersion;
      oldTab.close();
      return false;
    });
    const newTab = new ArchiveDatabase(name);
    await newTab.open(); // would hang (blocked) if the old tab kept its connection open
    expect(versionChange).toBe(90); // Dexie multiplies versions by 10
    expect(newTab.verno).toBe(9);
    newTab.close();
  });
});
