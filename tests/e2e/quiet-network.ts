// "The page has stopped loading", for screens whose served head preloads an API answer the app then takes
// (/search, /viewer: server/services/route-preload.ts). Chromium reports the app's fetch that takes a preloaded
// answer as a request of its own that never finishes, so Playwright's 'networkidle' waits out its whole timeout
// there; the page's resource timings do not count it. Settled: loaded, and no resource finished for `quietMs`.
import type { Page } from '@playwright/test';

export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 15_000): Promise<void> {
  await page.waitForLoadState('load');
  const started = Date.now();
  let count = -1;
  let since = Date.now();
  while (Date.now() - started < timeoutMs) {
    const now = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (now !== count) {
      count = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await page.waitForTimeout(100);
  }
}
