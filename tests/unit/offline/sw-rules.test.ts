// @vitest-environment happy-dom
// The service worker's routing rules, and that its cache keys are exactly the URLs the app requests.
import { describe, expect, it } from 'vitest';
import { homeAnswerUrls, isHomeAnswer, isIiifOrThumbnail, isNavigationToShell, pageUidOfTile, sameResponse } from '../../../sw/rules';
import { apiUrl } from '../../../src/shared/data/http';
import { HOME_ENDPOINTS } from '../../../contract/api';

describe('navigation fallback to the shell', () => {
  it('answers app routes with the shell, whatever their case or query', () => {
    for (const p of [
      '/home',
      '/HOME',
      '/search?i=f&k=fire&d=01/01/1887-12/31/1887',
      '/privacy-policy',
      '/viewer?id=sn1-1887-03-03-ed1-seq1',
      '/',
      '/search?k=example.com',
    ])
      expect(isNavigationToShell(p), p).toBe(true);
  });
  it('never for the API, IIIF, media, files or a shared list (a page the server writes)', () => {
    for (const p of [
      '/Api/Home/GetSiteTheme?url=x',
      '/api/search',
      '/iiif/3/x/info.json',
      '/media/logo.png',
      '/sitemap.xml',
      '/robots.txt',
      '/Api',
      '/lists/shared/AAAAAAAAAAAAAAAAAAAAAA',
    ])
      expect(isNavigationToShell(p), p).toBe(false);
  });
});

describe('stale-while-revalidate Home answers', () => {
  const origin = 'http://127.0.0.1:8361';
  it('covers exactly the five start-up answers, case-insensitively, on this origin only', () => {
    expect(isHomeAnswer(new URL(`${origin}/Api/Home/GetSiteSettings?url=x`), origin)).toBe(true);
    expect(isHomeAnswer(new URL(`${origin}/api/home/getdetail?url=x`), origin)).toBe(true);
    expect(isHomeAnswer(new URL(`${origin}/Api/Home/SelectTitleDecade?url=x`), origin)).toBe(false);
    expect(isHomeAnswer(new URL(`${origin}/Api/Search?k=x`), origin)).toBe(false);
    expect(isHomeAnswer(new URL(`http://localhost:8361/Api/Home/GetBanner`), origin)).toBe(false);
  });

  it('warms the cache under the very URLs the app asks for (one copy per site)', () => {
    // happy-dom's location is http://localhost:3000 by default.
    const urls = homeAnswerUrls(location.origin);
    expect(urls).toEqual(
      [HOME_ENDPOINTS.theme, HOME_ENDPOINTS.settings, HOME_ENDPOINTS.homePageSettings, HOME_ENDPOINTS.banner, HOME_ENDPOINTS.detail].map((e) => apiUrl(e)),
    );
    expect(homeAnswerUrls('http://a.test')[0]).not.toBe(homeAnswerUrls('http://b.test')[0]);
  });

  it('reports a change only when the answer changed', () => {
    const r = (h: Record<string, string>) => ({ headers: new Headers(h) });
    expect(sameResponse(r({ etag: '"1"' }), r({ etag: '"1"' }))).toBe(true);
    expect(sameResponse(r({ etag: '"1"' }), r({ etag: '"2"' }))).toBe(false);
    expect(sameResponse(r({ 'content-length': '10' }), r({ 'content-length': '11' }))).toBe(false);
    expect(sameResponse(r({}), r({}))).toBe(false); // nothing to compare: say it changed
  });
});

describe('image caches', () => {
  it('keeps IIIF tiles and thumbnails cache-first', () => {
    expect(isIiifOrThumbnail(new URL('http://x/iiif/3/p1/0,0,256,256/256,/0/default.jpg'), 'image')).toBe(true);
    expect(isIiifOrThumbnail(new URL('http://x/iiif/3/p1/info.json'), '')).toBe(true);
    expect(isIiifOrThumbnail(new URL('http://x/media/thumbs/a.jpg'), 'image')).toBe(true);
    expect(isIiifOrThumbnail(new URL('http://x/media/logo.png'), 'image')).toBe(false);
    for (const path of ['/iiif/collection/sn1', '/iiif/presentation/i1/manifest.json', '/iiif/search/v1/i1?q=x'])
      expect(isIiifOrThumbnail(new URL(`http://x${path}`), ''), path).toBe(false);
  });

  it("files a page's tiles and info.json under its page uid (their seen-store key), and nothing else", () => {
    expect(pageUidOfTile(new URL('http://x/iiif/3/sn99021999-1887-03-03-ed1-seq1/0,0,256,256/256,/0/default.jpg'))).toBe('sn99021999-1887-03-03-ed1-seq1');
    expect(pageUidOfTile(new URL('http://x/iiif/3/a%20b/info.json'))).toBe('a b');
    expect(pageUidOfTile(new URL('http://x/iiif/3/p1'))).toBeNull();
    expect(pageUidOfTile(new URL('http://x/iiif/presentation/i1/manifest.json'))).toBeNull();
    expect(pageUidOfTile(new URL('http://x/media/thumbs/a.jpg'))).toBeNull();
  });
});
