// The outbox (device-db/outbox.ts) on fake-indexeddb against a real local HTTP server that counts what
// arrives: items are sent once even when two flushes (the page and the service worker, each with its own
// database connection) run at the same time; a 4xx marks an item failed with the server's message; a
// network failure keeps it for the next flush.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Dexie from 'dexie';
import { ArchiveDatabase } from '../../../device-db/database';
import type { OutboxRecord } from '../../../device-db/schema';
import { CLAIM_TIMEOUT_MS, enqueue, flush, retry, type OutboxDb } from '../../../device-db/outbox';

/** What the server does with the next POSTs: store (201), refuse (400), or be slow while storing. */
let mode: 'ok' | 'refuse' | 'busy' | 'conflict' = 'ok';
const received: { url: string; clientId: string; xsrf: string | undefined; body: Record<string, unknown> }[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST') return res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      const parsed = JSON.parse(body) as { clientId: string };
      received.push({ url: req.url!, clientId: parsed.clientId, xsrf: req.headers['x-xsrf-token'] as string | undefined, body: parsed });
      const answer = () => {
        if (mode === 'refuse')
          return res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'The clip must lie inside the page.' }));
        if (mode === 'conflict')
          return res.writeHead(409, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'This line was changed by someone else.' }));
        if (mode === 'busy') return res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Busy.' }));
        res
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: `c-${parsed.clientId.slice(0, 8)}`, url: `${origin}/clipsocialsharing?clip=c-${parsed.clientId.slice(0, 8)}` }));
      };
      setTimeout(answer, 30); // long enough for a second flush to arrive while the first is sending
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const opened: Dexie[] = [];
let name: string;
afterEach(async () => {
  for (const d of opened.splice(0)) d.close();
  await Dexie.delete(name);
  received.length = 0;
  mode = 'ok';
});

/** The page's connection (the declared schema). */
async function pageDb(): Promise<OutboxDb> {
  name = `outbox-${Math.random().toString(36).slice(2)}`;
  const db = new ArchiveDatabase(name);
  await db.open();
  opened.push(db);
  return { db, table: db.outbox };
}
/** The service worker's connection: the same database opened without a schema, as sw/outbox-sync.ts does. */
async function workerDb(): Promise<OutboxDb> {
  const db = new Dexie(name);
  await db.open();
  opened.push(db);
  return { db, table: db.table<OutboxRecord, string>('outbox') };
}
const opts = (extra: Partial<Parameters<typeof flush>[1]> = {}) => ({ origin, xsrfToken: async () => 'token-1234567890abcdef', ...extra });
const clip = (n: number) => ({ pageUid: 'p1', x: n, y: 1, w: 50, h: 50, caption: `clip ${n}` });

describe('the outbox', () => {
  it('sends each item once with its clientId and XSRF token, and records the answer', async () => {
    const page = await pageDb();
    const a = await enqueue(page, origin, 'clip', clip(1), 1);
    const m = await enqueue(page, origin, 'message', { name: 'Ada', email: 'a@b.org', subject: 's', message: 'long enough text' }, 2);
    const report = await flush(page, opts());
    expect(report.sent).toEqual([a.clientId, m.clientId]);
    expect(received.map((r) => r.url)).toEqual(['/Api/Viewer/Clip', '/Api/Site/Contact']);
    expect(received.map((r) => r.clientId)).toEqual([a.clientId, m.clientId]);
    expect(received.every((r) => r.xsrf === 'token-1234567890abcdef')).toBe(true);
    const stored = await page.table.get(a.clientId);
    expect(stored).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    expect((stored!.result as { url: string }).url).toMatch(/clipsocialsharing\?clip=c-/);
    // A second flush sends nothing more.
    await flush(page, opts());
    expect(received).toHaveLength(2);
  });

  it('never sends an item twice when the page and the service worker flush at the same time', async () => {
    const page = await pageDb();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await enqueue(page, origin, 'clip', clip(i), i)).clientId);
    const worker = await workerDb();
    // A second tab: its own connection to the same database.
    const tab = new ArchiveDatabase(name);
    await tab.open();
    opened.push(tab);
    const tab2: OutboxDb = { db: tab, table: tab.outbox };
    await Promise.all([flush(page, opts()), flush(worker, opts()), flush(tab2, opts()), flush(worker, opts())]);
    const counts = new Map<string, number>();
    for (const r of received) counts.set(r.clientId, (counts.get(r.clientId) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect((await page.table.toArray()).every((r) => r.state === 'sent')).toBe(true);
  });

  it('marks an item refused by the server (4xx) failed with the server’s message, and sends it again only when asked', async () => {
    const page = await pageDb();
    const a = await enqueue(page, origin, 'clip', clip(1));
    mode = 'refuse';
    const report = await flush(page, opts());
    expect(report.failed).toEqual([a.clientId]);
    expect(await page.table.get(a.clientId)).toMatchObject({ state: 'failed', lastError: 'The clip must lie inside the page.' });
    await flush(page, opts());
    expect(received).toHaveLength(1); // a failed item is not retried on its own
    mode = 'ok';
    await retry(page, a.clientId);
    await flush(page, opts());
    expect(await page.table.get(a.clientId)).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('keeps an item when the network fails or the server is busy, and sends it on a later flush', async () => {
    const page = await pageDb();
    const a = await enqueue(page, origin, 'clip', clip(1), 1);
    const b = await enqueue(page, origin, 'clip', clip(2), 2);
    // Nothing listens on port 9: the connection is refused, as when the network is down.
    const refused = await flush(page, opts({ fetch: (url, init) => fetch(String(url).replace(origin, 'http://127.0.0.1:9'), init) }));
    expect(refused).toEqual({ sent: [], failed: [], kept: [a.clientId] }); // the rest wait: the network is gone for them too
    expect(received).toHaveLength(0);
    expect(await page.table.get(a.clientId)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await page.table.get(b.clientId)).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await page.table.get(a.clientId))!.lastError).toMatch(/No connection/);
    mode = 'busy';
    expect((await flush(page, opts())).kept).toEqual([a.clientId]);
    expect(await page.table.get(a.clientId)).toMatchObject({ state: 'pending', lastError: 'Busy.' });
    mode = 'ok';
    expect((await flush(page, opts())).sent).toEqual([a.clientId, b.clientId]);
    expect(received.filter((r) => r.clientId === b.clientId)).toHaveLength(1);
  });

  it('takes over an item whose flush died mid-send, but not one being sent right now', async () => {
    const page = await pageDb();
    const a = await enqueue(page, origin, 'clip', clip(1));
    await page.table.update(a.clientId, { state: 'sending', claimedAt: 1_000 });
    expect((await flush(page, opts({ now: () => 1_000 + CLAIM_TIMEOUT_MS / 2 }))).sent).toEqual([]);
    expect(received).toHaveLength(0);
    expect((await flush(page, opts({ now: () => 1_000 + CLAIM_TIMEOUT_MS * 2 }))).sent).toEqual([a.clientId]);
  });

  it('sends a correction to its page’s Corrections URL (the page in the URL, not the body); a 409 fails it with its status', async () => {
    const page = await pageDb();
    const fix = { pageUid: 'sn 1/seq-1', lineId: 'L12', text: 'RICHMOND, Virginia', baseVersion: 0, displayName: 'Ada' };
    const a = await enqueue(page, origin, 'correction', fix);
    expect((await flush(page, opts())).sent).toEqual([a.clientId]);
    expect(received[0].url).toBe('/Api/Viewer/Page/sn%201%2Fseq-1/Corrections');
    expect(received[0].body).toEqual({ lineId: 'L12', text: 'RICHMOND, Virginia', baseVersion: 0, displayName: 'Ada', clientId: a.clientId });

    mode = 'conflict';
    const b = await enqueue(page, origin, 'correction', { ...fix, text: 'RICHMOND, Va.' });
    expect((await flush(page, opts())).failed).toEqual([b.clientId]);
    expect(await page.table.get(b.clientId)).toMatchObject({ state: 'failed', lastStatus: 409, lastError: 'This line was changed by someone else.' });
    await retry(page, b.clientId);
    expect(await page.table.get(b.clientId)).toMatchObject({ state: 'pending', lastStatus: null, lastError: null });
  });

  it('asks the server for an XSRF cookie first when there is none yet', async () => {
    const page = await pageDb();
    await enqueue(page, origin, 'clip', clip(1));
    let token: string | null = null;
    const calls: string[] = [];
    await flush(page, {
      origin,
      xsrfToken: async () => token,
      fetch: async (url, init) => {
        calls.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
        if (!init?.method) token = 'fresh-token-0123456789';
        return fetch(url, init);
      },
    });
    expect(calls).toEqual(['GET /Api/Site/Directory', 'POST /Api/Viewer/Clip']);
    expect(received[0].xsrf).toBe('fresh-token-0123456789');
  });
});
