// The visitor's research lists on the device (issue #38): the v7 upgrade keeps what was saved, the named writes,
// search over notes and items' text, and the files a list leaves as (JSON that imports back, CSV, RIS, BibTeX).
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { ArchiveDatabase } from '../../../device-db/database';
import { SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5, SCHEMA_V6 } from '../../../device-db/schema';
import {
  addToList,
  addToNewList,
  createList,
  deleteList,
  editItem,
  ListError,
  listHasRegionNotes,
  listsHolding,
  moveItem,
  moveItemTo,
  pageNotes,
  parseTags,
  readItemsById,
  readListItemIds,
  readListItems,
  readLists,
  removeItem,
  renameList,
  restoreList,
  searchLists,
  type ListItemInput,
} from '../../../device-db/lists';
import {
  csvCell,
  exportListsJson,
  importListsJson,
  ListImportError,
  listToAnnotationPage,
  listToBibtex,
  listToCsv,
  listToRis,
} from '../../../device-db/lists-io';
import { citeTitle } from '../../../contract/citation';

const SITE = 'http://127.0.0.1:8080';
const OTHER = 'http://localhost:8080';
const names: string[] = [];
const fresh = () => {
  const name = `lists-test-${names.length}-${Math.random().toString(36).slice(2)}`;
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
  thumbnail: `/iiif/${uid}/full/200,/0/default.jpg`,
  snippet: 'the wheat crop of the county',
  href: `/viewer?page=${uid}`,
  text: 'GRASSHOPPERS DESCEND ON THE VALLEY farmers report losses',
  ...extra,
});
const search: ListItemInput = { kind: 'search', ref: 'q=locusts&y1=1880', title: 'locusts, 1880–', href: '/search?q=locusts&y1=1880' };

describe('device database v6 → v7', () => {
  it("adds the list tables and keeps the visitor's saved pages and outbox", async () => {
    const db0 = fresh();
    const name = db0.name;
    const v6 = new Dexie(name);
    v6.version(1).stores(SCHEMA_V1);
    v6.version(2).stores(SCHEMA_V2);
    v6.version(3).stores(SCHEMA_V3);
    v6.version(4).stores(SCHEMA_V4);
    v6.version(5).stores(SCHEMA_V5);
    v6.version(6).stores(SCHEMA_V6);
    await v6
      .table('seen')
      .add({ site: SITE, kind: 'page', key: 'p1', value: { page: null, hits: {} }, bytes: 10, savedAt: 1, usedAt: 1, pinned: 1, label: 'Saved page' });
    await v6.table('outbox').add({
      clientId: 'c1',
      site: SITE,
      kind: 'clip',
      body: {},
      createdAt: 1,
      state: 'pending',
      attempts: 0,
      claimedAt: null,
      lastError: null,
      sentAt: null,
      result: null,
    });
    v6.close();

    const db = new ArchiveDatabase(name);
    await db.open();
    expect(db.verno).toBe(9);
    expect(await db.seen.get([SITE, 'page', 'p1'])).toMatchObject({ pinned: 1, label: 'Saved page' });
    expect(await db.outbox.get('c1')).toMatchObject({ state: 'pending' });
    expect(await readLists(db, SITE)).toEqual([]);
    const list = await createList(db, SITE, 'Locust years');
    expect(await readLists(db, SITE)).toMatchObject([{ id: list.id, name: 'Locust years', count: 0 }]);
    db.close();
  });
});

describe('lists on the device', () => {
  it('adds pages and searches to named lists; an item can be in several lists but not twice in one', async () => {
    const db = fresh();
    const { list: a } = await addToNewList(db, SITE, '  Locust years ', page('p1'), 100);
    expect(a.name).toBe('Locust years');
    await addToList(db, a.id, search, 101);
    const again = await addToList(db, a.id, page('p1'), 102);
    const b = await createList(db, SITE, 'Kansas', 'Pages about Kansas');
    await addToList(db, b.id, page('p1'), 103);
    await createList(db, OTHER, 'Elsewhere');

    expect((await readListItems(db, a.id)).map((i) => [i.kind, i.ref, i.order])).toEqual([
      ['page', 'p1', 0],
      ['search', 'q=locusts&y1=1880', 1],
    ]);
    expect(again.addedAt).toBe(100);
    expect((await listsHolding(db, SITE, 'page', 'p1')).sort()).toEqual([a.id, b.id].sort());
    const summaries = await readLists(db, SITE);
    expect(summaries.map((l) => [l.name, l.count])).toEqual([
      ['Kansas', 1],
      ['Locust years', 2],
    ]);
    expect(summaries[1].bytes).toBeGreaterThan(0);
    await expect(createList(db, SITE, '   ')).rejects.toBeInstanceOf(ListError);
  });

  it('keeps a note exactly as typed, cleans tags, renames, reorders by one place and to a place', async () => {
    const db = fresh();
    const list = await createList(db, SITE, 'Notes');
    const p1 = await addToList(db, list.id, page('p1'));
    const p2 = await addToList(db, list.id, page('p2'));
    const s = await addToList(db, list.id, search);
    const note = '  <b>Bold?</b>\n"quoted" & <script>alert(1)</script>  ';
    await editItem(db, p1.id, { note, tags: parseTags('Harvest, harvest; Kansas , ,') });
    const [first] = await readListItems(db, list.id);
    expect(first.note).toBe(note);
    expect(first.tags).toEqual(['Harvest', 'Kansas']);

    await moveItem(db, s.id, -1);
    expect((await readListItems(db, list.id)).map((i) => i.id)).toEqual([p1.id, s.id, p2.id]);
    await moveItem(db, p1.id, -1); // already first: nothing moves
    await moveItem(db, p2.id, 1); // already last
    expect((await readListItems(db, list.id)).map((i) => i.id)).toEqual([p1.id, s.id, p2.id]);
    await moveItemTo(db, p1.id, 2);
    expect((await readListItems(db, list.id)).map((i) => i.id)).toEqual([s.id, p2.id, p1.id]);

    await renameList(db, list.id, 'Grasshoppers');
    expect((await db.lists.get(list.id))?.name).toBe('Grasshoppers');
    await removeItem(db, p2.id);
    expect((await readListItems(db, list.id)).map((i) => i.id)).toEqual([s.id, p1.id]);
  });

  it('deletes a list with its items and puts both back on undo', async () => {
    const db = fresh();
    const list = await createList(db, SITE, 'Doomed');
    await addToList(db, list.id, page('p1'));
    await addToList(db, list.id, search);
    const before = await readListItems(db, list.id);
    const deleted = await deleteList(db, list.id);
    expect(await readLists(db, SITE)).toEqual([]);
    expect(await db.listItems.count()).toBe(0);
    await restoreList(db, deleted!);
    expect(await readListItems(db, list.id)).toEqual(before);
  });

  it('finds items by a word of their note, a tag, or their page text, on this site only', async () => {
    const db = fresh();
    const list = await createList(db, SITE, 'Plague');
    const p1 = await addToList(db, list.id, page('p1'));
    const p2 = await addToList(db, list.id, page('p2', { text: 'a church social' }));
    await editItem(db, p2.id, { note: 'Compare with the Omaha report', tags: ['Méthodist'] });
    const elsewhere = await createList(db, OTHER, 'Other');
    await addToList(db, elsewhere.id, page('p9', { text: 'omaha omaha' }));

    expect((await searchLists(db, SITE, 'omaha')).map((h) => h.item.id)).toEqual([p2.id]);
    expect((await searchLists(db, SITE, 'methodist')).map((h) => h.item.id)).toEqual([p2.id]);
    expect((await searchLists(db, SITE, 'grasshop')).map((h) => h.item.id)).toEqual([p1.id]);
    expect((await searchLists(db, SITE, 'compare church')).map((h) => [h.item.id, h.listName])).toEqual([[p2.id, 'Plague']]);
    expect(await searchLists(db, SITE, 'omaha nowhere')).toEqual([]);
    expect(await searchLists(db, SITE, '  ')).toEqual([]);
  });
});

describe('list files', () => {
  it('exports a list as JSON that imports back on another device, notes, tags and order kept', async () => {
    const db = fresh();
    const list = await createList(db, SITE, 'Locust years', 'For chapter 2');
    const p1 = await addToList(db, list.id, page('p1', { region: { x: 10, y: 20, w: 300, h: 40 } }));
    await addToList(db, list.id, search);
    await editItem(db, p1.id, { note: 'First sighting\nline two', tags: ['1874'] });
    await moveItem(db, p1.id, 1);
    const json = await exportListsJson(db, [list.id]);

    const other = fresh();
    await createList(other, SITE, 'Locust years');
    const [made] = await importListsJson(other, SITE, json);
    expect(made.name).toBe('Locust years (imported)');
    expect(made.description).toBe('For chapter 2');
    const items = await readListItems(other, made.id);
    expect(items.map((i) => [i.kind, i.ref, i.note, i.tags])).toEqual([
      ['search', search.ref, '', []],
      ['page', 'p1', 'First sighting\nline two', ['1874']],
    ]);
    expect(items[1]).toMatchObject({
      title: 'The Harvest Gazette',
      date: '1890-05-12',
      page: 'Page 3',
      region: { x: 10, y: 20, w: 300, h: 40 },
      text: page('p1').text,
    });
    expect((await searchLists(other, SITE, 'sighting')).map((h) => h.item.ref)).toEqual(['p1']);
  });

  it('refuses a malformed or hostile file with a clear message and imports nothing of it', async () => {
    const db = fresh();
    const good = JSON.parse(
      await exportListsJson(
        await seeded(db),
        (await db.lists.toArray()).map((l) => l.id),
      ),
    );
    const before = { lists: await db.lists.count(), items: await db.listItems.count() };
    const bad = (mutate: (f: typeof good) => void) => {
      const copy = structuredClone(good);
      mutate(copy);
      return JSON.stringify(copy);
    };
    const cases: Array<[string, RegExp]> = [
      ['not json {', /not JSON/],
      [JSON.stringify({ hello: 1 }), /not a list file/],
      [bad((f) => (f.version = 99)), /newer version/],
      // The second list is broken: the first must not be written either.
      [
        bad((f) => f.lists.push({ name: 'Second', items: [{ ...f.lists[0].items[0], href: '//evil.example/x' }] })),
        /address on this site.*lists\.1\.items\.0\.href/,
      ],
      [bad((f) => (f.lists[0].items[0].href = 'javascript:alert(1)')), /address on this site/],
      [bad((f) => (f.lists[0].items[0].thumbnail = 'https://tracker.example/pixel.gif')), /address on this site/],
      [bad((f) => (f.lists[0].items[0].kind = 'script')), /kind/],
      [bad((f) => (f.lists[0].name = ' ')), /needs a name/],
      [bad((f) => (f.lists[0].items[0].note = 'x'.repeat(20001))), /note/],
      [bad((f) => (f.lists[0].items[0].region = { x: -1, y: 0, w: 1, h: 1 })), /region/],
    ];
    for (const [raw, message] of cases) {
      const refused = importListsJson(db, SITE, raw);
      await expect(refused).rejects.toBeInstanceOf(ListImportError);
      await expect(importListsJson(db, SITE, raw)).rejects.toThrow(message);
    }
    expect({ lists: await db.lists.count(), items: await db.listItems.count() }).toEqual(before);
  });

  it('writes CSV a spreadsheet cannot run, and RIS and BibTeX with the citation fields', async () => {
    const db = await seeded(fresh());
    const [list] = await db.lists.toArray();
    const items = await readListItems(db, list.id);
    const csv = listToCsv(list, items, SITE);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('List,Position,Kind,Title,Date,Page,Note,Tags,Snippet,Link');
    expect(lines[1]).toContain(`,"'=HYPERLINK(""x""), said ""he"" 100% {sure}",`);
    expect(lines[1]).toContain(`${SITE}/viewer?page=p1`);
    expect(csvCell('-2')).toBe("'-2");

    // A page is cited as the viewer cites it (contract/citation.ts): the same title, newspaper, day and page.
    const ris = listToRis(items, SITE, 'Test Archive');
    const viewerTitle = citeTitle({
      uid: 'p1',
      title: 'The Harvest Gazette',
      place: null,
      date: '1890-05-12',
      edition: 1,
      volume: null,
      issueNumber: null,
      sequence: 3,
      number: '3',
      citationUrl: '',
    });
    expect(viewerTitle).toBe('The Harvest Gazette, May 12, 1890, page 3');
    expect(ris).toContain(
      `TY  - NEWS\r\nTI  - ${viewerTitle}\r\nT2  - The Harvest Gazette\r\nDA  - 1890/05/12/\r\nPY  - 1890\r\nSP  - 3\r\nDB  - Test Archive\r\nUR  - ${SITE}/viewer?page=p1\r\n`,
    );
    expect(ris).toContain('TY  - ELEC\r\nTI  - Search: locusts, 1880–\r\n');
    expect(ris.match(/^ER {2}- /gm)).toHaveLength(2);

    const bib = listToBibtex(items, SITE, 'Test Archive');
    expect(bib).toContain(`@article{the1890_1,\n  title = {${viewerTitle}},\n  journal = {The Harvest Gazette},\n  date = {1890-05-12},`);
    expect(bib).toContain(`url = {${SITE}/viewer?page=p1}`);
    expect(bib).toContain('note = {=HYPERLINK("x"), said "he" 100\\% \\{sure\\}}');
    expect(bib).toContain('@misc{locusts_2,');
  });
});

describe('region notes', () => {
  it('export as a IIIF AnnotationPage of W3C Web Annotations on the canvas at the region, and survive a JSON round trip', async () => {
    const db = fresh();
    const list = await createList(db, SITE, 'Regions');
    await addToList(db, list.id, page('p1'));
    const canvas = '/iiif/presentation/issue%201/canvas/p1';
    const region = await addToList(db, list.id, { ...page('p1'), kind: 'clip', ref: 'p1#xywh=10,20,300,40', region: { x: 10, y: 20, w: 300, h: 40 }, canvas });
    await editItem(db, region.id, { note: 'The <b>locust</b> notice', tags: ['locusts'] });

    const items = await readListItems(db, list.id);
    // The open list offers the IIIF export only when it holds a region note (of this list, on this site).
    expect(await listHasRegionNotes(db, SITE, list.id)).toBe(true);
    const plain = await createList(db, SITE, 'Pages only');
    await addToList(db, plain.id, page('p9'));
    expect(await listHasRegionNotes(db, SITE, plain.id)).toBe(false);
    expect(await listHasRegionNotes(db, OTHER, list.id)).toBe(false);
    const annotations = listToAnnotationPage(list, items, SITE);
    expect(annotations).toMatchObject({ '@context': 'http://iiif.io/api/presentation/3/context.json', type: 'AnnotationPage', label: { none: ['Regions'] } });
    expect(annotations.items).toHaveLength(1);
    expect(annotations.items[0]).toMatchObject({
      type: 'Annotation',
      motivation: 'commenting',
      body: [
        { type: 'TextualBody', value: 'The <b>locust</b> notice', format: 'text/plain', purpose: 'commenting' },
        { type: 'TextualBody', value: 'locusts', purpose: 'tagging' },
      ],
      target: `${SITE}${canvas}#xywh=10,20,300,40`,
    });

    // The viewer's side panel lists the page's own items and the notes pinned to its regions, on this site only.
    expect((await pageNotes(db, SITE, 'p1')).map((h) => [h.item.kind, h.listName])).toEqual([
      ['page', 'Regions'],
      ['clip', 'Regions'],
    ]);
    expect(await pageNotes(db, SITE, 'p')).toEqual([]);
    expect(await pageNotes(db, OTHER, 'p1')).toEqual([]);

    const other = fresh();
    const [copy] = await importListsJson(other, SITE, await exportListsJson(db, [list.id]));
    expect(listToAnnotationPage(copy, await readListItems(other, copy.id), SITE).items.map((a) => a.target)).toEqual([`${SITE}${canvas}#xywh=10,20,300,40`]);
  });
});

describe('opening a list reads only the rows on screen', () => {
  it('gives the ids in the list order and the records of the ids asked for, after a move and a removal', async () => {
    const db = fresh();
    const list = await createList(db, SITE, 'Long');
    const added = [];
    for (let i = 0; i < 5; i++) added.push(await addToList(db, list.id, page(`p${i}`)));
    await moveItem(db, added[4].id, -1);
    await removeItem(db, added[1].id);
    const ids = await readListItemIds(db, list.id);
    expect(ids).toEqual((await readListItems(db, list.id)).map((i) => i.id));
    expect(ids).toEqual([added[0].id, added[2].id, added[4].id, added[3].id]);
    const window = await readItemsById(db, [ids[2], ids[1], added[1].id]);
    expect(window.map((i) => [i.ref, i.text])).toEqual([
      ['p4', page('p4').text],
      ['p2', page('p2').text],
    ]);
  });
});

async function seeded(db: ArchiveDatabase): Promise<ArchiveDatabase> {
  const list = await createList(db, SITE, 'Seed');
  const p1 = await addToList(db, list.id, page('p1'));
  await addToList(db, list.id, search);
  await editItem(db, p1.id, { note: '=HYPERLINK("x"), said "he" 100% {sure}', tags: ['a'] });
  return db;
}
