// Saving for offline (issue #17), in real Chromium through the app's own buttons and service worker, each
// run in a fresh browser profile (nothing cached): time from "Start saving" to "Saved for offline", and the
// bytes kept (the saved records' own count: page data, tiles, PDFs) and the growth of the origin's storage
// (navigator.storage.estimate). The demo archive's issues have at most four pages, so ten pages are saved
// from a results list (the same save pipeline): the demo's first ten "harvest" pages (no PDFs in the
// demo), and the pages of the Omaha Daily Bee NDNP batch (nine real scans with PDFs; ingested once into
// the bench's data) without and with their PDFs. The largest demo issue is also saved from the viewer.
// Run: npm run -s build && npx tsx bench/offline-save.ts   (BENCH_PORT to choose the port)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { freshDir, launchProfile, startServer, waitForActivatedWorker } from '../tests/e2e/offline-server';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(here, '..');
const PORT = Number(process.env.BENCH_PORT ?? 8412);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DIST = resolve(process.env.DIST_DIR ?? 'dist');
const DATA_DIR = process.env.BENCH_DATA_DIR ?? `/tmp/offline-save-bench-data-${PORT}`;
const PROFILE = `/tmp/offline-save-bench-profile-${PORT}`;
const CORPUS = resolve(ROOT, '../shared/corpus');
const NDNP_PAGE = 'sn99021999-1887-03-03-ed1-seq1';

interface Run {
  scenario: string;
  pages: number;
  withPdfs: boolean;
  ms: number;
  /** What the saved records count (page data, tile bytes, PDFs). */
  savedBytes: number;
  /** The estimate shown before the save. */
  estimateText: string;
  /** Growth of navigator.storage.estimate().usage during the save (IndexedDB and Cache Storage). */
  storageGrowth: number;
}

const usage = (p: Page) => p.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

/** Sum of the bytes of the pinned page and tile records (what the saved pages keep). */
const pinnedBytes = (p: Page) =>
  p.evaluate(
    () =>
      new Promise<number>((resolveBytes) => {
        const open = indexedDB.open('newspaper-archive');
        open.onsuccess = () => {
          const req = open.result.transaction('seen').objectStore('seen').getAll();
          req.onsuccess = () => {
            const rows = req.result as { kind: string; pinned: number; bytes: number }[];
            resolveBytes(rows.filter((r) => r.pinned === 1 && (r.kind === 'page' || r.kind === 'tiles')).reduce((n, r) => n + r.bytes, 0));
            open.result.close();
          };
        };
      }),
  );

async function inFreshBrowser<T>(job: (page: Page) => Promise<T>): Promise<T> {
  freshDir(PROFILE);
  const context = await launchProfile(PROFILE);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${ORIGIN}/home`);
    await waitForActivatedWorker(page);
    return await job(page);
  } finally {
    await context.close();
  }
}

async function timeSave(page: Page, scenario: string, pages: number, withPdfs: boolean, estimateTestId: string, doneTestId: string): Promise<Run> {
  const estimateText = (await page.getByTestId(estimateTestId).textContent()) ?? '';
  const before = await usage(page);
  const start = Date.now();
  await page.getByRole('button', { name: 'Start saving' }).click();
  await page.getByTestId(doneTestId).waitFor({ timeout: 300_000 });
  const ms = Date.now() - start;
  return { scenario, pages, withPdfs, ms, savedBytes: await pinnedBytes(page), estimateText, storageGrowth: (await usage(page)) - before };
}

async function saveResults(query: string, scenario: string, withPdfs: boolean): Promise<Run> {
  return inFreshBrowser(async (page) => {
    await page.goto(`${ORIGIN}/search?${query}`);
    await page.getByRole('button', { name: 'Save these results for offline' }).click();
    // Ten pages, or all the list has when it has fewer (the Bee batch has nine).
    const select = page.getByLabel('Pages to save');
    const values = (await select.locator('option').evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)))).filter((n) => n <= 10);
    const count = Math.max(...values);
    await select.selectOption(String(count));
    if (withPdfs) {
      await page.getByRole('checkbox', { name: /Include page PDFs/ }).check();
      await page.getByText(/\(([\d.]+ (KB|MB)) more\)/).waitFor({ timeout: 30_000 });
    }
    await page.getByTestId('results-estimate').getByText(/about/).waitFor({ timeout: 30_000 });
    return timeSave(page, scenario, count, withPdfs, 'results-estimate', 'results-saved');
  });
}

async function saveIssue(uid: string, scenario: string): Promise<Run> {
  return inFreshBrowser(async (page) => {
    await page.goto(`${ORIGIN}/viewer?page=${encodeURIComponent(uid)}`);
    await page.getByTestId('deep-zoom').and(page.locator('[data-ready="true"]')).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Save issue for offline' }).click();
    await page.getByTestId('save-estimate').waitFor({ timeout: 30_000 });
    const pages = Number(((await page.getByTestId('save-estimate').textContent()) ?? '').match(/^(\d+) pages?/)?.[1] ?? 0);
    return timeSave(page, scenario, pages, false, 'save-estimate', 'saved-for-offline');
  });
}

async function main() {
  mkdirSync(DATA_DIR, { recursive: true });
  const server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  const runs: Run[] = [];
  try {
    if ((await fetch(`${ORIGIN}/Api/Viewer/Page/${NDNP_PAGE}`)).status !== 200)
      execFileSync(
        resolve(ROOT, 'node_modules/.bin/tsx'),
        ['server/ingest/cli.ts', resolve(CORPUS, 'ndnp/batch_nbu_manyissues_ver01'), '--marc', resolve(CORPUS, 'ndnp/marc')],
        { cwd: ROOT, env: { ...process.env, DATA_DIR }, stdio: 'pipe', timeout: 300_000 },
      );
    // Browsing the Bee's title lists its pages (the title id from a search's facets).
    const facets = (await (await fetch(`${ORIGIN}/Api/Search?k=the`)).json()) as { facets: { titles: { id: number; name: string }[] } };
    const beeId = facets.facets.titles.find((t) => /omaha daily bee/i.test(t.name))?.id;
    if (!beeId) throw new Error('the Omaha Daily Bee batch is not in the bench data');
    const beeQuery = `t=${beeId}`;
    // The largest demo issue: a first page whose answer says it has the most pages.
    const demo = (await (await fetch(`${ORIGIN}/Api/Search?k=harvest`)).json()) as { results: { pageUid: string }[] };
    let largest = { uid: '', pageCount: 0 };
    for (const r of demo.results) {
      const p = (await (await fetch(`${ORIGIN}/Api/Viewer/Page/${encodeURIComponent(r.pageUid)}`)).json()) as { uid: string; pageCount: number };
      if (p.pageCount > largest.pageCount) largest = { uid: p.uid, pageCount: p.pageCount };
    }
    runs.push(await saveIssue(largest.uid, 'demo issue, from the viewer'));
    runs.push(await saveResults('k=harvest', 'demo, first 10 "harvest" pages', false));
    runs.push(await saveResults(beeQuery, 'Omaha Daily Bee (NDNP scans), its pages', false));
    runs.push(await saveResults(beeQuery, 'Omaha Daily Bee (NDNP scans), its pages', true));
  } finally {
    await server.stop();
  }
  const result = {
    date: new Date().toISOString(),
    viewport: '1280x900 at 1x',
    runs: runs.map((r) => ({
      ...r,
      perPageMs: Math.round(r.ms / Math.max(1, r.pages)),
      savedMB: +(r.savedBytes / 1048576).toFixed(2),
      storageGrowthMB: +(r.storageGrowth / 1048576).toFixed(2),
    })),
  };
  mkdirSync(resolve(here, 'results'), { recursive: true });
  writeFileSync(resolve(here, 'results/offline-save.json'), JSON.stringify(result, null, 2) + '\n');
  for (const r of result.runs)
    console.log(
      `${r.scenario}${r.withPdfs ? ', with PDFs' : ''}: ${r.pages} pages in ${r.ms} ms (${r.perPageMs} ms/page), saved ${r.savedMB} MB (estimate: ${r.estimateText.trim().slice(0, 60)}), storage +${r.storageGrowthMB} MB`,
    );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
