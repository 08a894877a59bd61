// "Show over time" and "Export results" on /search (issue #37) in real Chromium against the real server and
// the demo archive: the chart is drawn, its table equals the API's trend, a period is reached and chosen with
// the keyboard and narrows the results to it, and with the trend out of reach the chart counts the pages seen
// on this device and says so; the export control downloads the search's pages.
import { expect, test, type Page } from '@playwright/test';
import type { SearchResponse } from '../../contract/search/query';
import type { TrendResponse } from '../../contract/search/research';
import { axeFindings } from './offline-server';

const status = (page: Page) => page.locator('#results-heading [role="status"]');
const countIn = async (page: Page) => Number(((await status(page).textContent()) ?? '').replace(/,/g, '').match(/^(\d+)/)?.[1] ?? NaN);

/** The table's rows as [period, matching, held] of the first series. */
async function tableRows(page: Page): Promise<Array<[string, number, number]>> {
  const table = page.getByTestId('trend-table');
  if (!(await table.isVisible())) await page.getByText("Table of the chart's data").click();
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((r) => {
      const cells = [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').replace(/,/g, ''));
      return [cells[0], Number(cells[1]), Number(cells[2])] as [string, number, number];
    }),
  );
}

test('the chart: drawn, its table equal to the API, a period chosen by keyboard narrows the results', async ({ page, baseURL }) => {
  await page.goto('/search?k=railroad');
  await expect(status(page)).toContainText(/pages? match/, { timeout: 20_000 });
  const total = await countIn(page);
  const toggle = page.getByRole('button', { name: 'Show over time' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page).toHaveURL(/[?&]tr=1/);
  await expect(page.getByRole('button', { name: 'Hide the chart over time' })).toHaveAttribute('aria-expanded', 'true');
  const svg = page.getByTestId('trend-svg');
  await expect(svg).toBeVisible({ timeout: 20_000 });
  await expect(svg.locator('.trend__period rect[fill]:not([height="0"])').first()).toBeVisible();
  await expect(svg).toContainText('Year');
  await expect(svg).toContainText('Matching pages');

  const api = (await (await page.request.get(`/Api/Search/Trend?k=railroad&per=year&url=${encodeURIComponent(baseURL!)}`)).json()) as TrendResponse;
  expect(api.total).toBe(total);
  const rows = await tableRows(page);
  expect(rows).toEqual(api.points.map((p) => [p.period, p.count, p.held]));
  expect(rows.reduce((n, r) => n + r[1], 0)).toBe(total);
  await page.getByText('Export results').click();
  expect(await axeFindings(page)).toEqual([]); // chart, table and export form: WCAG 2.2 AA (contrast, names)
  await page.screenshot({ path: '/tmp/search-trend-chart.png', fullPage: true });

  // Share of pages held, as lines: the same periods, the axis says what it shows; the address is the permalink.
  await page.getByRole('link', { name: 'Share of pages held' }).click();
  await page.getByRole('link', { name: 'Lines' }).click();
  await expect(page).toHaveURL(/trv=share/);
  await expect(page).toHaveURL(/trk=line/);
  await expect(svg).toContainText('Share of pages held');
  await expect(svg.locator('polyline')).toHaveCount(1);
  const permalink = await page.getByRole('link', { name: 'Permalink to this chart' }).getAttribute('href');
  expect(permalink).toMatch(/tr=1/);
  expect(permalink).toMatch(/trv=share/);

  // The keyboard reaches a period of the chart; Enter narrows the results to that year.
  const withMatches = api.points.find((p) => p.count > 0 && p.count < total)!;
  await page.getByRole('link', { name: 'Lines' }).focus();
  let focused = '';
  for (let i = 0; i < 400 && focused !== withMatches.period; i++) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.getAttribute('data-period') ?? '');
  }
  expect(focused).toBe(withMatches.period);
  await expect(page.locator(':focus')).toHaveAttribute(
    'aria-label',
    new RegExp(`^${withMatches.period}, This search: ${withMatches.count.toLocaleString('en-US')} matching`),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]by=${withMatches.period}`));
  await expect(status(page)).toContainText(`${withMatches.count.toLocaleString('en-US')} page`, { timeout: 20_000 });
  expect(await countIn(page)).toBe(withMatches.count);
});

test('up to four queries overlaid, added and removed with the row syntax', async ({ page }) => {
  await page.goto('/search?k=railroad&tr=1');
  await expect(page.getByTestId('trend-svg')).toBeVisible({ timeout: 20_000 });
  for (const words of ['election', '"civil war"', 'harv*']) {
    await page.getByLabel('Compare with').fill(words);
    await page.getByRole('button', { name: 'Add to chart' }).click();
    await expect(page.getByRole('list', { name: 'Queries compared' })).toContainText(words);
  }
  await expect(page.getByLabel('Compare with')).toBeDisabled();
  await expect(page.getByTestId('trend-svg').locator('.trend__period').first().locator('rect[fill]')).toHaveCount(4);
  await expect(page.getByTestId('trend-table').locator('thead th[colspan="3"]')).toHaveCount(4);
  await page.getByRole('link', { name: 'Remove election' }).click();
  await expect(page.getByRole('list', { name: 'Queries compared' })).not.toContainText('election');
  await expect(page.getByTestId('trend-table').locator('thead th[colspan="3"]')).toHaveCount(3);
});

test('the export control downloads every page of the search as CSV', async ({ page }) => {
  await page.goto('/search?e=civil war&ord=e1');
  await expect(status(page)).toContainText(/pages? match/, { timeout: 20_000 });
  const total = await countIn(page);
  await page.getByText('Export results').click();
  const button = page.getByRole('button', { name: `Export ${total.toLocaleString('en-US')} pages` });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^search-export-\d+\.csv$/);
  const body = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
  const lines = body.split('\r\n').filter(Boolean);
  expect(lines[0]).toMatch(new RegExp(`^\uFEFF"?# Export of .* \\| ${total} rows"?$`));
});

/** Viewer pages kept in this page's IndexedDB (the 'seen' table, kind 'page'). */
const keptPages = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('newspaper-archive');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('seen')) return resolve(0);
          const req = db.transaction('seen').objectStore('seen').getAll();
          req.onsuccess = () => {
            resolve((req.result as Array<{ kind: string; value?: { page?: unknown } }>).filter((r) => r.kind === 'page' && r.value?.page).length);
            db.close();
          };
        };
        open.onerror = () => resolve(0);
      }),
  );

test('with the archive out of reach, the chart counts the pages seen on this device and says so', async ({ page, baseURL }) => {
  // Pages read in the viewer: the device keeps them (the seen store) and can search them.
  const answer = (await (await page.request.get(`/Api/Search?k=railroad&sort=date&url=${encodeURIComponent(baseURL!)}`)).json()) as SearchResponse;
  const read = [answer.results[0], answer.results[answer.results.length - 1], answer.results[5]];
  for (const [i, hit] of read.entries()) {
    await page.goto(`/viewer?page=${encodeURIComponent(hit.pageUid)}`);
    await expect(page.getByTestId('ocr-text')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => keptPages(page), { timeout: 15_000 }).toBe(i + 1);
  }
  // Search and trend cannot be reached (the network drops them): both answer from the device's pages.
  await page.route('**/Api/Search?**', (route) => route.abort('internetdisconnected'));
  await page.route('**/Api/Search/Trend**', (route) => route.abort('internetdisconnected'));
  await page.goto('/search?k=railroad&tr=1');
  await expect(page.getByTestId('device-search')).toBeVisible({ timeout: 20_000 });
  const found = await countIn(page);
  expect(found).toBeGreaterThan(0);
  await expect(page.getByTestId('trend-device')).toContainText(`counts the ${read.length} pages saved or seen on this device, not the whole archive`, {
    timeout: 20_000,
  });
  const rows = await tableRows(page);
  expect(rows.reduce((n, r) => n + r[1], 0)).toBe(found);
  expect(rows.reduce((n, r) => n + r[2], 0)).toBe(read.length);
  const years = new Map<string, number>();
  for (const hit of read) years.set(hit.date.slice(0, 4), (years.get(hit.date.slice(0, 4)) ?? 0) + 1);
  expect(rows.map((r) => [r[0], r[2]])).toEqual([...years].sort());
  await page.screenshot({ path: '/tmp/search-trend-offline.png', fullPage: true });
});
