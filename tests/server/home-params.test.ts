// Bad parameters on the Home endpoints: a 400 with a JSON message a client developer can act on, never 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeGet, makeTestApp, ORIGIN_A, type FixtureIds, type TestApp } from './helpers';

const ENDPOINTS = ['GetSiteTheme', 'GetSiteSettings', 'GetHomePageSettings', 'GetBanner', 'getDetail', 'SelectTitleDecade'];

let t: TestApp<FixtureIds>;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

async function expect400(res: Awaited<ReturnType<typeof homeGet>>, message: RegExp | string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { error: string };
  expect(Object.keys(body)).toEqual(['error']);
  if (typeof message === 'string') expect(body.error).toBe(message);
  else expect(body.error).toMatch(message);
}

describe('the url parameter', () => {
  it.each(ENDPOINTS)('%s without url answers 400 with the spec message', async (ep) => {
    await expect400(await homeGet(t.app, ep, null), "Missing 'url' parameter (the page's origin)");
    await expect400(await homeGet(t.app, ep, ''), "Missing 'url' parameter (the page's origin)");
  });

  it.each(['not a url', 'example.org', 'javascript:alert(1)', 'ftp://example.org', 'file:///etc/passwd', 'data:text/html,x', 'http://', '%%%'])(
    'rejects %s',
    async (url) => {
      await expect400(await homeGet(t.app, 'GetSiteSettings', url), /'url' must be the page's origin/);
    },
  );

  it('rejects a url longer than 2048 characters and a 100 KB url', async () => {
    await expect400(await homeGet(t.app, 'getDetail', `http://a.example/${'x'.repeat(2100)}`), /too long/);
    await expect400(await homeGet(t.app, 'getDetail', `http://a.example/${'x'.repeat(100_000)}`), /too long/);
  });

  it('rejects url given twice', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/Api/Home/GetSiteTheme?url=${encodeURIComponent(ORIGIN_A)}&url=http%3A%2F%2Fx` });
    await expect400(res, "'url' must be given once");
  });

  it('ignores unknown parameters, even large ones', async () => {
    const res = await homeGet(t.app, 'GetSiteTheme', ORIGIN_A, { foo: 'bar', other: 'y'.repeat(100_000) });
    expect(res.statusCode).toBe(200);
  });
});

describe('SelectTitleDecade lists', () => {
  it.each([
    ['titleIds', 'abc'],
    ['titleIds', '1,x'],
    ['titleIds', '1.5'],
    ['titleIds', '-1'],
    ['titleIds', '1e3'],
    ['titleIds', '12345678901'],
    ['collectionIds', '1;2'],
    ['decades', 'nineteen-ten'],
    ['decades', '1880,18x0'],
  ])('%s=%s is 400', async (name, value) => {
    await expect400(await homeGet(t.app, 'SelectTitleDecade', ORIGIN_A, { [name]: value }), new RegExp(`'${name}' must be a comma-separated list of numbers`));
  });

  it.each(['titleIds', 'decades', 'collectionIds'])('a 10,000-item %s is 400', async (name) => {
    const list = Array.from({ length: 10_000 }, (_, i) => String(1800 + i)).join(',');
    await expect400(await homeGet(t.app, 'SelectTitleDecade', ORIGIN_A, { [name]: list }), new RegExp(`'${name}'.*(too many|too long)`));
  });

  it('accepts exactly 500 items and refuses 501', async () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1)).join(',');
    expect((await homeGet(t.app, 'SelectTitleDecade', ORIGIN_A, { titleIds: list(500) })).statusCode).toBe(200);
    await expect400(await homeGet(t.app, 'SelectTitleDecade', ORIGIN_A, { titleIds: list(501) }), /too many/);
  });

  it('refuses 100 KB list and solrType values', async () => {
    await expect400(await homeGet(t.app, 'SelectTitleDecade', ORIGIN_A, { titleIds: '1'.repeat(100_000) }), /'titleIds'/);
    await expect400(await homeGet(t.app, 'SelectTitleDecade', ORIGIN_A, { decades: ','.repeat(100_000) }), /'decades'/);
    await expect400(await homeGet(t.app, 'SelectTitleDecade', ORIGIN_A, { solrType: '4'.repeat(100_000) }), /'solrType' is too long/);
  });

  it('refuses a solrType that is not a short code', async () => {
    await expect400(await homeGet(t.app, 'SelectTitleDecade', ORIGIN_A, { solrType: '<script>' }), /'solrType' must be a short code/);
  });

  it('takes empty lists and stray commas as nothing selected', async () => {
    const res = await homeGet(t.app, 'SelectTitleDecade', ORIGIN_A, { titleIds: '', decades: ',,', collectionIds: ' , ' });
    expect(res.statusCode).toBe(200);
  });
});
