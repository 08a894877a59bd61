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

async function timeOpen(page: Page, timeout = 20_000): Promise<number> {
  await page.goto(`${ORIGIN}/home`, { timeout });
  await page.waitForFunction(() => (window as unknown as { __firstTitlesMs?: number }).__firstTitlesMs !== undefined, null, { timeout });
  return page.evaluate(() => (window as unknown as { __firstTitlesMs: number }).__firstTitlesMs);
}

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
  const onlineMs = await timeOpen(page, 90_000);
  await waitForActivatedWorker(page);
  await page.waitForTimeout(500); // let the Dexie write of the first answer finish
  await server.stop();

  await context.setOffline(true);
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await timeOpen(page));
  await context.close();

  const cold: number[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(RUNS / 2)); i++) {
    context = await launchProfile(PROFILE);
    await context.setOffline(true);
    await context.addInitScript({ content: MARK_FIRST_TITLES });
    page = context.pages()[0] ?? (await context.newPage());
    cold.push(await timeOpen(page));
    await context.close();
  }

  const result = {
    what: 'offline /home: navigation start to first title tile in the DOM (ms), Chromium',
    onlineFirstVisitMs: round(onlineMs),
    offlineReload: { runs: warm.length, p50: round(pct(warm, 50)), max: round(Math.max(...warm)) },
    offlineFreshBrowser: { runs: cold.length, p50: round(pct(cold, 50)), max: round(Math.max(...cold)) },
    goalMs: 500,
    at: new Date().toISOString(),
  };
  console.log(`first online visit: ${result.onlineFirstVisitMs} ms to first titles`);
  console.log(`offline, reload in the running browser: p50 ${result.offlineReload.p50} ms, max ${result.offlineReload.max} ms (${warm.length} runs)`);
  console.log(`offline, freshly launched browser (installed app opened): p50 ${result.offlineFreshBrowser.p50} ms, max ${result.offlineFreshBrowser.max} ms (${cold.length} runs); goal < 500 ms`);
  mkdirSync(resolve(here, 'results'), { recursive: true });
  writeFileSync(resolve(here, 'results/offline-start.json'), JSON.stringify(result, null, 2) + '\n');
}

await main();
