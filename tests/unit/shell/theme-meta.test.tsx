// @vitest-environment happy-dom
// Theme (3.2, 4.10): applied 250 ms after it arrives; default stylesheet when ThemeFile is empty.
// Social-preview meta tags (3.3) and the stored page title (2.2).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { DEFAULT_THEME_STYLESHEET, themeStylesheetHref, useApplyTheme } from '../../../src/app/theme';
import { socialMetaTags, usePageMeta } from '../../../src/app/meta-tags';
import type { SiteSettings } from '../../../contract/api';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('theme', () => {
  it('resolves ThemeFile against DomainUrl, or uses the default stylesheet', () => {
    expect(themeStylesheetHref({ ThemeFile: 'media/themes/a.css', PrimaryColor: '#000000' }, 'http://x.test/')).toBe('http://x.test/media/themes/a.css');
    expect(themeStylesheetHref({ ThemeFile: '', PrimaryColor: '#000000' }, 'http://x.test/')).toBe(DEFAULT_THEME_STYLESHEET);
  });

  it('is applied 250 ms after it arrives: stylesheet link and theme-color', () => {
    vi.useFakeTimers();
    renderHook(() => useApplyTheme({ ThemeFile: 'themes/site.css', PrimaryColor: '#204060' }, 'http://x.test/'));
    const link = () => document.getElementById('site-theme-stylesheet');
    act(() => void vi.advanceTimersByTime(249));
    expect(link()).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(link()?.getAttribute('href')).toBe('http://x.test/themes/site.css');
    expect(link()?.getAttribute('rel')).toBe('stylesheet');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#204060');
  });
});

describe('meta tags', () => {
  const settings = { DomainUrl: 'http://x.test/', Description: 'Old papers.', FBShareLogo: 'img/share.png', SiteName: 'X' } as SiteSettings;
  it('og:* and twitter:* from the URL, the title, Description and FBShareLogo', () => {
    const tags = socialMetaTags('http://x.test/home', 'X :: Home', settings);
    expect(tags.og).toMatchObject({
      'og:url': 'http://x.test/home',
      'og:title': 'X :: Home',
      'og:description': 'Old papers.',
      'og:image': 'http://x.test/img/share.png',
    });
    expect(tags.twitter).toMatchObject({ 'twitter:card': 'summary_large_image', 'twitter:title': 'X :: Home', 'twitter:image': 'http://x.test/img/share.png' });
  });
  it('sets the document title, stores it for the PDF viewer and writes the tags', () => {
    renderHook(() => usePageMeta('X :: Sitemap', 'http://x.test/sitemap', settings));
    expect(document.title).toBe('X :: Sitemap');
    expect(sessionStorage.getItem('pageTitle')).toBe('X :: Sitemap');
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('X :: Sitemap');
    expect(document.querySelector('meta[name="twitter:description"]')?.getAttribute('content')).toBe('Old papers.');
  });
});
