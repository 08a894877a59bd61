// The application shell in real Chromium against the real server: route table and titles (2.1, 2.2),
// case-insensitive paths, the not-found page, hiding rules (2.3), the active menu item and Reading B
// (4.6), footer-status flag, partner logos, footer links' device behaviour, logo fallback, and hostile
// settings HTML never executing.
import { expect, test } from '@playwright/test';
import { ROUTES, composePageTitle } from '../../contract/routes';
import { BASE, PHONE_UA, ensureTestSite, footer, header, navBar, partnerBand, settingsFor, testOrigin } from './shell-helpers';

test.describe('routes and titles', () => {
  test('every route of the table has its page title: SiteTitle :: route title (PageTitle on /pwasettings)', async ({ page }) => {
    const s = await settingsFor(BASE);
    expect(s.SiteTitle).not.toBe('');
    // /admin is left out: the spec shows no title for it and the admin area titles itself. Routes with parameters
    // (/title/:lccn ...) name their page from what they show: run.spec.ts checks those titles on real titles.
    for (const r of ROUTES.filter((x) => x.path !== '/admin' && !x.path.includes(':'))) {
      await page.goto(r.path);
      const expected = r.path === '/pwasettings' ? s.pwaSettings?.PageTitle || composePageTitle(s.SiteTitle, r.title) : composePageTitle(s.SiteTitle, r.title);
      await expect(page, r.path).toHaveTitle(expected);
    }
  });

  test('a site without SiteTitle is titled with the route title alone', async ({ page }) => {
    await ensureTestSite('notitle', { settings: { SiteTitle: '' } });
    await page.goto(`${testOrigin('notitle')}/contactus`);
    await expect(page).toHaveTitle('Contact Us');
    await page.goto(`${testOrigin('notitle')}/termsof-use`);
    await expect(page).toHaveTitle('Disclaimer');
  });

  test('paths match case-insensitively', async ({ page }) => {
    const s = await settingsFor(BASE);
    for (const [path, title] of [
      ['/HOME', 'Home'],
      ['/Privacy-Policy', 'Privacy Policy'],
      ['/ContactUs', 'Contact Us'],
      ['/SiteDirectory/', 'Site Directory'],
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(composePageTitle(s.SiteTitle, title));
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0);
    }
    await page.goto('/CONTACTUS');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });

  test("'' redirects to /home", async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(`${BASE}/home`);
  });

  test("unknown paths show 'Page not found' without header or footer", async ({ page }) => {
    const s = await settingsFor(BASE);
    await page.goto('/no-such-page/at-all');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(composePageTitle(s.SiteTitle, 'Page not found'));
    await expect(header(page)).toHaveCount(0);
    await expect(navBar(page)).toHaveCount(0);
    await expect(partnerBand(page)).toHaveCount(0);
    await expect(footer(page)).toHaveCount(0);
    // The tools go with the route's noHeaderFooterDisplay too.
    await expect(page.getByTestId('site-tools')).toHaveCount(0);
    await expect(page.getByTestId('share-widget')).toHaveCount(0);
  });
});

test.describe('hiding rules', () => {
  test('header, navigation, partnership band and footer are hidden on viewer, sitemap and admin routes', async ({ page }) => {
    await page.goto('/home');
    await expect(header(page)).toBeVisible();
    await expect(footer(page)).toBeVisible();
    await expect(partnerBand(page)).toBeVisible();
    for (const path of ['/universalviewer', '/viewer', '/pdfviewer', '/clipsocialsharing', '/sitemap', '/audioviewer', '/admin']) {
      await page.goto(path);
      await expect(page.locator('[data-shell]'), path).toHaveAttribute('data-shell', 'hidden');
      await expect(header(page), path).toHaveCount(0);
      await expect(navBar(page), path).toHaveCount(0);
      await expect(partnerBand(page), path).toHaveCount(0);
      await expect(footer(page), path).toHaveCount(0);
    }
  });

  test('the site tools, share and install buttons stay on /viewer and /pdfviewer but not on the other hidden routes', async ({ page }) => {
    for (const path of ['/viewer', '/pdfviewer']) {
      await page.goto(path);
      await expect(page.getByTestId('site-tools'), path).toBeVisible();
      await expect(page.getByTestId('share-widget'), path).toBeVisible();
    }
    for (const path of ['/universalviewer', '/clipsocialsharing', '/sitemap', '/audioviewer', '/admin']) {
      await page.goto(path);
      await expect(page.locator('[data-shell]')).toBeAttached();
      await expect(page.getByTestId('site-tools'), path).toHaveCount(0);
      await expect(page.getByTestId('share-widget'), path).toHaveCount(0);
      await expect(page.getByTestId('install-link'), path).toHaveCount(0);
    }
  });

  test('IsDisplay off hides header, navigation, partners and footer on every page', async ({ page }) => {
    await ensureTestSite('nodisplay', { settings: { IsDisplay: false } });
    await page.goto(`${testOrigin('nodisplay')}/contactus`);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.locator('[data-shell]')).toHaveAttribute('data-shell', 'hidden');
    await expect(header(page)).toHaveCount(0);
    await expect(footer(page)).toHaveCount(0);
  });
});

test.describe('navigation bar', () => {
  test('the active item is the one whose MenuLink the URL contains, in any case', async ({ page }) => {
    await page.goto('/ContactUs');
    const nav = navBar(page);
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await page.goto('/home');
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Contact Us' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('Reading B: home / contact us / directory navigate inside the app; other items open by device and flag', async ({ page }) => {
    await ensureTestSite('menus', {
      menus: {
        header: [
          { MenuText: 'Home', MenuLink: 'Home', OpenInNewTab: true },
          { MenuText: 'Directory', MenuLink: 'SiteDirectory', OpenInNewTab: true },
          { MenuText: 'Library', MenuLink: 'https://library.example.org/', OpenInNewTab: true },
          { MenuText: 'Policies', MenuLink: '/privacy-policy', OpenInNewTab: false },
        ],
      },
    });
    await page.goto(`${testOrigin('menus')}/home`);
    const nav = navBar(page);
    // In-app items go to '/' + the lower-cased link, in this tab, without reloading the page.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await nav.getByRole('link', { name: 'Directory' }).click();
    await expect(page).toHaveURL(`${testOrigin('menus')}/sitedirectory`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await expect(nav.getByRole('link', { name: 'Directory' })).not.toHaveAttribute('target', '_blank');
    // On desktop an item with the new-window flag opens in a new window; without it, in this tab.
    await expect(nav.getByRole('link', { name: 'Library' })).toHaveAttribute('target', '_blank');
    await expect(nav.getByRole('link', { name: 'Policies' })).not.toHaveAttribute('target', '_blank');
  });

  test('Reading B on a phone: flagged items open in the same tab; the menu collapses 500 ms after use', async ({ browser }) => {
    await ensureTestSite('menus', {});
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto(`${testOrigin('menus')}/home`);
    const nav = navBar(page);
    const toggle = nav.getByRole('button', { name: 'Menu' });
    await expect(page.getByTestId('nav-list')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('nav-list')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Library' })).not.toHaveAttribute('target', '_blank');
    // Measure in the page: from the click to the moment the list closes.
    const elapsed = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const list = document.querySelector('[data-testid="nav-list"]')!;
          const link = [...list.querySelectorAll('a')].find((a) => a.textContent === 'Directory')!;
          const t0 = performance.now();
          new MutationObserver(() => {
            if (!list.classList.contains('site-nav__list--open')) resolve(performance.now() - t0);
          }).observe(list, { attributes: true });
          link.click();
        }),
    );
    expect(elapsed).toBeGreaterThanOrEqual(480);
    expect(elapsed).toBeLessThan(3000);
    await expect(page).toHaveURL(`${testOrigin('menus')}/sitedirectory`);
    await expect(page.getByTestId('nav-list')).toBeHidden();
    await ctx.close();
  });
});

test.describe('footer and partnership band', () => {
  test('footer-status flag: menus and disclaimer follow AdvantageFooterStatus of the site of each origin', async ({ page }) => {
    const origins = [BASE, `http://localhost:${new URL(BASE).port}`];
    for (const origin of origins) {
      const s = await settingsFor(origin);
      await page.goto(`${origin}/home`);
      await expect(page.getByTestId('footer-fixed-links').getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
      await expect(page.getByTestId('footer-disclaimer'), origin).toHaveCount(s.AdvantageFooterStatus ? 1 : 0);
      await expect(page.getByTestId('footer-menus'), origin).toHaveCount(s.AdvantageFooterStatus && s.objFooterMenuList.length > 0 ? 1 : 0);
    }
    // Both states for certain, whatever the demo sites choose.
    await ensureTestSite('footeron', { settings: { AdvantageFooterStatus: true } });
    await ensureTestSite('footeroff', { settings: { AdvantageFooterStatus: false } });
    await page.goto(`${testOrigin('footeron')}/home`);
    await expect(page.getByTestId('footer-disclaimer')).toContainText('research, study and curiosity');
    await expect(page.getByTestId('footer-disclaimer').locator('li')).toHaveCount(3);
    const menus = page.getByTestId('footer-menus');
    await expect(menus.getByRole('navigation', { name: 'Explore' }).getByRole('link')).toHaveText(['Home', 'Site Directory']);
    await expect(menus.getByRole('navigation', { name: 'About' }).getByRole('link')).toHaveText(['Install the app', 'Contact Us']);
    await page.goto(`${testOrigin('footeroff')}/home`);
    await expect(page.getByTestId('footer-fixed-links').getByRole('link', { name: 'Sitemap' })).toBeVisible();
    await expect(page.getByTestId('footer-disclaimer')).toHaveCount(0);
    await expect(page.getByTestId('footer-menus')).toHaveCount(0);
  });

  test('fixed links: the six of the spec; on desktop they open a new tab once attached 2 s after navigation', async ({ page }) => {
    // When the links attached, on the page's own clock (0 = the navigation began): a load that slows the test
    // cannot make it look early.
    await page.addInitScript(() => {
      new MutationObserver((changes) => {
        for (const c of changes)
          if ((c.target as Element).getAttribute('data-attached') === 'true')
            (window as unknown as { __attachedAt?: number }).__attachedAt ??= performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-attached'] });
    });
    await page.goto('/home');
    const fixed = page.getByTestId('footer-fixed-links');
    await expect(fixed.getByRole('link')).toHaveText([
      'Privacy Policy',
      'Terms & Conditions',
      'Disclaimer',
      'Copyright Policy',
      'DMCA and Copyright Takedown',
      'Sitemap',
    ]);
    await expect(fixed.getByRole('link', { name: 'Disclaimer' })).toHaveAttribute('href', '/termsof-use');
    await expect(fixed).toHaveAttribute('data-attached', 'true', { timeout: 5000 });
    expect(await page.evaluate(() => (window as unknown as { __attachedAt?: number }).__attachedAt)).toBeGreaterThanOrEqual(2000);
    for (const link of await fixed.getByRole('link').all()) await expect(link).toHaveAttribute('target', '_blank');
    // A navigation inside the app detaches them again for 2 s.
    await navBar(page).getByRole('link', { name: 'Contact Us' }).click();
    await expect(fixed).toHaveAttribute('data-attached', 'false');
    await expect(fixed.getByRole('link', { name: 'Privacy Policy' })).not.toHaveAttribute('target', '_blank');
    await expect(fixed).toHaveAttribute('data-attached', 'true', { timeout: 5000 });
  });

  test('fixed links open in the same tab on a phone', async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto('/home');
    const fixed = page.getByTestId('footer-fixed-links');
    await expect(fixed).toHaveAttribute('data-attached', 'true', { timeout: 5000 });
    for (const link of await fixed.getByRole('link').all()) await expect(link).not.toHaveAttribute('target', '_blank');
    await fixed.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await ctx.close();
  });

  test('partner logos link to /home with SiteName as alt; an empty list shows DefaultFooterLogo', async ({ page }) => {
    await ensureTestSite('nologos', { settings: { SiteName: 'No Logos Library', FooterLogoList: [], DefaultFooterLogo: 'icons/icon-192.png' } });
    await ensureTestSite('logos', { settings: { SiteName: 'Logo Library', FooterLogoList: ['icons/icon-512.png', 'favicon.svg'] } });
    await page.goto(`${testOrigin('nologos')}/home`);
    const band = partnerBand(page);
    await expect(band.getByRole('heading', { name: 'Access To This Archive Is Possible Through Partnerships' })).toBeVisible();
    await expect(band.getByTestId('partner-logo')).toHaveCount(1);
    await expect(band.getByTestId('partner-logo')).toHaveAttribute('src', `${testOrigin('nologos')}/icons/icon-192.png`);
    await expect(band.getByTestId('partner-logo')).toHaveAttribute('alt', 'No Logos Library');
    await page.goto(`${testOrigin('logos')}/home`);
    const logos = partnerBand(page).getByTestId('partner-logo');
    await expect(logos).toHaveCount(2);
    for (const logo of await logos.all()) await expect(logo).toHaveAttribute('alt', 'Logo Library');
    for (const link of await partnerBand(page).getByRole('link').all()) await expect(link).toHaveAttribute('href', '/home');
  });

  test('header logo: the large logo, else DefaultLargeLogo, and the loader image when it fails', async ({ page }) => {
    await ensureTestSite('brokenlogo', { settings: { WebsiteLargeLogoPath: 'media/no-such-logo.png', SiteName: 'Broken Logo Archive' } });
    await page.goto(`${testOrigin('brokenlogo')}/home`);
    const logo = header(page).getByTestId('site-logo');
    await expect(logo).toHaveAttribute('src', '/images/loader.svg');
    await expect(header(page).getByRole('link', { name: /home/ })).toHaveAttribute('href', '/home');
    await ensureTestSite('defaultlogo', {
      settings: {
        WebsiteLargeLogoPath: '',
        DefaultLargeLogo: 'icons/icon-192.png',
        SocialLinks: { Facebook: 'https://facebook.example/archive', Twitter: 'https://x.example/archive', Instagram: 'https://instagram.example/archive' },
      },
    });
    await page.goto(`${testOrigin('defaultlogo')}/home`);
    await expect(header(page).getByTestId('site-logo')).toHaveAttribute('src', `${testOrigin('defaultlogo')}/icons/icon-192.png`);
    // The three social networks, each in a new tab.
    const social = header(page).getByRole('list', { name: 'Follow us' }).getByRole('link');
    await expect(social).toHaveCount(3);
    for (const link of await social.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(header(page).getByRole('link', { name: 'Facebook (opens in a new tab)' })).toHaveAttribute('href', 'https://facebook.example/archive');
  });
});

test.describe('hostile settings HTML', () => {
  const payload =
    '<p>Safe footer text</p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script>' +
    '<a href="javascript:window.__pwned=3">click</a><svg><script>window.__pwned=4</script></svg><iframe srcdoc="<script>parent.__pwned=5</script>"></iframe>';

  test('saved through the Admin API, it reaches the page inert', async ({ page }) => {
    await ensureTestSite('hostile', { settings: { FooterText: payload }, policies: { 'privacy-policy': `<h1>Private</h1>${payload}` } });
    await page.goto(`${testOrigin('hostile')}/home`);
    await expect(footer(page).getByText('Safe footer text')).toBeVisible();
    await page.goto(`${testOrigin('hostile')}/privacy-policy`);
    await expect(page.getByRole('heading', { name: 'Private' })).toBeVisible();
    const href = await page.locator('main').getByText('click').getAttribute('href');
    expect(href ?? '').not.toMatch(/^javascript:/i);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('main script, main iframe, main [onerror]').count()).toBe(0);
  });

  test('even when the server sends it raw, DOMPurify keeps it from running', async ({ page }) => {
    // Bypass the server's sanitiser: hand the page a settings answer with the payload as it is.
    await page.route('**/Api/Home/GetSiteSettings*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Record<string, unknown>;
      body.FooterText = payload;
      body.PolicyPages = { ...(body.PolicyPages as object), 'copyright-policy': payload };
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/copyright-policy');
    await expect(footer(page).getByText('Safe footer text')).toBeVisible();
    await expect(page.locator('main').getByText('Safe footer text')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('footer script, footer [onerror], main script, main iframe, main [onerror]').count()).toBe(0);
    const href = await page.locator('main').getByText('click').getAttribute('href');
    expect(href ?? '').not.toMatch(/^javascript:/i);
  });
});
