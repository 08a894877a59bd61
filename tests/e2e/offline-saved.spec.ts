// Saved on this device and offline search (issue #17), in real Chromium with the server stopped and the browser
// offline: pages read online (one of them part of a saved issue, one saved on its own, and a saved search) are
// listed on /saved, reached from the offline banner, with their sizes; they open offline; a word printed only
// on a saved page is found by the results screen's offline search ("Searching N pages saved on this device"),
// with its highlighted snippet, and opens in the viewer with its hit boxed; removing an item removes it,
// its page data and its tiles.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  axeFindings,
  cachedTiles,
  freshDir,
  launchProfile,
  startServer,
  waitForActivatedWorker,
  type RunningServer,
  removeScratch,
  scratch,
} from './offline-server';
import type { ViewerPageResponse } from '../../contract/viewer';
import type { SearchResponse } from '../../contract/search/query';
import { tokenize } from '../../contract/search/tokens';

// Its own server (stopped mid-test), on the port after this run's E2E_PORT.
const PORT = Number(process.env.E2E_PORT ?? 8181) + 3; // each spec with a server of its own has its own port
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = scratch(`offline-saved-e2e-data-${PORT}`);
const PROFILE = scratch(`offline-saved-e2e-profile-${PORT}`);
const DIST = process.env.DIST_DIR ?? 'dist';
const SHOTS = process.env.SHOTS_DIR ?? `/tmp/offline-saved-shots-${PORT}`;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: RunningServer | undefined;
let context: BrowserContext;
let page: Page;
const kept: ViewerPageResponse[] = [];
let onlyWord = '';

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

/** Runs `change` on every seen record of this origin matching kind (and key), in one raw IndexedDB transaction. */
function editSeen(p: Page, job: { issue?: unknown; pin: Array<{ kind: string; key?: string; label?: string; href?: string }> }) {
  return p.evaluate(
    (job) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('newspaper-archive');
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('seen', 'readwrite');
          const store = tx.objectStore('seen');
          let changed = 0;
          const all = store.getAll();
          all.onsuccess = () => {
            for (const r of all.result as Array<Record<string, unknown>>) {
              if (r.site !== location.origin) continue;
              const pin = job.pin.find((x) => x.kind === r.kind && (!x.key || x.key === r.key));
              if (!pin) continue;
              store.put({ ...r, pinned: 1, ...(pin.label ? { label: pin.label } : {}), ...(pin.href ? { href: pin.href } : {}) });
              changed++;
            }
            if (job.issue) store.put(job.issue);
          };
          tx.oncomplete = () => {
            db.close();
            resolve(changed);
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
    job,
  );
}

const seenKeys = (p: Page) =>
  p.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('newspaper-archive');
        open.onsuccess = () => {
          const req = open.result.transaction('seen').objectStore('seen').getAllKeys();
          req.onsuccess = () => {
            resolve((req.result as string[][]).map((k) => `${k[1]}:${k[2]}`));
            open.result.close();
          };
        };
      }),
  );

test('nothing saved yet: /saved says what can be saved and how (phone width), reached from the header', async ({ browser }) => {
  const fresh = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await fresh.newPage();
  await phone.goto(`${ORIGIN}/home`);
  await phone.getByRole('link', { name: 'Saved on this device' }).click();
  await expect(phone).toHaveURL(`${ORIGIN}/saved`);
  const empty = phone.getByTestId('saved-empty');
  await expect(empty).toContainText('Nothing is saved on this device yet');
  await expect(empty).toContainText('Save issue for offline');
  await expect(empty).toContainText('Save these results for offline');
  await phone.screenshot({ path: `${SHOTS}/saved-empty-phone.png`, fullPage: true });
  expect(await axeFindings(phone)).toEqual([]);
  await fresh.close();
});

test('online: read three pages, save an issue, a page and a search', async () => {
  await page.goto(`${ORIGIN}/home`);
  await waitForActivatedWorker(page);
  const answer = (await (await page.request.get(`${ORIGIN}/Api/Search?k=harvest&ord=k1&url=${ORIGIN}`)).json()) as SearchResponse;
  const uids = [...new Set(answer.results.map((r) => r.pageUid))].slice(0, 3);
  expect(uids).toHaveLength(3);
  await page.goto(`${ORIGIN}/search?k=harvest&ord=k1`);
  await expect(page.locator('.search-hit').first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await seenKeys(page)).some((k) => k.startsWith('search:')), { timeout: 20_000 }).toBe(true);
  for (const uid of uids) {
    await page.goto(`${ORIGIN}/viewer?page=${encodeURIComponent(uid)}`);
    await expect(page.getByTestId('ocr-text')).not.toBeEmpty({ timeout: 30_000 });
    // Reading a page means seeing its image too: the deep-zoom viewer loads lazily, after the text, and only
    // once it has opened have the image's info.json and first tiles passed through the service worker (and
    // so been kept). Leaving at the text alone would leave a page that cannot be drawn, or boxed, offline.
    await expect(page.getByTestId('deep-zoom')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    kept.push((await (await page.request.get(`${ORIGIN}/Api/Viewer/Page/${encodeURIComponent(uid)}`)).json()) as ViewerPageResponse);
    // The page is kept in the background: wait for it before navigating away (a reload would cut the write).
    await expect.poll(async () => (await seenKeys(page)).includes(`page:${uid}`), { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (await seenKeys(page)).includes(`tiles:${uid}`), { timeout: 20_000 }).toBe(true);
  }

  // A word printed on the second page and on neither other page: what the offline search must find.
  const tokensOf = (p: ViewerPageResponse) => new Set(p.words.flatMap((w) => tokenize(String(w[0]))));
  const others = new Set([...tokensOf(kept[0]), ...tokensOf(kept[2])]);
  onlyWord = [...tokensOf(kept[1])].find((t) => /^[a-z]{7,}$/.test(t) && !others.has(t))!;
  expect(onlyWord).toBeTruthy();

  // What the save pipeline (another part of issue #17) leaves: an issue record with its pages pinned, a pinned page, a pinned search.
  const first = kept[0];
  const issue = {
    site: ORIGIN,
    kind: 'issue',
    key: first.issueUid,
    value: {
      issueUid: first.issueUid,
      state: 'saving',
      pages: [first.uid, `${first.issueUid}-not-yet`],
      done: [first.uid],
      withPdfs: false,
      estimatedBytes: 900_000,
      bytes: 0,
      title: first.title,
      date: first.date,
      href: `/viewer?page=${encodeURIComponent(first.uid)}`,
    },
    bytes: 300,
    savedAt: Date.now(),
    usedAt: Date.now(),
    pinned: 1,
  };
  const changed = await editSeen(page, {
    issue,
    pin: [
      { kind: 'page', key: first.uid },
      { kind: 'tiles', key: first.uid },
      { kind: 'page', key: kept[1].uid, label: `${kept[1].title}, saved page` },
      { kind: 'tiles', key: kept[1].uid },
      { kind: 'search' },
    ],
  });
  expect(changed).toBeGreaterThanOrEqual(3);
  expect((await cachedTiles(page, kept[1].uid)).length).toBeGreaterThan(0);
});

test('offline (server stopped): /saved from the offline banner lists the items with sizes, partly saved issue as such', async () => {
  await server!.stop();
  server = undefined;
  await context.setOffline(true);
  await page.goto(`${ORIGIN}/home`);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.getByTestId('offline-banner').getByRole('link', { name: 'what you saved on this device' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/saved`);
  await expect(page).toHaveTitle(/ :: Saved on this device$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this device' })).toBeVisible();

  const issues = page.getByTestId('saved-issues').getByTestId('saved-item');
  await expect(issues).toHaveCount(1);
  await expect(issues.first()).toContainText('Partly saved (1 of 2 pages)');
  await expect(issues.first()).not.toContainText(/\bSaved for offline\b/);
  const pages = page.getByTestId('saved-pages').getByTestId('saved-item');
  await expect(pages).toHaveCount(1);
  await expect(pages.first()).toContainText(`${kept[1].title}, saved page`);
  await expect(page.getByTestId('saved-searches').getByTestId('saved-item')).toHaveCount(1);
  for (const size of await page.getByTestId('saved-size').allTextContents()) expect(size).toMatch(/^\d+(\.\d)? (KB|MB)$/);
  await expect(page.getByTestId('saved-usage')).toContainText(/Using .+ of the .+ this browser allows/);
  await expect(page.getByTestId('saved-persisted')).toBeVisible();
  await expect(page.getByTestId('header-saved-link')).toHaveAttribute('href', '/saved');
  await page.screenshot({ path: `${SHOTS}/saved-offline.png`, fullPage: true });
  expect(await axeFindings(page)).toEqual([]);
});

test('offline: a saved page opens from /saved with its text', async () => {
  await page
    .getByTestId('saved-pages')
    .getByRole('link', { name: `${kept[1].title}, saved page` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/viewer\\?page=${kept[1].uid}`));
  await expect(page.getByTestId('ocr-text')).toContainText(String(kept[1].words[0][0]));
});

test('offline: a word only on a saved page is found on the device, highlighted, and boxed in the viewer', async () => {
  await page.goto(`${ORIGIN}/search?k=${onlyWord}&ord=k1`);
  await expect(page.getByTestId('device-search')).toContainText('Searching 3 pages saved on this device');
  const hits = page.locator('.search-hit');
  await expect(hits).toHaveCount(1);
  await expect(hits.first().locator('mark').first()).toHaveText(new RegExp(onlyWord, 'i'));
  await expect(page.locator('#results-heading')).toHaveText(/^1 page matches\./);
  await page.screenshot({ path: `${SHOTS}/search-offline-device.png`, fullPage: true });
  expect(await axeFindings(page)).toEqual([]);

  await hits.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`page=${kept[1].uid}.*k=${onlyWord}`));
  await expect(page.getByTestId('hit-count')).toHaveText(/^Hit 1 of \d+$/, { timeout: 20_000 });
  await expect(page.locator('.vz-hit').first()).toBeAttached();
  await page.screenshot({ path: `${SHOTS}/viewer-offline-device-hit.png` });
});

test('offline: a search with a None row and a phrase runs on the device too', async () => {
  await page.goto(`${ORIGIN}/search?k=${onlyWord}&n=${onlyWord}&ord=k1,n1`);
  await expect(page.getByTestId('device-search')).toBeVisible();
  await expect(page.locator('#results-heading')).toHaveText('No pages match this search.');
});

test('offline: removing the saved page removes it, its data and its tiles', async () => {
  await page.goto(`${ORIGIN}/saved`);
  const remove = page.getByRole('button', { name: `Remove ${kept[1].title}, saved page` });
  await remove.click();
  await expect(page.getByTestId('saved-removed')).toContainText(`Removed ${kept[1].title}, saved page from this device.`);
  await expect(page.getByTestId('saved-pages')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const keys = await seenKeys(page);
  expect(keys).not.toContain(`page:${kept[1].uid}`);
  expect(keys).not.toContain(`tiles:${kept[1].uid}`);
  expect(await cachedTiles(page, kept[1].uid)).toEqual([]);

  // The issue goes with its pages.
  await page.getByRole('button', { name: new RegExp(`^Remove ${kept[0].title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  await expect(page.getByTestId('saved-issues')).toHaveCount(0);
  expect(await seenKeys(page)).not.toContain(`page:${kept[0].uid}`);
  await page.screenshot({ path: `${SHOTS}/saved-after-remove.png`, fullPage: true });

  // The offline search now has one page fewer... and the word is gone with its page.
  await page.goto(`${ORIGIN}/search?k=${onlyWord}&ord=k1`);
  await expect(page.getByTestId('device-search')).toContainText('Searching 1 page saved on this device');
  await expect(page.locator('.search-hit')).toHaveCount(0);
});
