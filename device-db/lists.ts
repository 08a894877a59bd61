// The visitor's research lists (issue #38): lists they name, per site, and the items in them (pages, clips,
// searches) with a note and tags each. The device is the only owner: every write goes through the named
// functions below, each one Dexie transaction, so two tabs (live queries) never see half a change.
import Dexie from 'dexie';
import { foldText } from '../contract/fold';
import type { ArchiveDatabase } from './database';
import { listItemBytes, type ListItemKind, type ListItemRecord, type ListRecord, type ListRegion } from './schema';

/** Longest list name, description, note and tag (characters): a list is a notebook, not a document store. */
export const LIST_LIMITS = { name: 200, description: 5000, note: 20000, tag: 60, tags: 30, text: 200000, itemsPerList: 5000 } as const;

const newId = (): string => globalThis.crypto.randomUUID();

/** What an item needs to be shown offline, as the viewer, a result, a clip or a search hands it over. */
export interface ListItemInput {
  kind: ListItemKind;
  ref: string;
  title: string;
  date?: string;
  page?: string;
  thumbnail?: string;
  snippet?: string;
  region?: ListRegion | null;
  canvas?: string;
  href: string;
  text?: string;
  note?: string;
  tags?: string[];
}

/** A list with how many items it holds and the bytes they take on the device (both kept on its record). */
export type ListSummary = ListRecord;

export class ListError extends Error {}

/** Trims a tag list: no empty tags, no repeats (case-insensitive), each within LIST_LIMITS. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ').slice(0, LIST_LIMITS.tag);
    const key = foldText(tag);
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out.slice(0, LIST_LIMITS.tags);
}

/** Splits what a person typed in a tags field ('war, harvest; Kansas') into tags. */
export const parseTags = (typed: string): string[] => cleanTags(typed.split(/[,;]/));

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new ListError('A list needs a name.');
  if (trimmed.length > LIST_LIMITS.name) throw new ListError(`A list name has at most ${LIST_LIMITS.name} characters.`);
  return trimmed;
}

/** Makes a new, empty list on `site`. */
export async function createList(db: ArchiveDatabase, site: string, name: string, description = '', now = Date.now()): Promise<ListRecord> {
  const list: ListRecord = {
    id: newId(),
    site,
    name: checkName(name),
    description: description.slice(0, LIST_LIMITS.description),
    createdAt: now,
    updatedAt: now,
    count: 0,
    bytes: 0,
  };
  await db.lists.add(list);
  return list;
}

export async function renameList(db: ArchiveDatabase, listId: string, name: string, now = Date.now()): Promise<void> {
  await db.lists.update(listId, { name: checkName(name), updatedAt: now });
}

export async function describeList(db: ArchiveDatabase, listId: string, description: string, now = Date.now()): Promise<void> {
  await db.lists.update(listId, { description: description.slice(0, LIST_LIMITS.description), updatedAt: now });
}

/**
 * The lists of a site, most recently changed first, with counts and sizes: the list records alone (each keeps
 * its count and bytes), so a site with thousands of items, each with its page text, reads none of them.
 */
export async function readLists(db: ArchiveDatabase, site: string): Promise<ListSummary[]> {
  const lists = await db.lists.where('site').equals(site).toArray();
  return lists.sort((a, b) => b.updatedAt - a.updatedAt);
}

/**
 * Changes a list's count and bytes by these amounts and marks it changed at `now`; called inside the
 * transaction that changes its items, so the record and its items never disagree.
 */
async function tally(db: ArchiveDatabase, listId: string, count: number, bytes: number, now: number): Promise<void> {
  await db.lists
    .where(':id')
    .equals(listId)
    .modify((list) => {
      list.count = Math.max(0, (list.count ?? 0) + count);
      list.bytes = Math.max(0, (list.bytes ?? 0) + bytes);
      list.updatedAt = now;
    });
}

/** A list's items in their order (the [listId+order] index gives them sorted). */
export async function readListItems(db: ArchiveDatabase, listId: string): Promise<ListItemRecord[]> {
  return db.listItems.where('[listId+order]').between([listId, Dexie.minKey], [listId, Dexie.maxKey]).toArray();
}

/**
 * A list's item ids in their order: keys only (the [listId+order] index), so opening a list of thousands reads
 * no item, nor the page text each one keeps; the rows on screen then read theirs (readItemsById).
 */
export async function readListItemIds(db: ArchiveDatabase, listId: string): Promise<string[]> {
  return db.listItems.where('[listId+order]').between([listId, Dexie.minKey], [listId, Dexie.maxKey]).primaryKeys();
}

/** The items of these ids, in the order asked (an id no longer on the device is left out). */
export async function readItemsById(db: ArchiveDatabase, ids: readonly string[]): Promise<ListItemRecord[]> {
  return (await db.listItems.bulkGet([...ids])).filter((item): item is ListItemRecord => !!item);
}

/**
 * Whether a list holds a note pinned to a region of a page (what the IIIF export writes). Regions are drawn as
 * clips, so the site's clips are read (the [site+kind+ref] index), not the list's pages with their texts.
 */
export async function listHasRegionNotes(db: ArchiveDatabase, site: string, listId: string): Promise<boolean> {
  const clip = await db.listItems
    .where('[site+kind+ref]')
    .between([site, 'clip', Dexie.minKey], [site, 'clip', Dexie.maxKey])
    .filter((i) => i.listId === listId && !!i.region && !!i.canvas)
    .first();
  return !!clip;
}

/** The site's lists without counting their items: what "Add to list" offers, most recently changed first. */
export async function readListNames(db: ArchiveDatabase, site: string): Promise<ListRecord[]> {
  const lists = await db.lists.where('site').equals(site).toArray();
  return lists.sort((a, b) => b.updatedAt - a.updatedAt);
}

/** The site's items that are this thing, in any list (the [site+kind+ref] index: no other item is read). */
const sameThing = (db: ArchiveDatabase, site: string, kind: ListItemKind, ref: string) => db.listItems.where('[site+kind+ref]').equals([site, kind, ref]);

/** The ids of the lists (of `site`) that hold this thing already. */
export async function listsHolding(db: ArchiveDatabase, site: string, kind: ListItemKind, ref: string): Promise<string[]> {
  const items = await sameThing(db, site, kind, ref).toArray();
  return [...new Set(items.map((i) => i.listId))];
}

function toItem(listId: string, site: string, input: ListItemInput, order: number, now: number): ListItemRecord {
  return {
    id: newId(),
    listId,
    site,
    kind: input.kind,
    ref: input.ref,
    order,
    title: input.title,
    date: input.date ?? '',
    page: input.page ?? '',
    thumbnail: input.thumbnail ?? '',
    snippet: input.snippet ?? '',
    region: input.region ?? null,
    ...(input.canvas ? { canvas: input.canvas } : {}),
    href: input.href,
    text: (input.text ?? '').slice(0, LIST_LIMITS.text),
    note: (input.note ?? '').slice(0, LIST_LIMITS.note),
    tags: cleanTags(input.tags ?? []),
    addedAt: now,
    updatedAt: now,
  };
}

/**
 * Adds an item at the end of a list. The same thing (kind and ref) added again to the same list is not
 * doubled: the existing item is returned (with the new display data, so a page read again stays current).
 */
export async function addToList(db: ArchiveDatabase, listId: string, input: ListItemInput, now = Date.now()): Promise<ListItemRecord> {
  return db.transaction('rw', db.lists, db.listItems, async () => {
    const list = await db.lists.get(listId);
    if (!list) throw new ListError('That list no longer exists.');
    // Indexes only: a list of thousands of items (each with its page's text) is not read to add one.
    const same = (await sameThing(db, list.site, input.kind, input.ref).toArray()).find((i) => i.listId === listId);
    if (same) return same;
    if ((await db.listItems.where('listId').equals(listId).count()) >= LIST_LIMITS.itemsPerList)
      throw new ListError(`A list holds at most ${LIST_LIMITS.itemsPerList} items.`);
    const last = await db.listItems.where('[listId+order]').between([listId, Dexie.minKey], [listId, Dexie.maxKey]).last();
    const order = (last?.order ?? -1) + 1;
    const item = toItem(listId, list.site, input, order, now);
    await db.listItems.add(item);
    await tally(db, listId, 1, listItemBytes(item), now);
    return item;
  });
}

/** Creates a list named `name` and adds the item to it (the "New list" path of Add to list). */
export async function addToNewList(
  db: ArchiveDatabase,
  site: string,
  name: string,
  input: ListItemInput,
  now = Date.now(),
): Promise<{ list: ListRecord; item: ListItemRecord }> {
  return db.transaction('rw', db.lists, db.listItems, async () => {
    const list = await createList(db, site, name, '', now);
    const item = await addToList(db, list.id, input, now);
    return { list, item };
  });
}

/** Sets an item's note (kept exactly as typed) and, when given, its tags. */
export async function editItem(db: ArchiveDatabase, itemId: string, change: { note?: string; tags?: string[] }, now = Date.now()): Promise<void> {
  const patch: Partial<ListItemRecord> = { updatedAt: now };
  if (change.note !== undefined) patch.note = change.note.slice(0, LIST_LIMITS.note);
  if (change.tags !== undefined) patch.tags = cleanTags(change.tags);
  await db.transaction('rw', db.lists, db.listItems, async () => {
    const item = await db.listItems.get(itemId);
    if (!item) return;
    await db.listItems.update(itemId, patch);
    await tally(db, item.listId, 0, listItemBytes({ ...item, ...patch }) - listItemBytes(item), now);
  });
}

/**
 * Moves an item one place up (-1) or down (+1) in its list; at either end nothing moves. The list is marked
 * changed too: an open list re-reads its order when its record changes (OpenList), not on every item write.
 */
export async function moveItem(db: ArchiveDatabase, itemId: string, by: -1 | 1, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.lists, db.listItems, async () => {
    const item = await db.listItems.get(itemId);
    if (!item) return;
    const items = await readListItems(db, item.listId);
    const at = items.findIndex((i) => i.id === itemId);
    const to = at + by;
    if (to < 0 || to >= items.length) return;
    await placeItems(db, swap(items, at, to));
    await tally(db, item.listId, 0, 0, now);
  });
}

/** Puts an item at position `to` (0-based) of its list: what a drag ends with. */
export async function moveItemTo(db: ArchiveDatabase, itemId: string, to: number, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.lists, db.listItems, async () => {
    const item = await db.listItems.get(itemId);
    if (!item) return;
    const items = (await readListItems(db, item.listId)).filter((i) => i.id !== itemId);
    items.splice(Math.max(0, Math.min(to, items.length)), 0, item);
    await placeItems(db, items);
    await tally(db, item.listId, 0, 0, now);
  });
}

function swap<T>(list: T[], a: number, b: number): T[] {
  const copy = [...list];
  [copy[a], copy[b]] = [copy[b], copy[a]];
  return copy;
}

/** Writes 0..n-1 as the items' order (only those that changed). */
async function placeItems(db: ArchiveDatabase, items: ListItemRecord[]): Promise<void> {
  await Promise.all(items.map((item, order) => (item.order === order ? undefined : db.listItems.update(item.id, { order }))));
}

export async function removeItem(db: ArchiveDatabase, itemId: string, now = Date.now()): Promise<ListItemRecord | undefined> {
  return db.transaction('rw', db.lists, db.listItems, async () => {
    const item = await db.listItems.get(itemId);
    if (!item) return undefined;
    await db.listItems.delete(itemId);
    await tally(db, item.listId, -1, -listItemBytes(item), now);
    return item;
  });
}

/** What deleting a list took away: handed back to restoreList for Undo. */
export interface DeletedList {
  list: ListRecord;
  items: ListItemRecord[];
}

/** Deletes a list and its items in one transaction; returns them so Undo can put them back. */
export async function deleteList(db: ArchiveDatabase, listId: string): Promise<DeletedList | undefined> {
  return db.transaction('rw', db.lists, db.listItems, async () => {
    const list = await db.lists.get(listId);
    if (!list) return undefined;
    const items = await db.listItems.where('listId').equals(listId).toArray();
    await db.listItems.bulkDelete(items.map((i) => i.id));
    await db.lists.delete(listId);
    return { list, items };
  });
}

/** Puts back a deleted list (or item) exactly as it was: same ids, order, notes. */
export async function restoreList(db: ArchiveDatabase, deleted: DeletedList): Promise<void> {
  await db.transaction('rw', db.lists, db.listItems, async () => {
    const bytes = deleted.items.reduce((n, item) => n + listItemBytes(item), 0);
    await db.lists.put({ ...deleted.list, count: deleted.items.length, bytes });
    await db.listItems.bulkPut(deleted.items);
  });
}

export async function restoreItem(db: ArchiveDatabase, item: ListItemRecord, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.lists, db.listItems, async () => {
    if (!(await db.lists.get(item.listId))) return;
    const there = await db.listItems.get(item.id);
    await db.listItems.put(item);
    await tally(db, item.listId, there ? 0 : 1, listItemBytes(item) - (there ? listItemBytes(there) : 0), now);
  });
}

/** A found item, with the list it is in. */
export interface ListHit {
  item: ListItemRecord;
  listName: string;
}

/** Folded words of a query ('Harvest, "Kansas"' -> ['harvest', 'kansas']). */
const words = (text: string): string[] =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Searches the site's list items on the device: every word of `query` must occur (folded, as a prefix of a
 * word) in the item's note, tags, title, snippet or page text, or in its list's name or description.
 * Items whose note or tags hold the words come first.
 */
export async function searchLists(db: ArchiveDatabase, site: string, query: string): Promise<ListHit[]> {
  const wanted = words(query);
  if (!wanted.length) return [];
  const [lists, items] = await db.transaction('r', db.lists, db.listItems, () =>
    Promise.all([db.lists.where('site').equals(site).toArray(), db.listItems.where('site').equals(site).toArray()]),
  );
  const byId = new Map(lists.map((l) => [l.id, l]));
  const has = (haystack: Set<string>, word: string) => {
    if (haystack.has(word)) return true;
    for (const w of haystack) if (w.startsWith(word)) return true;
    return false;
  };
  const hits: Array<ListHit & { rank: number }> = [];
  for (const item of items) {
    const list = byId.get(item.listId);
    if (!list) continue;
    const own = new Set(words(`${item.note} ${item.tags.join(' ')}`));
    const rest = new Set(words(`${item.title} ${item.snippet} ${item.text} ${list.name} ${list.description}`));
    if (!wanted.every((w) => has(own, w) || has(rest, w))) continue;
    hits.push({ item, listName: list.name, rank: wanted.every((w) => has(own, w)) ? 0 : 1 });
  }
  return hits
    .sort((a, b) => a.rank - b.rank || a.listName.localeCompare(b.listName) || a.item.order - b.item.order)
    .map(({ item, listName }) => ({ item, listName }));
}

/** A viewer page's plain text: its OCR words (not the corrected copies the viewer appends after them). */
export function pageText(page: { words: ReadonlyArray<readonly [string, ...unknown[]]>; correctedWordsFrom?: number | null }): string {
  const words = page.words.slice(0, page.correctedWordsFrom ?? page.words.length);
  return words.map((w) => w[0]).join(' ');
}

/** Gives the site's page items of `pageUid` that have no text yet the page's text (once the page is kept). */
export async function fillPageText(db: ArchiveDatabase, site: string, pageUid: string, text: string): Promise<void> {
  if (!text) return;
  const kept = text.slice(0, LIST_LIMITS.text);
  await db.transaction('rw', db.lists, db.listItems, async () => {
    const items = await sameThing(db, site, 'page', pageUid)
      .filter((i) => !i.text)
      .toArray();
    for (const item of items) {
      await db.listItems.update(item.id, { text: kept });
      // The page's text makes the item larger, not newer: the list keeps its place among the lists.
      const list = await db.lists.get(item.listId);
      if (list) await db.lists.update(list.id, { bytes: list.bytes + listItemBytes({ ...item, text: kept }) - listItemBytes(item) });
    }
  });
}

/** The site's list items about one page (the page itself and the notes pinned to its regions), with their lists. */
export async function pageNotes(db: ArchiveDatabase, site: string, pageUid: string): Promise<ListHit[]> {
  const [lists, items] = await db.transaction('r', db.lists, db.listItems, () =>
    Promise.all([
      db.lists.where('site').equals(site).toArray(),
      db.listItems
        .where('site')
        .equals(site)
        .filter((i) => (i.kind === 'page' && i.ref === pageUid) || (i.kind === 'clip' && i.ref.startsWith(`${pageUid}#xywh=`)))
        .toArray(),
    ]),
  );
  const names = new Map(lists.map((l) => [l.id, l.name]));
  return (
    items
      .filter((item) => names.has(item.listId))
      .map((item) => ({ item, listName: names.get(item.listId)! }))
      // Added in the same millisecond (one click can add a page and its region), the list's own order decides.
      .sort((a, b) => a.item.addedAt - b.item.addedAt || a.item.order - b.item.order || (a.item.id < b.item.id ? -1 : 1))
  );
}
