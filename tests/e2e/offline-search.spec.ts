// Offline research, results and browse (issue #16), end to end in real Chromium against the real server:
// results pages seen online (a word search, its page 2, another sort, a title browsed from /home) reopen
// offline as they were seen, stamped with when they were saved; a search never seen says it needs the
// network and lists what this device keeps; back online the kept answer is refreshed and the stamp goes.
// A second profile with a tiny cap shows the oldest answers evicted first and the newest still opening.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { freshDir, launchProfile, startServer, waitForActivatedWorker, type RunningServer, removeScratch, scratch } from './offline-server';

// Its own server (it is stopped mid-way), on a port derived from the run's E2E_PORT so parallel runs differ.
const PORT = Number(process.env.E2E_PORT ?? 8181) + 300;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = scratch(`offline-search-e2e-data-${PORT}`);
const PROFILE = scratch(`offline-search-e2e-profile-${PORT}`);
const SMALL_PROFILE = scratch(`offline-search-e2e-small-${PORT}`);
const DIST = process.env.DIST_DIR ?? 'dist';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: RunningServer | undefined;
let context: BrowserContext;
let page: Page;
let small: BrowserContext;
let smallPage: Page;

interface Seen {
  url: string;
  status: string;
  hits: string[];
  snippets: string[];
  facets: string[];
}
const seen: Record<'words' | 'page2' | 'sorted' | 'browse' | 'decade', Seen> = {} as never;
let browsedTitle = '';
let browsedDecade = '';
const EVICTION_WORDS = ['council', 'railroad', 'river', 'election', 'harvest'];

const status = (p: Page) => p.locator('#results-heading [role="status"]');
const stamp = (p: Page) => p.getByTestId('saved-stamp');

/** What a person sees of a results page: the count line, the hits, their snippets (with <mark>) and the facets. */
async function snapshot(p: Page): Promise<Seen> {
  await expect(p.locator('.search-main')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(status(p)).toContainText(/pages? match/, { timeout: 30_000 });
  await expect(p.locator('.search-hit').first()).toBeVisible();
  return {
    url: p.url(),
    status: (await status(p).textContent())!.trim(),
    hits: await p.locator('.search-hit__title').allTextContents(),
    snippets: await p.locator('.search-hit__snippet').evaluateAll((els) => els.map((e) => e.innerHTML)),
    facets: await p.locator('.search-facet li').allTextContents(),
  };
}

/** Kept search answers in this page's IndexedDB (the 'seen' table, kind 'search'). */
function keptSearchKeys(p: Page): Promise<string[]> {
  return p.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('newspaper-archive');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('seen')) return resolve([]);
          const req = db.transaction('seen').objectStore('seen').getAll();
          req.onsuccess = () => {
            resolve((req.result as Array<{ kind: string; key: string }>).filter((r) => r.kind === 'search').map((r) => r.key));
            db.close();
          };
        };
        open.onerror = () => resolve([]);
      }),
  );
}

test.beforeAll(async () => {
  freshDir(DATA_DIR); // a fresh copy of the demo archive: a retry never sees the first attempt's data
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  context = await launchProfile(freshDir(PROFILE));
  page = context.pages()[0] ?? (await context.newPage());
});

test.afterAll(async () => {
  await context?.close();
  await small?.close();
  await server?.stop();
  removeScratch();
});

test('online: a word search, its page 2, another sort, a title and a decade browsed from /home are seen', async () => {
  await page.goto(`${ORIGIN}/home`);
  await expect(page.getByTestId('title-tiles').locator('.title-tile__name').first()).toBeVisible({ timeout: 60_000 });
  await waitForActivatedWorker(page);

  const tile = page.getByTestId('title-tiles').locator('a.title-tile__hit').first();
  browsedTitle = (await tile.locator('.title-tile__name').textContent())!.trim();
  await tile.click();
  await expect(page).toHaveURL(/\/search\?/);
  seen.browse = await snapshot(page);
  await expect(page.locator('.search-summary')).toHaveText(`Browsing ${browsedTitle}`);

  await page.goto(`${ORIGIN}/home`);
  const decade = page.getByTestId('decade-tiles').locator('a.decade-tile__hit').first();
  browsedDecade = (await decade.locator('.decade-tile__name').textContent())!.trim();
  await decade.click();
  await expect(page).toHaveURL(/bdd=/);
  seen.decade = await snapshot(page);
  await expect(page.locator('.search-summary')).toHaveText(`Browsing ${browsedDecade}`);

  await page.goto(`${ORIGIN}/search?i=f&k=harvest&ord=k1`);
  seen.words = await snapshot(page);
  expect(seen.words.snippets.join('')).toContain('<mark>');
  expect(seen.words.facets.length).toBeGreaterThan(0);
  await page.screenshot({ path: '/tmp/offline-search-online.png' });

  // By keyboard (focus, Enter): on a loaded machine a pointer click right after the first results showed was
  // lost now and then (not understood yet; search.spec does the same).
  await page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: /Next/ }).press('Enter');
  await expect(status(page)).toContainText('page 2 of');
  seen.page2 = await snapshot(page);
  expect(seen.page2.hits).not.toEqual(seen.words.hits);

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('date-desc');
  // A new order starts again at page 1.
  await expect(page).toHaveURL(/sort=date-desc/);
  await expect(status(page)).toContainText('page 1 of');
  seen.sorted = await snapshot(page);
  expect(seen.sorted.hits).not.toEqual(seen.words.hits);

  // Five answers kept on this device (written just after each one shows).
  await expect.poll(async () => (await keptSearchKeys(page)).length).toBe(5);
  // A fresh answer carries no 'Saved' stamp.
  await expect(stamp(page)).toHaveCount(0);
});

test('a tiny cap (second profile): five searches seen online, only the newest kept', async () => {
  small = await launchProfile(freshDir(SMALL_PROFILE));
  await small.addInitScript({ content: 'window.__archiveSeenLimits = { maxEntries: 3 };' });
  smallPage = small.pages()[0] ?? (await small.newPage());
  for (const word of EVICTION_WORDS) {
    await smallPage.goto(`${ORIGIN}/search?i=f&k=${word}&ord=k1`);
    await snapshot(smallPage);
    await expect.poll(async () => (await keptSearchKeys(smallPage)).some((k) => k.includes(`k=${word}`))).toBe(true);
  }
  await waitForActivatedWorker(smallPage);
  const keys = await keptSearchKeys(smallPage);
  expect(keys.length).toBe(3);
  for (const word of EVICTION_WORDS.slice(2))
    expect(
      keys.some((k) => k.includes(`k=${word}`)),
      word,
    ).toBe(true);
});

test('offline (server stopped): the seen results pages reopen as they were seen, with their stamp', async () => {
  await server!.stop();
  server = undefined;
  await context.setOffline(true);

  // Reload the sorted page 2 as the browser left it, then open the others by their addresses.
  await page.reload();
  for (const which of ['sorted', 'page2', 'words'] as const) {
    if (page.url() !== seen[which].url) await page.goto(seen[which].url);
    const offline = await snapshot(page);
    expect(offline.status, which).toBe(seen[which].status);
    expect(offline.hits, which).toEqual(seen[which].hits);
    expect(offline.snippets, which).toEqual(seen[which].snippets);
    expect(offline.facets, which).toEqual(seen[which].facets);
    await expect(page.locator('.search-hit__snippet mark').first()).toBeVisible();
    await expect(stamp(page)).toHaveText(/^Saved (just now|\d+ minutes? ago)$/);
    await expect(page.locator('.search-message--offline')).toContainText('These are the results you saw for this search');
    await expect(page.getByTestId('offline-banner')).toContainText('Results pages you have already seen open from this device.');
  }
  await page.screenshot({ path: '/tmp/offline-search-offline.png' });
});

test('offline: a title and a decade browsed before open from /home with their names and results', async () => {
  await page.goto(`${ORIGIN}/home`);
  const tile = page.getByTestId('title-tiles').locator('a.title-tile__hit').filter({ hasText: browsedTitle }).first();
  await tile.click();
  const offline = await snapshot(page);
  expect(offline.hits).toEqual(seen.browse.hits);
  expect(offline.facets).toEqual(seen.browse.facets);
  await expect(page.locator('.search-summary')).toHaveText(`Browsing ${browsedTitle}`);
  await expect(page.locator('.search-chip').filter({ hasText: browsedTitle })).toHaveCount(1);
  await expect(stamp(page)).toBeVisible();

  await page.goto(`${ORIGIN}/home`);
  await page.getByTestId('decade-tiles').locator('a.decade-tile__hit').filter({ hasText: browsedDecade }).first().click();
  const decade = await snapshot(page);
  expect(decade.hits).toEqual(seen.decade.hits);
  expect(decade.facets).toEqual(seen.decade.facets);
  await expect(page.locator('.search-summary')).toHaveText(`Browsing ${browsedDecade}`);
  await expect(stamp(page)).toBeVisible();
});

test('offline: a title never browsed is named from the saved title list and says it needs the network', async () => {
  await page.goto(`${ORIGIN}/home`);
  const tiles = page.getByTestId('title-tiles').locator('a.title-tile__hit');
  const other = tiles.filter({ hasNotText: browsedTitle }).first();
  const otherName = (await other.locator('.title-tile__name').textContent())!.trim();
  await other.click();
  await expect(page.locator('.search-message--offline')).toContainText('this search has not been seen on this device');
  await expect(page.locator('.search-summary')).toHaveText(`Browsing ${otherName}`);
  await expect(page.locator('.search-chip').filter({ hasText: otherName })).toHaveCount(1);
  await expect(page.locator('.search-chip').filter({ hasText: /Title \d+/ })).toHaveCount(0);
});

test('offline: a search never seen says it needs the network and lists what opens offline', async () => {
  await page.goto(`${ORIGIN}/search?i=f&k=zeppelin&ord=k1`);
  await expect(page.locator('.search-message--offline')).toContainText(
    'Searching needs a network connection, and this search has not been seen on this device',
  );
  const list = page.getByRole('list', { name: 'Searches you have seen' });
  await expect(list.getByRole('link')).toHaveCount(5);
  await expect(list.getByRole('link', { name: 'harvest', exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: 'harvest — newest first' })).toBeVisible();
  await expect(list.getByRole('link', { name: `Browsing ${browsedTitle}` })).toBeVisible();
  await page.screenshot({ path: '/tmp/offline-search-not-seen.png', fullPage: true });

  // The links open offline, as seen.
  await list.getByRole('link', { name: 'harvest — page 2', exact: true }).click();
  const offline = await snapshot(page);
  expect(offline.hits).toEqual(seen.page2.hits);
  await expect(stamp(page)).toBeVisible();
});

test('offline, tiny cap: the oldest searches went first and the newest still open', async () => {
  await small.setOffline(true);
  for (const word of EVICTION_WORDS.slice(2).reverse()) {
    await smallPage.goto(`${ORIGIN}/search?i=f&k=${word}&ord=k1`);
    await snapshot(smallPage);
    await expect(stamp(smallPage)).toBeVisible();
  }
  for (const word of EVICTION_WORDS.slice(0, 2)) {
    await smallPage.goto(`${ORIGIN}/search?i=f&k=${word}&ord=k1`);
    await expect(smallPage.locator('.search-message--offline')).toContainText('this search has not been seen on this device');
    await expect(smallPage.locator('.search-hit')).toHaveCount(0);
  }
});

test('back online: the kept answer is refreshed quietly and the stamp goes', async () => {
  await page.goto(seen.words.url);
  await expect(stamp(page)).toBeVisible();
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  await context.setOffline(false);
  await expect(stamp(page)).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('.search-message--offline')).toHaveCount(0);
  expect((await snapshot(page)).hits).toEqual(seen.words.hits);
});
