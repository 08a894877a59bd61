// The outbox end to end in real Chromium against the real server: a clip and a Contact Us message made
// while the server is stopped and the browser offline are kept on this device (also across a reload),
// then sent exactly once when the network returns, with three tabs flushing at once; the clip's share
// link appears in its dialog (announced) and in the list of kept items.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { freshDir, launchProfile, startServer, waitForActivatedWorker, type RunningServer, removeScratch, scratch } from './offline-server';
import { waitForImage } from './viewer-helpers';

// Its own server (stopped and restarted by the test), beside playwright.config's one on E2E_PORT.
const PORT = Number(process.env.E2E_PORT ?? 8212) + 1100; // offline-viewer.spec.ts takes +1000
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = scratch(`outbox-e2e-data-${PORT}`);
const PROFILE = scratch(`outbox-e2e-profile-${PORT}`);
const DIST = process.env.DIST_DIR ?? 'dist';
const PAGE_UID = 'demo0001-1819-09-22-ed1-seq1';
const CAPTION = `Kept offline ${Date.now()}`;
const SUBJECT = `Written offline ${Date.now()}`;
const KEPT_CLIP = /Your clipping is kept on this device and will be sent when the connection returns/;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: RunningServer | undefined;
let context: BrowserContext;
let viewer: Page;
let contact: Page;
let other: Page;

test.beforeAll(async () => {
  freshDir(DATA_DIR);
  freshDir(PROFILE);
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  context = await launchProfile(PROFILE);
  viewer = context.pages()[0] ?? (await context.newPage());
});
test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  removeScratch();
});

/** How many clips and messages the server stored with this test's caption and subject. */
function serverCounts() {
  const store: SqliteStore = createSqliteStore(DATA_DIR);
  try {
    return {
      clips: store.db.prepare('SELECT count(*) FROM clips WHERE caption = ?').pluck().get(CAPTION) as number,
      messages: store.db.prepare('SELECT count(*) FROM contact_messages WHERE subject = ?').pluck().get(SUBJECT) as number,
    };
  } finally {
    void store.close();
  }
}

async function drawClip(p: Page) {
  await p.getByRole('button', { name: 'Clip and share' }).click();
  const layer = (await p.getByTestId('clip-layer').boundingBox())!;
  await p.mouse.move(layer.x + layer.width * 0.3, layer.y + layer.height * 0.3);
  await p.mouse.down();
  await p.mouse.move(layer.x + layer.width * 0.5, layer.y + layer.height * 0.45, { steps: 5 });
  await p.mouse.up();
}

test('a clip made offline is kept on this device and says so', async () => {
  await viewer.goto(`${ORIGIN}/viewer?page=${PAGE_UID}`);
  await waitForImage(viewer);
  await waitForActivatedWorker(viewer);
  await drawClip(viewer);
  const dialog = viewer.getByRole('dialog', { name: 'Share a clipping' });
  await dialog.getByLabel('Caption (optional)').fill(CAPTION);

  await server!.stop();
  server = undefined;
  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Create share link' }).click();
  await expect(viewer.getByTestId('clip-status')).toHaveText(KEPT_CLIP);
  await expect(viewer.getByTestId('clip-status')).toHaveAttribute('role', 'status');
  const items = viewer.getByTestId('outbox-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Clipping');
  await expect(items.first()).toContainText('Waiting for the connection');
  await viewer.screenshot({ path: '/tmp/outbox-e2e-clip-kept.png' });
});

test('a Contact Us message written offline is kept too', async () => {
  contact = await context.newPage();
  await contact.goto(`${ORIGIN}/contactus`);
  await expect(contact.getByTestId('outbox-item')).toHaveCount(1);
  await contact.getByLabel('Your name').fill('Ada Reader');
  await contact.getByLabel('Email address').fill('ada@example.org');
  await contact.getByLabel('Subject').fill(SUBJECT);
  await contact.getByLabel('Message').fill('Page 3 of 12 March 1901 is rotated.');
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(contact.getByTestId('contact-kept')).toContainText('Your message is kept on this device and will be sent when the connection returns.');
  await expect(contact.getByTestId('contact-kept')).toBeFocused();
  await expect(contact.getByTestId('outbox-item')).toHaveCount(2);
  await contact.screenshot({ path: '/tmp/outbox-e2e-message-kept.png' });
});

test('a reload while offline keeps both waiting', async () => {
  other = await context.newPage();
  await other.goto(`${ORIGIN}/home`);
  await other.reload();
  const items = other.getByTestId('outbox-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveAttribute('data-state', 'pending');
  await expect(items.nth(1)).toHaveAttribute('data-state', 'pending');
  await expect(other.getByRole('heading', { name: 'Kept on this device, to be sent (2)' })).toBeVisible();
  await other.screenshot({ path: '/tmp/outbox-e2e-pending.png' });
  expect(serverCounts()).toEqual({ clips: 0, messages: 0 });
});

test('back online, each is sent exactly once and the clip’s share link appears', async () => {
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  // Three tabs (and the service worker's Background Sync, where it fires) all flush on 'online'.
  await context.setOffline(false);

  const link = viewer.getByTestId('clip-link');
  await expect(link).toHaveValue(/\/clipsocialsharing\?clip=[\w-]+$/, { timeout: 30_000 });
  await expect(viewer.getByTestId('clip-status')).toHaveText('Your clipping has been sent. Its share link is ready.');
  await expect(viewer.getByRole('heading', { name: 'Your clipping is ready to share' })).toBeVisible();
  await viewer.screenshot({ path: '/tmp/outbox-e2e-clip-sent.png' });
  await expect(contact.getByTestId('contact-thanks')).toContainText('Your message has been sent.');

  const items = other.getByTestId('outbox-item');
  await expect(items.nth(0)).toHaveAttribute('data-state', 'sent');
  await expect(items.nth(1)).toHaveAttribute('data-state', 'sent');
  await expect(other.getByTestId('outbox-link')).toHaveAttribute('href', await link.inputValue());
  await other.screenshot({ path: '/tmp/outbox-e2e-sent.png' });

  // Let any late flush (a Background Sync firing after the tabs) run, then count on the server.
  await other.reload();
  await expect(other.getByTestId('outbox-item')).toHaveCount(0); // sent before this visit: history for /saved
  expect(serverCounts()).toEqual({ clips: 1, messages: 1 });
  // The share link works.
  const share = await context.request.get(await link.inputValue());
  expect(share.status()).toBe(200);
  expect(await share.text()).toContain(CAPTION);
});

test('with the page unable to send (server down), Background Sync in the service worker sends it once', async () => {
  const subject = `${SUBJECT} (background sync)`;
  await server!.stop();
  server = undefined;
  await contact.goto(`${ORIGIN}/contactus`);
  await contact.getByLabel('Your name').fill('Ada Reader');
  await contact.getByLabel('Email address').fill('ada@example.org');
  await contact.getByLabel('Subject').fill(subject);
  await contact.getByLabel('Message').fill('Sent by the service worker, not the page.');
  await contact.getByRole('button', { name: 'Send message' }).click();
  // The browser says online, but the send found no server: kept, and a sync is registered.
  await expect(contact.getByTestId('contact-kept')).toBeVisible();
  await expect
    .poll(() => contact.evaluate(async () => ((await navigator.serviceWorker.ready) as unknown as { sync: { getTags(): Promise<string[]> } }).sync.getTags()))
    .toContain('archive-outbox');

  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  // Fire the sync as the browser would when the network returns (no 'online' event reaches the page here).
  const cdp = await context.newCDPSession(contact);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      const reg = e.registrations.find((r) => r.scopeURL.startsWith(ORIGIN));
      if (reg) resolve(reg.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: ORIGIN, registrationId: await registrationId, tag: 'archive-outbox', lastChance: false });
  await expect(contact.getByTestId('contact-thanks')).toContainText('Your message has been sent.', { timeout: 20_000 });
  const store: SqliteStore = createSqliteStore(DATA_DIR);
  try {
    expect(store.db.prepare('SELECT count(*) FROM contact_messages WHERE subject = ?').pluck().get(subject)).toBe(1);
  } finally {
    void store.close();
  }
});
