// Helpers for the viewer browser tests: the real server's data, ingesting the shared NDNP batch and audio
// item into it (the demo has no PDFs or audio), and reading the page viewer's state.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { ViewerPageResponse } from '../../contract/viewer';

const port = Number(process.env.E2E_PORT ?? 8181);
export const DATA_DIR = resolve(process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${port}`);
const CORPUS = resolve('../shared/corpus');
export const NDNP_PAGE = 'sn99021999-1887-03-03-ed1-seq1';
export const NDNP_ISSUE = 'sn99021999-1887-03-03-ed1';
export const AUDIO_ITEM = 'omaha-bee-1887-03-03';

/** Loads the Omaha Daily Bee batch and the audio item into the running server's DATA_DIR, once. */
export async function ensureIngested(request: APIRequestContext) {
  const run = (...args: string[]) =>
    execFileSync(resolve('node_modules/.bin/tsx'), ['server/ingest/cli.ts', ...args], { env: { ...process.env, DATA_DIR }, stdio: 'pipe', timeout: 170_000 });
  if ((await request.get(`/Api/Viewer/Page/${NDNP_PAGE}`)).status() !== 200) {
    run(resolve(CORPUS, 'ndnp/batch_nbu_manyissues_ver01'), '--marc', resolve(CORPUS, 'ndnp/marc'));
  }
  if ((await request.get(`/Api/Viewer/Audio/${AUDIO_ITEM}`)).status() !== 200) run(resolve(CORPUS, 'audio', AUDIO_ITEM));
}

export async function pageData(request: APIRequestContext, uid: string): Promise<ViewerPageResponse> {
  const res = await request.get(`/Api/Viewer/Page/${encodeURIComponent(uid)}`);
  expect(res.status()).toBe(200);
  return res.json();
}

export const norm = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Waits until OpenSeadragon has opened the page image. */
export async function waitForImage(page: Page) {
  await expect(page.getByTestId('deep-zoom')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

export const viewerState = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pageViewer: { state(): { zoom: number; rotation: number } | null } }).__pageViewer.state());

/** Where the image point is on screen (page coordinates), per OpenSeadragon's own transform. */
export async function imagePointOnScreen(page: Page, x: number, y: number) {
  const canvas = await page.getByTestId('deep-zoom').boundingBox();
  const p = await page.evaluate(
    ([px, py]) =>
      (window as unknown as { __pageViewer: { imageToElement(x: number, y: number): { x: number; y: number } | null } }).__pageViewer.imageToElement(px, py),
    [x, y],
  );
  if (!canvas || !p) throw new Error('The viewer is not ready');
  return { x: canvas.x + p.x, y: canvas.y + p.y };
}

/** Waits until the viewport stops moving (OpenSeadragon animates zoom and pan). */
export async function settle(page: Page) {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await viewerState(page));
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [300] },
    )
    .toBe(true);
}

/** Opens the page viewer at `uid` and its correction editor ("Fix this text" in the Text tab; phones open the
 *  viewer with the side panel closed, so it is shown first). */
export async function openCorrectionEditor(page: Page, uid: string) {
  await page.goto(`/viewer?page=${uid}`);
  await expect(page.getByRole('toolbar', { name: 'Page tools' })).toBeVisible({ timeout: 20_000 });
  const show = page.getByRole('button', { name: 'Show search, text and downloads' });
  if (await show.isVisible()) await show.click();
  await page.getByRole('tab', { name: 'Text' }).click();
  await page.getByRole('button', { name: 'Fix this text' }).click();
}
