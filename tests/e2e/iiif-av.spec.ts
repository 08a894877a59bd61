// The audio item's transcript as a real captions track: Chromium loads the WebVTT the server makes from
// the stored cues into the audio viewer's <track>, cue for cue; the viewer links the file and the IIIF
// AV manifest.
import { expect, test } from '@playwright/test';
import { AUDIO_ITEM, ensureIngested } from './viewer-helpers';

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async ({ request }) => {
  test.setTimeout(200_000);
  await ensureIngested(request);
});

test('the audio viewer’s captions track loads the WebVTT transcript, and links it and the IIIF manifest', async ({ page, request }) => {
  const item = await (await request.get(`/Api/Viewer/Audio/${AUDIO_ITEM}`)).json();
  await page.goto(`/audioviewer?item=${AUDIO_ITEM}`);
  const audio = page.getByTestId('audio');
  await expect(audio).toBeVisible();
  await expect(page.locator('track')).toHaveAttribute('src', `/Api/Files/audio/${AUDIO_ITEM}/vtt`);
  // A track loads once it is showing or hidden; the browser's own WebVTT parser fills its cues.
  await page.evaluate(() => {
    const track = document.querySelector('audio')!.textTracks[0];
    track.mode = 'hidden';
  });
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.textTracks[0].cues?.length ?? 0), { timeout: 10_000 }).toBe(item.cues.length);
  const cues = await page.evaluate(() =>
    [...(document.querySelector('audio')!.textTracks[0].cues as unknown as VTTCue[])].map((c) => [c.startTime, c.endTime, c.text]),
  );
  expect(cues).toEqual(item.cues.map((c: { start: number; end: number; text: string }) => [c.start, c.end, c.text]));
  const vtt = page.getByRole('link', { name: 'Transcript (WebVTT)' });
  expect((await request.get((await vtt.getAttribute('href'))!)).headers()['content-type']).toBe('text/vtt; charset=utf-8');
  const manifest = await (await request.get((await page.getByRole('link', { name: 'IIIF manifest' }).getAttribute('href'))!)).json();
  expect(manifest.items[0].annotations[0].items[0].body.format).toBe('text/vtt');
  await page.screenshot({ path: '.tmp/audio-viewer-links.png' });
});
