// Search within (issue 22) in real Chromium against the real server and the demo archive: from the viewer,
// "Search this issue" and "Search this title" narrow the results, a chip says so and widens again; the home
// form's "Include likely OCR misreadings" goes to /search as fz=1 and is still on after Back.
import { expect, test, type Page } from '@playwright/test';
import { waitForImage } from './viewer-helpers';

test.describe.configure({ timeout: 150_000 });

const status = (page: Page) => page.locator('#results-heading [role="status"]');
const countIn = async (page: Page) => Number(((await status(page).textContent()) ?? '').replace(/,/g, '').match(/^(\d+)/)?.[1] ?? NaN);
const resultPages = (page: Page) =>
  page
    .locator('.search-hits a[href^="/viewer"]')
    .evaluateAll((links) => [...new Set(links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('page')!))]);

test('"Search this issue" narrows the results to the issue, and its chip widens to the title', async ({ page }) => {
  await page.goto('/search?i=f&k=market&ord=k1');
  await expect(status(page)).toContainText(/pages? match/, { timeout: 20_000 });
  const everywhere = await countIn(page);
  await page.locator('.search-hits a[href^="/viewer"]').first().click();
  await expect(page).toHaveURL(/\/viewer\?page=/);
  await waitForImage(page);
  const pageUid = new URL(page.url()).searchParams.get('page')!;
  const issueUid = pageUid.replace(/-seq\d+$/, '');
  const title = (await page.locator('.vz-title').textContent())!.trim();

  await page.getByRole('link', { name: 'Search this issue' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?.*iss=${issueUid}`));
  await expect(page).toHaveURL(/k=market/); // the viewer's words come along
  await expect(status(page)).toContainText(/pages? match/, { timeout: 20_000 });
  const chip = page.locator('.search-chip').filter({ hasText: 'In this issue:' });
  await expect(chip).toContainText(title);
  await expect(chip).toContainText(/\w+ \d{1,2}, \d{4}/);
  const inIssue = await countIn(page);
  expect(inIssue).toBeGreaterThanOrEqual(1);
  expect(inIssue).toBeLessThanOrEqual(everywhere);
  for (const uid of await resultPages(page)) expect(uid.startsWith(`${issueUid}-seq`)).toBe(true);
  await page.screenshot({ path: '/tmp/search-within-issue.png' });

  await chip.click();
  await expect(page).not.toHaveURL(/iss=/);
  await expect(page.locator('.search-chip').filter({ hasText: `In ${title}` })).toHaveCount(1);
  await expect(status(page)).toContainText(/pages? match/, { timeout: 20_000 });
  expect(await countIn(page)).toBeGreaterThanOrEqual(inIssue);
});

test('"Search this title" from a page opened without a search opens the search box for words', async ({ page }) => {
  await page.goto('/search?i=f&k=market&ord=k1');
  const link = page.locator('.search-hits a[href^="/viewer"]').first();
  await expect(link).toBeVisible({ timeout: 20_000 });
  const pageUid = new URL((await link.getAttribute('href'))!, 'http://x').searchParams.get('page')!;
  await page.goto(`/viewer?page=${pageUid}`);
  await waitForImage(page);
  const title = (await page.locator('.vz-title').textContent())!.trim();
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.screenshot({ path: '/tmp/search-within-viewer.png' });
  await page.getByRole('link', { name: 'Search this title' }).click();
  await expect(page).toHaveURL(/\/search\?.*t=\d+.*#edit$/);
  const words = page.getByLabel('Row 1 words');
  await expect(words).toBeFocused();
  await expect(words).toHaveValue('');
  await words.fill('market');
  await words.press('Enter');
  await expect(page).toHaveURL(/k=market/);
  await expect(status(page)).toContainText(/pages? match/, { timeout: 20_000 });
  await expect(page.locator('.search-chip').filter({ hasText: `In ${title}` })).toHaveCount(1);
  for (const uid of await resultPages(page)) expect(uid.split('-')[0]).toBe(pageUid.split('-')[0]); // the title's LCCN
});

test('the home form\'s "Include likely OCR misreadings" searches with fz=1 and is still on after Back', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: /Advanced search/ }).click();
  const option = page.getByLabel('Include likely OCR misreadings');
  await option.check();
  await page.screenshot({ path: '/tmp/search-within-home.png' });
  await page.getByLabel('Row 1: search terms').fill('market');
  await page.getByLabel('Row 1: search terms').press('Enter');
  await expect(page).toHaveURL(/\/search\?.*fz=1/);
  await expect(page.getByLabel('Include likely OCR misreadings')).toBeChecked();
  await expect(page.locator('.search-expansions__line').first()).toContainText('market~ also matched', { timeout: 20_000 });
  await page.goBack();
  await expect(page).toHaveURL(/\/home/);
  await expect(page.getByLabel('Row 1: search terms')).toHaveValue('market');
  await expect(page.getByLabel('Include likely OCR misreadings')).toBeChecked();
});
