// The served HTML of a page that shows the site's header carries the header band with the site's name inside the
// app's root, so a phone paints the site before the app's code has run; pages without the header do not.
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
