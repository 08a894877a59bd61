// The shell's floating tools in real Chromium: the site tools' three sliders (ranges, defaults, effect on
// the content area only, persistence in session and local storage, restore, sharing with a new tab),
// the install link and its 'pwalinkviewed' cookie, the share button's position and fallback panel,
// theme and meta tags, Contact Us, Site Directory and Sitemap pages.
import { expect, test, type Page } from '@playwright/test';
import { BASE, IPAD_UA, PHONE_UA, ensureTestSite, header, settingsFor, testOrigin } from './shell-helpers';

const openTools = async (page: Page) => {
  await page.getByRole('button', { name: 'Brightness, contrast and text size' }).click();
  await expect(page.getByRole('heading', { name: 'Change Brightness & Contrast' })).toBeVisible();
};
const slider = (page: Page, label: string) => page.getByRole('slider', { name: label, exact: true });
const storage = (page: Page) =>
  page.evaluate(() => ({
    session: ['brightnessSession', 'contrastSession', 'textsizeSession'].map((k) => sessionStorage.getItem(k)),
    local: ['brightnessLocal', 'contrastLocal', 'textsizeLocal'].map((k) => localStorage.getItem(k)),
  }));

test.describe('site tools', () => {
  test("the three sliders have the spec's ranges and defaults and show their values", async ({ page }) => {
    await page.goto('/home');
    await openTools(page);
    const cases: Array<[string, string, string, string]> = [
      ['Brightness:', '25', '175', 'brightness'],
      ['contrast:', '25', '175', 'contrast'],
      ['Text Size:', '85', '115', 'textSize'],
    ];
    for (const [label, min, max, id] of cases) {
      const s = slider(page, label);
      await expect(s).toHaveAttribute('min', min);
      await expect(s).toHaveAttribute('max', max);
      await expect(s).toHaveValue('100');
      await expect(page.getByTestId(`${id}-value`)).toHaveText('100');
    }
    await expect(page.getByTestId('content-area')).toHaveCSS('filter', 'none');
  });

  test('values apply to the content area only, persist in both storages and come back after a reload', async ({ page }) => {
    await page.goto('/home');
    await openTools(page);
    await page.getByTestId('brightness-slider').fill('140');
    await page.getByTestId('contrast-slider').fill('60');
    await page.getByTestId('textSize-slider').fill('110');
    await expect(page.getByTestId('brightness-value')).toHaveText('140');
    const content = page.getByTestId('content-area');
    await expect(content).toHaveCSS('filter', 'brightness(1.4) contrast(0.6)');
    const rootSize = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
    await expect(content).toHaveCSS('font-size', `${rootSize * 1.1}px`);
    // The header, footer and the tools themselves are not filtered.
    await expect(header(page)).toHaveCSS('filter', 'none');
    await expect(page.locator('footer.site-footer')).toHaveCSS('filter', 'none');
    expect(await storage(page)).toEqual({ session: ['140', '60', '110'], local: ['140', '60', '1.1'] });

    await page.reload();
    await expect(content).toHaveCSS('filter', 'brightness(1.4) contrast(0.6)');
    await openTools(page);
    await expect(page.getByTestId('textSize-slider')).toHaveValue('110');

    // A new visit (empty session storage) restores from the local mirror.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect(content).toHaveCSS('filter', 'brightness(1.4) contrast(0.6)');
    expect((await storage(page)).local).toEqual(['140', '60', '1.1']);

    // Reset goes back to 100 everywhere.
    await openTools(page);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(content).toHaveCSS('filter', 'none');
    expect(await storage(page)).toEqual({ session: ['100', '100', '100'], local: ['100', '100', '1'] });
  });

  test('keyboard: the tools open, the sliders move with arrow keys, Escape closes and returns focus', async ({ page }) => {
    await page.goto('/home');
    const toggle = page.getByRole('button', { name: 'Brightness, contrast and text size' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('brightness-slider')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('brightness-value')).toHaveText('102');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('contrast-slider')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('contrast-value')).toHaveText('99');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Change Brightness & Contrast' })).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('session storage is shared with a new tab (spec 4.8)', async ({ context }) => {
    const first = await context.newPage();
    // Not /home: the home screen writes globMinDate itself once its data arrives.
    await first.goto('/privacy-policy');
    await first.evaluate(() => {
      sessionStorage.setItem('brightnessSession', '150');
      sessionStorage.setItem('globMinDate', '01/01/1850');
    });
    const second = await context.newPage();
    await second.goto('/contactus');
    await expect.poll(() => second.evaluate(() => sessionStorage.getItem('globMinDate'))).toBe('01/01/1850');
    // The copied accessibility value is applied in the new tab.
    await expect(second.getByTestId('content-area')).toHaveCSS('filter', 'brightness(1.5) contrast(1)');
  });
});

test.describe('install-app link', () => {
  const jpeg =
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';

  test("the 'pwalinkviewed' cookie is false until /pwasettings is visited; the link hides once it is true", async ({ page, context }) => {
    await ensureTestSite('pwa', {
      pwa: { ButtonImage: jpeg, ButtonTooltip: 'Put the archive on your home screen', OpenInNewWindow: true, PageTitle: 'Install Our Archive' },
    });
    const origin = testOrigin('pwa');
    await page.goto(`${origin}/home`);
    const link = page.getByTestId('install-link');
    await expect(link).toBeVisible();
    await link.getByRole('link').hover();
    await expect(link.getByRole('tooltip')).toHaveText('Put the archive on your home screen');
    await expect(link.getByRole('link')).toHaveAttribute('title', 'Put the archive on your home screen');
    await expect(link.locator('img')).toHaveAttribute('src', `data:image/jpeg;base64,${jpeg}`);
    // Desktop + OpenInNewWindow: a new tab.
    await expect(link.getByRole('link')).toHaveAttribute('target', '_blank');
    await expect(link.getByRole('link')).toHaveAttribute('href', '/pwasettings');
    const cookie = async () => (await context.cookies(origin)).find((c) => c.name === 'pwalinkviewed')?.value;
    expect(await cookie()).toBe('false');

    await page.goto(`${origin}/pwasettings`);
    await expect(page).toHaveTitle('Install Our Archive');
    await expect(page.getByRole('heading', { level: 1, name: 'Install Our Archive' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /iPhone and iPad/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Android/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Computer \(Chrome or Edge\) \(your device\)/ })).toBeVisible();
    expect(await cookie()).toBe('true');
    await expect(page.getByTestId('install-link')).toHaveCount(0);
    await page.goto(`${origin}/home`);
    await expect(page.getByTestId('share-widget')).toBeVisible();
    await expect(page.getByTestId('install-link')).toHaveCount(0);
    expect(await cookie()).toBe('true');
  });

  test('hidden when pwaSettings is null; same tab without OpenInNewWindow; 80 px up in viewers, 30 px elsewhere', async ({ page }) => {
    await ensureTestSite('nopwa', { pwa: null });
    await page.goto(`${testOrigin('nopwa')}/home`);
    await expect(page.getByTestId('share-widget')).toBeVisible();
    await expect(page.getByTestId('install-link')).toHaveCount(0);

    await ensureTestSite('pwasametab', { pwa: { ButtonImage: jpeg, ButtonTooltip: 'Install', OpenInNewWindow: false, PageTitle: 'Install' } });
    await page.goto(`${testOrigin('pwasametab')}/home`);
    const link = page.getByTestId('install-link');
    await expect(link.getByRole('link')).not.toHaveAttribute('target', '_blank');
    await expect(link).toHaveCSS('bottom', '30px');
    await page.goto(`${testOrigin('pwasametab')}/viewer`);
    await expect(page.getByTestId('install-link')).toHaveCSS('bottom', '80px');
  });

  test('on a phone the link opens the guide in the same tab even with OpenInNewWindow', async ({ browser }) => {
    await ensureTestSite('pwa', {});
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto(`${testOrigin('pwa')}/home`);
    const link = page.getByTestId('install-link').getByRole('link');
    await expect(link).not.toHaveAttribute('target', '_blank');
    await link.click();
    await expect(page).toHaveURL(`${testOrigin('pwa')}/pwasettings`);
    await expect(page.getByRole('heading', { name: /iPhone and iPad \(Safari\) \(your device\)/ })).toBeVisible();
    await ctx.close();
  });
});

test.describe('share button', () => {
  const bottomOf = (page: Page) => page.getByTestId('share-widget').evaluate((el) => Math.round(window.innerHeight - el.getBoundingClientRect().bottom));

  test('phone: 35 px from the bottom elsewhere, 60 px in a viewer', async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto('/home');
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    expect(await bottomOf(page)).toBe(35);
    await page.goto('/viewer');
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    expect(await bottomOf(page)).toBe(60);
    await page.screenshot({ path: '/tmp/shell-viewer-phone.png' });
    await ctx.close();
  });

  test('desktop: 30 px elsewhere, 60 px in a viewer; iPad: 90 px in a viewer', async ({ page, browser }) => {
    await page.goto('/contactus');
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    expect(await bottomOf(page)).toBe(30);
    await page.goto('/pdfviewer');
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    expect(await bottomOf(page)).toBe(60);
    const ctx = await browser.newContext({ viewport: { width: 820, height: 1180 }, userAgent: IPAD_UA, hasTouch: true });
    const ipad = await ctx.newPage();
    await ipad.goto('/viewer');
    await expect(ipad.getByRole('button', { name: 'Share' })).toBeVisible();
    expect(await bottomOf(ipad)).toBe(90);
    await ctx.close();
  });

  test('without the Web Share API it offers share links and copies the link', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
    await page.goto('/privacy-policy');
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
    await page.getByRole('button', { name: 'Share' }).click();
    const panel = page.getByRole('group', { name: 'Share this page' });
    await expect(panel.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${BASE}/privacy-policy`)}`,
    );
    await expect(panel.getByRole('link', { name: 'X (Twitter)' })).toHaveAttribute('target', '_blank');
    await panel.getByRole('button', { name: 'Copy link' }).click();
    await expect(panel.getByRole('status')).toHaveText('Link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${BASE}/privacy-policy`);
    // No third-party script was loaded for sharing.
    const scripts = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter((src) => src && !src.startsWith(location.origin)));
    expect(scripts).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });
});

test.describe('theme and meta tags', () => {
  test('the theme stylesheet and theme-color are applied after 250 ms; social meta tags follow the page', async ({ page }) => {
    await ensureTestSite('themed', {
      settings: { ThemeFile: 'themes/default.css?site=themed', PrimaryColor: '#123456', Description: 'A themed archive.', FBShareLogo: 'icons/icon-512.png' },
    });
    const origin = testOrigin('themed');
    await page.goto(`${origin}/contactus`);
    await expect(page.locator('link#site-theme-stylesheet')).toHaveAttribute('href', `${origin}/themes/default.css?site=themed`);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#123456');
    const s = await settingsFor(origin);
    const title = `${s.SiteTitle} :: Contact Us`;
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${origin}/contactus`);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', 'A themed archive.');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${origin}/icons/icon-512.png`);
    await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', `${origin}/icons/icon-512.png`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${origin}/home`);
    // An empty ThemeFile falls back to the default stylesheet.
    await ensureTestSite('plain', { settings: { ThemeFile: '' } });
    await page.goto(`${testOrigin('plain')}/home`);
    await expect(page.locator('link#site-theme-stylesheet')).toHaveAttribute('href', '/themes/default.css');
  });
});

test.describe('shell pages', () => {
  test('Contact Us validates each field, sends with the XSRF header and thanks the sender', async ({ page }) => {
    await page.goto('/contactus');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await expect(page.getByLabel('Your name')).toBeFocused();
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Your name').fill('Ada Reader');
    await page.getByLabel('Email address').fill('not an address');
    await page.getByLabel('Subject').fill('Rotated page');
    await page.getByLabel('Message').fill('Page 3 of the 12 March 1901 issue is upside down.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter a valid email address, like name@example.org.')).toBeVisible();
    await page.getByLabel('Email address').fill('ada@example.org');
    const request = page.waitForRequest((r) => r.url().endsWith('/Api/Site/Contact') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await request).headers()['x-xsrf-token']).toBeTruthy();
    await expect(page.getByTestId('contact-thanks')).toContainText('Your message has been sent.');
  });

  test('Site Directory lists the sites of this installation', async ({ page }) => {
    await ensureTestSite('directory', { settings: { SiteTitle: 'Directory Test Gazette' } });
    await page.goto('/sitedirectory');
    const list = page.getByTestId('site-directory');
    await expect(list.getByRole('heading', { name: 'Directory Test Gazette' })).toBeVisible();
    await expect(list.getByRole('link', { name: `directory.test:${new URL(BASE).port}` })).toHaveAttribute(
      'href',
      `http://directory.test:${new URL(BASE).port}/home`,
    );
  });

  test('the Sitemap page lists the pages with their titles and has a way home', async ({ page }) => {
    const s = await settingsFor(BASE);
    await page.goto('/sitemap');
    const list = page.getByTestId('sitemap-list');
    await expect(list.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(list).toContainText(`${s.SiteTitle} :: Contact Us`);
    await expect(list.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    // The install guide is called by its own page's title (issue #21), here the site's PageTitle.
    const installTitle = s.pwaSettings?.PageTitle || 'PWA Installation Guide';
    await list.getByRole('link', { name: installTitle }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(installTitle);
    await page.goBack();
    // The newspaper titles with their years, grouped under initials as on /home, each leading to its pages.
    const titles = page.getByTestId('sitemap-titles');
    await expect(titles.locator('summary').first()).toContainText(/^[A-Z#] \(\d+ titles?\)$/);
    const courier = titles.getByRole('link', { name: 'The Richmond Evening Courier' });
    await expect(courier.locator('xpath=..')).toContainText(/\(1[789]\d\d-1[89]\d\d\)/);
    await expect(titles.locator('details', { has: page.getByRole('link', { name: 'The Richmond Evening Courier' }) }).locator('summary')).toContainText(/^T /);
    await courier.click();
    await expect(page).toHaveURL(/\/search\?.*t=\d+/);
    await page.goto('/sitemap');
    await page.getByRole('link', { name: /Back to/ }).click();
    await expect(page).toHaveURL(`${BASE}/home`);
  });
});
