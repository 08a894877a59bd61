// The reading rooms at phone and desktop sizes: screenshots to look at (/tmp/viewers-*.png), and the layout
// rules a person relies on there: nothing runs off the screen, every control is reachable, no serious
// accessibility violations in the viewer's own markup.
import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from './axe';
import { AUDIO_ITEM, NDNP_PAGE, ensureIngested, waitForImage } from './viewer-helpers';

test.describe.configure({ timeout: 180_000 });

const SIZES = {
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  },
  desktop: { viewport: { width: 1366, height: 850 } },
} as const;

async function expectFitsScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const width = page.viewportSize()!.width;
  for (const button of await page.locator('.vz-toolbar button, .vz-top a, .vz-top button').all()) {
    if (!(await button.isVisible())) continue;
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
    // A finger can hit it; the title's and date's links in the heading are text, held to WCAG 2.2's 24 px.
    const textLink = await button.evaluate((el) => el.classList.contains('vz-runlink'));
    expect(box.height).toBeGreaterThanOrEqual(textLink ? 24 : 36);
  }
}

async function expectNoSeriousA11yIssues(page: Page) {
  expect(await axeFindings(page, { include: ['.vz-app'], exclude: ['.openseadragon-container'], rules: 'all' })).toEqual([]);
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(200_000);
  await ensureIngested(request);
});

for (const [size, options] of Object.entries(SIZES)) {
  test.describe(size, () => {
    test.use(options);

    test(`page viewer with hits and the text panel (${size})`, async ({ page }) => {
      await page.goto('/viewer?page=demo0004-1909-08-20-ed1-seq1&i=f&e=railroad%20bridge&ord=e1');
      await waitForImage(page);
      await expect(page.locator('.vz-hit--current').first()).toBeVisible();
      await page.waitForTimeout(1500); // tiles
      await page.screenshot({ path: `/tmp/viewers-e2e-viewer-${size}.png` });
      await expectFitsScreen(page);
      await expectNoSeriousA11yIssues(page);
      if (size === 'phone') {
        // The panel starts folded away on a phone and opens below the page.
        await expect(page.getByRole('tab', { name: 'Text' })).toBeHidden();
        await page.getByRole('button', { name: 'Show search, text and downloads' }).click();
      }
      await page.getByRole('tab', { name: 'Text' }).click();
      await page.getByTestId('ocr-text').locator('[data-i="40"]').click();
      await expect(page.locator('.vz-selected')).toBeVisible();
      await page.waitForTimeout(1000);
      await page.screenshot({ path: `/tmp/viewers-e2e-viewer-text-${size}.png` });
      await expectFitsScreen(page);
    });

    test(`PDF, audio, IIIF and clip screens (${size})`, async ({ page, request }) => {
      await page.goto(`/pdfviewer?page=${NDNP_PAGE}`);
      await expect(page.getByTestId('pdf-canvas')).toHaveAttribute('data-rendered', 'true', { timeout: 60_000 });
      await page.screenshot({ path: `/tmp/viewers-e2e-pdf-${size}.png` });
      await expectFitsScreen(page);

      await page.goto(`/audioviewer?item=${AUDIO_ITEM}`);
      await expect(page.locator('.vz-cue').first()).toBeVisible();
      await page.screenshot({ path: `/tmp/viewers-e2e-audio-${size}.png` });
      await expectFitsScreen(page);
      await expectNoSeriousA11yIssues(page);

      await page.goto('/universalviewer?issue=demo0004-1909-08-20-ed1');
      await waitForImage(page);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/viewers-e2e-iiif-${size}.png` });
      await expectFitsScreen(page);

      const xsrf = (await request.get('/Api/Viewer/Page/x')).headers()['set-cookie']?.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
      const clip = await (
        await request.post('/Api/Viewer/Clip', {
          data: { pageUid: 'demo0001-1819-09-22-ed1-seq1', x: 40, y: 40, w: 920, h: 120, caption: 'The masthead' },
          headers: { 'x-xsrf-token': xsrf },
        })
      ).json();
      await page.goto(clip.url);
      await expect(page.getByRole('heading', { name: 'The masthead' })).toBeVisible();
      await page.screenshot({ path: `/tmp/viewers-e2e-clip-${size}.png` });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
