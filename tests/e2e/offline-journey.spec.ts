// The whole road a researcher takes with issue #17, with the real buttons and nothing written into the
// browser's storage by the test: online, "Save issue for offline" in the viewer and "Save these results for
// offline" on a results screen; then the server is stopped and the browser put offline; /saved, opened from
// the offline banner, lists the issue as saved (with its size and date) and the search; the issue opens and
// every page reads with its text through Next page; the results screen searches the pages on the device and
// finds a word printed on one saved page only, highlighted, and the viewer boxes it; "Remove" in /saved takes
// the issue and its pages away, after which the search finds nothing and the page is not on the device.
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
import type { ViewerPageResponse } from '../../contract/viewer';
import { tokenize } from '../../contract/search/tokens';
import { longDate } from '../../src/shared/lib/format';

// Its own server (stopped mid-test), on the port after this run's E2E_PORT.
const PORT = Number(process.env.E2E_PORT ?? 8181) + 1;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = scratch(`offline-journey-e2e-data-${PORT}`);
const PROFILE = scratch(`offline-journey-e2e-profile-${PORT}`);
const DIST = process.env.DIST_DIR ?? 'dist';
const SHOTS = process.env.SHOTS_DIR ?? `/tmp/offline-journey-shots-${PORT}`;
const RESULTS_QUERY = 'harvest';
const RESULTS_PAGES = 5;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: RunningServer | undefined;
let context: BrowserContext;
let page: Page;
/** The issue saved from the viewer: every page as the server answered it while online, in reading order. */
let issuePages: ViewerPageResponse[] = [];
/** The pages "Save these results for offline" kept, as the server answered them. */
let resultPages: ViewerPageResponse[] = [];
/** A word printed on one page of the device only (found from the recorded texts), and that page. */
let onlyWord = '';
let wordPage: ViewerPageResponse;

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${ORIGIN}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}
const pageData = (uid: string) => api<ViewerPageResponse>(`/Api/Viewer/Page/${encodeURIComponent(uid)}`);
const tokensOf = (p: ViewerPageResponse) => new Set(p.words.flatMap((w) => tokenize(String(w[0]))));
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Every distinct page on the device after both saves. */
const devicePages = () => new Map([...issuePages, ...resultPages].map((p) => [p.uid, p])).size;

/** Desktop and phone (390×844) screenshots of what is on screen, then back to the desktop size. */
async function shots(name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  expect(await axeFindings(page)).toEqual([]);
  await page.setViewportSize(DESKTOP_WINDOW);
}

/** Searches `words` from the results screen's own "Edit this search" form. */
async function searchFromResults(words: string) {
  await page.locator('.search-edit-wrap > summary').click();
  const row = page.getByRole('searchbox', { name: 'Row 1 words' });
  await row.fill(words);
  await page.getByRole('search', { name: 'Edit this search' }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]k=${escapeRe(words)}(&|$)`));
}

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

test('online: save an issue of several pages from the viewer, and the first pages of a search from its results', async () => {
  // A demo issue of three pages or more, and the server's answer for each of its pages (the Next page chain).
  const hits = (await api<{ results: { pageUid: string }[] }>(`/Api/Search?k=${RESULTS_QUERY}`)).results;
  for (const h of hits) {
    const first = await pageData(h.pageUid);
    if (first.pageCount < 3) continue;
    const manifest = await api<{ items: { id: string }[] }>(new URL(first.manifest, ORIGIN).pathname);
    const uids = manifest.items.map((c) => decodeURIComponent(c.id.split('/').pop()!));
    issuePages = await Promise.all(uids.map(pageData));
    break;
  }
  expect(issuePages.length).toBeGreaterThanOrEqual(3);

  await page.goto(`${ORIGIN}/home`);
  await waitForActivatedWorker(page);
  await page.goto(`${ORIGIN}/viewer?page=${encodeURIComponent(issuePages[0].uid)}`);
  await waitForImage(page);
  await page.getByRole('button', { name: 'Save issue for offline' }).click();
  await expect(page.getByTestId('save-estimate')).toContainText(new RegExp(`^${issuePages.length} pages, about [\\d.]+ (KB|MB)`));
  await page.getByRole('button', { name: 'Start saving' }).click();
  await expect(page.getByTestId('saved-for-offline')).toHaveText(/Saved for offline/, { timeout: 90_000 });

  await page.goto(`${ORIGIN}/search?k=${RESULTS_QUERY}`);
  await expect(page.locator('.search-hit').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Save these results for offline' }).click();
  await page.getByLabel('Pages to save').selectOption(String(RESULTS_PAGES));
  await expect(page.getByTestId('results-estimate')).toHaveText(/^about [\d.]+ (KB|MB)$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Start saving' }).click();
  await expect(page.getByTestId('results-saved')).toHaveText(`✓ Saved for offline: this list and ${RESULTS_PAGES} pages`, { timeout: 90_000 });
  const hrefs = await page.locator('.search-hit a[href^="/viewer"]').evaluateAll((els) => els.map((a) => a.getAttribute('href')!));
  const uids = [...new Set(hrefs.map((h) => new URLSearchParams(h.split('?')[1]).get('page')!))].slice(0, RESULTS_PAGES);
  expect(uids).toHaveLength(RESULTS_PAGES);
  resultPages = await Promise.all(uids.map(pageData));

  // The word to search offline: on one page of the saved issue that the results did not keep too, and on no
  // other page of the device (so one hit, and none once the issue is removed).
  const inResults = new Set(resultPages.map((p) => p.uid));
  for (const candidate of issuePages.filter((p) => !inResults.has(p.uid))) {
    const elsewhere = new Set([...issuePages, ...resultPages].filter((p) => p.uid !== candidate.uid).flatMap((p) => [...tokensOf(p)]));
    const word = [...tokensOf(candidate)].find((t) => /^[a-z]{7,}$/.test(t) && !elsewhere.has(t));
    if (word) {
      onlyWord = word;
      wordPage = candidate;
      break;
    }
  }
  expect(onlyWord, 'a word printed on one saved page only').toBeTruthy();
});

test('offline (server stopped): /saved, from the offline banner, lists the issue as saved with its size and date, and the search', async () => {
  await server!.stop();
  server = undefined;
  await context.setOffline(true);
  await page.goto(`${ORIGIN}/home`);
  await page.getByTestId('offline-banner').getByRole('link', { name: 'what you saved on this device' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/saved`);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this device' })).toBeVisible();

  const issue = page.getByTestId('saved-issues').getByTestId('saved-item');
  await expect(issue).toHaveCount(1);
  // Named as a reader says it ("The Richmond Evening Courier, January 9, 1852"), as its pages are.
  await expect(issue.locator('.saved-item__name')).toHaveText(`${issuePages[0].title}, ${longDate(issuePages[0].date)}`);
  await expect(issue.locator('.saved-item__detail')).toHaveText(`${issuePages.length} pages`);
  await expect(issue).not.toContainText('Partly saved');
  await expect(issue.getByTestId('saved-size')).toHaveText(/^\d+(\.\d)? (KB|MB)$/);
  const when = issue.locator('time');
  await expect(when).toHaveText(/^Saved (just now|\d+ minutes? ago)$/);
  expect(Date.now() - Date.parse((await when.getAttribute('datetime'))!)).toBeLessThan(15 * 60_000);

  const search = page.getByTestId('saved-searches').getByTestId('saved-item');
  await expect(search).toHaveCount(1);
  await expect(search).toContainText(RESULTS_QUERY);
  await expect(search.getByTestId('saved-size')).toHaveText(/^\d+(\.\d)? (KB|MB)$/);
  await shots('saved');
});

test('offline: the issue opens from /saved and every page reads with its own text, through Next page', async () => {
  await page
    .getByTestId('saved-issues')
    .getByRole('link', { name: new RegExp(`^${escapeRe(issuePages[0].title)}`) })
    .click();
  for (let i = 0; i < issuePages.length; i++) {
    const p = issuePages[i];
    await expect(page).toHaveURL(new RegExp(`page=${escapeRe(encodeURIComponent(p.uid))}`));
    // A word of this page that neither neighbour prints, so the text on screen is this page's and no other's.
    const neighbours = new Set([issuePages[i - 1], issuePages[i + 1]].filter(Boolean).flatMap((n) => [...tokensOf(n)]));
    const own = p.words.map((w) => String(w[0])).find((w) => /^[A-Za-z]{5,}$/.test(w) && !tokenize(w).some((t) => neighbours.has(t)));
    expect(own, `a word of page ${p.uid}`).toBeTruthy();
    await expect(page.getByTestId('ocr-text')).toContainText(own!);
    await waitForImage(page);
    if (i < issuePages.length - 1) await page.getByRole('link', { name: 'Next page' }).click();
  }
});

test('offline: the results screen searches the pages on the device, highlights the word and the viewer boxes the hit', async () => {
  await page.goto(`${ORIGIN}/search?k=${RESULTS_QUERY}`);
  await expect(page.locator('.search-hit').first()).toBeVisible();
  await searchFromResults(onlyWord);
  await expect(page.getByTestId('device-search')).toContainText(`Searching ${devicePages()} pages saved on this device`);
  const hits = page.locator('.search-hit');
  await expect(hits).toHaveCount(1);
  await expect(page.locator('#results-heading')).toHaveText(/^1 page matches\./);
  await expect(hits.locator('mark').first()).toHaveText(new RegExp(`^${onlyWord}$`, 'i'));
  // The saved page's thumbnail was saved with it: the result shows the page, not "No image".
  await expect(hits.locator('.search-thumb__missing')).toHaveCount(0);
  await expect.poll(() => hits.locator('.search-thumb img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await shots('results-offline');

  await hits.first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`page=${escapeRe(encodeURIComponent(wordPage.uid))}.*k=${onlyWord}`));
  await expect(page.getByTestId('hit-count')).toHaveText(/^Hit 1 of \d+$/, { timeout: 20_000 });
  await expect(page.locator('.vz-hit').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/viewer-hit-offline.png` });
});

test('offline: "Remove" in /saved takes the issue and its pages away; the search finds nothing, the page is not on the device', async () => {
  await page.goto(`${ORIGIN}/saved`);
  const name = await page.getByTestId('saved-issues').getByTestId('saved-item').locator('.saved-item__name').innerText();
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByTestId('saved-removed')).toHaveText(`Removed ${name} from this device.`);
  await expect(page.getByTestId('saved-issues')).toHaveCount(0);
  await expect(page.getByTestId('saved-searches').getByTestId('saved-item')).toHaveCount(1);
  // The pages the saved search kept stay, those the issue shared with it too (now listed as pages).
  await expect(page.getByTestId('saved-pages').getByTestId('saved-item')).toHaveCount(resultPages.length);
  await page.screenshot({ path: `${SHOTS}/saved-after-remove.png`, fullPage: true });

  await page.goto(`${ORIGIN}/search?k=${RESULTS_QUERY}`);
  await searchFromResults(onlyWord);
  const left = new Set(resultPages.map((p) => p.uid)).size;
  await expect(page.getByTestId('device-search')).toContainText(`Searching ${left} ${left === 1 ? 'page' : 'pages'} saved on this device`);
  await expect(page.locator('#results-heading')).toHaveText('No pages match this search.');
  await expect(page.locator('.search-hit')).toHaveCount(0);

  await page.goto(`${ORIGIN}/viewer?page=${encodeURIComponent(wordPage.uid)}`);
  await expect(page.getByTestId('not-on-device')).toContainText('This page is not on this device');
});
