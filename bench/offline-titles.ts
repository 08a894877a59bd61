// Saving a very long title list for offline use, in real Chromium: (a) the product: /home whose getDetail
// answer carries 150,000 real titles (US Newspaper Directory), long tasks from navigation until the list
// is shown and saved (the save of the whole answer to IndexedDB runs on the main thread); (b) the storage
// choice behind it: the same 150,000 titles written and read back as one IndexedDB record each (with the
// four indexes the v2 schema had) against 150 chunk records of 1,000 (schema v3, device-db/schema.ts).
// Run: npx vite build --outDir /tmp/x && DIST_DIR=/tmp/x npx tsx bench/offline-titles.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { freshDir, startServer } from '../tests/e2e/offline-server';
import { catalogTitles } from '../tests/e2e/home-fixtures';

const here = dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 8368);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = 3;
const titles = catalogTitles(150_000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dataDir = '/tmp/bench-offline-titles-data';
freshDir(dataDir);
const server = await startServer({ port: PORT, dataDir, distDir: resolve(process.env.DIST_DIR ?? 'dist') });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  // (a) The product.
  const loads: { shownMs: number; longestTaskMs: number; blockingMs: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __lt: number[] };
      w.__lt = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__lt.push(e.duration))).observe({ type: 'longtask', buffered: true });
    });
    await page.route('**/Api/Home/getDetail*', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.model._searchModels.solrtype = '4';
      json.objeWbSite.solrtype = '4';
      json.model._searchModels.YearRangeWithTitleandCountList = titles;
      await route.fulfill({ response, json });
    });
    await page.goto(`${ORIGIN}/home`);
    await page.getByText('Total titles : 150000', { exact: true }).waitFor({ timeout: 60_000 });
    const shownMs = await page.evaluate(() => performance.now());
    // Wait until IndexedDB holds every title (the save has finished), then a moment more.
    await page.waitForFunction(
      () =>
        new Promise<boolean>((done) => {
          const open = indexedDB.open('newspaper-archive');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('titleChunks')) return done(false);
            const req = db.transaction('titleChunks').objectStore('titleChunks').getAll();
            req.onsuccess = () => {
              done((req.result as { titles: unknown[] }[]).reduce((n, c) => n + c.titles.length, 0) === 150_000);
              db.close();
            };
          };
          open.onerror = () => done(false);
        }),
      undefined,
      { timeout: 60_000, polling: 500 },
    );
    await page.waitForTimeout(500);
    const tasks = await page.evaluate(() => (window as unknown as { __lt: number[] }).__lt);
    loads.push({
      shownMs: Math.round(shownMs),
      longestTaskMs: Math.round(Math.max(0, ...tasks)),
      blockingMs: Math.round(tasks.reduce((n, d) => n + Math.max(0, d - 50), 0)),
    });
    await context.close();
  }

  // (b) Rows against chunks, in the same browser, on the same origin.
  const context = await browser.newContext();
  const page = await context.newPage();
  // tsx keeps function names with a __name() helper the page does not have.
  await page.addInitScript('globalThis.__name = (f) => f');
  await page.goto(`${ORIGIN}/robots.txt`);
  const storage = await page.evaluate(async (list) => {
    const rows = list.map((t, order) => ({
      site: 'http://bench',
      fetchedAt: 1,
      TitleId: t.TitleId,
      title: t.title,
      YearRange: t.YearRange,
      count: t.count,
      ThumbImagePath: t.ThumbImagePath,
      letter: 'T',
      order,
    }));
    const open = (name: string, upgrade: (db: IDBDatabase) => void) =>
      new Promise<IDBDatabase>((ok, fail) => {
        const req = indexedDB.open(name, 1);
        req.onupgradeneeded = () => upgrade(req.result);
        req.onsuccess = () => ok(req.result);
        req.onerror = () => fail(req.error);
      });
    const done = (tx: IDBTransaction) => new Promise((ok) => (tx.oncomplete = ok));
    const byRow = await open('bench-rows', (db) => {
      const s = db.createObjectStore('titles', { keyPath: ['site', 'TitleId'] });
      s.createIndex('site', 'site');
      s.createIndex('order', ['site', 'order']);
      s.createIndex('letter', ['site', 'letter']);
    });
    let t = performance.now();
    let tx = byRow.transaction('titles', 'readwrite');
    for (const r of rows) tx.objectStore('titles').put(r);
    const rowsMainThreadMs = performance.now() - t;
    await done(tx);
    const rowsWriteMs = performance.now() - t;
    t = performance.now();
    const readRows = await new Promise<unknown[]>((ok) => {
      const req = byRow.transaction('titles').objectStore('titles').index('site').getAll('http://bench');
      req.onsuccess = () => ok(req.result);
    });
    const rowsReadMs = performance.now() - t;
    const byChunk = await open('bench-chunks', (db) => db.createObjectStore('titleChunks', { keyPath: ['site', 'chunk'] }).createIndex('site', 'site'));
    t = performance.now();
    tx = byChunk.transaction('titleChunks', 'readwrite');
    for (let c = 0; c * 1000 < rows.length; c++) {
      tx.objectStore('titleChunks').put({
        site: 'http://bench',
        fetchedAt: 1,
        chunk: c,
        titles: rows.slice(c * 1000, c * 1000 + 1000).map(({ site: _s, fetchedAt: _f, ...r }) => r),
      });
    }
    const chunksMainThreadMs = performance.now() - t;
    await done(tx);
    const chunksWriteMs = performance.now() - t;
    t = performance.now();
    const readChunks = await new Promise<{ titles: unknown[] }[]>((ok) => {
      const req = byChunk.transaction('titleChunks').objectStore('titleChunks').index('site').getAll('http://bench');
      req.onsuccess = () => ok(req.result);
    });
    const chunksReadMs = performance.now() - t;
    const r = (x: number) => Math.round(x);
    return {
      rows: { mainThreadMs: r(rowsMainThreadMs), writeMs: r(rowsWriteMs), readMs: r(rowsReadMs), read: readRows.length },
      chunks: {
        mainThreadMs: r(chunksMainThreadMs),
        writeMs: r(chunksWriteMs),
        readMs: r(chunksReadMs),
        read: readChunks.reduce((n, c) => n + c.titles.length, 0),
      },
    };
  }, titles);
  await context.close();

  const result = {
    what: '150,000 titles saved for offline use, Chromium',
    home: {
      runs: RUNS,
      medianShownMs: median(loads.map((l) => l.shownMs)),
      medianLongestTaskMs: median(loads.map((l) => l.longestTaskMs)),
      medianBlockingMs: median(loads.map((l) => l.blockingMs)),
      loads,
    },
    storage,
    loadAverage: loadavg(),
    at: new Date().toISOString(),
  };
  console.log(
    `/home with 150,000 titles: shown at ${result.home.medianShownMs} ms; longest main-thread task until saved ${result.home.medianLongestTaskMs} ms (median of ${RUNS})`,
  );
  console.log(
    `IndexedDB, 150,000 titles as rows: ${storage.rows.mainThreadMs} ms on the main thread, ${storage.rows.writeMs} ms to commit, ${storage.rows.readMs} ms to read back`,
  );
  console.log(
    `IndexedDB, as 150 chunks of 1,000: ${storage.chunks.mainThreadMs} ms on the main thread, ${storage.chunks.writeMs} ms to commit, ${storage.chunks.readMs} ms to read back`,
  );
  mkdirSync(resolve(here, 'results'), { recursive: true });
  writeFileSync(resolve(here, 'results', 'offline-titles.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await browser.close();
  await server.stop();
}
