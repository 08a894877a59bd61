// The served HTML of a page that shows the site's header carries the header band with the site's name inside the
// app's root, so a phone paints the site before the app's code has run; pages without the header do not, except
// the viewer of a page with an image: its bar and the page's preview, the preview also asked for in the head.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestApp, tempDir, type FixtureIds, type TestApp } from './helpers';

const SHELL =
  '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';
const bootName = (html: string) => /<div id="root"><div class="boot-shell"[^]*?<span class="site-header__name">([^<]*)<\/span>/.exec(html)?.[1] ?? null;

let t: TestApp<FixtureIds>;
let dist: string;
beforeAll(async () => {
  dist = tempDir('boot-shell-dist-');
  writeFileSync(join(dist, 'index.html'), SHELL);
  t = await makeTestApp(undefined, { distDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function withSettings(change: Record<string, unknown>, run: () => Promise<void>) {
  const site = await t.store.sites.getDefault();
  const settings = (await t.store.sites.getSections(site.id)).settings as Record<string, unknown>;
  await t.store.sites.putSection(site.id, 'settings', { ...settings, ...change });
  try {
    await run();
  } finally {
    await t.store.sites.putSection(site.id, 'settings', settings);
  }
}

describe('the header band served before the app runs', () => {
  it.each(['/home', '/', '/search?k=war', '/title/sn1', '/lists'])('GET %s names the site inside the root element', async (url) => {
    const site = await t.store.sites.getDefault();
    const settings = (await t.store.sites.getSections(site.id)).settings as { SiteTitle?: string; SiteName?: string };
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(bootName(res.body)).toBe(settings.SiteTitle || settings.SiteName || site.name);
    expect(res.body).toContain('aria-hidden="true"');
  });

  it.each(['/viewer?page=x', '/pdfviewer?page=x', '/admin', '/sitemap', '/no-such-page'])('GET %s, a page without the header, has none', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('escapes a hostile site title, and leaves the band out on a site that hides its header', async () => {
    await withSettings({ SiteTitle: '<img src=x onerror=alert(1)>"&' }, async () => {
      const body = (await t.app.inject({ method: 'GET', url: '/home' })).body;
      expect(bootName(body)).toBe('&lt;img src=x onerror=alert(1)&gt;&quot;&amp;');
      expect(body).not.toContain('<img src=x');
    });
    await withSettings({ IsDisplay: false }, async () => {
      expect((await t.app.inject({ method: 'GET', url: '/home' })).body).toContain('<div id="root"></div>');
    });
  });
});

describe("the viewer's page preview served before the app runs", () => {
  const preview = (uid: string) => `/iiif/3/${uid}/full/!200,300/0/default.jpg`;
  it('paints the page with an image: its preview in the root, asked for in the head before the scripts', async () => {
    const uid = 'sn83045462-1859-02-21-ed1-seq1';
    const body = (await t.app.inject({ method: 'GET', url: `/viewer?page=${uid}` })).body;
    const root = /<div id="root">([^]*?)<\/div><\/div><\/div>/.exec(body)?.[1] ?? '';
    expect(root).toContain('class="boot-viewer" aria-hidden="true"');
    expect(root).toContain(`<img class="vz-preview" src="${preview(uid)}" alt=""`);
    const link = body.indexOf(`<link rel="preload" as="image" href="${preview(uid)}" fetchpriority="high" />`);
    expect(link).toBeGreaterThan(0);
    expect(link).toBeLessThan(body.indexOf('<script'));
  });

  it.each(['sn00000005-1931-05-05-ed1-seq1', 'sn00000000-1900-01-01-ed1-seq1'])(
    'GET /viewer?page=%s (no image, or no such page) paints nothing',
    async (uid) => {
      const body = (await t.app.inject({ method: 'GET', url: `/viewer?page=${uid}` })).body;
      expect(body).toContain('<div id="root"></div>');
      expect(body).not.toContain('rel="preload" as="image"');
    },
  );
});
