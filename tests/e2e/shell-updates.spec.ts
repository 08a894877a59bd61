// Spec 4.10 in real Chromium with the real service worker: the first install (which claims the page)
// does not reload it; once a worker controls the page, a worker taking over reloads the page.
import { expect, test } from '@playwright/test';

test('a new service worker taking over reloads the page; the first install does not', async ({ page }) => {
  await page.goto('/home');
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'first'));
  // The worker installs, activates and claims this page (controllerchange fires): no reload.
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('first');

  // Now controlled from the start: a takeover by another worker reloads.
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'second'));
  const reloaded = page.waitForEvent('load');
  await page.evaluate(() => navigator.serviceWorker.dispatchEvent(new Event('controllerchange')));
  await reloaded;
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
});

test('a takeover while the screen is still loading reloads the page too', async ({ page }) => {
  await page.goto('/home');
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
  // Each document counts itself; the first one after this sees a worker take over as soon as its scripts have run,
  // before the screen's code is in and the first render is drawn.
  await page.addInitScript(() => {
    sessionStorage.setItem('documents', String(Number(sessionStorage.getItem('documents') ?? 0) + 1));
    if (sessionStorage.getItem('takeover-sent')) return;
    document.addEventListener('DOMContentLoaded', () => {
      sessionStorage.setItem('takeover-sent', '1');
      navigator.serviceWorker.dispatchEvent(new Event('controllerchange'));
    });
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('documents')), { timeout: 20_000 }).toBe('2');
  await expect(page.getByTestId('hero')).toBeVisible();
});
