// "Add to list" as the archive worker runs it (workers/list-writes.ts) against a real Dexie database
// (fake-indexeddb): the item lands in a new or an existing list, a refused item comes back as the list's own
// words (shown to the visitor) with nothing written, and a page this device has read is pinned and gives the
// list's item its text, without a request.
import { afterEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import { ArchiveDatabase } from '../../../device-db/database';
import { createList, LIST_LIMITS, readListItems, readLists, type ListItemInput } from '../../../device-db/lists';
import { addListItem, keepListedPage } from '../../../workers/list-writes';

const SITE = 'http://a';
const SCREEN = { width: 1280, height: 900 };
let db: ArchiveDatabase;
afterEach(async () => {
  vi.unstubAllGlobals();
  db?.close();
  await Dexie.delete(db.name);
});
const open = async () => {
  db = new ArchiveDatabase(`list-writes-${Math.random().toString(36).slice(2)}`);
  await db.open();
  return db;
};

const pageItem: ListItemInput = { kind: 'page', ref: 'p1', title: 'The Harvest Gazette', date: '1874-07-02', page: 'Page 1', href: '/viewer?page=p1' };
const searchItem: ListItemInput = { kind: 'search', ref: 'k=locusts', title: 'Search: locusts', href: '/search?k=locusts' };

describe('Add to list in the worker', () => {
  it('adds to a new list and to an existing one, answering with the list name', async () => {
    await open();
    vi.stubGlobal('navigator', { onLine: false });
    expect(await addListItem(SITE, { newList: '  Grasshoppers ' }, searchItem, SCREEN, undefined, db)).toEqual({ listName: 'Grasshoppers' });
    const existing = await createList(db, SITE, 'Harvests');
    expect(await addListItem(SITE, { listId: existing.id }, searchItem, SCREEN, undefined, db)).toEqual({ listName: 'Harvests' });
    const lists = await readLists(db, SITE);
    expect(lists.map((l) => [l.name, l.count]).sort()).toEqual([
      ['Grasshoppers', 1],
      ['Harvests', 1],
    ]);
  });

  it("answers a refused item with the list's words and writes nothing", async () => {
    await open();
    const long = 'x'.repeat(LIST_LIMITS.name + 1);
    expect(await addListItem(SITE, { newList: long }, searchItem, SCREEN, undefined, db)).toEqual({
      refused: `A list name has at most ${LIST_LIMITS.name} characters.`,
    });
    expect(await addListItem(SITE, { newList: '   ' }, searchItem, SCREEN, undefined, db)).toEqual({ refused: 'A list needs a name.' });
    expect(await addListItem(SITE, { listId: 'gone' }, searchItem, SCREEN, undefined, db)).toEqual({ refused: 'That list no longer exists.' });
    expect(await readLists(db, SITE)).toEqual([]);
    expect(await db.listItems.count()).toBe(0);
  });

  it('pins a page this device has read and gives its list items the printed words, offline', async () => {
    await open();
    vi.stubGlobal('navigator', { onLine: false });
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const words = [
      ['Locusts', 0, 0, 1, 1],
      ['devour', 0, 0, 1, 1],
      ['the', 0, 0, 1, 1],
      ['wheat', 0, 0, 1, 1],
      ['devour', 0, 0, 1, 1],
    ];
    // The last word is a visitor's corrected copy, appended after the printed words: not the page's text.
    await db.seen.put({
      site: SITE,
      kind: 'page',
      key: 'p1',
      value: { page: { uid: 'p1', words, correctedWordsFrom: 4 }, hits: {} },
      bytes: 100,
      savedAt: 1,
      usedAt: 1,
      pinned: 0,
    });
    await db.seen.put({ site: SITE, kind: 'tiles', key: 'p1', value: { cache: 'iiif', tiles: {} }, bytes: 10, savedAt: 1, usedAt: 1, pinned: 0 });
    const added = await addListItem(SITE, { newList: 'Locusts' }, pageItem, SCREEN, undefined, db);
    expect(added).toEqual({ listName: 'Locusts' });
    await keepListedPage(SITE, 'p1', SCREEN, db);
    expect((await db.seen.get([SITE, 'page', 'p1']))?.pinned).toBe(1);
    expect((await db.seen.get([SITE, 'tiles', 'p1']))?.pinned).toBe(1);
    const [list] = await readLists(db, SITE);
    const [item] = await readListItems(db, list.id);
    expect(item.text).toBe('Locusts devour the wheat');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
