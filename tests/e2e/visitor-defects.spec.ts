// Issue #21, defects a new visitor met: the home form comes back as it was after Back from the results,
// and every themed control follows the site's theme (the blue Prairie site has no brown switch).
import { expect, test } from '@playwright/test';
import { PORT } from './shell-helpers';

test('Back from the results brings the home search form back as it was: rows, dates and place', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByTestId('title-tiles')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Row 1: search terms').fill('railroad');
  await page.getByRole('button', { name: 'Add row', exact: true }).click();
  await page.getByLabel('Row 2: combine with the rows before').selectOption({ label: 'Or' });
  await page.getByLabel('Row 2: search type').selectOption({ label: 'Exact' });
  await page.getByLabel('Row 2: search terms').fill('steam ship');
  await page.getByTestId('date-start').fill('01/01/1850');
  await page.getByTestId('date-end').fill('12/31/1915');
  await page.getByRole('button', { name: /Advanced search/ }).click();
  const country = page.getByLabel('Country', { exact: true });
  const chosenCountry = await country.locator('option').nth(1).getAttribute('value');
  await country.selectOption(chosenCountry!);

  await page.getByRole('button', { name: 'Discover' }).click();
  await expect(page).toHaveURL(/\/search\?/);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);

  await expect(page.getByLabel('Row 1: search terms')).toHaveValue('railroad');
  await expect(page.getByLabel('Row 2: search terms')).toHaveValue('steam ship');
  await expect(page.getByLabel('Row 2: search type')).toHaveValue('2');
  await expect(page.getByLabel('Row 2: combine with the rows before')).toHaveValue('2');
  await expect(page.getByTestId('date-start')).toHaveValue('01/01/1850');
  await expect(page.getByTestId('date-end')).toHaveValue('12/31/1915');
  await expect(page.getByRole('button', { name: /Advanced search/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(country).toHaveValue(chosenCountry!);

  // A fresh visit to /home (a new history entry) starts with an empty form.
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page.getByLabel('Row 1: search terms')).toHaveValue('');
  await expect(page.getByLabel('Row 2: search terms')).toHaveCount(0);
});

/** Reddish-brown: red well above blue (the default theme's browns), as a computed rgb() string. */
const isBrown = (rgb: string) => {
  const [r, , b] = (rgb.match(/[\d.]+/g) ?? []).map(Number);
  return r - b > 40;
};

test('on the blue Prairie site the Multi-select switch and the other themed controls are never brown', async ({ page }) => {
  await page.goto(`http://localhost:${PORT}/home`);
  await expect(page.getByTestId('title-tiles')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())).toBe('#1f4e6b');
  const track = page.locator('.switch__track').first();
  const off = await track.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(isBrown(off), `switch off: ${off}`).toBe(false);
  await page.getByRole('switch', { name: 'Multi-select' }).check();
  const on = await track.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(on).toBe('rgb(31, 78, 107)'); // the site's primary colour

  // Every visible control's colours, hovered or not: none keeps the default theme's browns.
  const colours = await page.evaluate(() =>
    [...document.querySelectorAll('button, input, select, a, .switch__track, summary')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => {
        const s = getComputedStyle(el);
        return { el: `${el.tagName}.${el.className}`, bg: s.backgroundColor, border: s.borderTopColor, color: s.color };
      }),
  );
  const brown = colours.filter((c) => [c.bg, c.border, c.color].some((v) => !v.endsWith(', 0)') && isBrown(v)));
  expect(brown).toEqual([]);
  const primaryButton = page.locator('.btn--primary').first();
  await primaryButton.hover();
  const hovered = await primaryButton.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(isBrown(hovered), `hovered primary button: ${hovered}`).toBe(false);
});
