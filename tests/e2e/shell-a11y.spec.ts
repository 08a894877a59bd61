// Accessibility of the shell in real Chromium: axe-core finds no serious or critical violations on the
// shell and the shell's own pages, every shell control is reachable with the keyboard, and screenshots
// at phone and desktop widths for a person to look at (/tmp/shell-*.png).
import { axeFindings } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { PHONE_UA } from './shell-helpers';

// On screens owned by other issues, judge the shell only.
const seriousViolations = (page: Page, opts: { excludeMain?: boolean } = {}) => axeFindings(page, { exclude: opts.excludeMain ? ['#main-content'] : [] });

test.describe('axe-core', () => {
  test('the shell on /home, with the site tools and share panel open, has no serious violations', async ({ page }) => {
    await page.goto('/home');
    await expect(page.locator('footer.site-footer')).toBeVisible();
    expect(await seriousViolations(page, { excludeMain: true })).toEqual([]);
    await page.getByRole('button', { name: 'Brightness, contrast and text size' }).click();
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
    await page.getByRole('button', { name: 'Share' }).click();
    expect(await seriousViolations(page, { excludeMain: true })).toEqual([]);
  });

  for (const path of ['/contactus', '/privacy-policy', '/termsof-use', '/sitedirectory', '/sitemap', '/pwasettings', '/no-such-page']) {
    test(`${path} has no serious violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(400); // theme applied (250 ms)
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the phone layout with the menu open has no serious violations', async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto('/contactus');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.waitForTimeout(400);
    expect(await seriousViolations(page)).toEqual([]);
    await ctx.close();
  });
});

test.describe('keyboard', () => {
  /** Tabs through the page and names every element that took focus, in order. */
  async function tabStops(page: Page, max = 80): Promise<string[]> {
    const seen: string[] = [];
    await page.locator('body').focus();
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return '';
        const label = el.getAttribute('aria-label') || el.textContent?.trim() || el.getAttribute('title') || el.tagName;
        return `${el.tagName.toLowerCase()}:${label.replace(/\s+/g, ' ').slice(0, 60)}`;
      });
      if (seen.includes(name) && name === seen[0]) break; // wrapped around
      seen.push(name);
    }
    return seen;
  }

  test('every shell control on /contactus is reachable with Tab, with a visible focus ring', async ({ page }) => {
    await page.goto('/contactus');
    await expect(page.locator('footer.site-footer')).toBeVisible();
    // The form comes with the screen's own code, which may arrive after the shell: walk once it is there.
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    const stops = await tabStops(page);
    const expected = [
      'a:Skip to content',
      'nav-home',
      'a:Home',
      'a:Directory',
      'a:Contact Us',
      'button:Send message',
      'a:Privacy Policy',
      'a:Terms & Conditions',
      'a:Disclaimer',
      'a:Copyright Policy',
      'a:DMCA and Copyright Takedown',
      'a:Sitemap',
      'button:Brightness, contrast and text size',
      'button:Share',
    ];
    for (const want of expected.filter((e) => e !== 'nav-home')) expect(stops, want).toContain(want);
    expect(stops.some((s) => s.startsWith('a:') && s.endsWith(' home'))).toBe(true); // the logo link
    expect(stops.some((s) => s.startsWith('a:Install app'))).toBe(true);
    // The skip link comes first and jumps to the content.
    expect(stops[0]).toBe('a:Skip to content');
    // Focus is visible: an outline on a focused link.
    await page.getByRole('link', { name: 'Privacy Policy' }).last().focus();
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
  });

  test('the phone menu opens and is used with the keyboard', async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: PHONE_UA });
    const page = await ctx.newPage();
    await page.goto('/home');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toBeFocused();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/contactus$/);
    await ctx.close();
  });
});

test.describe('screenshots', () => {
  for (const [name, width, height, ua] of [
    ['phone', 390, 844, PHONE_UA],
    ['desktop', 1366, 900, undefined],
  ] as const) {
    test(`${name}: /home, tools open, policy, contact and not-found pages`, async ({ browser }) => {
      const ctx = await browser.newContext({ viewport: { width, height }, userAgent: ua });
      const page = await ctx.newPage();
      await page.goto('/home');
      await expect(page.locator('footer.site-footer')).toBeVisible();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `/tmp/shell-e2e-home-${name}.png` });
      await page.screenshot({ path: `/tmp/shell-e2e-home-${name}-full.png`, fullPage: true });
      await page.getByRole('button', { name: 'Brightness, contrast and text size' }).click();
      await page.getByTestId('brightness-slider').fill('130');
      await page.screenshot({ path: `/tmp/shell-e2e-tools-${name}.png` });
      for (const path of ['/privacy-policy', '/contactus', '/pwasettings', '/sitedirectory', '/sitemap', '/nowhere']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `/tmp/shell-e2e${path.replace('/', '-')}-${name}.png`, fullPage: true });
      }
      await ctx.close();
    });
  }
});
