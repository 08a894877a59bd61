// Pure shell rules: route matching and titles (2.1, 2.2), hiding rules (2.3), active menu item (4.6),
// Reading B (2.3), device rules and positions (9).
import { describe, expect, it } from 'vitest';
import { ROUTES, composePageTitle, findRoute, normalisePath } from '../../../contract/routes';
import {
  areToolsHidden,
  footerFixedLinkOpensNewTab,
  headerMenuOpening,
  installButtonBottom,
  installLinkOpensNewTab,
  isMenuItemActive,
  isShellHidden,
  shareButtonBottom,
} from '../../../src/shell/shell-rules';
import { isHandheld, isIPad, isMobile } from '../../../src/shared/lib/device';

describe('route table and titles', () => {
  it('has every route of spec 2.1 with its title', () => {
    const table = Object.fromEntries(ROUTES.map((r) => [r.path, r.title]));
    expect(table).toMatchObject({
      '/home': 'Home',
      '/sitedirectory': 'Site Directory',
      '/search': 'Search',
      '/universalviewer': 'Universal Viewer',
      '/privacy-policy': 'Privacy Policy',
      '/terms-and-conditions': 'Terms & Conditions',
      '/termsof-use': 'Disclaimer',
      '/copyright-policy': 'Copyright Policy',
      '/dmca-and-copyright-takedown': 'DMCA & Copyright Takedown',
      '/viewer': 'Viewer',
      '/pdfviewer': 'PDF Viewer',
      '/clipsocialsharing': 'Clip Social Sharing',
      '/contactus': 'Contact Us',
      '/pwasettings': 'PWA Installation Guide',
      '/sitemap': 'Sitemap',
    });
    expect(findRoute('/audioviewer')).toBeDefined();
    expect(findRoute('/admin')).toBeDefined();
  });

  it('matches case-insensitively and ignores a trailing slash', () => {
    expect(findRoute('/HOME')?.path).toBe('/home');
    expect(findRoute('/Privacy-Policy/')?.path).toBe('/privacy-policy');
    expect(findRoute('/nowhere')).toBeUndefined();
    expect(findRoute('/home/extra')).toBeUndefined();
    expect(normalisePath('')).toBe('/');
  });

  it('composes SiteTitle :: route title, or the route title alone', () => {
    expect(composePageTitle('The Chronicle', 'Home')).toBe('The Chronicle :: Home');
    expect(composePageTitle('', 'Home')).toBe('Home');
    expect(composePageTitle(undefined, 'Page not found')).toBe('Page not found');
    expect(composePageTitle('  ', 'Sitemap')).toBe('Sitemap');
  });
});

describe('hiding rules', () => {
  const shown = (url: string, isDisplay: boolean | undefined = true, noHeaderFooterDisplay = false) =>
    !isShellHidden({ url, isDisplay, noHeaderFooterDisplay });
  it('hides header, nav, partners and footer on viewer, sitemap and admin routes', () => {
    for (const url of ['/universalviewer', '/viewer', '/pdfviewer', '/clipsocialsharing', '/sitemap', '/audioviewer', '/admin', '/Viewer', '/ADMIN/sites']) {
      expect(shown(url), url).toBe(false);
    }
    for (const url of ['/home', '/search', '/contactus', '/privacy-policy', '/pwasettings']) expect(shown(url), url).toBe(true);
  });
  it('hides the shell when IsDisplay is off or the route sets noHeaderFooterDisplay', () => {
    expect(shown('/home', false)).toBe(false);
    expect(shown('/home', undefined)).toBe(true);
    expect(shown('/home', true, true)).toBe(false);
  });
  it('hides the tools only on universal viewer, clip, sitemap, audio viewer, admin and flagged routes', () => {
    const hidden = (url: string, flag = false) => areToolsHidden({ url, noHeaderFooterDisplay: flag });
    for (const url of ['/universalviewer', '/clipsocialsharing', '/sitemap', '/audioviewer', '/admin']) expect(hidden(url), url).toBe(true);
    for (const url of ['/viewer', '/pdfviewer', '/home', '/search']) expect(hidden(url), url).toBe(false);
    expect(hidden('/home', true)).toBe(true);
  });
});

describe('header menu', () => {
  it('is active while the URL contains MenuLink, in any case', () => {
    expect(isMenuItemActive('/home', 'home')).toBe(true);
    expect(isMenuItemActive('/HOME', 'Home')).toBe(true);
    expect(isMenuItemActive('/contactus', 'home')).toBe(false);
    expect(isMenuItemActive('/search?k=x', 'search')).toBe(true);
    expect(isMenuItemActive('/home', '')).toBe(false);
  });

  it('Reading B: home, contact us and directory navigate inside the app to / + the lower-cased link', () => {
    expect(headerMenuOpening({ MenuText: 'Home', MenuLink: 'Home', OpenInNewTab: true }, false)).toEqual({ kind: 'app', to: '/home' });
    expect(headerMenuOpening({ MenuText: 'CONTACT US', MenuLink: 'ContactUs', OpenInNewTab: false }, true)).toEqual({ kind: 'app', to: '/contactus' });
    expect(headerMenuOpening({ MenuText: 'directory', MenuLink: '/SiteDirectory', OpenInNewTab: true }, false)).toEqual({ kind: 'app', to: '/sitedirectory' });
  });

  it('Reading B: other items open in the same tab on handhelds or without the flag, else a new window', () => {
    const item = { MenuText: 'Library', MenuLink: 'https://library.example.org', OpenInNewTab: true };
    expect(headerMenuOpening(item, true).kind).toBe('same-tab');
    expect(headerMenuOpening({ ...item, OpenInNewTab: false }, false).kind).toBe('same-tab');
    expect(headerMenuOpening(item, false)).toEqual({ kind: 'new-window', href: 'https://library.example.org' });
  });
});

describe('device rules and positions', () => {
  const ua = (userAgent: string, platform = 'Linux x86_64', maxTouchPoints = 0) => ({ userAgent, platform, maxTouchPoints });
  it('mobile: iphone, ipod or android in the user agent', () => {
    expect(isMobile(ua('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'))).toBe(true);
    expect(isMobile(ua('Mozilla/5.0 (iPod touch)'))).toBe(true);
    expect(isMobile(ua('Mozilla/5.0 (Linux; Android 14; Pixel 8)'))).toBe(true);
    expect(isMobile(ua('Mozilla/5.0 (X11; Linux x86_64) Chrome/130'))).toBe(false);
  });
  it('iPad: ipad in the user agent, or MacIntel with more than one touch point', () => {
    expect(isIPad(ua('Mozilla/5.0 (iPad; CPU OS 16_0)'))).toBe(true);
    expect(isIPad(ua('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5))).toBe(true);
    expect(isIPad(ua('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 1))).toBe(false);
    expect(isHandheld(ua('Mozilla/5.0 (Macintosh)', 'MacIntel', 0))).toBe(false);
  });
  it('share button: 60 px in viewers (90 on iPad), 30 px elsewhere (35 on mobile)', () => {
    expect(shareButtonBottom('/viewer', false, false)).toBe(60);
    expect(shareButtonBottom('/pdfviewer', true, true)).toBe(90);
    expect(shareButtonBottom('/home', false, false)).toBe(30);
    expect(shareButtonBottom('/home', true, false)).toBe(35);
  });
  it('install button: 80 px in viewers, 30 px elsewhere', () => {
    expect(installButtonBottom('/viewer')).toBe(80);
    expect(installButtonBottom('/search')).toBe(30);
  });
  it('fixed footer links and install link: same tab on handhelds; new tab on desktop by the rules', () => {
    expect(footerFixedLinkOpensNewTab(false, true)).toBe(true);
    expect(footerFixedLinkOpensNewTab(false, false)).toBe(false);
    expect(footerFixedLinkOpensNewTab(true, true)).toBe(false);
    expect(installLinkOpensNewTab(false, true)).toBe(true);
    expect(installLinkOpensNewTab(false, false)).toBe(false);
    expect(installLinkOpensNewTab(true, true)).toBe(false);
  });
});
