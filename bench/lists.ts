// Research lists (issue #38): main-thread work per interaction in real Chromium, with a list of 1,000 items
// on the device. Two interactions: adding an item to that list from a search result ("Add" in the Add to
// list panel, until "Added to …" shows), and opening that list on /lists (a click on its name, until its
// items show). Main-thread work is Chromium's own count (CDP Performance.getMetrics TaskDuration: the time
// the renderer's main thread spent running tasks), read before the click and after the page settled; the
// same wait with no click is measured too, and subtracted. The goal: one frame (16 ms) per interaction.
// Run: npm run -s build && npx tsx bench/lists.ts   (BENCH_PORT to choose the port, RUNS for repeats)
import { loadavg, cpus } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession, ElementHandle, Locator, Page } from '@playwright/test';
import { freshDir, launchProfile, startServer } from '../tests/e2e/offline-server';

const here = dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 8438);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DIST = resolve(process.env.DIST_DIR ?? 'dist');
const DATA_DIR = process.env.BENCH_DATA_DIR ?? `/tmp/lists-bench-data-${PORT}`;
const PROFILE = `/tmp/lists-bench-profile-${PORT}`;
const RUNS = Number(process.env.RUNS ?? 7);
const ITEMS = 1000;
const LIST_NAME = 'Bench list of 1000';
const BUDGET_MS = 16;
const SETTLE_MS = 400;
/** Each item's page text, in copies of a 105-character sentence (20: about 2 KB; a real page holds 10-30 KB). */
const TEXT_REPEAT = Number(process.env.TEXT_REPEAT ?? 20);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number) => Math.round(x * 10) / 10;

/** Main-thread task time so far (ms), and script, layout and style parts of it. */
async function metrics(cdp: CDPSession) {
  const { metrics: m } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const get = (name: string) => (m.find((x) => x.name === name)?.value ?? 0) * 1000;
  return { task: get('TaskDuration'), script: get('ScriptDuration'), layout: get('LayoutDuration'), style: get('RecalcStyleDuration') };
}

/** Waits two frames and then SETTLE_MS, so whatever the interaction started has run. */
const settle = (page: Page) =>
  page.evaluate((ms) => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, ms)))), SETTLE_MS);

interface Sample {
  task: number;
  script: number;
  layout: number;
  style: number;
}

let traced = 0;

/**
 * With TRACE_DIR set, a Chromium trace of each measured interaction is written there (for DevTools, or to read
 * what ran); tracing adds work of its own, so figures of such a run are not the bench's figures.
 */
async function startTrace(cdp: CDPSession): Promise<(() => Promise<void>) | null> {
  const dir = process.env.TRACE_DIR;
  if (!dir) return null;
  const events: unknown[] = [];
  const collect = (m: { value: unknown[] }) => void events.push(...m.value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'v8.execute',
        'v8',
        'blink',
        'IndexedDB',
        'disabled-by-default-v8.cpu_profiler',
      ],
    },
  });
  return async () => {
    const complete = new Promise<void>((res) => cdp.once('Tracing.tracingComplete', () => res()));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
    mkdirSync(dir, { recursive: true });
    writeFileSync(resolve(dir, `lists-${++traced}.json`), JSON.stringify({ traceEvents: events }));
  };
}

async function measure(page: Page, cdp: CDPSession, act: () => Promise<void>): Promise<Sample> {
  await settle(page);
  const idle0 = await metrics(cdp);
  await settle(page);
  const idle1 = await metrics(cdp);
  const tracing = await startTrace(cdp);
  const before = await metrics(cdp);
  await act();
  await settle(page);
  const after = await metrics(cdp);
  await tracing?.();
  const base = idle1.task - idle0.task;
  return {
    task: after.task - before.task - base,
    script: after.script - before.script,
    layout: after.layout - before.layout,
    style: after.style - before.style,
  };
}

/** The element a locator points at, found before the measurement starts (finding it by role is the test driver's work, not the app's). */
const handle = async (locator: Locator): Promise<ElementHandle> => {
  const found = await locator.elementHandle();
  if (!found) throw new Error(`not found: ${locator.toString()}`);
  return found;
};

/**
 * Clicks `target` from inside the page and resolves when an element matching `selector` inside `scope` (the
 * document when null) holds `text`: a MutationObserver, so no test-driver polling runs on the main thread.
 */
async function clickUntil(target: ElementHandle, scopeHandle: ElementHandle | null, selector: string, text = '') {
  await target.evaluate(
    (el, [root, sel, want]) =>
      new Promise<void>((done) => {
        const where = (root as Element | null) ?? document;
        const ok = () => [...where.querySelectorAll(sel as string)].some((n) => (n.textContent ?? '').includes(want as string));
        const mo = new MutationObserver(() => {
          if (ok()) {
            mo.disconnect();
            done();
          }
        });
        mo.observe(document.body, { childList: true, subtree: true, characterData: true });
        (el as HTMLElement).click();
      }),
    [scopeHandle, selector, text] as const,
  );
}

/** Puts a list of ITEMS page items straight into the device database (as the app's own writes would). */
async function seedList(page: Page): Promise<string> {
  return page.evaluate(
    ([site, n, name, repeat]) =>
      new Promise<string>((done, fail) => {
        const open = indexedDB.open('newspaper-archive');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['lists', 'listItems'], 'readwrite');
          const listId = crypto.randomUUID();
          const now = Date.now();
          const text = 'THE HARVEST. Reports from every part of the county agree that the oats harvest will be an abundant one. '.repeat(repeat);
          let bytes = 0;
          for (let i = 0; i < n; i++) {
            const item = {
              id: crypto.randomUUID(),
              listId,
              site,
              kind: 'page',
              ref: `bench-page-${i}`,
              order: i,
              title: `The Bench Gazette ${i}`,
              date: '1890-05-12',
              page: `Page ${(i % 8) + 1}`,
              thumbnail: '',
              snippet: 'the wheat crop of the county is the best in years',
              region: null,
              href: `/viewer?page=bench-page-${i}`,
              text,
              note: i % 3 ? '' : `Note ${i}: compare with the spring report`,
              tags: i % 5 ? [] : ['wheat', 'county'],
              addedAt: now + i,
              updatedAt: now + i,
            };
            tx.objectStore('listItems').put(item);
            // As device-db/schema.ts listItemBytes counts an item (the list record keeps its items' count and bytes).
            bytes += JSON.stringify({ ...item, order: 0 }).length * 2;
          }
          tx.objectStore('lists').put({ id: listId, site, name, description: 'A long list', createdAt: now, updatedAt: now, count: n, bytes });
          tx.oncomplete = () => {
            db.close();
            done(listId);
          };
          tx.onerror = () => fail(tx.error);
        };
      }),
    [ORIGIN, ITEMS, LIST_NAME, TEXT_REPEAT] as const,
  );
}

async function main() {
  freshDir(PROFILE);
  mkdirSync(DATA_DIR, { recursive: true });
  const server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: DIST });
  const context = await launchProfile(PROFILE);
  const open: Sample[] = [];
  const add: Sample[] = [];
  const addSearch: Sample[] = [];
  const loadBefore = loadavg();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // tsx keeps function names with a helper the page does not have.
    await page.addInitScript('window.__name = (f) => f;');
    await page.goto(`${ORIGIN}/lists`);
    await page.getByText('No lists yet.').waitFor();
    await seedList(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });

    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${ORIGIN}/lists`);
      const link = page.getByRole('link', { name: LIST_NAME, exact: true });
      await link.waitFor();
      const linkEl = await handle(link);
      open.push(await measure(page, cdp, () => clickUntil(linkEl, null, '[data-testid="list-item"]')));
    }

    await page.goto(`${ORIGIN}/search?k=harvest&ord=k1`);
    await page.locator('.search-hit').first().waitFor({ timeout: 30_000 });
    for (let i = 0; i < RUNS; i++) {
      const hit = page.locator('.search-hit').nth(i);
      await hit.getByRole('button', { name: /^Add to list: / }).click();
      const select = hit.getByRole('combobox', { name: 'List' });
      await select.waitFor();
      await select.selectOption({ label: LIST_NAME });
      const [addEl, hitEl] = [await handle(hit.getByRole('button', { name: 'Add', exact: true })), await handle(hit)];
      add.push(await measure(page, cdp, () => clickUntil(addEl, hitEl, '[data-testid="add-to-list"]', `Added to “${LIST_NAME}”.`)));
    }
    // A search as the item: no page to keep on the device afterwards (a page item is then fetched and pinned).
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${ORIGIN}/search?k=harvest${'+the'.repeat(i)}&ord=k1`);
      await page.locator('.search-hit').first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Add this search to a list' }).click();
      const panel = page.getByRole('form', { name: 'Add to a list' });
      await panel.getByRole('combobox', { name: 'List' }).selectOption({ label: LIST_NAME });
      const addEl = await handle(panel.getByRole('button', { name: 'Add', exact: true }));
      addSearch.push(await measure(page, cdp, () => clickUntil(addEl, null, '[data-testid="add-to-list"]', `Added to “${LIST_NAME}”.`)));
    }
  } finally {
    await context.close();
    await server.stop();
  }
  const loadAfter = loadavg();
  const summary = (name: string, samples: Sample[]) => ({
    interaction: name,
    runs: samples.length,
    medianMs: round(median(samples.map((s) => s.task))),
    maxMs: round(Math.max(...samples.map((s) => s.task))),
    medianScriptMs: round(median(samples.map((s) => s.script))),
    medianLayoutMs: round(median(samples.map((s) => s.layout))),
    medianStyleMs: round(median(samples.map((s) => s.style))),
    underBudget: median(samples.map((s) => s.task)) <= BUDGET_MS,
    samplesMs: samples.map((s) => round(s.task)),
  });
  const result = {
    bench: 'lists',
    date: new Date().toISOString(),
    budgetMs: BUDGET_MS,
    items: ITEMS,
    textBytesPerItem: TEXT_REPEAT * 105,
    method:
      'CDP Performance.getMetrics TaskDuration (main-thread task time, thread ticks) from a click made in the page until a MutationObserver sees the result, then 2 frames + 400 ms; the same idle wait measured before and subtracted',
    cpus: cpus().length,
    loadAverage: { before: loadBefore.map(round), after: loadAfter.map(round) },
    results: [
      summary(`open a list of ${ITEMS} items on /lists`, open),
      summary(`add a result's page to a list of ${ITEMS} (Add in the Add to list panel; the page is then kept)`, add),
      summary(`add a search to a list of ${ITEMS}`, addSearch),
    ],
  };
  for (const r of result.results) {
    console.log(
      `${r.interaction}: median ${r.medianMs} ms (max ${r.maxMs}; script ${r.medianScriptMs}, layout ${r.medianLayoutMs}, style ${r.medianStyleMs}) of main-thread work; budget ${BUDGET_MS} ms: ${r.underBudget ? 'under' : 'OVER'}`,
    );
  }
  console.log(`load average before ${result.loadAverage.before.join(' ')}, after ${result.loadAverage.after.join(' ')} (${result.cpus} CPUs)`);
  mkdirSync(resolve(here, 'results'), { recursive: true });
  writeFileSync(resolve(here, 'results/lists.json'), `${JSON.stringify(result, null, 2)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
