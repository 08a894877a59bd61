// 150,000 real titles (US Newspaper Directory) in the 'See All' titles panel: it opens and filters while
// the visitor types, with the filtering in a worker and a virtual list, so the main thread stays free.
// The title list is fed by rewriting the real getDetail answer (page.route), which is fine for a scale test.
import { expect, test, type Page } from '@playwright/test';
import { catalogTitles } from './home-fixtures';

declare global {
  interface Window {
    __longTasks: Array<{ start: number; duration: number }>;
  }
}

/** The real getDetail answer with `titles` as its title list. */
async function serveTitles(page: Page, titles: ReturnType<typeof catalogTitles>) {
  await page.route('**/Api/Home/getDetail*', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.model._searchModels.solrtype = '4';
    json.objeWbSite.solrtype = '4';
    json.model._searchModels.YearRangeWithTitleandCountList = titles;
    await route.fulfill({ response, json });
  });
}

// getDetail is rewritten with page.route, which the service worker's own fetches would bypass.
test.use({ serviceWorkers: 'block' });
// The two tests are independent: they share the two workers.
test.describe.configure({ mode: 'parallel' });

test('the Titles panel opens and filters 150,000 titles while typing, in the worker and a virtual list', async ({ page }, info) => {
  test.setTimeout(180_000);
  const titles = catalogTitles(150_000);
  expect(titles.length).toBe(150_000);
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await serveTitles(page, titles);

  await page.goto('/home');
  await expect(page.getByText('Total titles : 150000', { exact: true })).toBeVisible({ timeout: 60_000 });
  // Let loading finish (JSON parse, first render, saving for offline, handing the names to the worker).
  await page.evaluate(() => new Promise((r) => setTimeout(r, 1500)));
  expect(page.workers().some((w) => /archive\.worker/.test(w.url()))).toBe(true);

  const openAt = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'See All titles' }).click();
  const panel = page.getByTestId('titles-panel');
  await expect(panel.getByText('Total titles : 150000', { exact: true })).toBeVisible();
  await expect(panel.locator('.list-title').first()).toBeVisible();
  const typeAt = await page.evaluate(() => performance.now());

  // Every letter of the filter is typed 60 ms apart, as a quick typist would.
  const search = panel.getByPlaceholder('Search By Title');
  await search.pressSequentially('evening star', { delay: 60 });
  await expect(search).toHaveValue('evening star');
  const expected = titles.filter((t) => t.title.toLowerCase().includes('evening star')).length;
  expect(expected).toBeGreaterThan(10);
  await expect(panel.getByText(`Total titles : ${expected}`, { exact: true })).toBeVisible();
  const doneAt = await page.evaluate(() => performance.now());

  const shown = await panel.locator('.list-title__name').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThan(60); // virtualised: only the rows in view are in the DOM
  for (const name of shown) expect(name.toLowerCase()).toContain('evening star');
  await page.screenshot({ path: '/tmp/home-scale-titles-panel.png' });

  const tasks = await page.evaluate(() => window.__longTasks);
  const during = (from: number, to: number) => tasks.filter((t) => t.start >= from && t.start < to);
  const opening = during(openAt, typeAt);
  const typing = during(typeAt, doneAt);
  const figures = {
    titles: titles.length,
    matches: expected,
    openingMs: Math.round(typeAt - openAt),
    openingLongTasks: opening.map((t) => Math.round(t.duration)),
    typingMs: Math.round(doneAt - typeAt),
    typingLongTasks: typing.map((t) => Math.round(t.duration)),
    typingBlockingMs: Math.round(typing.reduce((n, t) => n + Math.max(0, t.duration - 50), 0)),
    loadingLongTasks: during(0, openAt).map((t) => Math.round(t.duration)),
  };
  console.log('home-scale', JSON.stringify(figures));
  await info.attach('long-tasks.json', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
  // How long the main thread is held is a figure for bench/offline-titles.ts, not a pass/fail here (it moves with the
  // machine's load); what keeps it short is asserted above: the filtering runs in the worker and the list is virtual.
});

test('Select All over 150,000 titles, then Apply Filter: a search without naming every title, and no error', async ({ page }) => {
  test.setTimeout(180_000);
  const titles = catalogTitles(150_000);
  await serveTitles(page, titles);
  await page.goto('/home');
  await expect(page.getByText('Total titles : 150000', { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('switch', { name: 'Multi-select' }).check();
  await page.getByRole('checkbox', { name: 'Select All titles' }).check();
  await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/search\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('t')).toBeNull();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/could not|malformed|too many/i)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/select-all-150k.png' });
});
