// GET /media/*: site images from DATA_DIR/media, with no way out of that folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { makeTestApp, type FixtureIds, type TestApp } from './helpers';

// The smallest valid PNG (1x1, transparent).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const SECRET = 'top secret: outside the media folder';

let t: TestApp<FixtureIds>;
beforeAll(async () => {
  t = await makeTestApp();
  const media = join(t.dataDir, 'media');
  mkdirSync(join(media, 'sites', 'chronicle'), { recursive: true });
  writeFileSync(join(media, 'sites', 'chronicle', 'logo.png'), PNG);
  writeFileSync(join(media, 'sites', 'chronicle', 'logo large.png'), PNG);
  writeFileSync(join(media, 'hero.JPG'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  writeFileSync(join(media, 'theme.css'), 'body{color:#111}');
  writeFileSync(join(media, 'badge.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  writeFileSync(join(media, '.env'), SECRET);
  writeFileSync(join(t.dataDir, 'secret.txt'), SECRET);
  symlinkSync(join(t.dataDir, 'secret.txt'), join(media, 'link.txt'));
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /media/*', () => {
  it('serves a file with its content type and a long cache lifetime', async () => {
    const res = await get('/media/sites/chronicle/logo.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
    expect(res.headers.etag).toBeTruthy();
  });

  it('knows the usual types, whatever the case of the extension', async () => {
    expect((await get('/media/hero.JPG')).headers['content-type']).toBe('image/jpeg');
    expect((await get('/media/theme.css')).headers['content-type']).toMatch(/^text\/css/);
  });

  it('serves a path with an encoded space (as sanitizeUrl writes it)', async () => {
    const res = await get('/media/sites/chronicle/logo%20large.png');
    expect(res.statusCode).toBe(200);
  });

  it('answers 304 when the client has the current copy', async () => {
    const first = await get('/media/sites/chronicle/logo.png');
    const again = await get('/media/sites/chronicle/logo.png', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('sandboxes SVG so an uploaded script cannot run in our origin', async () => {
    const res = await get('/media/badge.svg');
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('answers 404 JSON for a missing file or a folder', async () => {
    for (const url of ['/media/nope.png', '/media/sites', '/media/sites/', '/media/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toHaveProperty('error');
    }
  });

  it.each([
    '/media/../secret.txt',
    '/media/%2e%2e/secret.txt',
    '/media/sites/..%2f..%2fsecret.txt',
    '/media/sites/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/media/..%5csecret.txt',
    '/media/.env',
    '/media/x%00.png',
    '/media/%2fetc%2fpasswd',
    '/media/link.txt',
  ])('never leaves the media folder: %s', async (url) => {
    const res = await get(url);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain(SECRET);
    expect(res.json()).toHaveProperty('error');
  });

  it('refuses raw dot-dot paths sent over real HTTP (no URL normalising on the way)', async () => {
    await t.app.listen({ port: 8302, host: '127.0.0.1' });
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: 8302, path, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of ['/media/../secret.txt', '/media/sites/../../secret.txt', '/media/./../secret.txt', '/media/..\\secret.txt']) {
      const res = await raw(path);
      expect(res.status, path).toBe(400);
      expect(res.body).not.toContain(SECRET);
    }
    expect((await raw('/media/sites/chronicle/logo.png')).status).toBe(200);
  });
});
