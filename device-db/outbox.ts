// The outbox: clips, Contact Us messages, OCR line corrections and shared lists made on this device wait here until the server has them, and
// are sent once. Realm-neutral (the page and the service worker both flush: sw/outbox-sync.ts), so it uses
// no DOM and takes its database, fetch and XSRF token from the caller.
//
// Sent once, by two guards: (1) a flush claims an item in a Dexie read-write transaction (IndexedDB runs
// read-write transactions on one store one after another, across tabs and the service worker), so two
// flushes never send the same item at the same time; (2) each item carries a clientId the server is
// idempotent on, so a send whose answer was lost (or a claim taken over from a flush that died) stores nothing twice.
import type Dexie from 'dexie';
import type { Table } from 'dexie';
import type { OutboxKind, OutboxRecord } from './schema';
import { CONTACT_ENDPOINT } from '../contract/contact';
import type { CorrectionRequest } from '../contract/corrections';
import { SHARED_LISTS_ENDPOINT } from '../contract/shared-lists';

/** The Background Sync tag the page registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'archive-outbox';

/** A claim older than this belongs to a flush that died (a closed tab, a stopped service worker). */
export const CLAIM_TIMEOUT_MS = 60_000;

/** Sent items are kept this long so their share links stay on the list, then dropped. */
export const SENT_KEPT_MS = 30 * 24 * 3600_000;

export const OUTBOX_ENDPOINTS: Record<Exclude<OutboxKind, 'correction'>, string> = {
  clip: 'Viewer/Clip',
  message: CONTACT_ENDPOINT,
  'list-share': SHARED_LISTS_ENDPOINT,
};

/** A correction waiting in the outbox: the request body plus the page it belongs to (which is in the URL). */
export interface CorrectionOutboxBody extends CorrectionRequest {
  pageUid: string;
}

/** Where an item goes (below /Api/) and what it sends: a correction's page moves from its body to its URL. */
export function outboxRequest(item: Pick<OutboxRecord, 'kind' | 'body'>): { path: string; body: unknown } {
  if (item.kind === 'correction') {
    const { pageUid, ...body } = item.body as CorrectionOutboxBody;
    return { path: `Viewer/Page/${encodeURIComponent(pageUid)}/Corrections`, body };
  }
  return { path: OUTBOX_ENDPOINTS[item.kind], body: item.body };
}

export interface OutboxDb {
  db: Dexie;
  table: Table<OutboxRecord, string>;
}

export interface FlushOptions {
  /** The site origin: only this site's items are sent, to this origin's API. */
  origin: string;
  fetch?: typeof fetch;
  /** The XSRF-TOKEN cookie's value (page: document.cookie; service worker: cookieStore), or null. */
  xsrfToken(): Promise<string | null>;
  now?: () => number;
}

export interface FlushReport {
  sent: string[];
  failed: string[];
  /** Still pending: the network or the server was not available. */
  kept: string[];
}

/** A UUID v4: crypto.randomUUID where the page is a secure context, random bytes otherwise. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Keeps a write on this device until it is sent; returns its record (body with its clientId). */
export async function enqueue<B extends object>(
  o: OutboxDb,
  site: string,
  kind: OutboxKind,
  body: B,
  now = Date.now(),
): Promise<OutboxRecord<B & { clientId: string }>> {
  const clientId = newClientId();
  const record: OutboxRecord<B & { clientId: string }> = {
    clientId,
    site,
    kind,
    body: { ...body, clientId },
    createdAt: now,
    state: 'pending',
    attempts: 0,
    claimedAt: null,
    lastError: null,
    sentAt: null,
    result: null,
  };
  await o.table.add(record);
  return record;
}

/** Sets a failed item back to pending (the person asked to try again). */
export async function retry(o: OutboxDb, clientId: string): Promise<void> {
  await o.table
    .where('clientId')
    .equals(clientId)
    .modify((r) => {
      if (r.state === 'failed') Object.assign(r, { state: 'pending', lastError: null, lastStatus: null });
    });
}

export async function remove(o: OutboxDb, clientId: string): Promise<void> {
  await o.table.delete(clientId);
}

/**
 * A kiosk forgets its visitor (issue #17): items already sent or refused go (their share links and
 * messages are the visitor's); items still waiting stay so they are sent once, never lost, but are hidden
 * from every list the next visitor sees.
 */
export async function forgetOutboxVisitor(o: OutboxDb, site: string): Promise<void> {
  await o.db.transaction('rw', o.table, async () => {
    await o.table
      .where('site')
      .equals(site)
      .filter((r) => r.state === 'sent' || r.state === 'failed')
      .delete();
    await o.table
      .where('site')
      .equals(site)
      .modify((r) => {
        r.hidden = true;
      });
  });
}

/** Claims one item for this flush, or returns null when it is not waiting (sent, failed, or another flush has it). */
async function claim(o: OutboxDb, clientId: string, now: number): Promise<OutboxRecord | null> {
  return o.db.transaction('rw', o.table, async () => {
    const r = await o.table.get(clientId);
    if (!r) return null;
    const stale = r.state === 'sending' && (r.claimedAt ?? 0) < now - CLAIM_TIMEOUT_MS;
    if (r.state !== 'pending' && !stale) return null;
    const claimed = { ...r, state: 'sending' as const, claimedAt: now, attempts: r.attempts + 1 };
    await o.table.put(claimed);
    return claimed;
  });
}

/** The outcome of one send: stored (with the answer), refused for good, or to be tried again later. */
type Outcome = { kind: 'sent'; result: unknown } | { kind: 'failed'; message: string; status: number } | { kind: 'later'; message: string };

// Answers that say "not now" rather than "never": rate limits, a server that is down or restarting, a
// gateway, and the XSRF check (a missing or stale cookie is the session's fault, not the write's).
const TRY_LATER = new Set([403, 408, 425, 429, 500, 502, 503, 504]);

async function send(item: OutboxRecord, opts: FlushOptions): Promise<Outcome> {
  const doFetch = opts.fetch ?? fetch;
  const request = outboxRequest(item);
  const url = `${opts.origin}/Api/${request.path}`;
  try {
    let token = await opts.xsrfToken();
    // No XSRF cookie yet (a fresh browser session): any GET makes the server issue one.
    if (!token) {
      await doFetch(`${opts.origin}/Api/Site/Directory`, { credentials: 'same-origin' });
      token = await opts.xsrfToken();
    }
    const res = await doFetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token ?? '' },
      body: JSON.stringify(request.body),
    });
    const answer = (await res.json().catch(() => null)) as { error?: string } | null;
    if (res.ok) return { kind: 'sent', result: answer };
    const message = answer?.error || `The server answered ${res.status}.`;
    return TRY_LATER.has(res.status) ? { kind: 'later', message } : { kind: 'failed', message, status: res.status };
  } catch (err) {
    return { kind: 'later', message: `No connection: ${(err as Error).message || 'the request did not reach the server'}.` };
  }
}

/**
 * Sends this site's waiting items, oldest first, each at most once at a time. Safe to call from several
 * places at once (page start, 'online', Background Sync in the service worker): each item is claimed first.
 */
export async function flush(o: OutboxDb, opts: FlushOptions): Promise<FlushReport> {
  const now = opts.now ?? Date.now;
  const report: FlushReport = { sent: [], failed: [], kept: [] };
  const items = await o.table.where('site').equals(opts.origin).sortBy('createdAt');
  for (const item of items) {
    if (item.state === 'sent') {
      if (item.sentAt !== null && item.sentAt < now() - SENT_KEPT_MS) await o.table.delete(item.clientId);
      continue;
    }
    const claimed = await claim(o, item.clientId, now());
    if (!claimed) continue;
    const outcome = await send(claimed, opts);
    // Written only while our claim stands (the person may have removed the item meanwhile).
    await o.db.transaction('rw', o.table, async () => {
      const current = await o.table.get(claimed.clientId);
      if (!current || current.claimedAt !== claimed.claimedAt) return;
      if (outcome.kind === 'sent') await o.table.put({ ...current, state: 'sent', sentAt: now(), result: outcome.result, lastError: null, claimedAt: null });
      else if (outcome.kind === 'failed')
        await o.table.put({ ...current, state: 'failed', lastError: outcome.message, lastStatus: outcome.status, claimedAt: null });
      else await o.table.put({ ...current, state: 'pending', lastError: outcome.message, claimedAt: null });
    });
    (outcome.kind === 'sent' ? report.sent : outcome.kind === 'failed' ? report.failed : report.kept).push(claimed.clientId);
    // The network is gone: the rest would fail the same way; they wait for the next trigger.
    if (outcome.kind === 'later') break;
  }
  return report;
}

/** How many of a site's items still wait (pending, sending or failed). */
export async function waitingCount(o: OutboxDb, site: string): Promise<number> {
  return o.table
    .where('site')
    .equals(site)
    .filter((r) => r.state !== 'sent')
    .count();
}
