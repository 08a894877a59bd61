// The page viewer in real Chromium against the real server and the demo archive.
import { expect, test, type Page } from '@playwright/test';
import { imagePointOnScreen, norm, pageData, settle, viewerState, waitForImage } from './viewer-helpers';

const PHRASE = 'railroad bridge';
// The machine is shared: tiles and polling can be slow, never wrong.
test.describe.configure({ timeout: 150_000 });

async function openFirstResult(page: Page, query: string) {
  await page.goto(`/search?i=f&e=${encodeURIComponent(query)}&ord=e1`);
  const first = page.locator('a[href^="/viewer"]').first();
  await expect(first).toBeVisible({ timeout: 20_000 });
  await first.click();
  await expect(page).toHaveURL(/\/viewer\?page=/);
  await waitForImage(page);
  return new URL(page.url()).searchParams.get('page')!;
}

async function hitBoxes(page: Page) {
  return page
    .locator('.vz-hit')
    .evaluateAll((els) => els.map((el) => ({ hit: Number((el as HTMLElement).dataset.hit), box: (el as HTMLElement).dataset.box!.split(',').map(Number) })));
}

test('a search result opens with its phrase boxed on the right words, where the image shows them', async ({ page, request }) => {
  const uid = await openFirstResult(page, PHRASE);
  const data = await pageData(request, uid);
  await expect(page.locator('.vz-hit').first()).toBeVisible();
  const drawn = await hitBoxes(page);
  expect(drawn.length).toBeGreaterThanOrEqual(2);

  // Every box is an OCR word's box (less the punctuation OCR boxed with it, as in 'bridge.'), or the second
  // half of a word hyphenated at a line end, and each hit reads exactly the phrase (not every 'railroad').
  const byHit = new Map<number, string[]>();
  const within = (b: number[], w: unknown[]) => {
    const [x, y, wd, h] = w.slice(1, 5) as number[];
    const inMain = b[1] === y && b[3] === h && b[0] >= x && b[0] + b[2] <= x + wd && b[2] > wd * 0.5;
    return inMain || (Array.isArray(w[5]) && w[5].join(',') === b.join(','));
  };
  for (const d of drawn) {
    const word = data.words.find((w) => within(d.box, w));
    expect(word, `box ${d.box} is a word of the page`).toBeTruthy();
    byHit.set(d.hit, [...(byHit.get(d.hit) ?? []), norm(word![0])]);
  }
  // A hyphenated word is boxed twice (both halves): count it once.
  for (const words of byHit.values()) expect(words.filter((w, i) => w !== words[i - 1]).join(' ')).toBe('railroad bridge');
  const everyRailroad = data.words.filter((w) => norm(w[0]) === 'railroad').length;
  expect(byHit.size).toBeLessThan(everyRailroad);

  // The same boxes the search API reported for this page.
  const api = await (await request.get(`/Api/Search?i=f&e=${encodeURIComponent(PHRASE)}&ord=e1&url=${encodeURIComponent(new URL(page.url()).origin)}`)).json();
  const result = api.results.find((r: { pageUid: string }) => r.pageUid === uid);
  if (result?.boxes) expect(new Set(drawn.map((d) => d.box.join(',')))).toEqual(new Set(result.boxes.map((b: number[]) => b.join(','))));

  // On screen, the current hit's overlay sits exactly over its word's pixels.
  await settle(page);
  const current = page.locator('.vz-hit--current').first();
  const rect = (await current.boundingBox())!;
  const [x, y, w, h] = (await current.getAttribute('data-box'))!.split(',').map(Number);
  const topLeft = await imagePointOnScreen(page, x, y);
  const bottomRight = await imagePointOnScreen(page, x + w, y + h);
  expect(Math.abs(rect.x - topLeft.x)).toBeLessThan(2);
  expect(Math.abs(rect.y - topLeft.y)).toBeLessThan(2);
  expect(Math.abs(rect.x + rect.width - bottomRight.x)).toBeLessThan(2);
  expect(Math.abs(rect.y + rect.height - bottomRight.y)).toBeLessThan(2);
  // ... and it is in view, at a readable size.
  const viewport = page.viewportSize()!;
  expect(rect.x).toBeGreaterThanOrEqual(0);
  expect(rect.x + rect.width).toBeLessThanOrEqual(viewport.width);
  expect(rect.height).toBeGreaterThan(14);
});

test('next and previous hit move between the hits, with buttons and keys; highlight all can be switched off', async ({ page }) => {
  await openFirstResult(page, PHRASE);
  const count = page.getByTestId('hit-count');
  await expect(count).toHaveText(/^Hit 1 of \d+$/);
  const total = Number((await count.textContent())!.match(/of (\d+)/)![1]);
  test.skip(total < 2, 'this result has a single hit');
  const currentHit = () => page.locator('.vz-hit--current').first().getAttribute('data-hit');
  await page.getByRole('button', { name: 'Next hit' }).click();
  await expect(count).toHaveText(`Hit 2 of ${total}`);
  await expect.poll(currentHit).toBe('1');
  await page.getByRole('button', { name: 'Previous hit' }).click();
  await expect(count).toHaveText(`Hit 1 of ${total}`);
  await page.getByRole('button', { name: 'Previous hit' }).click();
  await expect(count).toHaveText(`Hit ${total} of ${total}`);
  await page.locator('body').press('n');
  await expect(count).toHaveText(`Hit 1 of ${total}`);

  // A phrase is two boxes, or three when a word of it is hyphenated at a line end (both halves are boxed).
  const hitsShown = () => page.locator('.vz-hit').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.hit));
  await page.getByLabel('Highlight all').uncheck();
  await expect.poll(async () => new Set(await hitsShown())).toEqual(new Set(['0'])); // only the current phrase
  expect((await hitsShown()).length).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => sessionStorage.getItem('ishighlightall'))).toBe('false');
  await page.getByLabel('Highlight all').check();
  await expect.poll(async () => new Set(await hitsShown()).size).toBe(total);
  expect((await hitsShown()).length).toBeGreaterThanOrEqual(total * 2);
});

test('searching inside the page boxes that word everywhere, or only a phrase when exact', async ({ page, request }) => {
  const uid = 'demo0004-1909-08-20-ed1-seq1';
  const data = await pageData(request, uid);
  await page.goto(`/viewer?page=${uid}`);
  await waitForImage(page);
  expect(await page.evaluate(() => sessionStorage.getItem('visitedViewer'))).toBe('true');
  await page.getByRole('tab', { name: 'Search' }).click();
  const box = page.getByRole('searchbox', { name: 'Search inside this page' });
  await box.fill('the');
  await page.getByRole('button', { name: 'Find' }).click();
  const expected = data.words.filter((w) => norm(w[0]) === 'the').length;
  await expect(page.getByRole('status').filter({ hasText: 'matches for “the”' })).toHaveText(`${expected} matches for “the” on this page.`);
  await expect(page.locator('.vz-hit')).toHaveCount(expected);
  expect(await page.evaluate(() => [sessionStorage.getItem('viewersearch'), sessionStorage.getItem('isexactsearch')])).toEqual(['the', 'false']);

  // Exact: "the railroad" — only where the two words follow each other (also as "rail-" + "road" across a line end).
  let pairs = 0;
  let boxes = 0;
  for (let i = 0; i + 1 < data.words.length; i++) {
    if (norm(data.words[i][0]) !== 'the') continue;
    const next = data.words[i + 1][0];
    if (norm(next) === 'railroad') {
      pairs++;
      boxes += 2;
    } else if (next.endsWith('-') && data.words[i + 2] && norm(next) + norm(data.words[i + 2][0]) === 'railroad') {
      pairs++;
      boxes += 3;
    }
  }
  expect(pairs).toBeGreaterThan(0);
  await box.fill('the railroad');
  await page.getByLabel('Exact phrase').check();
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('hit-count')).toHaveText(`Hit 1 of ${pairs}`);
  await expect(page.locator('.vz-hit')).toHaveCount(boxes);
  expect(await page.evaluate(() => sessionStorage.getItem('isexactsearch'))).toBe('true');
});

test('rotation and zoom are kept in viewerrotate / viewerscale and restored on reload', async ({ page }) => {
  await page.goto('/viewer?page=demo0001-1819-09-22-ed1-seq1');
  await waitForImage(page);
  await page.getByRole('button', { name: 'Rotate right' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await settle(page);
  const before = (await viewerState(page))!;
  expect(before.rotation).toBe(90);
  const stored = await page.evaluate(() => ({ rotate: sessionStorage.getItem('viewerrotate'), scale: Number(sessionStorage.getItem('viewerscale')) }));
  expect(stored.rotate).toBe('90');
  expect(stored.scale).toBeCloseTo(before.zoom, 2);

  await page.reload();
  await waitForImage(page);
  await settle(page);
  const after = (await viewerState(page))!;
  expect(after.rotation).toBe(90);
  expect(after.zoom).toBeCloseTo(before.zoom, 2);

  // The keyboard does the same: r rotates, - zooms out.
  await page.locator('body').press('r');
  await expect.poll(async () => (await viewerState(page))!.rotation).toBe(180);
  await page.locator('body').press('-');
  await expect.poll(async () => Number(await page.evaluate(() => sessionStorage.getItem('viewerscale')))).toBeLessThan(before.zoom);
});

test('clicking an OCR word boxes it on the image, and clicking a word on the image selects it in the text', async ({ page, request }) => {
  const uid = 'demo0001-1819-09-22-ed1-seq1';
  const data = await pageData(request, uid);
  await page.goto(`/viewer?page=${uid}`);
  await waitForImage(page);
  await page.getByRole('tab', { name: 'Text' }).click();
  const k = data.words.findIndex((w, i) => i > 20 && w[0].length > 5);
  await page.getByTestId('ocr-text').locator(`[data-i="${k}"]`).click();
  const selected = page.locator('.vz-selected');
  await expect(selected).toHaveAttribute('data-box', data.words[k].slice(1).join(','));
  await settle(page);
  const rect = (await selected.boundingBox())!;
  const p = await imagePointOnScreen(page, data.words[k][1], data.words[k][2]);
  expect(Math.abs(rect.x - p.x)).toBeLessThan(2);
  expect(Math.abs(rect.y - p.y)).toBeLessThan(2);

  // The reverse: click the middle of another word on the image.
  const j = data.words.findIndex((w, i) => i > k + 3 && w[0].length > 4);
  const [, x, y, w, h] = data.words[j];
  const target = await imagePointOnScreen(page, x + w / 2, y + h / 2);
  const canvas = (await page.getByTestId('deep-zoom').boundingBox())!;
  if (target.y < canvas.y || target.y > canvas.y + canvas.height - 120) {
    await page.getByTestId('ocr-text').locator(`[data-i="${j}"]`).click();
    await settle(page);
  }
  const spot = await imagePointOnScreen(page, x + w / 2, y + h / 2);
  await page.mouse.click(spot.x, spot.y);
  await expect(page.getByTestId('ocr-text').locator('.vz-w--selected')).toHaveAttribute('data-i', String(j));
  await expect(selected).toHaveAttribute('data-box', data.words[j].slice(1).join(','));
});

test('the keyboard reaches every tool, and the page and issue links navigate', async ({ page, request }) => {
  const uid = 'demo0001-1819-09-22-ed1-seq1';
  const data = await pageData(request, uid);
  await page.goto(`/viewer?page=${uid}&k=the`);
  await waitForImage(page);
  for (const name of ['Zoom in', 'Zoom out', 'Rotate left', 'Rotate right', 'Fit width', 'Whole page', 'Clip and share']) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(new RegExp(`page=${data.nextPageUid}.*k=the`));
  await waitForImage(page);
  await page.getByRole('link', { name: 'Next issue' }).click();
  await expect(page).toHaveURL(new RegExp(`page=${(await pageData(request, data.nextPageUid!)).nextIssuePageUid}`));
});

test('the floating Share and tools buttons never cover the side panel, on a desktop or a phone', async ({ page }) => {
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  await openFirstResult(page, PHRASE);
  const panel = page.locator('.vz-panel');
  await expect(panel).toBeVisible();
  const share = page.getByTestId('share-widget');
  const tools = page.getByRole('button', { name: 'Brightness, contrast and text size' });
  await expect(tools).toBeVisible();
  const panelBox = (await panel.boundingBox())!;
  for (const button of [tools, share]) expect(overlaps((await button.boundingBox())!, panelBox)).toBe(false);
  // Stacked, not on top of each other.
  expect(overlaps((await tools.boundingBox())!, (await share.boundingBox())!)).toBe(false);

  // A phone: the panel sits under the page and scrolls its last lines clear of the two buttons.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel).toBeVisible();
  const scroller = page.locator('.vz-tabpanel:visible');
  await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
  const last = scroller.locator('> *').last();
  const lastBox = (await last.boundingBox())!;
  for (const button of [tools, share]) {
    const b = (await button.boundingBox())!;
    expect(overlaps(b, lastBox)).toBe(false);
  }
  expect(overlaps((await tools.boundingBox())!, (await share.boundingBox())!)).toBe(false);
  await page.screenshot({ path: 'test-results/viewer-phone-floating.png' });
});

test("the page's preview shows before any code has run, and stays under the deep zoom until it has drawn the page", async ({ browser }) => {
  const uid = 'demo0001-1819-09-22-ed1-seq1';
  const preview = `/iiif/3/${uid}/full/!200,300/0/default.jpg`;
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    // No script at all: the served page alone shows the viewer's bar and the page.
    const bare = await phone.newPage();
    await bare.route('**/assets/*.js', (r) => r.abort());
    await bare.goto(`/viewer?page=${uid}`);
    const served = bare.locator('.boot-viewer img.vz-preview');
    await expect(served).toHaveAttribute('src', preview);
    await expect.poll(() => served.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
    const box = (await served.boundingBox())!;
    expect(box.width).toBeCloseTo(412, 0);
    expect(box.y).toBeGreaterThanOrEqual(60);
    await bare.close();

    // With the app: its own preview (the same image) until the deep zoom's first view is drawn, then none.
    const page = await phone.newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/info.json', async (r) => {
      await held;
      await r.continue();
    });
    await page.goto(`/viewer?page=${uid}`);
    await expect(page.getByTestId('page-viewer')).toBeVisible();
    const own = page.locator('.vz-main img.vz-preview');
    await expect(own).toHaveAttribute('src', preview);
    await expect.poll(() => own.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
    release();
    await waitForImage(page);
    await expect(own).toHaveCount(0, { timeout: 30_000 });
  } finally {
    await phone.close();
  }
});
