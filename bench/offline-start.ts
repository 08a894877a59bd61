// Offline cold start of /home to the first title tiles rendered, in real Chromium (goal < 500 ms).
// One online visit fills the service worker's caches and IndexedDB; then the server is stopped, the
// browser goes offline, and /home is opened: (a) again in the running browser, (b) in a freshly
// launched browser on the same profile (the installed app opened from the home screen).
// Run: npx vite build --outDir /tmp/x && DIST_DIR=/tmp/x npx tsx bench/offline-start.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { freshDir, launchProfile, startServer, waitForActivatedWorker } from '../tests/e2e/offline-server';

const here = dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 8367);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DIST = resolve(process.env.DIST_DIR ?? 'dist');
const PROFILE = '/tmp/offline-bench-profile';
const RUNS = Number(process.env.RUNS ?? 7);

// Records when the first title tile appears, relative to the navigation start (performance.now()).
// A string, not a function: tsx would wrap named inner functions in a helper the page does not have.
const MARK_FIRST_TITLES = `
  (() => {
    const found = () => document.querySelector('[data-testid="title-tiles"] .title-tile__name');
    const observer = new MutationObserver(() => {
      if (window.__firstTitlesMs === undefined && found()) { window.__firstTitlesMs = performance.now(); observer.disconnect(); }
    });
    document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
  })();
`;

interface Phases {
  /** Service worker started (0 when it was already running). */
  workerStart: number;
  /** The shell's HTML received (from the precache). */
  responseEnd: number;
  /** Scripts run, DOM ready. */
  domContentLoaded: number;
  firstTitles: number;
}

async function timeOpen(page: Page, timeout = 20_000): Promise<Phases> {
  await page.goto(`${ORIGIN}/home`, { timeout });
  await page.waitForFunction(() => (window as unknown as { __firstTitlesMs?: number }).__firstTitlesMs !== undefined, null, { timeout });
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      workerStart: Math.round(nav.workerStart),
      responseEnd: Math.round(nav.responseEnd),
      domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
      firstTitles: Math.round((window as unknown as { __firstTitlesMs: number }).__firstTitlesMs),
    };
  });
}

const median = (runs: Phases[]) => {
  const m = (k: keyof Phases) => pct(runs.map((r) => r[k]), 50);
  return { workerStart: m('workerStart'), responseEnd: m('responseEnd'), domContentLoaded: m('domContentLoaded'), firstTitles: m('firstTitles') };
};

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const round = (x: number) => Math.round(x);

async function main() {
  freshDir(PROFILE);
  // The demo archive is generated on the first start and kept: later runs reuse it.
  const dataDir = process.env.BENCH_DATA_DIR ?? '/tmp/offline-bench-data';
  const server = await startServer({ port: PORT, dataDir, distDir: DIST });
  try {
    return await measure(server);
  } finally {
    await server.stop();
  }
}

async function measure(server: Awaited<ReturnType<typeof startServer>>) {
  let context: BrowserContext = await launchProfile(PROFILE);
  await context.addInitScript({ content: MARK_FIRST_TITLES });
  let page = context.pages()[0] ?? (await context.newPage());
  const onlineMs = (await timeOpen(page, 90_000)).firstTitles;
  await waitForActivatedWorker(page);
  await page.waitForTimeout(500); // let the Dexie write of the first answer finish
  await server.stop();

  await context.setOffline(true);
  const warm: Phases[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await timeOpen(page));
  await context.close();

  const cold: Phases[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(RUNS / 2)); i++) {
    context = await launchProfile(PROFILE);
    await context.setOffline(true);
    await context.addInitScript({ content: MARK_FIRST_TITLES });
    page = context.pages()[0] ?? (await context.newPage());
    cold.push(await timeOpen(page));
    await context.close();
  }

  const warmTitles = warm.map((r) => r.firstTitles);
  const coldTitles = cold.map((r) => r.firstTitles);
  const result = {
    what: 'offline /home: navigation start to first title tile in the DOM (ms), Chromium',
    onlineFirstVisitMs: round(onlineMs),
    offlineReload: { runs: warm.length, p50: round(pct(warmTitles, 50)), max: round(Math.max(...warmTitles)), medianPhases: median(warm) },
    offlineFreshBrowser: { runs: cold.length, p50: round(pct(coldTitles, 50)), max: round(Math.max(...coldTitles)), medianPhases: median(cold) },
    goalMs: 500,
    loadAverage: (await import('node:os')).loadavg().map((x) => Math.round(x * 10) / 10),
    at: new Date().toISOString(),
  };
  const phases = (p: Phases) => `worker start ${p.workerStart}, shell HTML ${p.responseEnd}, DOM ready ${p.domContentLoaded}, titles ${p.firstTitles}`;
  console.log(`first online visit: ${result.onlineFirstVisitMs} ms to first titles`);
  console.log(`offline, reload in the running browser: p50 ${result.offlineReload.p50} ms, max ${result.offlineReload.max} ms (${warm.length} runs); median phases: ${phases(result.offlineReload.medianPhases)}`);
  console.log(`offline, freshly launched browser (installed app opened): p50 ${result.offlineFreshBrowser.p50} ms, max ${result.offlineFreshBrowser.max} ms (${cold.length} runs); median phases: ${phases(result.offlineFreshBrowser.medianPhases)}`);
  console.log(`goal < 500 ms; machine load average ${result.loadAverage.join(' ')}`);
  mkdirSync(resolve(here, 'results'), { recursive: true });
  writeFileSync(resolve(here, 'results/offline-start.json'), JSON.stringify(result, null, 2) + '\n');
}

await main();
