// The served HTML names what the landing screen needs first (issue #19: LCP on /search and /viewer): the
// site's settings and theme answers, the screen's chunks from Vite's build manifest (not the entry's, which
// the HTML already loads), on /viewer?page= the page's data and on /search its results, each fetched exactly as
// the app asks for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestApp, tempDir, type FixtureIds, type TestApp } from './helpers';

const SHELL =
  '<!doctype html><html><head><title>shell</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-1.js"></head><body></body></html>';
const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_runtime-1.js'],
    dynamicImports: ['src/search/SearchScreen.tsx', 'src/viewer/page/ViewerScreen.tsx'],
  },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_runtime-1.js'] },
  'src/search/SearchScreen.tsx': {
    file: 'assets/SearchScreen-1.js',
    imports: ['_runtime-1.js', 'index.html', '_shared-1.js'],
    css: ['assets/SearchScreen-1.css'],
  },
  'src/viewer/page/ViewerScreen.tsx': {
    file: 'assets/ViewerScreen-1.js',
    imports: ['index.html', '_shared-1.js'],
    dynamicImports: ['src/viewer/common/DeepZoom.tsx'],
  },
  'src/viewer/common/DeepZoom.tsx': { file: 'assets/DeepZoom-1.js' },
};

const modules = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)" \/>/g)].map((m) => m[1]);
const fetches = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const styles = (html: string) => [...html.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]*)"/g)].map((m) => m[1]);

let t: TestApp<FixtureIds>;
let dist: string;
beforeAll(async () => {
  dist = tempDir('route-preload-dist-');
  writeFileSync(join(dist, 'index.html'), SHELL);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await makeTestApp(undefined, { distDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { host: 'archive.test:8080' } })).body;
const SITE_DATA = ['/Api/Home/GetSiteSettings?url=http%3A%2F%2Farchive.test%3A8080', '/Api/Home/GetSiteTheme?url=http%3A%2F%2Farchive.test%3A8080'];

describe('route preloads', () => {
  it('/search names the search screen’s chunks and stylesheet, after the entry script, and the site’s data', async () => {
    const html = await get('/search?k=war');
    expect(modules(html)).toEqual(['/assets/SearchScreen-1.js', '/assets/shared-1.js']);
    expect(styles(html)).toEqual(['/assets/SearchScreen-1.css']);
    expect(fetches(html)).toEqual([...SITE_DATA, '/Api/Search?url=http%3A%2F%2Farchive.test%3A8080&k=war']);
    expect(html.indexOf('SearchScreen-1.js')).toBeGreaterThan(html.indexOf('<script'));
  });

  it('/search names its results as the screen asks for them (the address given, `url` its own), or none when it cannot be read', async () => {
    expect(fetches(await get('/search?e=railroad%20bridge&ord=e1&url=http%3A%2F%2Fevil.test&p=2'))[2]).toBe(
      '/Api/Search?url=http%3A%2F%2Farchive.test%3A8080&e=railroad+bridge&ord=e1&p=2',
    );
    expect(fetches(await get('/search?k=war&p=0'))).toEqual(SITE_DATA);
  });

  it('/viewer?page= names the viewer’s chunks (not the deep zoom, loaded later) and the page’s data as the app asks for it', async () => {
    const html = await get('/viewer?page=sn123-1900-01-01-ed1-seq1&k=war');
    expect(modules(html)).toEqual(['/assets/ViewerScreen-1.js', '/assets/shared-1.js']);
    expect(fetches(html)).toEqual([...SITE_DATA, '/Api/Viewer/Page/sn123-1900-01-01-ed1-seq1?url=http%3A%2F%2Farchive.test%3A8080']);
  });

  it('a hostile page id is escaped, and other screens get only the site’s data', async () => {
    const html = await get('/viewer?page=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(html).not.toContain('<script>alert');
    expect(fetches(html)[2]).toBe('/Api/Viewer/Page/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E?url=http%3A%2F%2Farchive.test%3A8080');
    const policy = await get('/policy');
    expect(modules(policy)).toEqual([]);
    expect(fetches(policy)).toEqual(SITE_DATA);
  });
});
