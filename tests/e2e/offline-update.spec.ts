// Spec 4.10 in a real browser: a second build served to the same profile is found as a service-worker
// update, takes over, and the page reloads by itself on the same URL with the new build.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { freshDir, launchProfile, startServer, waitForActivatedWorker, type RunningServer, removeScratch, scratch } from './offline-server';

// Its own server, port and folders, derived from this run's E2E_PORT (8181 gives 8363): two runs on one machine never meet.
const PORT = Number(process.env.E2E_PORT ?? 8181) + 182;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = scratch(`offline-e2e-data-update-${PORT}`);
const PROFILE = scratch(`offline-e2e-profile-update-${PORT}`);
const ROOT = resolve(import.meta.dirname, '../..');

/** Builds the app with VITE_BUILD_ID baked in (unless a build with that id was given). */
function build(id: string, given?: string): string {
  if (given && existsSync(resolve(given, 'sw.js'))) return given;
  const out = scratch(`offline-e2e-dist-${id}-${PORT}`);
  execFileSync(resolve(ROOT, 'node_modules/.bin/vite'), ['build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT,
    env: { ...process.env, VITE_BUILD_ID: id },
    stdio: 'inherit',
  });
  return out;
}

test.describe.configure({ timeout: 300_000 });
test.afterAll(() => removeScratch());

test('a new build is picked up: the worker updates and the page reloads on the same URL', async () => {
  const distA = build('release-a', process.env.OFFLINE_DIST_A);
  const distB = build('release-b', process.env.OFFLINE_DIST_B);
  freshDir(DATA_DIR);
  freshDir(PROFILE);
  let server: RunningServer = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: distA });
  const context = await launchProfile(PROFILE);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${ORIGIN}/home`);
    await waitForActivatedWorker(page);
    const buildA = await page.evaluate(() => document.documentElement.dataset.build);
    expect(buildA).toBeTruthy();

    // A runtime cache an older release used: the next worker deletes it on activate.
    await page.evaluate(async () => (await caches.open('archive-home-api-v0')).put('/old', new Response('old')));

    // Release: the same server address now serves the second build.
    await server.stop();
    server = await startServer({ port: PORT, dataDir: DATA_DIR, distDir: distB });

    // A navigation (answered at first by the old worker's precache) finds the update; the page then
    // reloads itself: a second 'load' of the same URL without the test asking for it.
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.goto(`${ORIGIN}/privacy-policy`);
    const buildNow = () => page.evaluate(() => document.documentElement.dataset.build).catch(() => 'navigating');
    await expect.poll(buildNow, { timeout: 60_000 }).not.toMatch(new RegExp(`^(${buildA}|navigating)$`));
    expect(loads.length).toBeGreaterThanOrEqual(2);
    expect(new Set(loads)).toEqual(new Set([`${ORIGIN}/privacy-policy`]));
    await expect.poll(() => page.evaluate(() => caches.has('archive-home-api-v0'))).toBe(false);
    expect(await page.evaluate(() => caches.has('archive-home-api-v1'))).toBe(true);
    // The visitor's place is kept.
    expect(new URL(page.url()).pathname).toBe('/privacy-policy');
    await expect(page).toHaveTitle(/Privacy Policy/);
  } finally {
    await context.close();
    await server.stop();
  }
});
