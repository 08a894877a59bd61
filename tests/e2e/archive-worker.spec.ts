// The archive worker does the design card's jobs in production (issue #16): the home form's /search address,
// the browse tiles' links with their date ranges and the date filter's bounds come from the Comlink worker,
// counted on the worker's side; the builders are in no chunk the page loads but the worker's and the lazy
// main-thread fallback's, which a page loads only when no Worker can start.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type Worker } from '@playwright/test';
import type { HomeDetail } from '../../contract/api';

const assets = join(process.env.DIST_DIR ?? 'dist', 'assets');
const chunks = () => readdirSync(assets).filter((f) => f.endsWith('.js'));
const read = (file: string) => readFileSync(join(assets, file), 'utf8');

// What only the query writer, the form's validation and the date-range derivation contain (minified or not).
const BUILDER_MARKS: Array<[string, RegExp]> = [
  ['date ranges (01/01/{year}, 12/31/{year})', /01\/01\/|12\/31\//],
  ["the writer's bcn=1", /\.set\(\s*["'`]bcn["'`]\s*,\s*["'`]1["'`]\s*\)/],
  ["the title links' template", /987654321/],
];

/** Chunks a chunk loads statically (import ... from './x.js', import './x.js'), transitively. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of read(file).matchAll(/(?:\bfrom\s*|\bimport\s*)["'`]\.\/([\w.-]+\.js)["'`]/g)) visit(m[1]);
  };
  visit(entry);
  return seen;
}

test.describe('bundle', () => {
  test('the builders live only in the worker chunk and the lazy fallback chunk', () => {
    const all = chunks();
    const worker = all.filter((f) => /^archive\.worker-.*\.js$/.test(f));
    const fallback = all.filter((f) => /^archive-api-.*\.js$/.test(f));
    expect(worker).toHaveLength(1);
    expect(fallback).toHaveLength(1);
    for (const [what, mark] of BUILDER_MARKS) {
      expect(all.filter((f) => mark.test(read(f))).sort(), what).toEqual([...worker, ...fallback].sort());
    }
    // Nothing loads the fallback chunk statically: it comes only through the worker client's import().
    const entry = /src="\/assets\/(index-[\w-]+\.js)"/.exec(readFileSync(join(assets, '..', 'index.html'), 'utf8'))![1];
    for (const file of all.filter((f) => !fallback.includes(f))) expect(staticClosure(file).has(fallback[0]), file).toBe(false);
    expect(read(all.find((f) => /^worker-client-/.test(f)) ?? entry)).toMatch(
      new RegExp(`import\\(["'\`]\\./${fallback[0].replace(/[.-]/g, '\\$&')}["'\`]\\)`),
    );
  });
});

async function archiveWorker(page: Page): Promise<Worker> {
  await expect.poll(() => page.workers().some((w) => /archive\.worker/.test(w.url()))).toBe(true);
  return page.workers().find((w) => /archive\.worker/.test(w.url()))!;
}

const callsIn = (worker: Worker) => worker.evaluate(() => ({ ...(self as unknown as { archiveWorkerCalls: Record<string, number> }).archiveWorkerCalls }));

/** The resources the page itself fetched (not the service worker's precache). */
const fetched = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));

test.describe('with the worker running', () => {
  let detail: HomeDetail;
  test.beforeAll(async ({ request, baseURL }) => {
    const res = await request.get(`/Api/Home/getDetail?url=${encodeURIComponent(baseURL!)}`);
    detail = (await res.json()) as HomeDetail;
  });

  test("the form's address, the date filter's bounds and the tiles' links are the worker's answers", async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByTestId('title-tiles')).toBeVisible();
    const worker = await archiveWorker(page);
    const atStart = await callsIn(worker);
    // One call derived every browse link and the date filter's bounds for this home data.
    expect(atStart.homeLinks).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('date-start')).toHaveAttribute('placeholder', `01/01/${detail.MinDate}`);
    const tile = page.getByTestId('title-tiles').getByRole('link').first();
    const titleId = detail.model._searchModels.YearRangeWithTitleandCountList[0].TitleId;
    await expect(tile).toHaveAttribute('href', `/search?i=f&t=${titleId}&d=01/01/${detail.MinDate}-12/31/${detail.MaxDate}&bcn=1&p=1`);

    await page.getByLabel('Row 1: search terms').fill('fire, water');
    await page.getByLabel('Row 1: search terms').press('Enter');
    await page.waitForURL(/\/search\?/);
    expect(page.url()).toContain(`/search?i=f&d=01/01/${detail.MinDate}-12/31/${detail.MaxDate}&bcn=1&m=between&k=fire+water&ord=k1`);
    const afterForm = await callsIn(worker);
    expect(afterForm.formSearchUrl ?? 0).toBe((atStart.formSearchUrl ?? 0) + 1);

    // Back home (the same page and worker), a tile click goes to the worker's link.
    await page.goBack();
    await expect(page.getByTestId('title-tiles')).toBeVisible();
    await page.getByTestId('title-tiles').getByRole('link').first().click();
    await page.waitForURL(/\/search\?i=f&t=/);
    expect(new URL(page.url()).search).toBe(`?i=f&t=${titleId}&d=01/01/${detail.MinDate}-12/31/${detail.MaxDate}&bcn=1&p=1`);
    await page.goBack();
    await expect(page.getByTestId('title-tiles')).toBeVisible();

    // Apply Filter in multi-select asks the worker too.
    await page.getByRole('switch', { name: 'Multi-select' }).check();
    const decade = Number(detail.model._searchModels.DecadeList[0].Decade);
    await page
      .getByTestId('decade-tiles')
      .getByRole('checkbox', { name: new RegExp(`^${decade}s`) })
      .check();
    await expect(page.getByTestId('loading-overlay')).toBeHidden();
    await page.getByRole('button', { name: 'Apply Filter' }).click();
    await page.waitForURL(/\/search\?.*bdd=/);
    expect((await callsIn(worker)).applyBrowseUrl).toBe((atStart.applyBrowseUrl ?? 0) + 1);
    expect(new URL(page.url()).searchParams.get('d')).toBe(`01/01/${Math.max(decade, detail.MinDate)}-12/31/${Math.min(decade + 9, detail.MaxDate)}`);

    // The main-thread fallback was never loaded.
    expect((await fetched(page)).filter((p) => /archive-api-/.test(p))).toEqual([]);
  });
});

test.describe('where no Worker can start', () => {
  test('the same addresses come from the lazily loaded main-thread fallback', async ({ page, baseURL, request }) => {
    const detail = (await (await request.get(`/Api/Home/getDetail?url=${encodeURIComponent(baseURL!)}`)).json()) as HomeDetail;
    await page.addInitScript(() => {
      // As when a policy or an old browser keeps workers out.
      delete (window as { Worker?: unknown }).Worker;
    });
    await page.goto('/home');
    await expect(page.getByTestId('title-tiles')).toBeVisible();
    expect(page.workers().filter((w) => /archive\.worker/.test(w.url()))).toEqual([]);
    expect((await fetched(page)).some((p) => /\/assets\/archive-api-.*\.js$/.test(p))).toBe(true);
    await expect(page.getByTestId('date-start')).toHaveAttribute('placeholder', `01/01/${detail.MinDate}`);
    await page.getByLabel('Row 1: search terms').fill('fire');
    await page.getByLabel('Row 1: search terms').press('Enter');
    await page.waitForURL(/\/search\?/);
    expect(new URL(page.url()).search).toBe(`?i=f&d=01/01/${detail.MinDate}-12/31/${detail.MaxDate}&bcn=1&m=between&k=fire&ord=k1`);
  });
});
