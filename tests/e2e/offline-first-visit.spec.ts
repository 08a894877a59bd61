// A first visit that loses its connection before the service worker holds the app's files: parts of a screen
// whose code loads on first need cannot load then. The page must stay as it was (what the reader is reading
// and typing), the offline banner must say where things stand, and what the reader does next must still work.
// The offline-only parts' files are refused here, as the network would refuse them.
import { expect, test } from '@playwright/test';
import { openCorrectionEditor } from './viewer-helpers';

const PAGE_UID = 'demo0004-1909-08-20-ed1-seq2';

test.use({ serviceWorkers: 'block' });

test('offline mid-correction on a first visit: the editor stays, the banner shows, the line is kept on the device', async ({ page, context }) => {
  await page.route(/\/assets\/(SavedAt|OutboxList)-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await openCorrectionEditor(page, PAGE_UID);
  const field = page.getByRole('textbox', { name: /^Line \d+ text$/ }).first();
  await expect(field).toBeVisible({ timeout: 20_000 });
  const id = await field.getAttribute('id');
  const before = await field.inputValue();

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.screenshot({ path: '/tmp/offline-first-visit.png' });
  const line = page.locator(`[id="${id}"]`);
  await expect(line).toHaveValue(before);
  await line.fill(`${before} (checked)`);
  await line.press('Enter');
  await expect(page.locator(`[id="${id}-status"]`)).toHaveText(/^Kept on this device/);
  await expect(page.getByRole('toolbar', { name: 'Page tools' })).toBeVisible();
});

test('a screen whose code cannot load offline says so under the header, and opens when the connection returns', async ({ page, context }) => {
  let offline = false;
  await page.route(/\/assets\/SearchScreen-[^/]+\.js$/, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('/home');
  await expect(page.getByRole('search', { name: 'Search the archive' })).toBeVisible({ timeout: 20_000 });

  offline = true;
  await context.setOffline(true);
  // A link followed inside the app (the home's own search form is not offered offline).
  await page.evaluate(() => {
    history.pushState(null, '', '/search?k=railroad');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const notice = page.getByTestId('screen-unavailable');
  await expect(notice).toContainText('You are offline, and this screen is not on this device yet.');
  await expect(page.getByRole('banner')).toBeVisible(); // the header stays: the visitor can go elsewhere
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.screenshot({ path: '/tmp/offline-first-visit-screen.png' });

  offline = false;
  await context.setOffline(false);
  await expect(page.locator('.search-hit').first()).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/search\?.*k=railroad/);
});
