// The page's side of the outbox: keep a write and try to send it, flush at start and whenever the browser
// comes back online, and ask for Background Sync where the browser has it (the service worker then sends
// even after the tab is closed: sw/outbox-sync.ts). Both flushes may run at once; outbox.ts claims items.
import { useLiveQuery } from 'dexie-react-hooks';
import { archiveDb, onForgetVisitor } from '../db';
import type { OutboxKind, OutboxRecord } from '../../../device-db/schema';
import { readCookie } from './http';
import { OUTBOX_KEPT_EVENT } from './outbox-events';
import { currentSite } from './site';
import { enqueue, flush, forgetOutboxVisitor, OUTBOX_SYNC_TAG, type FlushReport, type OutboxDb } from '../../../device-db/outbox';
import { settleShares } from '../../../device-db/lists-share';

export const pageOutbox = (): OutboxDb => ({ db: archiveDb(), table: archiveDb().outbox });

let running: Promise<FlushReport> | null = null;
let again = false;

/** Sends this site's waiting items now; calls made while one runs are folded into one more run after it. */
export function flushOutbox(): Promise<FlushReport> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      let report: FlushReport;
      do {
        again = false;
        report = await flush(pageOutbox(), { origin: currentSite(), xsrfToken: async () => readCookie('XSRF-TOKEN') });
      } while (again);
      // A shared list's answer (its link and delete token) goes to the list's record at once.
      if (report.sent.length || report.failed.length) await settleShares(archiveDb(), currentSite()).catch(() => 0);
      return report;
    } finally {
      running = null;
    }
  })();
  return running;
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the service worker to send the outbox when the network returns (Background Sync), where available. */
async function requestBackgroundSync(): Promise<boolean> {
  if (typeof window === 'undefined' || !('SyncManager' in window) || !navigator.serviceWorker?.controller) return false;
  try {
    const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & SyncRegistration;
    await reg.sync?.register(OUTBOX_SYNC_TAG);
    return !!reg.sync;
  } catch {
    return false; // permission refused or not supported: 'online' and the next start still send it
  }
}

/** Asks for Background Sync when some of this site's items still wait to be sent (the network went away). */
async function syncIfWaiting(): Promise<void> {
  const site = currentSite();
  const waiting = await pageOutbox()
    .table.where('site')
    .equals(site)
    .filter((r) => r.state === 'pending')
    .count();
  if (waiting) await requestBackgroundSync();
}

/** Keeps a clip or message on this device and sends it as soon as it can; resolves with the kept record. */
export async function keepAndSend<B extends object>(kind: OutboxKind, body: B): Promise<OutboxRecord<B & { clientId: string }>> {
  const record = await enqueue(pageOutbox(), currentSite(), kind, body);
  // The outbox otherwise starts when the first screen is idle; what was just kept must be listed and sent on
  // the 'online' event from now on, even if that moment has not come.
  startOutbox({ sendNow: false }); // sent just below
  window.dispatchEvent(new Event(OUTBOX_KEPT_EVENT));
  // Online, the page sends it itself and asks the service worker only for what it could not send: a sync
  // registered while online fires at once, and the worker would race the page for the same items (the page
  // then shows 'Sending…' until an answer written by the worker reaches it, which it may never see).
  if (navigator.onLine) void flushOutbox().then(syncIfWaiting, () => void requestBackgroundSync());
  else void requestBackgroundSync();
  return record;
}

let started = false;

/**
 * Called once when the app starts: sends what an earlier visit left, and again on every 'online' event.
 * The page flushes on 'online' even where Background Sync exists: the browser may wait minutes before it
 * fires the sync, and the claim in outbox.ts keeps the two from sending one item twice.
 */
export function startOutbox({ sendNow = true } = {}): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  // A kiosk's visitor reset reaches the outbox through the shared list of visitor-trace clearers.
  onForgetVisitor('outbox', (site) => forgetOutboxVisitor(pageOutbox(), site));
  window.addEventListener('online', () => void flushOutbox());
  if (sendNow && navigator.onLine) void flushOutbox().catch(() => undefined);
}

/** One outbox item, live (undefined while loading or once removed). */
export function useOutboxItem<B = unknown, R = unknown>(clientId: string | null): OutboxRecord<B, R> | undefined {
  return useLiveQuery(async () => (clientId ? ((await archiveDb().outbox.get(clientId)) as OutboxRecord<B, R> | undefined) : undefined), [clientId]);
}

/** This site's outbox items, oldest first, live. */
export function useOutboxItems(): OutboxRecord[] | undefined {
  const site = currentSite();
  return useLiveQuery(
    () =>
      archiveDb()
        .outbox.where('site')
        .equals(site)
        .filter((r) => !r.hidden)
        .sortBy('createdAt')
        .catch(() => [] as OutboxRecord[]),
    [site],
  );
}
