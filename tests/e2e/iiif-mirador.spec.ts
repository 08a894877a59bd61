// Mirador 4 (the npm package's own UMD build, nothing of ours) opens an issue manifest from the real
// server in real Chromium, draws the page tiles from our Image API, and its search panel finds a word
// through our Content Search service and lists the hits. The test page is served by Playwright on the
// archive's origin, so Mirador fetches everything from the server as any other client would.
import { expect, test, type Page } from '@playwright/test';
import { NDNP_ISSUE, ensureIngested } from './viewer-helpers';
import { openCollectionDialog, openMirador as openMiradorOn } from './mirador';

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async ({ request }) => {
  test.setTimeout(200_000);
  await ensureIngested(request);
});

const openMirador = (page: Page, manifestId: string, extraConfig = '') => openMiradorOn(page, manifestId, { sideBarOpen: true, extraConfig });

test('Mirador 4 opens our issue manifest and draws the page tiles from our Image API', async ({ page, baseURL }) => {
  const tiles: string[] = [];
  page.on('response', (r) => {
    if (/\/iiif\/3\/[^/]+\/[^/]+\/[^/]+\/0\/default\.jpg$/.test(r.url()) && r.status() === 200) tiles.push(r.url());
  });
  const errors = await openMirador(page, `${baseURL}/iiif/presentation/${NDNP_ISSUE}/manifest.json`);
  // The window title is the manifest's label; the canvas is drawn by OpenSeadragon inside Mirador.
  await expect(page.getByRole('heading', { level: 2, name: /Omaha daily bee, March 3, 1887/i })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.openseadragon-canvas canvas').first()).toBeVisible();
  await expect.poll(() => tiles.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  await page.screenshot({ path: '.tmp/mirador-open.png' });
});

test('Mirador 4 finds a word with our Content Search service and lists the hits', async ({ page, baseURL, request }) => {
  const answer = await (await request.get(`/iiif/search/v1/${NDNP_ISSUE}?q=omaha`)).json();
  expect(answer.hits.length).toBeGreaterThan(1);
  const searches: string[] = [];
  page.on('request', (r) => {
    if (/\/iiif\/(search|autocomplete)\//.test(r.url())) searches.push(r.url());
  });
  await openMirador(page, `${baseURL}/iiif/presentation/${NDNP_ISSUE}/manifest.json`);
  await expect(page.getByRole('heading', { level: 2, name: /Omaha daily bee/i })).toBeVisible({ timeout: 30_000 });
  // Mirador shows its search button only when it found a search service (by the 1.0 profile).
  await page.getByRole('tab', { name: /search/i }).click();
  const box = page
    .getByRole('combobox', { name: /search/i })
    .or(page.getByRole('textbox', { name: /search/i }))
    .first();
  // Typing asks our autocomplete service (found inside the search service) and offers its terms.
  await box.pressSequentially('oma', { delay: 50 });
  await expect(page.getByRole('option', { name: 'omaha' })).toBeVisible({ timeout: 10_000 });
  expect(searches.some((u) => u.includes(`/iiif/autocomplete/v1/${NDNP_ISSUE}?q=oma`))).toBe(true);
  await box.fill('omaha');
  await box.press('Enter');
  // The hits list: one entry per search:Hit, each with the matched word.
  const results = page.locator('[class*="SearchResults"] li, [class*="SearchHit"]');
  await expect(results.first()).toBeVisible({ timeout: 20_000 });
  await expect(results.first()).toContainText(/omaha/i);
  expect(await results.count()).toBeGreaterThan(1);
  // Mirador counts the hits our service answered.
  await expect(page.getByText(`1 of ${answer.hits.length}`, { exact: true })).toBeVisible();
  expect(searches.some((u) => u.includes(`/iiif/search/v1/${NDNP_ISSUE}?q=omaha`))).toBe(true);
  await page.screenshot({ path: '.tmp/mirador-search.png' });
});

test('Mirador 4 walks from an issue to its year Collection and opens another issue from it', async ({ page, baseURL, request }) => {
  const year = await (await request.get('/iiif/collection/sn99021999/1887')).json();
  expect(year.items.length).toBeGreaterThan(1);
  const errors = await openMirador(page, `${baseURL}/iiif/presentation/${NDNP_ISSUE}/manifest.json`);
  // The manifest's partOf is its year Collection: Mirador names it and lists its issue manifests.
  await expect(page.getByRole('heading', { name: /Omaha daily bee, 1887/ })).toBeVisible({ timeout: 30_000 });
  const dialog = await openCollectionDialog(page);
  await expect(dialog.getByRole('menuitem')).toHaveCount(year.items.length, { timeout: 20_000 });
  const other = year.items[1].label.en[0];
  await dialog.getByRole('menuitem', { name: other }).click();
  await expect(page.getByRole('heading', { level: 2, name: other })).toBeVisible({ timeout: 20_000 });
  expect(errors).toEqual([]);
  await page.screenshot({ path: '.tmp/mirador-collection.png' });
});

test('Mirador 4 loads the OCR lines of the page from the canvas annotations and lists them', async ({ page, baseURL, request }) => {
  const manifest = await (await request.get(`/iiif/presentation/${NDNP_ISSUE}/manifest.json`)).json();
  const text = await (await request.get(manifest.items[0].annotations[0].id)).json();
  // Mirador lists commenting and tagging annotations unless told to show 'supplementing' (text) ones too.
  const config = `annotations: { filteredMotivations: ['oa:commenting', 'oa:tagging', 'sc:painting', 'commenting', 'tagging', 'supplementing'] },`;
  await openMirador(page, `${baseURL}/iiif/presentation/${NDNP_ISSUE}/manifest.json`, config);
  await page.getByRole('tab', { name: /annotations/i }).click();
  await expect(page.getByText(`${text.items.length} annotations`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('menuitem', { name: text.items[0].body.value }).first()).toBeVisible();
  await page.screenshot({ path: '.tmp/mirador-annotations.png' });
});
