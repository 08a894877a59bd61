// Sharing a research list (issue #38 item 5), in real Chromium against the real server: a list of two pages
// with a hostile note is shared with its notes; another browser profile opens the link (the note shown as
// text), and opens the list's IIIF Collection in Mirador 4, which lists the issues' manifests and opens one;
// the owner withdraws it and the link answers 404. Shared while offline, the list waits in the outbox and
// is sent, its link shown, once the browser is back online.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { axeFindings, freshDir, launchProfile, startServer, type RunningServer, removeScratch, scratch } from './offline-server';
import { openCollectionDialog, openMirador } from './mirador';

const PORT = Number(process.env.E2E_PORT ?? 8181) + 1480; // a server of its own, like the offline specs
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = scratch(`shared-lists-e2e-data-${PORT}`);
const PROFILE = scratch(`shared-lists-e2e-profile-${PORT}`);
const READER_PROFILE = scratch(`shared-lists-e2e-profile-b-${PORT}`);
const DIST = process.env.DIST_DIR ?? 'dist';
const LIST = 'Harvest reports to share';
const NOTE = 'See <script>alert("x")</script> & the "wheat" column';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: RunningServer | undefined;
let owner: BrowserContext;
let reader: BrowserContext;
let page: Page;
let shareUrl = '';

test.beforeAll(async () => {
  freshDir(PROFILE);
  freshDir(READER_PROFILE);
  freshDir(DATA_DIR);
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  owner = await launchProfile(PROFILE);
  page = owner.pages()[0] ?? (await owner.newPage());
});

test.afterAll(async () => {
  await owner?.close();
  await reader?.close();
  await server?.stop();
  removeScratch();
});

/** Adds the first `n` results of a search to the list `name` (made with the first). */
async function addResults(p: Page, query: string, name: string, n: number) {
  await p.goto(`${ORIGIN}/search?${query}`);
  await expect(p.locator('.search-hit').first()).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < n; i++) {
    const hit = p.locator('.search-hit').nth(i);
    await hit.getByRole('button', { name: /^Add to list: / }).click();
    // A fresh profile has no list yet: the first asks for a name, the next offer that list first.
    if (i === 0) await hit.getByLabel('Name of the new list').fill(name);
    else await expect(hit.getByRole('combobox', { name: 'List' })).toHaveValue(/.+/);
    await hit.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(hit).toContainText(`Added to “${name}”.`);
  }
}

async function openList(p: Page, name: string) {
  await p.goto(`${ORIGIN}/lists`);
  await p.getByRole('link', { name, exact: true }).click();
  await expect(p.getByTestId('open-list')).toBeVisible();
}

test('the owner shares a list with its notes; another profile reads it, the note shown as text', async () => {
  await addResults(page, 'k=harvest&ord=k1', LIST, 2);
  await openList(page, LIST);
  const item = page.getByTestId('list-item').first();
  await item.getByLabel('Note').fill(NOTE);
  await item.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByTestId('lists-status')).toContainText('Note saved');

  const share = page.getByTestId('list-share');
  await share.getByLabel('Include notes, tags and the description').check();
  await page.screenshot({ path: '.tmp/shared-lists-controls.png', fullPage: true });
  await share.getByRole('button', { name: 'Share this list' }).click();
  const link = share.getByTestId('list-share-link');
  await expect(link).toBeVisible({ timeout: 20_000 });
  shareUrl = (await link.getAttribute('href'))!;
  expect(shareUrl).toMatch(new RegExp(`^${ORIGIN}/lists/shared/[A-Za-z0-9_-]{22}$`));
  await expect(share.getByRole('button', { name: 'Withdraw the shared copy' })).toBeVisible();
  await share.screenshot({ path: '.tmp/shared-lists-shared.png' });
  expect(await axeFindings(page)).toEqual([]);
  // The token lives in the list's record on this device only.
  const stored = await page.evaluate(
    () =>
      new Promise<{ share?: { deleteToken?: string } }[]>((done) => {
        const open = indexedDB.open('newspaper-archive');
        open.onsuccess = () => {
          const req = open.result.transaction('lists').objectStore('lists').getAll();
          req.onsuccess = () => done(req.result);
        };
      }),
  );
  expect(stored.find((l) => l.share)?.share?.deleteToken?.length).toBeGreaterThan(30);

  // A fresh profile: no service worker, no lists, no cookies. JavaScript off: the page needs none.
  reader = await launchProfile(READER_PROFILE);
  const other = await reader.newPage();
  const res = await other.goto(shareUrl);
  expect(res!.status()).toBe(200);
  await expect(other.getByRole('heading', { level: 1, name: LIST })).toBeVisible();
  await expect(other.locator('li')).toHaveCount(2);
  await expect(other.locator('.note').first()).toHaveText(`Note: ${NOTE}`);
  expect(await other.evaluate(() => document.querySelectorAll('main script').length)).toBe(0);
  await expect(other.getByRole('button', { name: 'Report this list' })).toBeVisible();
  await other.screenshot({ path: '.tmp/shared-lists-page.png', fullPage: true });
  expect(await axeFindings(other)).toEqual([]);
});

test('the reader opens the list’s IIIF Collection in Mirador 4 and an issue from it', async () => {
  const other = await reader.newPage();
  const collectionUrl = `${shareUrl}/collection.json`;
  const collection = await (await other.request.get(collectionUrl)).json();
  expect(collection.type).toBe('Collection');
  expect(collection.items.length).toBeGreaterThan(0);
  const tiles: string[] = [];
  other.on('response', (r) => {
    if (/\/iiif\/3\/[^/]+\/[^/]+\/[^/]+\/0\/default\.jpg$/.test(r.url()) && r.status() === 200) tiles.push(r.url());
  });
  const errors = await openMirador(other, collectionUrl, { origin: ORIGIN });
  // Mirador names the window after the Collection and lists its manifests in its collection dialog.
  await expect(other.getByRole('heading', { level: 2, name: LIST })).toBeVisible({ timeout: 30_000 });
  const dialog = await openCollectionDialog(other);
  await expect(dialog.getByRole('menuitem')).toHaveCount(collection.items.length, { timeout: 20_000 });
  const first = collection.items[0].label.en[0] as string;
  await dialog.getByRole('menuitem').first().click();
  await expect(other.getByRole('heading', { level: 2, name: new RegExp(first.split(',')[0]) })).toBeVisible({ timeout: 30_000 });
  await expect(other.locator('.openseadragon-canvas canvas').first()).toBeVisible();
  // The page is drawn from our Image API.
  await expect.poll(() => tiles.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  await other.screenshot({ path: '.tmp/shared-lists-mirador.png' });
});

test('the owner withdraws it: the link answers 404 for everyone', async () => {
  const share = page.getByTestId('list-share');
  await share.getByRole('button', { name: 'Withdraw the shared copy' }).click();
  await expect(page.getByTestId('lists-status')).toContainText('withdrawn');
  await expect(share.getByRole('button', { name: 'Share this list' })).toBeVisible();
  const other = await reader.newPage();
  const res = await other.goto(shareUrl);
  expect(res!.status()).toBe(404);
  await expect(other.getByRole('heading', { level: 1, name: 'Shared list not found' })).toBeVisible();
  expect((await other.request.get(`${shareUrl}/collection.json`)).status()).toBe(404);
});

test('shared while offline, the list waits in the outbox and is sent when back online', async () => {
  await openList(page, LIST);
  await owner.setOffline(true);
  const share = page.getByTestId('list-share');
  await share.getByRole('button', { name: 'Share this list' }).click();
  await expect(share.getByTestId('list-share-waiting')).toContainText('Waiting to be sent');
  const waiting = await page.evaluate(
    () =>
      new Promise<{ kind: string; state: string }[]>((done) => {
        const open = indexedDB.open('newspaper-archive');
        open.onsuccess = () => {
          const req = open.result.transaction('outbox').objectStore('outbox').getAll();
          req.onsuccess = () => done(req.result);
        };
      }),
  );
  expect(waiting.filter((r) => r.kind === 'list-share' && r.state === 'pending')).toHaveLength(1);
  await owner.setOffline(false);
  const link = share.getByTestId('list-share-link');
  await expect(link).toBeVisible({ timeout: 30_000 });
  const url = (await link.getAttribute('href'))!;
  expect(url).not.toBe(shareUrl);
  const other = await reader.newPage();
  expect((await other.goto(url))!.status()).toBe(200);
  // Shared without notes this time (the box starts unticked): the note is not on the page.
  await expect(other.getByRole('heading', { level: 1, name: LIST })).toBeVisible();
  await expect(other.locator('.note')).toHaveCount(0);
});
