// The central error handling and the SPA fallback: unknown API paths are JSON 404s, navigations get the
// app shell, unexpected errors are a 500 that says nothing about the internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestApp, tempDir, type FixtureIds, type TestApp } from './helpers';

const SHELL = '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>';
const SECRET_DETAIL = 'SQLITE_CORRUPT at /srv/archive/archive.sqlite line 42';

let t: TestApp<FixtureIds>;
let dist: string;
beforeAll(async () => {
  dist = tempDir('homeapi-dist-');
  writeFileSync(join(dist, 'index.html'), SHELL);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await makeTestApp(undefined, {
    distDir: dist,
    extraRoutes(app) {
      // Test-only routes that fail on purpose.
      app.get('/Api/Test/boom', async () => {
        throw new Error(SECRET_DETAIL);
      });
      app.post('/Api/Test/json', async (req) => ({ got: req.body }));
      app.get('/Api/Test/reject', async () => Promise.reject(new TypeError(`Cannot read properties of undefined (${SECRET_DETAIL})`)));
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('SPA fallback', () => {
  it.each(['/home', '/HOME', '/search?k=war', '/viewer', '/no/such/route'])('GET %s returns the app shell', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Each page also names what it needs first for preloading (hero-preload.test.ts, route-preload.test.ts), and one
    // that shows the site's header carries its band (boot-shell.test.ts).
    const shell = res.body.replace(/<link rel="(preload|modulepreload)"[^>]*>\s*/g, '').replace(/<div class="boot-shell"[^]*?<\/header><\/div>/, '');
    expect(shell).toBe(SHELL);
  });

  it('serves built files, hashed assets for a year', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000/);
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('answers a missing file (a path with an extension) with 404, not the shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('sends the security headers with the shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('unknown API paths', () => {
  it.each(['/Api/Nope', '/Api/Home/Nope', '/api/home', '/iiif/unknown/thing/x/y/z/w'])('GET %s is a JSON 404', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().error).toMatch(/Not found/);
  });

  it('a POST to an unknown API path is refused, never the shell', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/Api/Home/GetSiteTheme', payload: {} });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('unexpected errors', () => {
  it.each(['/Api/Test/boom', '/Api/Test/reject'])('%s is a 500 without internals', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toContain('SQLITE');
    expect(res.body).not.toContain('/srv/');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('a malformed JSON body is a 400, not a 500', async () => {
    const token = (await t.app.inject({ method: 'GET', url: '/home' })).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const res = await t.app.inject({
      method: 'POST',
      url: '/Api/Test/json',
      cookies: { 'XSRF-TOKEN': token },
      headers: { 'x-xsrf-token': token, 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
  });
});
