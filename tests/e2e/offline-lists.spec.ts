// A researcher's lists on the device (issue #38), in real Chromium: a search and a page (from the viewer and
// from a result) go into a new list; a note and a tag are written; with the server stopped and the browser
// offline, /lists finds the item by a word of its note, reorders it with the keyboard, exports the list as
// JSON and deletes it with Undo; a fresh browser profile imports that file (and refuses a hostile one,
// importing nothing of it).
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  axeFindings,
  freshDir,
  launchProfile,
  seenRecord,
  startServer,
  waitForActivatedWorker,
  type RunningServer,
  removeScratch,
  scratch,
} from './offline-server';

const PORT = Number(process.env.E2E_PORT ?? 8181) + 1400; // each spec with a server of its own has its own port
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = scratch(`offline-lists-e2e-data-${PORT}`);
const PROFILE = scratch(`offline-lists-e2e-profile-${PORT}`);
const OTHER_PROFILE = scratch(`offline-lists-e2e-profile-b-${PORT}`);
const DIST = process.env.DIST_DIR ?? 'dist';
const LIST = 'Harvest research';
const NOTE = 'Grasshoppers <b>eat</b> the "wheat" — see column two';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: RunningServer | undefined;
let context: BrowserContext;
let page: Page;
let pageTitle = '';
/** The second result's page: added from the results, never opened in the viewer before going offline. */
let unreadUid = '';
let exported = '';
/** A word printed on that page (and in none of the list's notes or titles). */
let printedWord = '';

test.beforeAll(async () => {
  freshDir(PROFILE);
  freshDir(OTHER_PROFILE);
  freshDir(DATA_DIR);
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  context = await launchProfile(PROFILE);
  page = context.pages()[0] ?? (await context.newPage());
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  removeScratch();
});

/** The open list's item titles, once its `count` rows have each read their item (every row reads its own). */
async function itemTitles(p: Page, count = 4): Promise<string[]> {
  await expect(p.getByTestId('list-item').locator('.lists-item__title')).toHaveCount(count);
  return p.getByTestId('list-item').locator('.lists-item__title').allTextContents();
}

test('online: a search, a page from the viewer and a result go into a new list', async () => {
  await page.goto(`${ORIGIN}/home`);
  await waitForActivatedWorker(page);
  // A second tab on /lists sees the list appear and fill without a reload (live queries).
  const other = await context.newPage();
  await other.goto(`${ORIGIN}/lists`);
  await expect(other.getByText('No lists yet.')).toBeVisible();
  await page.bringToFront();
  await page.goto(`${ORIGIN}/search?k=harvest&ord=k1`);
  await expect(page.locator('.search-hit').first()).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Add this search to a list' }).click();
  await page.getByLabel('Name of the new list').fill(LIST);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('add-to-list').first()).toContainText(`Added to “${LIST}”.`);

  // The second result, from its own button (the existing list is offered first).
  const second = page.locator('.search-hit').nth(1);
  await second.getByRole('button', { name: /^Add to list: / }).click();
  await expect(second.getByRole('combobox', { name: 'List' })).toHaveValue(/.+/);
  await second.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(second).toContainText(`Added to “${LIST}”.`);
  unreadUid = new URL((await second.locator('.search-hit__title a').getAttribute('href'))!, ORIGIN).searchParams.get('page')!;
  // Kept like a saved page (pinned, with its text) though it was never opened here.
  await expect.poll(async () => (await seenRecord<{ page: unknown }>(page, 'page', unreadUid))?.pinned, { timeout: 30_000 }).toBe(1);
  // Both adds, and the keep, ran in the archive worker, not on the visitor's thread.
  const worker = page.workers().find((w) => /archive\.worker/.test(w.url()));
  expect(await worker?.evaluate(() => (self as unknown as { archiveWorkerCalls: Record<string, number> }).archiveWorkerCalls.addListItem)).toBe(2);
  // Its tiles were fetched by the service worker (none by the archive worker itself) and are in its ledger.
  await expect
    .poll(async () => Object.keys((await seenRecord<{ tiles: Record<string, number> }>(page, 'tiles', unreadUid))?.value.tiles ?? {}).length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(5);
  expect((await seenRecord(page, 'tiles', unreadUid))?.pinned).toBe(1);
  expect(await worker?.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/iiif\/3\/.+\/default\.jpg$/.test(e.name)).length)).toBe(0);
  const kept = await seenRecord<{ page: { words: Array<[string]> } }>(page, 'page', unreadUid);
  printedWord =
    kept!.value.page.words
      .map((w) => w[0].toLowerCase())
      .filter((w) => /^[a-z]{7,}$/.test(w))
      .sort((a, b) => b.length - a.length)[0] ?? '';
  expect(printedWord).not.toBe('');

  // The first result's page, from the viewer.
  await page.locator('.search-hit').first().locator('.search-hit__title a').click();
  await expect(page.getByTestId('ocr-text')).not.toBeEmpty({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add to list', exact: true }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('page-viewer').getByTestId('add-to-list')).toContainText(`Added to “${LIST}”.`);

  // A note pinned to a region: drawn with the box tool, added from its dialog.
  await expect(page.getByTestId('deep-zoom')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Clip and share' }).click();
  const layer = (await page.getByTestId('clip-layer').boundingBox())!;
  await page.mouse.move(layer.x + layer.width * 0.3, layer.y + layer.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(layer.x + layer.width * 0.5, layer.y + layer.height * 0.45, { steps: 5 });
  await page.mouse.up();
  const dialog = page.getByRole('dialog', { name: 'Share a clipping' });
  await dialog.getByRole('button', { name: 'Add this region to a list' }).click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toContainText(`Added to “${LIST}”.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'Open your lists' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/lists`);
  await expect(page).toHaveTitle(/Your lists$/);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await expect(page.getByTestId('list-row')).toContainText('4 items');
  await page.getByRole('link', { name: LIST }).click();
  const titles = await itemTitles(page);
  expect(titles).toHaveLength(4);
  expect(titles[0]).toMatch(/^Search: /);
  pageTitle = titles[2];
  expect(titles[3]).toBe(`Clipping: ${pageTitle}`);

  // A note and a tag on the page from the viewer (the last item).
  const item = page.getByTestId('list-item').nth(2);
  await item.getByLabel('Note').fill(NOTE);
  await item.getByLabel('Tags (separated by commas)').fill('locusts, 1874');
  await item.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByTestId('lists-status')).toContainText('Note saved');
  await expect(item.getByRole('list', { name: 'Tags' })).toHaveText(/locusts\s*1874/);
  await expect(other.getByTestId('list-row')).toContainText('4 items');
  await other.close();
});

test('offline: /lists finds the item by a word of its note, reorders by keyboard, exports JSON, deletes with Undo', async () => {
  await server!.stop();
  server = undefined;
  await context.setOffline(true);
  await page.goto(`${ORIGIN}/home`);
  await page.getByTestId('header-lists-link').click();
  await expect(page).toHaveURL(`${ORIGIN}/lists`);

  await page.getByLabel('Search your lists and notes').fill('grasshop');
  const hits = page.getByTestId('lists-hit');
  await expect(hits).toHaveCount(1);
  // The note is shown as typed: its markup is text, not HTML.
  await expect(hits.first()).toContainText(NOTE);
  await expect(hits.first().locator('b')).toHaveCount(0);
  // And the page added from the results by a word printed on it: the worker gave the item the page's text.
  await page.getByLabel('Search your lists and notes').fill(printedWord);
  await expect(hits.locator(`a[href*="page=${encodeURIComponent(unreadUid)}"]`).first()).toBeVisible();
  await page.getByLabel('Search your lists and notes').fill('grasshop');
  await expect(hits).toHaveCount(1);
  await hits.first().getByRole('link', { name: LIST }).click();

  const up = page.getByRole('button', { name: `Move up: ${pageTitle}` });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => itemTitles(page)).toEqual([expect.stringMatching(/^Search: /), pageTitle, expect.any(String), `Clipping: ${pageTitle}`]);
  // Focus stays on the moved item's button, so a second key press moves it again.
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await itemTitles(page))[0]).toBe(pageTitle);
  await expect(page.getByRole('button', { name: `Move up: ${pageTitle}` })).toBeDisabled();
  expect(await axeFindings(page)).toEqual([]);

  // In the viewer (offline), the side panel lists the notes on the page; a region note frames its box.
  await page.getByTestId('list-item').first().locator('.lists-item__title').click();
  const pageNotes = page.getByTestId('page-notes');
  await expect(pageNotes).toContainText(NOTE);
  await pageNotes.getByRole('link', { name: /^Region / }).click();
  await expect(page).toHaveURL(/[?&]region=\d+,\d+,\d+,\d+/);
  await page.goto(`${ORIGIN}/lists`);
  await page.getByRole('link', { name: LIST }).click();

  // The page added from the results opens offline with its text, though it was never opened online.
  await page.getByTestId('list-item').nth(2).locator('.lists-item__title').click();
  await expect(page.getByTestId('ocr-text')).not.toBeEmpty({ timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get('page')).toBe(unreadUid);
  await page.goBack();
  await expect(page.getByTestId('list-item')).toHaveCount(4);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const file = await (await download).path();
  exported = readFileSync(file, 'utf8');
  const parsed = JSON.parse(exported) as { lists: Array<{ name: string; items: Array<{ note: string; tags: string[]; kind: string }> }> };
  expect(parsed.lists[0].name).toBe(LIST);
  expect(parsed.lists[0].items.map((i) => i.kind)).toEqual(['page', 'search', 'page', 'clip']);
  expect(parsed.lists[0].items[0]).toMatchObject({ note: NOTE, tags: ['locusts', '1874'] });

  // The region note exports as a IIIF AnnotationPage: a W3C Web Annotation on the page's canvas at the region.
  const notes = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export region notes (IIIF)' }).click();
  const annotations = JSON.parse(readFileSync(await (await notes).path(), 'utf8')) as { type: string; items: Array<{ motivation: string; target: string }> };
  expect(annotations.type).toBe('AnnotationPage');
  expect(annotations.items).toHaveLength(1);
  expect(annotations.items[0].motivation).toBe('commenting');
  expect(annotations.items[0].target).toMatch(new RegExp(`^${ORIGIN}/iiif/presentation/[^/]+/canvas/[^/#]+#xywh=\\d+,\\d+,\\d+,\\d+$`));

  // Deleting the list offers Undo, which puts it back with its items in their order.
  await page.getByRole('button', { name: 'Delete list' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/lists`);
  await expect(page.getByTestId('lists-status')).toContainText(`Deleted the list “${LIST}”.`);
  await expect(page.getByText('No lists yet.')).toBeVisible();
  await page.getByTestId('lists-status').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('list-row')).toContainText('4 items');
  await page.getByRole('link', { name: LIST }).click();
  expect((await itemTitles(page))[0]).toBe(pageTitle);
});

test('another browser profile imports the file, and refuses a hostile one without importing any of it', async () => {
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  const other = await launchProfile(OTHER_PROFILE);
  const tab = other.pages()[0] ?? (await other.newPage());
  try {
    await tab.goto(`${ORIGIN}/lists`);
    await expect(tab.getByText('No lists yet.')).toBeVisible();

    const hostile = JSON.parse(exported) as { lists: Array<{ name: string; items: Array<{ href: string }> }> };
    hostile.lists.push({ ...hostile.lists[0], name: 'Second' });
    hostile.lists[1].items[0].href = '//evil.example/steal';
    const bad = `${DATA_DIR}/hostile.json`;
    writeFileSync(bad, JSON.stringify(hostile));
    await tab.getByLabel(/Import a list file/).setInputFiles(bad);
    await expect(tab.getByTestId('lists-import-error')).toContainText('must be an address on this site');
    await expect(tab.getByText('No lists yet.')).toBeVisible();

    const good = `${DATA_DIR}/good.json`;
    writeFileSync(good, exported);
    await tab.getByLabel(/Import a list file/).setInputFiles(good);
    await expect(tab.getByTestId('lists-status')).toContainText(`Imported “${LIST}”`);
    await expect(tab.getByTestId('list-row')).toContainText('4 items');
    await tab.getByRole('link', { name: LIST }).click();
    expect((await itemTitles(tab))[0]).toBe(pageTitle);
    await expect(tab.getByTestId('list-item').first().getByLabel('Note')).toHaveValue(NOTE);
  } finally {
    await other.close();
  }
});
