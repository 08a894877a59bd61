// Downloads, clips and their share page, the PDF viewer, the audio viewer and the IIIF viewer, in real
// Chromium against the real server, with a real NDNP batch and audio item ingested into it.
import { expect, test } from '@playwright/test';
import { AUDIO_ITEM, NDNP_ISSUE, NDNP_PAGE, ensureIngested, pageData, waitForImage } from './viewer-helpers';

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async ({ request }) => {
  test.setTimeout(200_000);
  await ensureIngested(request);
});

test('download links return the page image, PDF, OCR text and ALTO with the right content types', async ({ page, request }) => {
  await page.goto(`/viewer?page=${NDNP_PAGE}`);
  await waitForImage(page);
  await page.getByRole('tab', { name: 'Download & cite' }).click();
  const expected: Record<string, RegExp> = {
    'Page image (JPEG)': /^image\/jpeg/,
    'Page PDF': /^application\/pdf/,
    'OCR text': /^text\/plain/,
    'ALTO XML': /^application\/xml|^text\/xml/,
  };
  for (const [name, type] of Object.entries(expected)) {
    const href = await page.getByRole('link', { name: new RegExp(name.replace(/[()]/g, '\\$&')) }).getAttribute('href');
    const res = await request.get(href!);
    expect(res.status(), name).toBe(200);
    expect(res.headers()['content-type'], name).toMatch(type);
    const body = await res.body();
    if (name === 'Page PDF') expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    if (name === 'ALTO XML') expect(body.toString('utf8', 0, 400)).toMatch(/<alto|<\?xml/i);
    if (name.startsWith('Page image')) expect(body[0] === 0xff && body[1] === 0xd8).toBe(true);
  }
  const text = await (await request.get((await page.getByRole('link', { name: /OCR text/ }).getAttribute('href'))!)).text();
  const data = await pageData(request, NDNP_PAGE);
  expect(text).toContain(data.words[10][0]);
  // The citation carries the stable URL of the page.
  await expect(page.getByTestId('citation')).toContainText(`/viewer?page=${NDNP_PAGE}`);
});

test('a clip drawn on the page gets a share link whose server HTML carries the preview tags', async ({ page, request, browser }) => {
  await page.goto('/viewer?page=demo0001-1819-09-22-ed1-seq1');
  await waitForImage(page);
  await page.getByRole('button', { name: 'Clip and share' }).click();
  const layer = (await page.getByTestId('clip-layer').boundingBox())!;
  await page.mouse.move(layer.x + layer.width * 0.3, layer.y + layer.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(layer.x + layer.width * 0.5, layer.y + layer.height * 0.45, { steps: 5 });
  await page.mouse.up();
  const dialog = page.getByRole('dialog', { name: 'Share a clipping' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Caption (optional)').fill('Ship news & "prices"');
  await dialog.getByRole('button', { name: 'Create share link' }).click();
  const link = await page.getByTestId('clip-link').inputValue();
  expect(link).toMatch(/\/clipsocialsharing\?clip=[\w-]+$/);

  // A link preview fetches the HTML without running JavaScript.
  const html = await (await request.get(link)).text();
  const meta = (prop: string) => html.match(new RegExp(`<meta (?:property|name)="${prop}" content="([^"]*)"`))?.[1];
  expect(meta('og:title')).toBe('Ship news &amp; &quot;prices&quot; — The Richmond Evening Courier');
  expect(meta('og:description')).toMatch(/^A clipping from The Richmond Evening Courier, September 22, 1819, page 1\.$/);
  expect(meta('twitter:card')).toBe('summary_large_image');
  const image = meta('og:image')!;
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/iiif\/3\/demo0001-1819-09-22-ed1-seq1\/\d+,\d+,\d+,\d+\/max\/0\/default\.jpg$/);
  const img = await request.get(image);
  expect(img.headers()['content-type']).toMatch(/^image\/jpeg/);

  // People see the clipping with its caption and a way to the full page.
  const ctx = await browser.newContext({ javaScriptEnabled: true });
  const visitor = await ctx.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Ship news & "prices"' })).toBeVisible();
  await expect(visitor.locator('.vz-clip-figure img')).toHaveJSProperty('complete', true);
  expect(await visitor.locator('.vz-clip-figure img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(10);
  await visitor.getByRole('link', { name: 'See the full page' }).click();
  await expect(visitor).toHaveURL(/\/viewer\?page=demo0001-1819-09-22-ed1-seq1/);
  await ctx.close();
});

test('the PDF viewer renders the page with pdf.js, zooms, and offers the download', async ({ page }) => {
  await page.goto(`/pdfviewer?page=${NDNP_PAGE}`);
  await expect(page).toHaveTitle(/PDF Viewer$/);
  const canvas = page.getByTestId('pdf-canvas');
  await expect(canvas).toHaveAttribute('data-rendered', 'true', { timeout: 60_000 });
  // Non-empty: the rendered page has dark (ink) pixels and light (paper) pixels.
  const inked = await canvas.evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    let light = 0;
    for (let i = 0; i < d.length; i += 4 * 97) {
      const v = (d[i] + d[i + 1] + d[i + 2]) / 3;
      if (v < 90) dark++;
      else if (v > 160) light++;
    }
    return { dark, light, width: c.width };
  });
  expect(inked.dark).toBeGreaterThan(100);
  expect(inked.light).toBeGreaterThan(100);
  const before = await page.getByTestId('pdf-zoom').textContent();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByTestId('pdf-zoom')).not.toHaveText(before!);
  await expect(page.getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', /\/pdf\?download=1$/);
});

test('the audio transcript follows playback, a cue click seeks, and search jumps between matches', async ({ page, request }) => {
  const item = await (await request.get(`/Api/Viewer/Audio/${AUDIO_ITEM}`)).json();
  await page.goto(`/audioviewer?item=${AUDIO_ITEM}`);
  const audio = page.getByTestId('audio');
  await expect(page.locator('.vz-cue')).toHaveCount(item.cues.length);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0);

  // Play from just before the second cue: the highlight moves to it as the voice gets there.
  await audio.evaluate((a: HTMLAudioElement) => {
    a.muted = true;
    a.currentTime = 4.5;
    return a.play();
  });
  await expect(page.locator('.vz-cue.is-current')).toHaveAttribute('data-cue', '1', { timeout: 15_000 });
  await expect(page.getByTestId('now-speaking')).toHaveText(item.cues[1].text);
  await audio.evaluate((a: HTMLAudioElement) => a.pause());

  // Clicking a cue seeks to its start.
  await page.locator('.vz-cue[data-cue="4"]').click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(item.cues[4].start, 0);
  await expect(page.locator('.vz-cue.is-current')).toHaveAttribute('data-cue', '4');

  // Search: every match in turn.
  const word = 'the';
  const matching = item.cues.flatMap((c: { text: string }, i: number) => (c.text.toLowerCase().includes(word) ? [i] : []));
  expect(matching.length).toBeGreaterThan(1);
  await page.getByRole('searchbox', { name: 'Search the transcript' }).fill(word);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('audio-match-count')).toHaveText(`Match 1 of ${matching.length}`);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(item.cues[matching[0]].start, 0);
  await page.getByRole('button', { name: 'Next match' }).click();
  await expect(page.getByTestId('audio-match-count')).toHaveText(`Match 2 of ${matching.length}`);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(item.cues[matching[1]].start, 0);
  await expect(page.locator('.vz-cue.is-current')).toHaveAttribute('data-cue', String(matching[1]));
  await expect(page.locator(`.vz-cue[data-cue="${matching[1]}"] mark`)).toHaveText(/the/i);
});

test('the issue opens in the IIIF viewer from its Presentation 3 manifest and searches through Content Search', async ({ page, request }) => {
  const manifest = await (await request.get(`/iiif/presentation/${NDNP_ISSUE}/manifest.json`)).json();
  await page.goto(`/universalviewer?issue=${NDNP_ISSUE}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(manifest.label.en[0]);
  await expect(page.locator('.vz-thumb')).toHaveCount(manifest.items.length);
  await waitForImage(page);
  const data = await pageData(request, NDNP_PAGE);
  const word = data.words.map((w) => w[0]).find((w) => /^[A-Za-z]{6,}$/.test(w))!;
  await page.getByRole('searchbox', { name: 'Search this issue' }).fill(word);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('iiif-result-count')).toHaveText(/^[1-9]\d* hits? in/);
  await expect(page.locator('.vz-hit').first()).toBeAttached();
});
