// Helpers of the offline browser tests. These tests stop and restart the server (to be really offline and
// to serve a second build), so each starts its OWN server process rather than playwright.config's.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { axeFindings as axeScan } from './axe';
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { seedFromDemoTemplate } from './demo-template';

const ROOT = resolve(import.meta.dirname, '../..');

export interface RunningServer {
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts `tsx server/main.ts` on `port` with its own DATA_DIR and DIST_DIR; resolves when it answers. An empty
 * DATA_DIR starts as a copy of the run's demo archive (demo-template.ts); one with an archive is kept.
 */
export async function startServer(opts: { port: number; dataDir: string; distDir: string }): Promise<RunningServer> {
  mkdirSync(opts.dataDir, { recursive: true });
  seedFromDemoTemplate(opts.dataDir);
  // Another process answering on the port (a server left over by an interrupted run) would be mistaken
  // for ours: refuse instead.
  const inUse = await fetch(`http://127.0.0.1:${opts.port}/`).then(
    () => true,
    () => false,
  );
  if (inUse) throw new Error(`port ${opts.port} is already in use: stop the process listening on it`);
  const child: ChildProcess = spawn(resolve(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(opts.port), HOST: '127.0.0.1', DATA_DIR: opts.dataDir, DIST_DIR: opts.distDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  const url = `http://127.0.0.1:${opts.port}/Api/Home/GetSiteTheme?url=http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    port: opts.port,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

const scratchDirs = new Set<string>();

/**
 * A folder of this spec's own (an archive's data, a browser profile, a build) under the system's temporary folder,
 * which `npm test` points at a folder of the run's that it removes at the end. `removeScratch()` in the spec's
 * afterAll deletes them sooner: a run holds one spec's few hundred megabytes at a time, not every spec's.
 */
export function scratch(name: string): string {
  const path = join(tmpdir(), name);
  scratchDirs.add(path);
  return path;
}

export function removeScratch(): void {
  for (const path of scratchDirs) rmSync(path, { recursive: true, force: true });
}

export function freshDir(path: string): string {
  rmSync(path, { recursive: true, force: true });
  mkdirSync(path, { recursive: true });
  return path;
}

/**
 * The window of the offline specs' profiles: a small laptop's. A page saved for offline keeps its tiles up to two
 * zoom levels above the one that fills the window; at 1280 x 900 that is a demo page's full resolution, four times
 * the tiles of 1024 x 700 for the server to render, and saving is what these specs do most.
 */
export const DESKTOP_WINDOW = { width: 1024, height: 700 };

export async function launchProfile(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: DESKTOP_WINDOW,
  });
}

/** Waits until a service worker controls the page and is 'activated' (ready can resolve while activating). */
export async function waitForActivatedWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return reg?.active?.state === 'activated' && !!navigator.serviceWorker.controller;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Number of saved titles in IndexedDB for this page's origin (the app's own database). */
export function savedTitleCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolveCount) => {
        const open = indexedDB.open('newspaper-archive');
        open.onsuccess = () => {
          const db = open.result;
          // Titles are saved in chunk records (device-db/schema.ts, v3): count the titles inside them.
          if (!db.objectStoreNames.contains('titleChunks')) return resolveCount(0);
          const req = db.transaction('titleChunks').objectStore('titleChunks').getAll();
          req.onsuccess = () => {
            resolveCount((req.result as Array<{ titles: unknown[] }>).reduce((n, c) => n + c.titles.length, 0));
            db.close();
          };
        };
        open.onerror = () => resolveCount(-1);
      }),
  );
}

/** The five Home answers cached by the service worker for this origin (URLs). */
export function cachedHomeAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const out: string[] = [];
    for (const n of names.filter((x) => x.includes('home-api'))) for (const r of await (await caches.open(n)).keys()) out.push(r.url);
    return out;
  });
}

/** A record of the seen store (device-db/seen-store.ts) as it lies in IndexedDB. */
export interface SeenRecord<T> {
  value: T;
  bytes: number;
  pinned: number;
  label?: string;
}

/** The seen-store record of a kind and key for this page's origin, read raw (null when there is none). */
export function seenRecord<T>(p: Page, kind: string, key: string): Promise<SeenRecord<T> | null> {
  return p.evaluate(
    ([kind, key]) =>
      new Promise((resolve) => {
        const open = indexedDB.open('newspaper-archive');
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction('seen').objectStore('seen').get([location.origin, kind, key]);
          req.onsuccess = () => {
            resolve(req.result ?? null);
            db.close();
          };
          req.onerror = () => resolve(null);
        };
        open.onerror = () => resolve(null);
      }),
    [kind, key],
  ) as Promise<SeenRecord<T> | null>;
}

/** The tile cache's URLs of one page. */
export const cachedTiles = (p: Page, uid: string) =>
  p.evaluate(async (uid) => {
    const cache = await caches.open('archive-iiif-v2');
    return (await cache.keys()).map((r) => r.url).filter((u) => u.includes(`/iiif/3/${encodeURIComponent(uid)}/`));
  }, uid);

/** Serious and critical axe findings on the whole page (WCAG 2.2 AA and best practice), one line each. */
export const axeFindings = (p: Page) => axeScan(p, { rules: 'wcag22aa+best-practice' });
