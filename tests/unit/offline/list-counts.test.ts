// Each list's item count and bytes are kept on its record (v9), so /lists shows them without reading every item
// with its page text: the v8 → v9 upgrade counts the lists already on a visitor's device (keeping their data),
// and every write that adds, removes or changes items keeps the record right in the same transaction.
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { ArchiveDatabase } from '../../../device-db/database';
import { listItemBytes, SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5, SCHEMA_V6, SCHEMA_V7, SCHEMA_V8 } from '../../../device-db/schema';
import type { ListItemRecord } from '../../../device-db/schema';
import {
  addToList,
  addToNewList,
  createList,
  deleteList,
  editItem,
  fillPageText,
  moveItem,
  moveItemTo,
  readLists,
  removeItem,
  restoreItem,
  restoreList,
  type ListItemInput,
} from '../../../device-db/lists';
import { exportListsJson, importListsJson } from '../../../device-db/lists-io';

const SITE = 'http://127.0.0.1:8080';
const OTHER = 'http://localhost:8080';
const names: string[] = [];
const fresh = () => {
  const name = `list-counts-${names.length}-${Math.random().toString(36).slice(2)}`;
  names.push(name);
  return new ArchiveDatabase(name);
};
afterEach(async () => {
  for (const n of names.splice(0)) await Dexie.delete(n);
});

const page = (uid: string, extra: Partial<ListItemInput> = {}): ListItemInput => ({
  kind: 'page',
  ref: uid,
  title: 'The Harvest Gazette',
  date: '1890-05-12',
  page: 'Page 3',
  href: `/viewer?page=${uid}`,
  text: 'GRASSHOPPERS DESCEND ON THE VALLEY',
  ...extra,
});

/** What each list's count and bytes must be: counted from its items. */
async function counted(db: ArchiveDatabase): Promise<Record<string, { count: number; bytes: number }>> {
  const out: Record<string, { count: number; bytes: number }> = {};
  for (const list of await db.lists.toArray()) out[list.id] = { count: 0, bytes: 0 };
  for (const item of await db.listItems.toArray()) {
    const s = (out[item.listId] ??= { count: 0, bytes: 0 });
    s.count++;
    s.bytes += listItemBytes(item);
  }
  return out;
}

/** What the list records say. */
async function kept(db: ArchiveDatabase): Promise<Record<string, { count: number; bytes: number }>> {
  return Object.fromEntries((await db.lists.toArray()).map((l) => [l.id, { count: l.count, bytes: l.bytes }]));
}

const expectRight = async (db: ArchiveDatabase) => expect(await kept(db)).toEqual(await counted(db));

describe('device database v8 → v9', () => {
  it("counts the items and bytes of the lists already on the device, keeping the visitor's data", async () => {
    const name = fresh().name;
    const v8 = new Dexie(name);
    v8.version(1).stores(SCHEMA_V1);
    v8.version(2).stores(SCHEMA_V2);
    v8.version(3).stores(SCHEMA_V3);
    v8.version(4).stores(SCHEMA_V4);
    v8.version(5).stores(SCHEMA_V5);
    v8.version(6).stores(SCHEMA_V6);
    v8.version(7).stores(SCHEMA_V7);
    v8.version(8).stores(SCHEMA_V8);
    await v8
      .table('seen')
      .add({ site: SITE, kind: 'page', key: 'p1', value: { page: null, hits: {} }, bytes: 10, savedAt: 1, usedAt: 1, pinned: 1, label: 'Saved page' });
    const list = (id: string, site: string, updatedAt: number) => ({ id, site, name: `List ${id}`, description: 'kept', createdAt: 1, updatedAt });
    await v8.table('lists').bulkAdd([list('a', SITE, 5), list('b', SITE, 7), list('empty', OTHER, 3)]);
    const item = (id: string, listId: string, order: number, site = SITE): ListItemRecord => ({
      id,
      listId,
      site,
      kind: 'page',
      ref: `page-${id}`,
      order,
      title: `Gazette ${id}`,
      date: '1890-05-12',
      page: 'Page 1',
      thumbnail: '',
      snippet: '',
      region: null,
      href: `/viewer?page=page-${id}`,
      text: 'x'.repeat(100 * order),
      note: order ? 'a note, typed “exactly”' : '',
      tags: order ? ['wheat'] : [],
      addedAt: 1,
      updatedAt: 1,
    });
    const items = [item('a1', 'a', 0), item('a2', 'a', 1), item('a3', 'a', 2), item('b1', 'b', 0)];
    await v8.table('listItems').bulkAdd(items);
    v8.close();

    const db = new ArchiveDatabase(name);
    await db.open();
    expect(db.verno).toBe(9);
    expect(await db.seen.get([SITE, 'page', 'p1'])).toMatchObject({ pinned: 1, label: 'Saved page' });
    const bytes = (ids: string[]) => items.filter((i) => ids.includes(i.id)).reduce((n, i) => n + listItemBytes(i), 0);
    expect(await readLists(db, SITE)).toEqual([
      { ...list('b', SITE, 7), count: 1, bytes: bytes(['b1']) },
      { ...list('a', SITE, 5), count: 3, bytes: bytes(['a1', 'a2', 'a3']) },
    ]);
    expect(await readLists(db, OTHER)).toEqual([{ ...list('empty', OTHER, 3), count: 0, bytes: 0 }]);
    expect(await db.listItems.count()).toBe(4);
    await expectRight(db);
    db.close();
  });
});

describe("a list's count and bytes", () => {
  it('stay right through adds, note edits, moves, removals, undo, page text and deleting a list', async () => {
    const db = fresh();
    const list = await createList(db, SITE, 'Locust years');
    expect(await readLists(db, SITE)).toMatchObject([{ id: list.id, count: 0, bytes: 0 }]);
    const first = await addToList(db, list.id, page('p1'));
    await addToList(db, list.id, page('p2', { text: '' }));
    await addToList(db, list.id, page('p1')); // the same page again: not doubled, not counted twice
    const { list: other } = await addToNewList(db, SITE, 'Harvests', page('p2', { text: '' }));
    await expectRight(db);
    expect((await kept(db))[list.id].count).toBe(2);
    expect((await kept(db))[other.id].count).toBe(1);

    await editItem(db, first.id, { note: 'A long note about the valley '.repeat(20), tags: ['locusts', 'Kansas'] });
    await expectRight(db);
    await moveItem(db, first.id, 1);
    await moveItemTo(db, first.id, 0);
    await expectRight(db);

    // The page is kept: both items of p2 (in two lists) get its text, and grow.
    const before = await kept(db);
    await fillPageText(db, SITE, 'p2', 'THE HARVEST WILL BE AN ABUNDANT ONE '.repeat(50));
    await expectRight(db);
    expect((await kept(db))[other.id].bytes).toBeGreaterThan(before[other.id].bytes);

    const gone = await removeItem(db, first.id);
    await expectRight(db);
    expect((await kept(db))[list.id].count).toBe(1);
    await restoreItem(db, gone!);
    await restoreItem(db, gone!); // a second undo puts back nothing more
    await expectRight(db);
    expect((await kept(db))[list.id].count).toBe(2);

    const deleted = await deleteList(db, list.id);
    expect(await readLists(db, SITE)).toMatchObject([{ id: other.id, count: 1 }]);
    await restoreList(db, deleted!);
    await expectRight(db);
    expect((await readLists(db, SITE)).map((l) => [l.name, l.count])).toEqual(
      expect.arrayContaining([
        ['Locust years', 2],
        ['Harvests', 1],
      ]),
    );
  });

  it('are counted for an imported list, and equal on the device it came from', async () => {
    const from = fresh();
    const list = await createList(from, SITE, 'Locust years');
    for (let i = 0; i < 5; i++) await addToList(from, list.id, page(`p${i}`, { note: `note ${i}`, tags: ['wheat'] }));
    const file = await exportListsJson(from, [list.id]);

    const to = fresh();
    const [made] = await importListsJson(to, SITE, file);
    await expectRight(to);
    const [imported] = await readLists(to, SITE);
    expect(imported).toMatchObject({ id: made.id, count: 5 });
    // The same items (new ids of the same length), the same size.
    expect(imported.bytes).toBe((await readLists(from, SITE))[0].bytes);
  });
});
