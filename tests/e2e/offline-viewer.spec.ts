// Offline research, the viewer (issue #16): a page opened online from a search reopens offline (server
// stopped AND browser offline) with its text, its hits, its image from the tile cache and its metadata; a
// never-opened page of the same issue says so with the way back; under a tiny cap the oldest page loses
// its data and its tiles together while the newest still opens offline with its image.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  cachedTiles,
  freshDir,
  launchProfile,
  seenRecord,
  startServer,
  waitForActivatedWorker,
  type RunningServer,
  removeScratch,
  scratch,
} from './offline-server';
import { settle, waitForImage } from './viewer-helpers';
import type { ViewerPageResponse } from '../../contract/viewer';

// Its own server (stopped mid-test), on a port of its own next to this run's E2E_PORT.
const PORT = Number(process.env.E2E_PORT ?? 8181) + 1000;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = scratch(`offline-viewer-e2e-data-${PORT}`);
const PROFILE = scratch(`offline-viewer-e2e-profile-${PORT}`);
const DIST = process.env.DIST_DIR ?? 'dist';
const SHOTS = process.env.SHOTS_DIR ?? `/tmp/offline-viewer-shots-${PORT}`;
const QUERY = 'harvest';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: RunningServer | undefined;
let context: BrowserContext;
let page: Page;
const seen = { uid: '', url: '', title: '', hitCount: '', firstWords: '', neverOpened: '', issueUid: '' };

test.beforeAll(async () => {
  freshDir(DATA_DIR); // a fresh copy of the demo archive: a retry never sees the first attempt's data
  freshDir(PROFILE);
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  context = await launchProfile(PROFILE);
  page = context.pages()[0] ?? (await context.newPage());
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  removeScratch();
});

type Ledger = { cache: string; tiles: Record<string, number> };
const ledgerSize = async (p: Page, uid: string) => Object.keys((await seenRecord<Ledger>(p, 'tiles', uid))?.value.tiles ?? {}).length;

/** Waits until the page's tile ledger stops growing (the fit-level prefetch is done). */
async function waitForTilesKept(p: Page, uid: string) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const n = await ledgerSize(p, uid);
        const settled = n > 1 && n === last;
        last = n;
        return settled;
      },
      { timeout: 60_000, intervals: [1500] },
    )
    .toBe(true);
}

/** Share of the canvas's pixels that are not the viewer's backdrop: > 0 when the page image is drawn. */
const drawnShare = (p: Page) =>
  p.getByTestId('deep-zoom').evaluate((host) => {
    const canvas = host.querySelector('canvas') as HTMLCanvasElement;
    const ctx = canvas.getContext('2d');
    if (!ctx) return 0;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let drawn = 0;
    for (let i = 0; i < data.length; i += 16) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] > 120) drawn++;
    return drawn / (data.length / 16);
  });

/** Opens the first result whose page is not in `not` (a result can link to its page more than once). */
async function openResult(p: Page, not: string[] = []): Promise<string> {
  await p.goto(`${ORIGIN}/search?k=${QUERY}`);
  const links = p.locator('a[href^="/viewer"]');
  await expect(links.first()).toBeVisible({ timeout: 30_000 });
  const hrefs = await links.evaluateAll((els) => els.map((a) => a.getAttribute('href')!));
  const index = hrefs.findIndex((h) => !not.includes(new URLSearchParams(h.split('?')[1]).get('page')!));
  expect(index, 'a result on another page').toBeGreaterThanOrEqual(0);
  await links.nth(index).click();
  await expect(p).toHaveURL(/\/viewer\?page=/);
  await waitForImage(p);
  return new URL(p.url()).searchParams.get('page')!;
}

test('online: a search result opened in the viewer is kept with its hits and its tiles', async () => {
  await page.goto(`${ORIGIN}/home`);
  await waitForActivatedWorker(page);
  seen.uid = await openResult(page);
  seen.url = page.url();
  await expect(page.getByTestId('hit-count')).toHaveText(/^Hit 1 of \d+$/, { timeout: 20_000 });
  seen.hitCount = (await page.getByTestId('hit-count').textContent())!;
  seen.title = (await page.locator('.vz-title').textContent())!;
  seen.firstWords = ((await page.getByTestId('ocr-text').textContent()) ?? '').slice(0, 60);
  expect(seen.firstWords.length).toBeGreaterThan(10);
  await expect(page.getByTestId('saved-stamp')).toHaveCount(0); // fresh from the server

  const data = (await (await page.request.get(`${ORIGIN}/Api/Viewer/Page/${encodeURIComponent(seen.uid)}`)).json()) as ViewerPageResponse;
  seen.issueUid = data.issueUid;
  seen.neverOpened = data.nextPageUid ?? data.prevPageUid ?? '';
  expect(seen.neverOpened).not.toBe('');

  await expect
    .poll(async () => Object.values((await seenRecord<{ hits: Record<string, unknown[]> }>(page, 'page', seen.uid))?.value.hits ?? {}).length)
    .toBe(1);
  await waitForTilesKept(page, seen.uid);
  // The ledger and the cache agree: every tile recorded is in the cache.
  const ledger = (await seenRecord<Ledger>(page, 'tiles', seen.uid))!.value;
  const cached = new Set(await cachedTiles(page, seen.uid));
  for (const url of Object.keys(ledger.tiles)) expect(cached.has(url), url).toBe(true);
  await page.screenshot({ path: `${SHOTS}/viewer-online.png` });
});

test('offline (server stopped): the viewer URL reloads with text, hits, image from the tile cache and metadata', async () => {
  await server!.stop();
  server = undefined;
  await context.setOffline(true);
  const tileRequests: { url: string; fromSW: boolean; ok: boolean }[] = [];
  page.on('requestfinished', async (req) => {
    if (!req.url().includes('/iiif/3/')) return;
    const res = await req.response();
    tileRequests.push({ url: req.url(), fromSW: !!res?.fromServiceWorker(), ok: !!res?.ok() });
  });
  await page.goto(seen.url);

  await expect(page.locator('.vz-title')).toHaveText(seen.title);
  await expect(page.getByTestId('saved-stamp')).toHaveText(/^Saved (just now|.+ ago)$/);
  await expect(page.getByTestId('ocr-text')).toContainText(seen.firstWords.trim().slice(0, 40));
  await expect(page.getByTestId('hit-count')).toHaveText(seen.hitCount);
  await expect(page.getByText('No hits on this page')).toHaveCount(0);
  await expect(page.locator('.vz-hit').first()).toBeAttached();
  // Next / previous hit move through the kept hits.
  const total = Number(seen.hitCount.split(' of ')[1]);
  if (total > 1) {
    await page.getByRole('button', { name: 'Next hit' }).click();
    await expect(page.getByTestId('hit-count')).toHaveText(`Hit 2 of ${total}`);
  }

  // The image: info.json and tiles answered by the service worker from its cache, and drawn.
  await waitForImage(page);
  await expect.poll(() => drawnShare(page), { timeout: 20_000 }).toBeGreaterThan(0.2);
  expect(tileRequests.some((r) => r.url.endsWith('/info.json') && r.fromSW && r.ok)).toBe(true);
  expect(tileRequests.filter((r) => !r.url.endsWith('/info.json') && r.fromSW && r.ok).length).toBeGreaterThan(0);

  // The citation is on the device; a download that was never fetched says it needs the network.
  await page.getByRole('tab', { name: 'Download & cite' }).click();
  await expect(page.getByTestId('citation')).toContainText(seen.title.trim());
  await expect(page.getByText('Needs the network').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.screenshot({ path: `${SHOTS}/viewer-offline.png` });

  // Searching inside the page works on the kept words.
  const word = seen.firstWords.split(/[^A-Za-z]+/).find((w) => w.length >= 4)!;
  const box = page.getByRole('searchbox', { name: 'Search inside this page' });
  await box.fill(word);
  await box.press('Enter');
  await expect(page.getByTestId('hit-count')).toHaveText(/^Hit 1 of \d+$/);
});

test('offline: a page of the same issue that was never opened says so, with the way back', async () => {
  await page.goto(`${ORIGIN}/viewer?page=${encodeURIComponent(seen.neverOpened)}&k=${QUERY}`);
  const message = page.getByTestId('not-on-device');
  await expect(message).toContainText('This page is not on this device');
  await expect(message.getByRole('link', { name: 'Back to the results' })).toHaveAttribute('href', `/search?k=${QUERY}`);
  const onDevice = message.getByRole('navigation', { name: 'Pages of this issue on this device' }).getByRole('link');
  await expect(onDevice).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/viewer-never-opened.png` });
  await onDevice.click();
  await expect(page).toHaveURL(new RegExp(`page=${seen.uid}`));
  await expect(page.locator('.vz-title')).toHaveText(seen.title);
  await expect(page.getByTestId('ocr-text')).toContainText(seen.firstWords.trim().slice(0, 40));
});

test('offline: the whole page, fit to the screen, is drawn from tiles fetched when it was opened online', async () => {
  // Without a search, at the zoom 'Whole page' picks (the viewer remembers it for the session).
  await page.evaluate(() => sessionStorage.removeItem('viewersearch'));
  await page.goto(`${ORIGIN}/viewer?page=${encodeURIComponent(seen.uid)}`);
  await waitForImage(page);
  await page.getByRole('button', { name: 'Whole page' }).click();
  await settle(page);
  const tiles: { url: string; ok: boolean }[] = [];
  const track = (ok: boolean) => (req: { url(): string }) => req.url().includes('/iiif/3/') && tiles.push({ url: req.url(), ok });
  page.on('requestfinished', track(true));
  page.on('requestfailed', track(false));
  await page.reload();
  await expect(page.getByTestId('saved-stamp')).toBeVisible();
  await waitForImage(page);
  await settle(page);
  await page.waitForTimeout(1500);
  expect(tiles.filter((t) => t.ok).length).toBeGreaterThan(1);
  expect(tiles.filter((t) => !t.ok).map((t) => t.url)).toEqual([]);
  await expect.poll(() => drawnShare(page), { timeout: 20_000 }).toBeGreaterThan(0.1);
  await page.screenshot({ path: `${SHOTS}/viewer-offline-whole-page.png` });
  page.removeAllListeners('requestfinished');
  page.removeAllListeners('requestfailed');
});

test('a tiny cap: the oldest page loses its data and its tiles, the newest still opens offline with its image', async () => {
  await context.setOffline(false);
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  // A cap of one byte: each write keeps only the page it is about (and its tiles).
  await context.addInitScript({ content: 'globalThis.__archiveSeenLimits = { maxBytes: 1 };' });
  const older = await openResult(page, [seen.uid]);
  await waitForTilesKept(page, older);
  expect((await cachedTiles(page, older)).length).toBeGreaterThan(1);

  const newer = await openResult(page, [seen.uid, older]);
  await waitForTilesKept(page, newer);

  for (const uid of [seen.uid, older]) {
    await expect.poll(() => seenRecord(page, 'page', uid)).toBeNull();
    expect(await seenRecord(page, 'tiles', uid)).toBeNull();
    expect(await cachedTiles(page, uid)).toEqual([]);
  }
  expect(await seenRecord(page, 'page', newer)).not.toBeNull();
  expect((await cachedTiles(page, newer)).length).toBeGreaterThan(1);

  const newerUrl = page.url();
  await server!.stop();
  server = undefined;
  await context.setOffline(true);
  await page.goto(newerUrl);
  await expect(page.getByTestId('saved-stamp')).toBeVisible();
  await expect(page.getByTestId('ocr-text')).not.toBeEmpty();
  await waitForImage(page);
  await expect.poll(() => drawnShare(page), { timeout: 20_000 }).toBeGreaterThan(0.2);

  await page.goto(`${ORIGIN}/viewer?page=${encodeURIComponent(older)}&k=${QUERY}`);
  await expect(page.getByTestId('not-on-device')).toBeVisible();
});
