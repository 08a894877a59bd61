// Sharing a list from the device (issue #38 item 5): the snapshot sent (no page text; notes only when asked),
// refused on the device when empty or over the server's item limit, waiting in the outbox, and the server's
// answer (link and delete token) settled into the list's record whoever sent it, the token then kept there only.
// A v7 database written before shares and the v8 indexes opens at v8 with its lists and items as they were.
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { ArchiveDatabase } from '../../../device-db/database';
import { addToList, createList, ListError, listsHolding, readListItems, type ListItemInput } from '../../../device-db/lists';
import { clearShare, markShareWaiting, settleShares, shareBody, shareRequest } from '../../../device-db/lists-share';
import { enqueue, flush, OUTBOX_ENDPOINTS } from '../../../device-db/outbox';
import { SCHEMA_V7 } from '../../../device-db/schema';

const SITE = 'http://127.0.0.1:8080';
const names: string[] = [];
const fresh = (name = `lists-share-${names.length}-${Math.random().toString(36).slice(2)}`) => {
  names.push(name);
  return new ArchiveDatabase(name);
};
afterEach(async () => {
  for (const n of names.splice(0)) await Dexie.delete(n);
});

const page = (uid: string, note = ''): ListItemInput => ({
  kind: 'page',
  ref: uid,
  title: 'The Harvest Gazette',
  date: '1890-05-12',
  page: 'Page 3',
  snippet: 'the wheat crop',
  href: `/viewer?page=${uid}`,
  text: 'GRASSHOPPERS DESCEND ON THE VALLEY',
  note,
  tags: ['wheat'],
});

async function listWith(db: ArchiveDatabase, n: number) {
  const list = await createList(db, SITE, 'Harvest', 'Kansas notes');
  for (let i = 0; i < n; i++) await addToList(db, list.id, page(`p${i}`, `<script>note ${i}</script>`));
  return list;
}

describe('a shared list on the device', () => {
  it('sends titles, dates and links, never the page text; notes, tags and the description only when asked', async () => {
    const db = fresh();
    const list = await listWith(db, 2);
    const without = await shareBody(db, list.id, false);
    expect(without).toMatchObject({ name: 'Harvest', description: '', includeNotes: false });
    expect(without.items[0]).toEqual({
      kind: 'page',
      ref: 'p0',
      title: 'The Harvest Gazette',
      date: '1890-05-12',
      page: 'Page 3',
      snippet: 'the wheat crop',
      region: null,
      href: '/viewer?page=p0',
      note: '',
      tags: [],
    });
    expect(JSON.stringify(without)).not.toContain('GRASSHOPPERS');
    const withNotes = await shareBody(db, list.id, true);
    expect(withNotes.description).toBe('Kansas notes');
    expect(withNotes.items[1]).toMatchObject({ note: '<script>note 1</script>', tags: ['wheat'] });
  });

  it('refuses an empty list and one over the server’s 1,000 items before anything is sent', async () => {
    const db = fresh();
    const empty = await createList(db, SITE, 'Empty');
    await expect(shareBody(db, empty.id, true)).rejects.toThrow(ListError);
    const list = await listWith(db, 1);
    const [item] = await readListItems(db, list.id);
    const many = Array.from({ length: 1001 }, (_, i) => ({ ...item, id: `i${i}`, order: i }));
    expect(() => shareRequest(list, many, false)).toThrow(/at most 1000 items; this one has 1001/);
  });

  it('waits in the outbox, and the server’s answer becomes the list’s link and delete token (kept there only)', async () => {
    const db = fresh();
    const list = await listWith(db, 1);
    expect(OUTBOX_ENDPOINTS['list-share']).toBe('Lists/Shared');
    const o = { db, table: db.outbox };
    const record = await enqueue(o, SITE, 'list-share', await shareBody(db, list.id, true));
    await markShareWaiting(db, list.id, record.clientId, true);
    expect((await db.lists.get(list.id))!.share).toMatchObject({ state: 'waiting', clientId: record.clientId });
    // Offline: the send fails to reach the server; the share still waits.
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await flush(o, { origin: SITE, fetch: offline, xsrfToken: async () => 't' });
    expect(await settleShares(db, SITE)).toBe(0);
    expect((await db.lists.get(list.id))!.share!.state).toBe('waiting');
    // Online: the server answers; whoever flushed, settling copies the answer.
    const sent: { url: string; body: unknown }[] = [];
    const answer = {
      id: 'AAAAAAAAAAAAAAAAAAAAAA',
      url: `${SITE}/lists/shared/AAAAAAAAAAAAAAAAAAAAAA`,
      collection: 'c',
      deleteToken: 'secret-token',
      createdAt: 'now',
    };
    const online = (async (url: string, init?: RequestInit) => {
      sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify(answer), { status: 201, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    await flush(o, { origin: SITE, fetch: online, xsrfToken: async () => 't' });
    expect(sent.at(-1)!.url).toBe(`${SITE}/Api/Lists/Shared`);
    expect(sent.at(-1)!.body).toMatchObject({ clientId: record.clientId, name: 'Harvest', includeNotes: true });
    expect(await settleShares(db, SITE)).toBe(1);
    expect((await db.lists.get(list.id))!.share).toMatchObject({ state: 'shared', id: answer.id, url: answer.url, deleteToken: 'secret-token' });
    expect(JSON.stringify(await db.outbox.get(record.clientId))).not.toContain('secret-token');
    await clearShare(db, list.id);
    expect((await db.lists.get(list.id))!.share).toBeUndefined();
  });

  it('shows a refusal, and forgets a share whose outbox item the visitor removed', async () => {
    const db = fresh();
    const list = await listWith(db, 1);
    const o = { db, table: db.outbox };
    const record = await enqueue(o, SITE, 'list-share', await shareBody(db, list.id, false));
    await markShareWaiting(db, list.id, record.clientId, false);
    const refuse = (async () => new Response(JSON.stringify({ error: 'A note can be at most 5000 characters.' }), { status: 400 })) as typeof fetch;
    await flush(o, { origin: SITE, fetch: refuse, xsrfToken: async () => 't' });
    await settleShares(db, SITE);
    expect((await db.lists.get(list.id))!.share).toMatchObject({ state: 'failed', error: 'A note can be at most 5000 characters.' });

    const other = await createList(db, SITE, 'Other');
    await addToList(db, other.id, page('q1'));
    const waiting = await enqueue(o, SITE, 'list-share', await shareBody(db, other.id, false));
    await markShareWaiting(db, other.id, waiting.clientId, false);
    await db.outbox.delete(waiting.clientId);
    await settleShares(db, SITE);
    expect((await db.lists.get(other.id))!.share).toBeUndefined();
  });

  it('upgrades a v7 database (lists written before shares and the v8 indexes) to the current version with its lists and items unchanged', async () => {
    const name = `lists-share-v7-${Math.random().toString(36).slice(2)}`;
    names.push(name);
    const old = new Dexie(name);
    old.version(7).stores(SCHEMA_V7);
    await old.open();
    await old.table('lists').add({ id: 'l1', site: SITE, name: 'Before', description: 'd', createdAt: 1, updatedAt: 1 });
    const item = {
      listId: 'l1',
      site: SITE,
      kind: 'page',
      title: 't',
      date: '',
      page: '',
      thumbnail: '',
      snippet: '',
      region: null,
      href: '/x',
      text: 'words',
      note: 'n',
      tags: [],
      addedAt: 1,
      updatedAt: 1,
    };
    await old.table('listItems').bulkAdd([
      { ...item, id: 'i2', ref: 'p2', order: 1 },
      { ...item, id: 'i1', ref: 'p1', order: 0 },
    ]);
    old.close();
    const db = new ArchiveDatabase(name);
    await db.open();
    expect(db.verno).toBe(9);
    expect(await db.lists.get('l1')).toMatchObject({ id: 'l1', site: SITE, name: 'Before', description: 'd', createdAt: 1, updatedAt: 1, count: 2 });
    // The items are kept and found through the new indexes: in order, by what they are, and added after.
    expect((await readListItems(db, 'l1')).map((i) => i.id)).toEqual(['i1', 'i2']);
    expect(await listsHolding(db, SITE, 'page', 'p2')).toEqual(['l1']);
    expect((await addToList(db, 'l1', page('p2'))).id).toBe('i2');
    expect((await addToList(db, 'l1', page('p3'))).order).toBe(2);
    await markShareWaiting(db, 'l1', 'c1', false, 5);
    expect((await db.lists.get('l1'))!.share).toEqual({ clientId: 'c1', includeNotes: false, requestedAt: 5, state: 'waiting' });
  });
});
