// Offline-first, end to end in real Chromium against the real server: one online visit, then the server
// stopped and the browser offline; the home screen, its lists and deep links render from what this
// device saved; a search says it needs the network; back online, a changed setting shows after the
// service worker revalidates.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createSqliteStore } from '../../server/store/sqlite';
import {
  cachedHomeAnswers,
  freshDir,
  launchProfile,
  savedTitleCount,
  startServer,
  waitForActivatedWorker,
  type RunningServer,
  removeScratch,
  scratch,
} from './offline-server';

// Its own server, port and folders, derived from this run's E2E_PORT (8181 gives 8361): two runs on one machine never meet.
const PORT = Number(process.env.E2E_PORT ?? 8181) + 180;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = scratch(`offline-e2e-data-main-${PORT}`);
const PROFILE = scratch(`offline-e2e-profile-main-${PORT}`);
const DIST = process.env.OFFLINE_DIST_A ?? process.env.DIST_DIR ?? 'dist';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: RunningServer | undefined;
let context: BrowserContext;
let page: Page;
const online: { siteTitle: string; totalTitles: string; tileNames: string[]; decades: string[]; countries: string[] } = {
  siteTitle: '',
  totalTitles: '',
  tileNames: [],
  decades: [],
  countries: [],
};

test.beforeAll(async () => {
  freshDir(DATA_DIR);
  freshDir(PROFILE);
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  context = await launchProfile(PROFILE);
  page = context.pages()[0] ?? (await context.newPage());
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  removeScratch();
});

const countrySelect = (p: Page) => p.getByRole('combobox', { name: 'Country' });

async function openAdvanced(p: Page) {
  const toggle = p.getByRole('button', { name: /Advanced search/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

test('first visit online saves the shell, the Home answers and the browse lists', async () => {
  await page.goto(`${ORIGIN}/home`);
  await expect(page.getByText(/Total titles : \d+/).first()).toBeVisible();
  await waitForActivatedWorker(page);
  // The worker warmed its cache with this site's five Home answers at install.
  await expect.poll(async () => (await cachedHomeAnswers(page)).length).toBe(5);
  await expect.poll(() => savedTitleCount(page)).toBeGreaterThan(0);

  online.siteTitle = (await page.title()).split(' :: ')[0];
  expect(online.siteTitle).toBe('Old Press Archive');
  online.totalTitles = (await page
    .getByText(/Total titles : \d+/)
    .first()
    .textContent())!.trim();
  online.tileNames = await page.getByTestId('title-tiles').locator('.title-tile__name').allTextContents();
  online.decades = await page.getByTestId('decade-tiles').locator('.decade-tile__name').allTextContents();
  await openAdvanced(page);
  online.countries = (await countrySelect(page).locator('option').allTextContents()).map((s) => s.trim());
  expect(online.tileNames.length).toBeGreaterThan(0);
  expect(online.decades.length).toBeGreaterThan(0);
  expect(online.countries[0]).toBe('Select Country');
  expect(online.countries.length).toBeGreaterThan(1);
});

test('server stopped and browser offline: /home renders branding, titles, decades, years and places from local data', async () => {
  await server!.stop();
  server = undefined;
  await context.setOffline(true);
  await page.reload();

  await expect(page.getByTestId('offline-banner')).toContainText('You are offline — showing saved data.');
  await expect(page).toHaveTitle(`${online.siteTitle} :: Home`);
  await expect(page.getByText(online.totalTitles).first()).toBeVisible();
  await expect(page.getByTestId('title-tiles').locator('.title-tile__name')).toHaveText(online.tileNames);
  await expect(page.getByTestId('decade-tiles').locator('.decade-tile__name')).toHaveText(online.decades);
  await expect(page.getByTestId('hero')).toBeVisible();
  // The header logo came from the runtime image cache, not the loader fallback.
  const logo = page.locator('header img').first();
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // A decade's years, from the saved decade list: 'See All' dates, then a decade's years.
  await page.getByRole('button', { name: 'See All dates' }).click();
  const firstDecade = online.decades[0];
  await page.getByRole('button', { name: `${firstDecade}: show years` }).click();
  const years = page.getByRole('list', { name: 'Years' });
  await expect(years).toBeVisible();
  await expect(years.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(/Total Years : [1-9]\d*/)).toBeVisible();
  await page.screenshot({ path: '/tmp/offline-home-years.png' });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // The place cascade, from saved place data.
  await openAdvanced(page);
  await expect(countrySelect(page).locator('option')).toHaveText(online.countries);
  await page.screenshot({ path: '/tmp/offline-home.png', fullPage: true });
});

test('offline deep links: the shell renders any route, and a search says it needs the network', async () => {
  await page.goto(`${ORIGIN}/privacy-policy`);
  await expect(page).toHaveTitle(`${online.siteTitle} :: Privacy Policy`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  await page.goto(`${ORIGIN}/search?i=f&k=river&bcn=1&m=between&ord=k1`);
  await expect(page).toHaveTitle(`${online.siteTitle} :: Search`);
  await expect(page.getByTestId('offline-banner')).toContainText('Searching the archive needs a network connection');
  await page.screenshot({ path: '/tmp/offline-search.png', fullPage: true });
  // It offers what is available offline.
  await page.getByRole('link', { name: 'Browse titles and dates saved on this device' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(online.totalTitles).first()).toBeVisible();

  // Deep link straight into the home screen from a cold start of the page.
  await page.goto(`${ORIGIN}/HOME`);
  await expect(page.getByTestId('title-tiles').locator('.title-tile__name')).toHaveText(online.tileNames);
});

test('back online: a setting changed on the server shows after revalidation, quietly', async () => {
  // No archive page open while the server and the network return: an open page would refresh at once, and
  // the service worker's own requests are not held back by the browser's offline emulation, so any request
  // from an open page while the server is up would revalidate the cached answer before this test looks.
  await page.goto('about:blank');
  // Change the site title in the store while the server is down, then start it again on the same data.
  const store = createSqliteStore(DATA_DIR);
  const site = (await store.sites.findByOrigin('127.0.0.1'))!;
  const sections = await store.sites.getSections(site.id);
  await store.sites.putSection(site.id, 'settings', { ...(sections.settings as object), SiteTitle: 'Renamed Press Archive' });
  await store.close();
  server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  await context.setOffline(false);

  // Record the SiteTitle of every settings answer the page's own requests receive: with stale-while-
  // revalidate the first one is the cached (old) copy, whatever the timing of the renders.
  await page.addInitScript({
    content: `window.__settingsTitles = [];
      const originalFetch = window.fetch;
      window.fetch = async (...args) => {
        const res = await originalFetch(...args);
        const url = String(args[0] instanceof Request ? args[0].url : args[0]);
        if (url.includes('GetSiteSettings')) res.clone().json().then((j) => window.__settingsTitles.push(j.SiteTitle), () => {});
        return res;
      };`,
  });
  await page.goto(`${ORIGIN}/home`);
  // Stale first (from the cache, at once), then the revalidated answer replaces it without a reload.
  await expect.poll(() => page.title(), { timeout: 20_000 }).toBe('Renamed Press Archive :: Home');
  const answers = await page.evaluate(() => (window as unknown as { __settingsTitles: string[] }).__settingsTitles);
  expect(answers[0], answers.join(' | ')).toBe('Old Press Archive');
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(page.getByText(online.totalTitles).first()).toBeVisible();
});
