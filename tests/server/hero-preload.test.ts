// The served HTML of /home names the site's hero image for preloading (issue #19: the browser fetches it
// while the app's code loads, instead of after the home-page settings answer). Other pages do not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestApp, tempDir, type FixtureIds, type TestApp } from './helpers';
import { withHeadTag } from '../../server/services/hero-preload';

const SHELL = '<!doctype html><html><head><title>shell</title><script type="module" src="/assets/app.js"></script></head><body></body></html>';
const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="image" href="([^"]*)"/g)].map((m) => m[1]);

let t: TestApp<FixtureIds>;
let dist: string;
beforeAll(async () => {
  dist = tempDir('hero-preload-dist-');
  writeFileSync(join(dist, 'index.html'), SHELL);
  t = await makeTestApp(undefined, { distDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('hero image preload', () => {
  it.each(['/home', '/', '/Home?x=1'])('GET %s names the default site’s hero image before the app’s script', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(preloads(res.body)).toEqual(['/media/sites/chronicle/hero.jpg']);
    expect(res.body.indexOf('rel="preload"')).toBeLessThan(res.body.indexOf('<script'));
  });

  it.each(['/search?k=war', '/viewer?page=x', '/homepage'])('GET %s preloads no hero image', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual([]);
    expect(res.body).toContain('<title>shell</title>');
  });

  it('follows the site’s settings: a changed hero image is named, a removed one is not', async () => {
    const site = await t.store.sites.getDefault();
    const home = (await t.store.sites.getSections(site.id)).home as Record<string, unknown>;
    await t.store.sites.putSection(site.id, 'home', { ...home, HomePageImagePath: 'media/new hero.jpg' });
    expect(preloads((await t.app.inject({ method: 'GET', url: '/home' })).body)).toEqual(['/media/new%20hero.jpg']);
    await t.store.sites.putSection(site.id, 'home', { ...home, HomePageImagePath: 'javascript:alert(1)' });
    expect(preloads((await t.app.inject({ method: 'GET', url: '/home' })).body)).toEqual([]);
    await t.store.sites.putSection(site.id, 'home', home);
  });

  it('puts the tag before </head> when the page has no script', () => {
    expect(withHeadTag('<html><head><title>x</title></head></html>', '<link />')).toBe('<html><head><title>x</title><link />\n    </head></html>');
    expect(withHeadTag('<html></html>', '<link />')).toBe('<html></html>');
  });
});
