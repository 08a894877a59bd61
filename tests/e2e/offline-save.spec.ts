// Save for offline (issue #17): from the viewer, "Save issue for offline" shows the estimated size, counts
// pages in a progress bar and ends with "Saved for offline"; then, with the server stopped and the browser
// offline, every page of the issue opens through the viewer's Next page control with its text. A save can
// be cancelled and resumed, resumes by itself when the connection returns, and a full quota (IndexedDB
// refusing writes, as a full disk does) stops it with a clear message and the pages saved so far kept.
// "Save these results for offline" pins the answer and its first pages.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { axeFindings } from './axe';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  freshDir,
  launchProfile,
  seenRecord,
  startServer,
  waitForActivatedWorker,
  DESKTOP_WINDOW,
  type RunningServer,
  removeScratch,
  scratch,
} from './offline-server';
import { waitForImage } from './viewer-helpers';
import type { ViewerPageResponse } from '../../contract/viewer';

// Its own server (stopped mid-test), on the port after this run's E2E_PORT.
const PORT = Number(process.env.E2E_PORT ?? 8181) + 2; // each spec with a server of its own has its own port
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = scratch(`offline-save-e2e-data-${PORT}`);
const PROFILE = scratch(`offline-save-e2e-profile-${PORT}`);
const DIST = process.env.DIST_DIR ?? 'dist';
const SHOTS = process.env.SHOTS_DIR ?? `/tmp/offline-save-shots-${PORT}`;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: RunningServer | undefined;
let context: BrowserContext;
let page: Page;
/** Issues of three pages or more, first page uid and every page's data (read online). */
const issues: { uid: string; pages: ViewerPageResponse[] }[] = [];

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${ORIGIN}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

test.beforeAll(async () => {
  freshDir(DATA_DIR); // a fresh copy of the demo archive: a retry never sees the first attempt's data
  freshDir(PROFILE);
  freshDir(SHOTS);
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  context = await launchProfile(PROFILE);
  page = context.pages()[0] ?? (await context.newPage());
  // Multi-page issues from the demo archive, each page's data in order (the Next page chain).
  const results = (await api<{ results: { pageUid: string }[] }>('/Api/Search?k=harvest')).results;
  for (const r of results) {
    const data = await api<ViewerPageResponse>(`/Api/Viewer/Page/${encodeURIComponent(r.pageUid)}`);
    if (data.pageCount < 3 || issues.some((i) => i.uid === data.issueUid)) continue;
    const manifest = await api<{ items: { id: string }[] }>(new URL(data.manifest, ORIGIN).pathname);
    const uids = manifest.items.map((c) => decodeURIComponent(c.id.split('/').pop()!));
    issues.push({ uid: data.issueUid, pages: await Promise.all(uids.map((u) => api<ViewerPageResponse>(`/Api/Viewer/Page/${encodeURIComponent(u)}`))) });
    if (issues.length === 3) break;
  }
  expect(issues.length).toBe(3);
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  removeScratch();
});

type Issue = { state: string; pages: string[]; done: string[]; bytes: number; estimatedBytes: number };
const issueRecord = (p: Page, uid: string) => seenRecord<Issue>(p, 'issue', uid);

/** Records every value the save's progress bar and line take (a save of a few pages is quick). */
const watchProgress = (p: Page) =>
  p.evaluate(() => {
    const seen: { now: string | null; text: string }[] = [];
    (window as unknown as { __progress: typeof seen }).__progress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role=progressbar]');
      const line = document.querySelector('[data-testid=save-progress-text]');
      if (bar) seen.push({ now: bar.getAttribute('aria-valuenow'), text: line?.textContent ?? '' });
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
const progressSeen = (p: Page) => p.evaluate(() => (window as unknown as { __progress: { now: string | null; text: string }[] }).__progress);

/** Slows the app's own tile requests so a save of a few pages lasts long enough to cancel or cut after its first
 *  page; that page's own tiles (`firstUid`) come at full speed, as the cut is made only once it is in. `fastTiles`
 *  lifts the delay once the cut is made (the rest of the save need not crawl). */
const slowTiles = (p: Page, ms: number, firstUid: string) =>
  p.evaluate(
    ([ms, firstUid]) => {
      const w = window as unknown as { __tileDelayMs: number };
      w.__tileDelayMs = ms;
      const real = window.fetch;
      window.fetch = async (...args: Parameters<typeof fetch>) => {
        const url = String(args[0] instanceof Request ? args[0].url : args[0]);
        if (w.__tileDelayMs && url.includes('/iiif/3/') && !url.includes(`/iiif/3/${encodeURIComponent(firstUid)}/`)) {
          await new Promise((r) => setTimeout(r, w.__tileDelayMs));
        }
        return real(...args);
      };
    },
    [ms, firstUid] as const,
  );
const fastTiles = (p: Page) => p.evaluate(() => void ((window as unknown as { __tileDelayMs: number }).__tileDelayMs = 0));

/** axe-core's serious or critical WCAG 2.2 AA violations inside `selector` (the save panels). */
const seriousViolations = (p: Page, selector: string) => axeFindings(p, { include: [selector] });

async function openViewer(uid: string) {
  await page.goto(`${ORIGIN}/viewer?page=${encodeURIComponent(uid)}`);
  await waitForImage(page);
}

const firstWords = (p: ViewerPageResponse) =>
  p.words
    .slice(0, 12)
    .map((w) => w[0])
    .join(' ');

test('online: "Save issue for offline" shows the estimate, counts pages, and ends "Saved for offline"', async () => {
  const issue = issues[0];
  await page.goto(`${ORIGIN}/home`);
  await waitForActivatedWorker(page);
  await openViewer(issue.pages[0].uid);
  await page.getByRole('button', { name: 'Save issue for offline' }).click();
  const estimate = page.getByTestId('save-estimate');
  await expect(estimate).toContainText(new RegExp(`^${issue.pages.length} pages, about [\\d.]+ (KB|MB)`));
  await page.screenshot({ path: `${SHOTS}/save-estimate.png` });
  expect(await seriousViolations(page, '.save-issue')).toEqual([]);
  await watchProgress(page);
  await page.getByRole('button', { name: 'Start saving' }).click();
  await expect(page.getByTestId('saved-for-offline')).toHaveText(/Saved for offline/, { timeout: 60_000 });
  await page.screenshot({ path: `${SHOTS}/save-done.png` });

  const progress = await progressSeen(page);
  const counts = [...new Set(progress.map((s) => s.now))];
  expect(counts).toContain('0');
  expect(counts).toContain(String(issue.pages.length - 1));
  expect(progress.some((s) => /Saving: \d+ of \d+ pages, [\d.]+ (KB|MB) of about/.test(s.text))).toBe(true);

  const record = await issueRecord(page, issue.uid);
  expect(record?.pinned).toBe(1);
  expect(record?.value.state).toBe('saved');
  expect(record?.value.done.sort()).toEqual(issue.pages.map((p) => p.uid).sort());
  expect(record?.value.bytes).toBeGreaterThan(10_000);
  for (const p of issue.pages) {
    const kept = await seenRecord<{ page: ViewerPageResponse }>(page, 'page', p.uid);
    expect(kept?.pinned, p.uid).toBe(1);
    expect(kept?.label).toContain(p.title);
    const ledger = await seenRecord<{ tiles: Record<string, number> }>(page, 'tiles', p.uid);
    expect(ledger?.pinned).toBe(1);
    expect(Object.keys(ledger?.value.tiles ?? {}).length).toBeGreaterThan(3);
  }
});

test('offline (server stopped): every page of the saved issue opens with its text, page after page', async () => {
  const issue = issues[0];
  await server!.stop();
  server = undefined;
  await context.setOffline(true);
  await openViewer(issue.pages[0].uid);
  await expect(page.getByTestId('saved-for-offline')).toBeVisible();
  for (let i = 0; i < issue.pages.length; i++) {
    const p = issue.pages[i];
    await expect(page).toHaveURL(new RegExp(`page=${p.uid}`));
    await expect(page.getByTestId('ocr-text')).toContainText(firstWords(p).slice(0, 40));
    await waitForImage(page);
    if (i === 1) await page.screenshot({ path: `${SHOTS}/saved-page-offline.png` });
    if (i < issue.pages.length - 1) await page.getByRole('link', { name: 'Next page' }).click();
  }
});

test('cancel keeps what was fetched and offers "Resume saving", which finishes the issue', async () => {
  await context.setOffline(false);
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  const issue = issues[1];
  await openViewer(issue.pages[0].uid);
  await slowTiles(page, 120, issue.pages[0].uid);
  await page.getByRole('button', { name: 'Save issue for offline' }).click();
  await page.getByRole('button', { name: 'Start saving' }).click();
  const bar = page.getByRole('progressbar', { name: 'Saving this issue for offline' });
  await expect(bar).toHaveAttribute('aria-valuenow', '1', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/^Saving stopped: \d of \d pages are on this device/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/save-cancelled.png` });
  expect(await seriousViolations(page, '.save-issue')).toEqual([]);
  const stopped = await issueRecord(page, issue.uid);
  expect(stopped?.value.state).toBe('saving');
  expect(stopped?.value.done.length).toBeGreaterThanOrEqual(1);
  expect(stopped?.value.done.length).toBeLessThan(issue.pages.length);
  await expect(page.getByTestId('saved-for-offline')).toHaveCount(0);

  // A reload (a new visit) still knows the half-saved issue: it is never shown as saved.
  await openViewer(issue.pages[0].uid);
  await expect(page.getByTestId('saved-for-offline')).toHaveCount(0);
  await page.getByRole('button', { name: 'Resume saving' }).click();
  await expect(page.getByTestId('saved-for-offline')).toBeVisible({ timeout: 60_000 });
  const done = await issueRecord(page, issue.uid);
  expect(done?.value.state).toBe('saved');
  expect(done?.value.done.length).toBe(issue.pages.length);
});

test('a lost connection stops the save; it resumes by itself when the connection returns', async () => {
  const issue = issues[2];
  await openViewer(issue.pages[0].uid);
  await slowTiles(page, 120, issue.pages[0].uid);
  await page.getByRole('button', { name: 'Save issue for offline' }).click();
  await page.getByRole('button', { name: 'Start saving' }).click();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1', { timeout: 60_000 });
  await context.setOffline(true);
  await expect(page.getByText(/^The connection was lost: \d of \d pages saved/)).toBeVisible({ timeout: 30_000 });
  expect((await issueRecord(page, issue.uid))?.value.state).toBe('saving');
  await page.screenshot({ path: `${SHOTS}/save-interrupted.png` });
  await fastTiles(page);
  await context.setOffline(false);
  await expect(page.getByTestId('saved-for-offline')).toBeVisible({ timeout: 60_000 });
  expect((await issueRecord(page, issue.uid))?.value.done.length).toBe(issue.pages.length);
});

test('a full quota stops the save with a clear message; the pages saved so far stay, the issue stays "saving"', async () => {
  // A fourth issue: the next issue of the first one's title, read online.
  const next = issues[0].pages[0].nextIssuePageUid ?? issues[0].pages[0].prevIssuePageUid;
  expect(next).toBeTruthy();
  const first = await api<ViewerPageResponse>(`/Api/Viewer/Page/${encodeURIComponent(next!)}`);
  expect(first.pageCount).toBeGreaterThan(1);
  await openViewer(first.uid);
  // IndexedDB refuses the save's writes once the second page's data is in (as a full disk does): the first
  // page is wholly saved, the second's record of progress cannot be written.
  await page.evaluate(() => {
    const put = IDBObjectStore.prototype.put;
    let pagesIn = 0;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      const r = value as { kind?: string; pinned?: number } | null;
      if (this.name === 'seen' && r?.pinned === 1) {
        if (pagesIn >= 2) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        if (r.kind === 'page') pagesIn++;
      }
      return put.call(this, value, key);
    };
  });
  await page.getByRole('button', { name: 'Save issue for offline' }).click();
  await page.getByRole('button', { name: 'Start saving' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Not enough storage space' });
  await expect(alert).toHaveText(
    `Not enough storage space on this device: 1 of ${first.pageCount} pages saved. Free space in Saved on this device and try again.`,
    { timeout: 60_000 }, // the first page's tiles are made and fetched before the refused write: slow on a busy machine
  );
  await page.screenshot({ path: `${SHOTS}/save-quota.png` });
  expect(await seriousViolations(page, '.save-issue')).toEqual([]);
  const record = await issueRecord(page, first.issueUid);
  expect(record?.value.state).toBe('saving');
  expect(record?.value.done).toEqual([first.uid]);
  expect((await seenRecord(page, 'page', first.uid))?.pinned).toBe(1);
  expect((await seenRecord(page, 'tiles', first.uid))?.pinned).toBe(1);
  await expect(page.getByRole('button', { name: 'Resume saving' })).toBeVisible();
  await expect(page.getByTestId('saved-for-offline')).toHaveCount(0);
});

test('"Save these results for offline" pins the answer and its first pages; they open offline', async () => {
  await page.goto(`${ORIGIN}/search?k=harvest`);
  await page.getByRole('button', { name: 'Save these results for offline' }).click();
  await page.getByLabel('Pages to save').selectOption('5');
  await expect(page.getByTestId('results-estimate')).toHaveText(/^about [\d.]+ (KB|MB)$/, { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/results-save.png` });
  expect(await seriousViolations(page, '.save-results')).toEqual([]);
  await page.getByRole('button', { name: 'Start saving' }).click();
  await expect(page.getByTestId('results-saved')).toHaveText(/Saved for offline: this list and 5 pages/, { timeout: 60_000 });
  const hrefs = await page.locator('a[href^="/viewer"]').evaluateAll((els) => els.map((a) => a.getAttribute('href')!));
  const uids = [...new Set(hrefs.map((h) => new URLSearchParams(h.split('?')[1]).get('page')!))].slice(0, 5);
  for (const uid of uids) expect((await seenRecord(page, 'page', uid))?.pinned, uid).toBe(1);

  await server!.stop();
  server = undefined;
  await context.setOffline(true);
  await page.goto(`${ORIGIN}/search?k=harvest`);
  await expect(page.locator('a[href^="/viewer"]').first()).toBeVisible();
  await page.locator(`a[href^="/viewer"][href*="${uids[4]}"]`).first().click();
  await expect(page.getByTestId('ocr-text')).not.toBeEmpty();
  await page.screenshot({ path: `${SHOTS}/results-page-offline.png` });
});

test('an issue saved with its page PDFs: offline, the Download tab offers the PDF and the worker serves it', async () => {
  await context.setOffline(false);
  server ??= await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  // The demo has no PDFs: the Omaha Daily Bee NDNP batch (real scans with PDFs), ingested once.
  const NDNP_PAGE = 'sn99021999-1887-03-03-ed1-seq1';
  if ((await fetch(`${ORIGIN}/Api/Viewer/Page/${NDNP_PAGE}`)).status !== 200)
    execFileSync(
      resolve('node_modules/.bin/tsx'),
      ['server/ingest/cli.ts', resolve('../shared/corpus/ndnp/batch_nbu_manyissues_ver01'), '--marc', resolve('../shared/corpus/ndnp/marc')],
      { env: { ...process.env, DATA_DIR }, stdio: 'pipe', timeout: 200_000 },
    );
  const data = await api<ViewerPageResponse>(`/Api/Viewer/Page/${NDNP_PAGE}`);
  expect(data.downloads.pdf).toBeTruthy();
  const pdfLength = Number((await fetch(`${ORIGIN}${data.downloads.pdf}`, { method: 'HEAD' })).headers.get('content-length'));

  await page.setViewportSize({ width: 390, height: 800 });
  await openViewer(NDNP_PAGE);
  await page.getByRole('button', { name: 'Save issue for offline' }).click();
  const pdfs = page.getByRole('checkbox', { name: /Include page PDFs/ });
  await expect(page.getByText(/\([\d.]+ (KB|MB) more\)/)).toBeVisible({ timeout: 30_000 });
  await pdfs.check();
  await page.screenshot({ path: `${SHOTS}/save-pdf-phone.png` });
  await page.getByRole('button', { name: 'Start saving' }).click();
  await expect(page.getByTestId('saved-for-offline')).toBeVisible({ timeout: 120_000 });
  await page.setViewportSize(DESKTOP_WINDOW);
  const ledger = await seenRecord<{ tiles: Record<string, number> }>(page, 'tiles', NDNP_PAGE);
  expect(ledger?.value.tiles[`${ORIGIN}${data.downloads.pdf}`]).toBe(pdfLength);

  await server!.stop();
  server = undefined;
  await context.setOffline(true);
  await openViewer(NDNP_PAGE);
  await page.getByRole('tab', { name: 'Download & cite' }).click();
  await expect(page.getByRole('link', { name: /Page PDF/ })).toBeVisible();
  const served = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength };
  }, data.downloads.pdf!);
  expect(served).toEqual({ status: 200, type: 'application/pdf', bytes: pdfLength });
});
