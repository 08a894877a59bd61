// Visitors correct the OCR (issue #23) in real Chromium against the real server: a line corrected in the
// viewer is found by /search and boxed in the viewer; staff restore the OCR in /admin and search no longer
// finds it; a line changed by someone else meanwhile shows both texts; a correction made offline is kept on
// the device and sent exactly once when the network returns. axe-core checks the editor and the admin area.
import { axeFindings as axeScan } from './axe';
import { openCorrectionEditor } from './viewer-helpers';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CorrectionLine, PageCorrectionsResponse, PageLinesResponse } from '../../contract/corrections';

const PASSWORD = 'e2e-admin-password'; // playwright.config.ts sets ADMIN_PASSWORD
const PAGE_UID = 'demo0001-1819-09-22-ed1-seq1';
// Words no demo page prints: made up per run so an earlier run's corrections cannot answer for this one.
const RUN = Date.now().toString(36).replace(/\d/g, '').slice(0, 4).padEnd(4, 'q');
const NEW_WORD = `Frankonia${RUN}`;

test.describe.configure({ mode: 'serial', timeout: 150_000 });

async function lines(request: APIRequestContext): Promise<CorrectionLine[]> {
  const res = await request.get(`/Api/Viewer/Page/${PAGE_UID}/Lines`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as PageLinesResponse).lines;
}
async function history(request: APIRequestContext): Promise<PageCorrectionsResponse> {
  return (await request.get(`/Api/Viewer/Page/${PAGE_UID}/Corrections`)).json();
}
/** Another visitor's correction, sent straight to the API (with the XSRF cookie and header). */
async function correctAsSomeoneElse(request: APIRequestContext, lineId: string, text: string, baseVersion: number) {
  await request.get('/Api/Site/Directory');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await request.post(`/Api/Viewer/Page/${PAGE_UID}/Corrections`, {
    data: { lineId, text, baseVersion, displayName: 'Someone else' },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(res.status()).toBe(201);
}

async function openEditor(page: Page) {
  await openCorrectionEditor(page, PAGE_UID);
  await expect(page.getByRole('heading', { name: 'Fix this text' })).toBeFocused();
}
const row = (page: Page, lineId: string) => page.locator(`[data-line-id="${lineId}"]`);

const axeFindings = (page: Page, include: string) => axeScan(page, { include: [include] });

async function signIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sites' })).toBeVisible();
  await page.getByRole('button', { name: 'Corrections' }).click();
  await expect(page.getByRole('heading', { name: 'Moderation queue' })).toBeVisible();
}

async function searchTotal(request: APIRequestContext, word: string, origin: string): Promise<number> {
  const res = await request.get(`/Api/Search?i=f&k=${encodeURIComponent(word)}&ord=k1&url=${encodeURIComponent(origin)}`);
  return ((await res.json()) as { total: number }).total;
}

test('a corrected line is found by search and boxed in the viewer; restoring the OCR in /admin takes it out of search', async ({ page, request, baseURL }) => {
  const target = (await lines(request)).find((l) => /\bFrance\b/.test(l.text))!;
  expect(target, 'a line that prints "France"').toBeTruthy();
  const corrected = target.text.replace('France', NEW_WORD);

  await openEditor(page);
  await page.getByLabel('Your name (optional, shown with your corrections)').fill('Ada Tester');
  const field = page.getByLabel(`Line ${target.id.slice(1)} text`);
  await field.fill(corrected);
  await expect(row(page, target.id).getByRole('img')).toHaveAttribute('src', /\/\d+,\d+,\d+,\d+\/(max|\d+,)\/0\/default\.jpg$/);
  await page.screenshot({ path: 'test-results/corrections-editor-desktop.png' });
  await field.press('Enter');
  await expect(row(page, target.id).getByTestId('cx-status')).toHaveText('Saved. Thank you!');
  // Enter moved on to the next line's field.
  await expect(page.locator('.cx-input:focus')).not.toHaveAttribute('id', `cx-line-${target.id}`);
  await expect(page.getByTestId('correction-summary')).toHaveText(/Corrected \d+ lines? by \d+ contributors?/);
  // The history names the visitor and the version.
  await row(page, target.id).locator('summary', { hasText: 'History' }).click();
  await expect(row(page, target.id).locator('.cx-history__list li').first()).toContainText(corrected);
  await expect(row(page, target.id).locator('.cx-history__list li').first()).toContainText('Ada Tester');
  // The name is remembered for the next visit.
  expect(await page.evaluate(() => localStorage.getItem('correctionDisplayName'))).toBe('Ada Tester');

  // Done: the page's text is read again and shows the correction.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Fix this text' })).toBeFocused();
  await expect(page.getByTestId('ocr-text')).toContainText(NEW_WORD);
  // The Download tab offers the corrected plain text beside the OCR as scanned (and the corrected ALTO).
  await page.getByRole('tab', { name: 'Download & cite' }).click();
  const correctedText = page.getByRole('link', { name: /OCR text, corrected/ });
  await expect(correctedText).toHaveAttribute('href', `/Api/Files/page/${PAGE_UID}/text?version=corrected`);
  await expect(correctedText).toHaveAttribute('download', `${PAGE_UID}-corrected.txt`);
  await expect(page.getByRole('link', { name: /^OCR text Plain text, as scanned/ })).toHaveAttribute('href', `/Api/Files/page/${PAGE_UID}/text`);
  await page.locator('.vz-downloads').screenshot({ path: 'test-results/corrections-downloads.png' });
  const download = await request.get(`/Api/Files/page/${PAGE_UID}/text?version=corrected`);
  expect(await download.text()).toContain(corrected);
  expect(await (await request.get(`/Api/Files/page/${PAGE_UID}/text`)).text()).not.toContain(NEW_WORD);

  // /search finds the new word; its result opens the page with the word boxed.
  await page.goto(`/search?i=f&k=${NEW_WORD}&ord=k1`);
  const hit = page.locator(`a[href*="page=${PAGE_UID}"]`).first();
  await expect(hit).toBeVisible({ timeout: 20_000 });
  await hit.click();
  await expect(page).toHaveURL(/\/viewer\?page=/);
  const box = page.locator('.vz-hit').first();
  await expect(box).toBeAttached({ timeout: 20_000 });
  const [x, y, w, h] = (await box.getAttribute('data-box'))!.split(',').map(Number);
  const [lx, ly, lw, lh] = target.box;
  // The word's box is a part of the line's box (the line's box divided among its words).
  expect(x).toBeGreaterThanOrEqual(lx - 1);
  expect(y).toBeGreaterThanOrEqual(ly - 1);
  expect(x + w).toBeLessThanOrEqual(lx + lw + 1);
  expect(y + h).toBeLessThanOrEqual(ly + lh + 1);
  expect(w).toBeLessThan(lw);
  await page.screenshot({ path: 'test-results/corrections-search-hit.png' });

  // Staff restore the OCR from the moderation queue: search no longer finds the word.
  await signIn(page);
  const item = page.getByTestId('corr-item').filter({ hasText: corrected }).first();
  await expect(item).toBeVisible();
  await item.getByText('Restore an earlier version').click();
  await item.getByRole('button', { name: 'Restore the OCR' }).click();
  await expect(page.getByText(`Restored line ${target.id.slice(1)} to version 0.`)).toBeVisible();
  expect((await lines(request)).find((l) => l.id === target.id)!.text).toBe(target.original);
  await expect.poll(() => searchTotal(request, NEW_WORD, baseURL!)).toBe(0);
});

test('a line someone else changed meanwhile shows both texts, and the visitor chooses', async ({ page, request }) => {
  const target = (await lines(request)).find((l) => /\bharvest\b/i.test(l.text))!;
  await openEditor(page);
  const field = page.getByLabel(`Line ${target.id.slice(1)} text`);
  const mine = target.text.replace(/harvest/i, 'harvests');
  const theirs = target.text.replace(/harvest/i, 'barvest');
  await field.fill(mine);
  await correctAsSomeoneElse(request, target.id, theirs, target.version);
  await row(page, target.id).getByRole('button', { name: /^Save/ }).click();

  const conflict = row(page, target.id).getByTestId('cx-conflict');
  await expect(conflict.getByRole('alert')).toHaveText('Someone changed this line while you were editing.');
  await expect(conflict.getByTestId('cx-theirs')).toHaveText(theirs);
  await expect(conflict.getByTestId('cx-yours')).toHaveText(mine);
  expect(await axeFindings(page, '.vz-panel')).toEqual([]);
  await page.screenshot({ path: 'test-results/corrections-conflict.png' });
  await conflict.getByRole('button', { name: 'Save mine on top' }).click();
  await expect(row(page, target.id).getByTestId('cx-status')).toHaveText('Saved. Thank you!');
  const now = (await lines(request)).find((l) => l.id === target.id)!;
  expect(now).toMatchObject({ text: mine, version: target.version + 2 });
  const entries = (await history(request)).entries.filter((e) => e.lineId === target.id).slice(0, 2);
  expect(entries.map((e) => e.text)).toEqual([mine, theirs]);
});

test('a correction made offline waits on the device and is sent exactly once when the network returns', async ({ page, context, request }) => {
  const target = (await lines(request)).find((l) => /\bstreets\b/.test(l.text))!;
  const text = target.text.replace('streets', `streets${RUN}`);
  await openEditor(page);
  await context.setOffline(true);
  const field = page.getByLabel(`Line ${target.id.slice(1)} text`);
  await field.fill(text);
  await field.press('Enter');
  await expect(row(page, target.id).getByTestId('cx-status')).toHaveText('Kept on this device: it will be sent when you are back online.');
  await expect(page.getByTestId('outbox-item').filter({ hasText: 'Text correction' })).toBeVisible();
  expect((await history(request)).entries.filter((e) => e.text === text)).toHaveLength(0);

  await context.setOffline(false);
  await expect(row(page, target.id).getByTestId('cx-status')).toHaveText('Saved. Thank you!', { timeout: 20_000 });
  // Reloads and another flush send nothing more.
  await page.reload();
  await page.waitForTimeout(1500);
  const stored = (await history(request)).entries.filter((e) => e.text === text);
  expect(stored).toHaveLength(1);
  expect((await lines(request)).find((l) => l.id === target.id)!.text).toBe(text);
});

test('an offline correction refused on sending (the line changed meanwhile) is listed with a link that reopens the line to choose', async ({
  page,
  context,
  request,
}) => {
  const target = (await lines(request)).find((l) => l.version === 0 && /\bvessels\b/.test(l.text))!;
  const mine = target.text.replace('vessels', 'vessel');
  const theirs = target.text.replace('vessels', 'vessols');
  await openEditor(page);
  await context.setOffline(true);
  await page.getByLabel(`Line ${target.id.slice(1)} text`).fill(mine);
  await page.getByLabel(`Line ${target.id.slice(1)} text`).press('Enter');
  await expect(row(page, target.id).getByTestId('cx-status')).toHaveText(/^Kept on this device/);
  await page.getByRole('button', { name: 'Done' }).click();
  await correctAsSomeoneElse(request, target.id, theirs, target.version);
  await context.setOffline(false);

  const item = page.getByTestId('outbox-item').filter({ hasText: 'Text correction' });
  // The page sends it on 'online' (leaving mid-send would leave it claimed for a minute): wait for the answer.
  await expect(item).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
  // The viewer fills the screen over the kept-items list: the visitor sees it on the other screens (and /saved).
  await page.goto('/home');
  await expect(item).toHaveAttribute('data-state', 'failed');
  await expect(item).toContainText('Not sent:');
  await expect(item).toContainText(`line ${target.id.slice(1)}`);
  await item.getByRole('link', { name: 'Open the line' }).click();
  await expect(page).toHaveURL(new RegExp(`fix=${target.id}`));
  await expect(page.getByLabel(`Line ${target.id.slice(1)} text`)).toBeFocused();
  const conflict = row(page, target.id).getByTestId('cx-conflict');
  await expect(conflict.getByTestId('cx-theirs')).toHaveText(theirs);
  await expect(conflict.getByTestId('cx-yours')).toHaveText(mine);
  await conflict.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(page.getByLabel(`Line ${target.id.slice(1)} text`)).toHaveValue(theirs);
  await expect(page.getByTestId('outbox-item').filter({ hasText: 'Text correction' })).toHaveCount(0);
  expect((await history(request)).entries.filter((e) => e.text === mine)).toHaveLength(0);
});

async function setPublish(admin: Page, label: 'At once (staff can revert it later)' | 'After a moderator approves it') {
  await admin.getByRole('radio', { name: label }).check();
  await admin.getByRole('button', { name: 'Save policy' }).click();
  await expect(admin.getByText('Saved. Visitors get the new policy at once.')).toBeVisible();
}

test('with approval first, "Save all changed lines" sends each line to the queue; staff approve one and reject one; Escape undoes', async ({
  page,
  browser,
  request,
}) => {
  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  await signIn(admin);
  await setPublish(admin, 'After a moderator approves it');
  try {
    const free = (await lines(request)).filter(
      (l) => l.version === 0 && l.text.length > 15 && /\bthe\b/.test(l.text) && !/France|harvest|streets/i.test(l.text),
    );
    const [a, b, c] = free;
    const fixA = a.text.replace(/\bthe\b/, 'tho');
    const fixB = b.text.replace(/\bthe\b/, 'thc');
    await openEditor(page);
    await expect(page.getByText('A moderator checks corrections before they show.')).toBeVisible();
    await page.getByLabel(`Line ${a.id.slice(1)} text`).fill(fixA);
    await page.getByLabel(`Line ${b.id.slice(1)} text`).fill(fixB);
    const fieldC = page.getByLabel(`Line ${c.id.slice(1)} text`);
    await fieldC.fill('something else entirely');
    await fieldC.press('Escape');
    await expect(fieldC).toHaveValue(c.text);
    await page.getByRole('button', { name: 'Save all changed lines (2)' }).click();
    for (const l of [a, b]) await expect(row(page, l.id).getByTestId('cx-status')).toHaveText('Saved: it shows once a moderator approves it.');
    // Not published yet: the line still reads as before, marked pending.
    expect((await lines(request)).find((l) => l.id === a.id)).toMatchObject({ text: a.text, pending: true });

    await admin.getByRole('button', { name: 'Messages' }).click();
    await admin.getByRole('button', { name: 'Corrections' }).click();
    const itemA = admin.getByTestId('corr-item').filter({ hasText: fixA });
    const itemB = admin.getByTestId('corr-item').filter({ hasText: fixB });
    await expect(admin.getByRole('heading', { name: /Waiting for approval \([2-9]\d*\)/ })).toBeVisible();
    expect(await axeFindings(admin, '.admin-main')).toEqual([]);
    await admin.screenshot({ path: 'test-results/corrections-admin-queue.png', fullPage: true });
    await itemA.getByRole('button', { name: /^Approve/ }).click();
    await expect(admin.getByText(`Approved: line ${a.id.slice(1)} now reads “${fixA}”.`)).toBeVisible();
    await itemB.getByRole('button', { name: /^Reject/ }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Rejected.' })).toBeVisible();
    const now = await lines(request);
    expect(now.find((l) => l.id === a.id)!.text).toBe(fixA);
    expect(now.find((l) => l.id === b.id)!.text).toBe(b.text);
  } finally {
    await setPublish(admin, 'At once (staff can revert it later)');
    await ctx.close();
  }
});

test('axe finds nothing serious in the editor (desktop and phone) or in the admin Corrections area', async ({ browser, page }) => {
  await openEditor(page);
  expect(await axeFindings(page, '.vz-panel')).toEqual([]);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const small = await phone.newPage();
  await openEditor(small);
  await expect(small.locator('.cx-line').first()).toBeVisible();
  const first = await small.locator('.cx-input').first().boundingBox();
  expect(first!.x).toBeGreaterThanOrEqual(0);
  expect(first!.x + first!.width).toBeLessThanOrEqual(390);
  expect(await axeFindings(small, '.vz-panel')).toEqual([]);
  await small.screenshot({ path: 'test-results/corrections-editor-phone.png' });
  await phone.close();

  await signIn(page);
  expect(await axeFindings(page, '.admin-main')).toEqual([]);
  await page.screenshot({ path: 'test-results/corrections-admin.png', fullPage: true });
});
