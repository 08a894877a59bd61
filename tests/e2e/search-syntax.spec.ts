// The row syntax on screen, in real Chromium against the real server and the demo archive: the OCR switch,
// "also matched" variants that can be left out, the search tips, a clear message for bad syntax, and the
// home form's "within N words" select.
import { expect, test, type Page } from '@playwright/test';

const status = (page: Page) => page.locator('#results-heading [role="status"]');
const countIn = async (page: Page) => Number(((await status(page).textContent()) ?? '').replace(/,/g, '').match(/^(\d+)/)?.[1] ?? NaN);

test('market~ shows the misreadings it also matched, and one can be left out', async ({ page }) => {
  await page.goto('/search?i=f&k=market~&ord=k1');
  await expect(status(page)).toContainText(/pages? match/, { timeout: 20_000 });
  const line = page.locator('.search-expansions__line').first();
  await expect(line).toContainText('market~ also matched:');
  const drop = line.getByRole('link', { name: /^Leave out / }).first();
  const variant = ((await drop.getAttribute('aria-label')) ?? '').replace('Leave out ', '');
  await page.screenshot({ path: '/tmp/search-syntax-variants.png' });
  await drop.click();
  await expect(page).toHaveURL(new RegExp(`fzx=${variant}`));
  await expect(page.getByText('Left out:')).toBeVisible();
  await expect(page.getByRole('link', { name: `Include ${variant} again` })).toBeVisible();
  await expect(page.locator('.search-expansions__line').first()).not.toContainText(new RegExp(`[:,] ${variant}×`));
});

test('the OCR switch adds fz=1 and finds at least as many pages', async ({ page }) => {
  await page.goto('/search?i=f&k=market&ord=k1');
  await expect(status(page)).toContainText(/pages? match/, { timeout: 20_000 });
  const exact = await countIn(page);
  await page.getByLabel('Include likely OCR misreadings').check();
  await expect(page).toHaveURL(/fz=1/);
  await expect(page.locator('.search-expansions__line').first()).toContainText('market~ also matched', { timeout: 20_000 });
  expect(await countIn(page)).toBeGreaterThanOrEqual(exact);
  await page.getByText('Search tips').click();
  await expect(page.getByText('The words within 5 words of each other, in any order (N from 1 to 20).')).toBeVisible();
  await page.screenshot({ path: '/tmp/search-syntax-switch.png', fullPage: true });
});

test('bad syntax gets a clear message, not an empty result', async ({ page }) => {
  await page.goto(`/search?i=f&k=${encodeURIComponent('"city council')}&ord=k1`);
  await expect(page.getByRole('alert')).toContainText('Unbalanced quotes');
  await page.goto(`/search?i=f&e=${encodeURIComponent('"city council"~99')}&ord=e1`);
  await expect(page.getByRole('alert')).toContainText('N from 1 to 20');
  await expect(page.getByText('Search tips')).toBeVisible();
});

test('an Exact row can say within N words', async ({ page }) => {
  await page.goto('/home');
  await page.getByLabel('Row 1: search type').selectOption({ label: 'Exact' });
  await page.getByLabel('Row 1: search terms').fill('city council');
  await page.getByLabel('Row 1: how close the words must be').selectOption({ label: 'within 5 words' });
  await expect(page.getByLabel('Row 1: search terms')).toHaveValue('"city council"~5');
  await page.screenshot({ path: '/tmp/search-syntax-home.png' });
  await page.getByLabel('Row 1: search terms').press('Enter');
  await expect(page).toHaveURL(/e=%22city(\+|%20)council%22(~|%7E)5/);
  await expect(status(page)).toContainText(/pages? match|No pages/, { timeout: 20_000 });
});
