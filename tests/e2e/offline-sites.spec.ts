// Two sites on two origins of one server (demo: 127.0.0.1 → 'Old Press Archive', localhost → 'Prairie &
// Lakes Newspapers') keep separate offline data in one browser profile: each opens offline with its own
// branding and lists, and every saved record is keyed by its own origin.
import { expect, test, type Page } from '@playwright/test';
import { freshDir, launchProfile, startServer, waitForActivatedWorker, type RunningServer, removeScratch, scratch } from './offline-server';

// Its own server, port and folders, derived from this run's E2E_PORT (8181 gives 8365): two runs on one machine never meet.
const PORT = Number(process.env.E2E_PORT ?? 8181) + 184;
const DATA_DIR = scratch(`offline-e2e-data-sites-${PORT}`);
const PROFILE = scratch(`offline-e2e-profile-sites-${PORT}`);
const SITES = [
  { origin: `http://127.0.0.1:${PORT}`, title: 'Old Press Archive' },
  { origin: `http://localhost:${PORT}`, title: 'Prairie & Lakes Newspapers' },
];

test.describe.configure({ timeout: 240_000 });
test.afterAll(() => removeScratch());

const tileNames = (page: Page) => page.getByTestId('title-tiles').locator('.title-tile__name').allTextContents();
const totalTitles = async (page: Page) =>
  (await page
    .getByText(/Total titles : \d+/)
    .first()
    .textContent())!.trim();

/** The distinct `site` keys of saved titles (chunk records) in this origin's database. */
const savedSites = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((done) => {
        const open = indexedDB.open('newspaper-archive');
        open.onsuccess = () => {
          const req = open.result.transaction('titleChunks').objectStore('titleChunks').getAll();
          req.onsuccess = () => done([...new Set((req.result as Array<{ site: string }>).map((t) => t.site))]);
        };
      }),
  );

test('two sites on two origins keep separate offline data', async () => {
  freshDir(DATA_DIR);
  freshDir(PROFILE);
  let server: RunningServer | undefined = await startServer({
    port: PORT,
    dataDir: DATA_DIR,
    distDir: process.env.OFFLINE_DIST_A ?? process.env.DIST_DIR ?? 'dist',
  });
  const context = await launchProfile(PROFILE);
  try {
    const seen: Array<{ total: string; tiles: string[] }> = [];
    const pages: Page[] = [];
    for (const site of SITES) {
      const page = await context.newPage();
      pages.push(page);
      await page.goto(`${site.origin}/home`);
      await expect(page).toHaveTitle(`${site.title} :: Home`);
      await expect(page.getByText(/Total titles : \d+/).first()).toBeVisible();
      await waitForActivatedWorker(page);
      seen.push({ total: await totalTitles(page), tiles: await tileNames(page) });
      await expect.poll(() => savedSites(page)).toEqual([site.origin]);
    }
    // The demo sites show different collections.
    expect(seen[0].tiles).not.toEqual(seen[1].tiles);

    await server.stop();
    server = undefined;
    await context.setOffline(true);
    for (const [i, site] of SITES.entries()) {
      const page = pages[i];
      await page.reload();
      await expect(page.getByTestId('offline-banner')).toBeVisible();
      await expect(page).toHaveTitle(`${site.title} :: Home`);
      await expect(page.getByText(seen[i].total).first()).toBeVisible();
      await expect(page.getByTestId('title-tiles').locator('.title-tile__name')).toHaveText(seen[i].tiles);
      expect(await savedSites(page)).toEqual([site.origin]);
      await page.screenshot({ path: `/tmp/offline-site-${i + 1}.png` });
    }
  } finally {
    await context.close();
    await server?.stop();
  }
});
