/// <reference lib="webworker" />
// Background Sync: the browser wakes the service worker when the network returns and it sends the outbox
// (device-db/outbox.ts), even with no tab open. The database is opened without a schema (Dexie's dynamic
// mode) so the page alone declares and upgrades it, and closed after each flush so it never blocks an upgrade.
import Dexie from 'dexie';
import { flush, OUTBOX_SYNC_TAG } from '../device-db/outbox';
import { DB_NAME, type OutboxRecord } from '../device-db/schema';

declare const self: ServiceWorkerGlobalScope;

interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null | undefined>;
}

async function xsrfToken(): Promise<string | null> {
  const store = (self as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
  return (await store?.get('XSRF-TOKEN').catch(() => null))?.value ?? null;
}

export async function flushFromWorker(): Promise<void> {
  if (!(await Dexie.exists(DB_NAME))) return; // opening would create an empty database the page must then upgrade
  const db = new Dexie(DB_NAME);
  try {
    await db.open();
    if (!db.tables.some((t) => t.name === 'outbox')) return; // a database from before the outbox: nothing waits
    const outbox = { db, table: db.table<OutboxRecord, string>('outbox') };
    await flush(outbox, { origin: self.location.origin, xsrfToken });
    // Anything still waiting (kept for lack of network, or claimed by a page whose send may yet fail):
    // rejecting tells the browser to fire the sync again later (with its own back-off).
    const waiting = await outbox.table
      .where('site')
      .equals(self.location.origin)
      .filter((r) => r.state === 'pending' || r.state === 'sending')
      .count();
    if (waiting) throw new Error(`outbox: ${waiting} item(s) still waiting`);
  } finally {
    db.close();
  }
}

export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const e = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
    if (e.tag === OUTBOX_SYNC_TAG) e.waitUntil(flushFromWorker());
  });
}
