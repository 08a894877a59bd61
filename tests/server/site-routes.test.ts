// Shell pages' server side, on the real app: Contact Us (validation, XSRF, rate limit, stored per site),
// Site Directory, and the per-site sitemap.xml / robots.txt built from the route table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { makeTestApp, type TestApp } from './helpers';
import { ROUTES } from '../../contract/routes';
import { BULK_DATA_PATH } from '../../server/services/sitemap';

let t: TestApp<{ first: number; second: number }>;

beforeAll(async () => {
  t = await makeTestApp(async (store) => {
    const first = await store.sites.create({ slug: 'chronicle', name: 'The Chronicle Archive', isDefault: true, origins: ['127.0.0.1'] });
    const second = await store.sites.create({ slug: 'gazette', name: 'Gazette Archive', origins: ['localhost'] });
    await store.sites.putSection(second.id, 'settings', { SiteTitle: 'The Gazette' });
    return { first: first.id, second: second.id };
  });
});
afterAll(() => t.close());

/** GET once for the XSRF cookie, then POST with it echoed in the header, like the app's sendJson. */
async function post(url: string, payload: unknown, opts: { xsrf?: boolean; ip?: string } = {}): Promise<LightMyRequestResponse> {
  const first = await t.app.inject({ method: 'GET', url: '/Api/Site/Directory', remoteAddress: opts.ip });
  const token = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    cookies: { 'XSRF-TOKEN': token },
    headers: opts.xsrf === false ? {} : { 'x-xsrf-token': token },
    remoteAddress: opts.ip,
  });
}

const good = { name: 'Ada Reader', email: 'ada@example.org', subject: 'A page is upside down', message: 'Page 3 of 12 March 1901 is rotated.' };

describe('POST /Api/Site/Contact', () => {
  it('stores a valid message under the site of its origin and answers 201', async () => {
    const res = await post('/Api/Site/Contact', { ...good, url: 'http://localhost:8080' }, { ip: '10.0.0.1' });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    const stored = (await t.store.contact.list()).find((m) => m.id === id)!;
    expect(stored).toMatchObject({ siteId: t.seeded.second, name: 'Ada Reader', email: 'ada@example.org', subject: 'A page is upside down' });
  });

  it('answers 400 with a clear message for each invalid field', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...good, name: '  ' }, /Name is required/],
      [{ ...good, email: 'not-an-address' }, /valid address/],
      [{ ...good, subject: 'x'.repeat(201) }, /at most 200/],
      [{ ...good, message: 'short' }, /at least 10/],
      [{ name: 'A' }, /required/],
    ];
    for (const [body, message] of cases) {
      const res = await post('/Api/Site/Contact', body, { ip: '10.0.0.2' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });

  it('refuses a post without the X-XSRF-TOKEN header', async () => {
    const res = await post('/Api/Site/Contact', good, { xsrf: false, ip: '10.0.0.3' });
    expect(res.statusCode).toBe(403);
  });

  it('is rate limited per client: the sixth message in ten minutes gets 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await post('/Api/Site/Contact', good, { ip: '10.0.0.9' })).statusCode);
    expect(codes.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(codes[5]).toBe(429);
    // Another client is not affected.
    expect((await post('/Api/Site/Contact', good, { ip: '10.0.0.10' })).statusCode).toBe(201);
  });
});

describe('GET /Api/Site/Directory', () => {
  it('lists every site with its name, origins and SiteTitle', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/Api/Site/Directory' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { name: 'The Chronicle Archive', SiteTitle: 'The Chronicle Archive', origins: ['127.0.0.1'], isDefault: true },
      { name: 'Gazette Archive', SiteTitle: 'The Gazette', origins: ['localhost'], isDefault: false },
    ]);
  });
});

describe('crawler files', () => {
  it('sitemap.xml indexes a file of the sitemap routes on the origin asked for', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'localhost:8080' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    expect(index.body).toContain('<loc>http://localhost:8080/sitemaps/static.xml</loc>');
    const res = await t.app.inject({ method: 'GET', url: '/sitemaps/static.xml', headers: { host: 'localhost:8080' } });
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // The app's routes, then the harvesters' list of bulk data (served by the server, not a screen).
    expect(locs).toEqual([...ROUTES.filter((r) => r.inSitemap).map((r) => `http://localhost:8080${r.path}`), `http://localhost:8080${BULK_DATA_PATH}`]);
    expect(locs).toContain('http://localhost:8080/home');
    expect(locs).not.toContain('http://localhost:8080/admin');
    expect(locs).not.toContain('http://localhost:8080/viewer');
  });

  it('robots.txt points at the same origin sitemap and keeps crawlers out of admin and the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: '127.0.0.1:9999' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sitemap: http://127.0.0.1:9999/sitemap.xml');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /Api/');
  });
});
