// Offline, a page whose data is on the device but whose image is not (the reader left before the tiles
// came, or they were cleared): the image area says so in plain words instead of OpenSeadragon's raw error,
// offers the page's text (which reads from the device), and the image loads by itself when the connection
// comes back.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  axeFindings,
  freshDir,
  launchProfile,
  startServer,
  waitForActivatedWorker,
  DESKTOP_WINDOW,
  type RunningServer,
  removeScratch,
  scratch,
} from './offline-server';
import { waitForImage } from './viewer-helpers';

// Its own server (stopped mid-test), on a port of its own next to this run's E2E_PORT.
const PORT = Number(process.env.E2E_PORT ?? 8181) + 1200; // offline-viewer takes +1000, offline-outbox +1100
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = scratch(`offline-image-e2e-data-${PORT}`);
const PROFILE = scratch(`offline-image-e2e-profile-${PORT}`);
const DIST = process.env.DIST_DIR ?? 'dist';
const SHOTS = process.env.SHOTS_DIR ?? `/tmp/offline-image-shots-${PORT}`;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: RunningServer | undefined;
let context: BrowserContext;
let page: Page;
let pageUrl = '';
let uid = '';
let firstWords = '';

test.beforeAll(async () => {
  freshDir(DATA_DIR); // a fresh copy of the demo archive: a retry never sees the first attempt's data
  freshDir(PROFILE);
  freshDir(SHOTS);
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  context = await launchProfile(PROFILE);
  page = context.pages()[0] ?? (await context.newPage());
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  removeScratch();
});

/** Takes the page's image off the device: its tile cache entries and the browser's HTTP cache. */
async function forgetImage(p: Page, pageUid: string) {
  const removed = await p.evaluate(async (pageUid) => {
    let n = 0;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) if (req.url.includes(`/iiif/3/${encodeURIComponent(pageUid)}/`) && (await cache.delete(req))) n++;
    }
    return n;
  }, pageUid);
  expect(removed, 'tiles of the page were in the cache').toBeGreaterThan(0);
  const cdp = await context.newCDPSession(p);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

test('online: a page is opened, so its text is kept on the device; then its image is taken off the device', async () => {
  await page.goto(`${ORIGIN}/home`);
  await waitForActivatedWorker(page);
  await page.goto(`${ORIGIN}/search?k=harvest`);
  const link = page.locator('a[href^="/viewer"]').first();
  await expect(link).toBeVisible({ timeout: 30_000 });
  await link.click();
  await waitForImage(page);
  pageUrl = page.url();
  uid = new URL(pageUrl).searchParams.get('page')!;
  firstWords = ((await page.getByTestId('ocr-text').textContent()) ?? '').trim().slice(0, 40);
  expect(firstWords.length).toBeGreaterThan(10);
  // Let the worker finish writing the tiles it fetched before they are removed.
  await page.waitForTimeout(2000);
  await forgetImage(page, uid);
});

test('offline: the image area says the image is not on this device, and the text reads from the device', async () => {
  await server!.stop();
  server = undefined;
  await context.setOffline(true);
  await page.setViewportSize({ width: 390, height: 844 }); // a phone: the side panel starts closed
  await page.goto(pageUrl);

  const message = page.getByTestId('image-unavailable');
  await expect(message).toBeVisible({ timeout: 30_000 });
  await expect(message.getByRole('heading', { name: 'No image on this device' })).toBeVisible();
  await expect(message).toContainText("This page's image is not saved on this device. It loads by itself when you are back online.");
  await expect(message.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByText(/Unable to open/)).toHaveCount(0);
  await expect(page.getByTestId('deep-zoom')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/image-not-on-device-phone.png` });
  expect(await axeFindings(page)).toEqual([]);

  await message.getByRole('button', { name: "Read the page's text" }).click();
  await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('ocr-text')).toContainText(firstWords);
  await expect(page.getByTestId('ocr-text')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/image-not-on-device-text.png` });

  await page.setViewportSize(DESKTOP_WINDOW);
  await page.reload();
  await expect(page.getByTestId('image-unavailable')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/image-not-on-device-desktop.png` });
});

test('back online: the image loads by itself, without a reload', async () => {
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  await context.setOffline(false);
  await waitForImage(page);
  await expect(page.getByTestId('image-unavailable')).toHaveCount(0);
  await expect(page.locator('.vz-title')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('page')).toBe(uid);
});
