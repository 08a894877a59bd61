// Sharing a research list (issue #38 item 5): the snapshot leaves through the outbox (kind 'list-share'), so a
// list shared offline is sent when the device is back online, by the page or the service worker. Whoever sent
// it, settleShares copies the server's answer (id, link, delete token) into the list's record, where the
// /lists screen shows the link and offers to withdraw it; the token is then dropped from the outbox record.
import type { ArchiveDatabase } from './database';
import { ListError, readListItems } from './lists';
import type { ListItemRecord, ListRecord, ListShare, OutboxRecord } from './schema';
import { SHARED_LIST_LIMITS as L, type SharedListCreated, type SharedListItemInput, type SharedListRequest } from '../contract/shared-lists';

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

function shareItem(item: ListItemRecord, includeNotes: boolean): SharedListItemInput {
  return {
    kind: item.kind,
    ref: item.ref.slice(0, L.ref),
    title: cut(item.title, L.title),
    date: item.date,
    page: item.page.slice(0, L.page),
    snippet: cut(item.snippet, L.snippet),
    region: item.region,
    href: item.href.slice(0, L.href),
    note: includeNotes ? cut(item.note, L.note) : '',
    tags: includeNotes ? item.tags.slice(0, L.tags).map((t) => t.slice(0, L.tag)) : [],
  };
}

/** The request body for a list (without its clientId, which the outbox adds). Page texts never leave. */
export function shareRequest(list: ListRecord, items: ListItemRecord[], includeNotes: boolean): Omit<SharedListRequest, 'clientId'> {
  if (!items.length) throw new ListError('An empty list cannot be shared: add something to it first.');
  if (items.length > L.items) throw new ListError(`A shared list holds at most ${L.items} items; this one has ${items.length}.`);
  return {
    name: cut(list.name, L.name),
    description: includeNotes ? cut(list.description, L.description) : '',
    includeNotes,
    items: items.map((i) => shareItem(i, includeNotes)),
  };
}

/** The body of a list's share, read from the device in one go. */
export async function shareBody(db: ArchiveDatabase, listId: string, includeNotes: boolean): Promise<Omit<SharedListRequest, 'clientId'>> {
  const list = await db.lists.get(listId);
  if (!list) throw new ListError('That list no longer exists.');
  return shareRequest(list, await readListItems(db, listId), includeNotes);
}

/** Records that the list's snapshot waits in the outbox as `clientId`. */
export async function markShareWaiting(db: ArchiveDatabase, listId: string, clientId: string, includeNotes: boolean, now = Date.now()): Promise<void> {
  const share: ListShare = { clientId, includeNotes, requestedAt: now, state: 'waiting' };
  await db.lists.update(listId, { share });
}

/** Forgets a list's share (withdrawn, cancelled before it was sent, or refused and dismissed). */
export async function clearShare(db: ArchiveDatabase, listId: string): Promise<void> {
  await db.transaction('rw', db.lists, db.outbox, async () => {
    const list = await db.lists.get(listId);
    if (!list?.share) return;
    const item = await db.outbox.get(list.share.clientId);
    // A share still waiting is taken out of the outbox; a sent one stays there as history.
    if (item && item.state !== 'sent' && item.state !== 'sending') await db.outbox.delete(item.clientId);
    await db.lists.update(listId, { share: undefined });
  });
}

/**
 * Copies what the outbox learnt about this site's waiting shares into their lists: the server's answer
 * (then the token is taken out of the outbox record, so it lives in one place), or its refusal.
 * A share whose outbox item the visitor removed is forgotten.
 */
export async function settleShares(db: ArchiveDatabase, site: string): Promise<number> {
  return db.transaction('rw', db.lists, db.outbox, async () => {
    const waiting = await db.lists
      .where('site')
      .equals(site)
      .filter((l) => l.share?.state === 'waiting')
      .toArray();
    let settled = 0;
    for (const list of waiting) {
      const share = list.share!;
      const item = (await db.outbox.get(share.clientId)) as OutboxRecord<unknown, SharedListCreated> | undefined;
      if (!item) {
        await db.lists.update(list.id, { share: undefined });
        settled++;
      } else if (item.state === 'sent' && item.result?.deleteToken) {
        const { id, url, collection, deleteToken } = item.result;
        await db.lists.update(list.id, { share: { ...share, state: 'shared', id, url, collection, deleteToken, sharedAt: item.sentAt ?? Date.now() } });
        await db.outbox.update(item.clientId, { result: { id, url, collection } as SharedListCreated });
        settled++;
      } else if (item.state === 'failed') {
        await db.lists.update(list.id, { share: { ...share, state: 'failed', error: item.lastError ?? 'The server refused it.' } });
        settled++;
      }
    }
    return settled;
  });
}
