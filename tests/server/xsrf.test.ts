// Spec 7.1: the XSRF-TOKEN cookie is issued, and state-changing /Api/ calls need X-XSRF-TOKEN to match it.
// A test-only POST route is registered inside the test app (never in production code).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, ORIGIN_A, type FixtureIds, type TestApp } from './helpers';

let t: TestApp<FixtureIds>;
beforeAll(async () => {
  t = await makeTestApp(undefined, {
    extraRoutes(app) {
      app.route({ method: ['POST', 'PUT', 'DELETE'], url: '/Api/Test/echo', handler: async (req) => ({ ok: true, method: req.method }) });
    },
  });
});
afterAll(async () => {
  await t.close();
});

async function issuedToken(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/Api/Home/GetSiteTheme?url=${encodeURIComponent(ORIGIN_A)}` });
  const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
  expect(cookie).toBeDefined();
  return cookie!.value;
}

describe('XSRF', () => {
  it('issues a readable XSRF-TOKEN cookie for the whole site', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/Api/Home/GetSiteTheme?url=${encodeURIComponent(ORIGIN_A)}` });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(cookie.path).toBe('/');
    expect(cookie.httpOnly).toBeFalsy(); // the app reads it to echo it in the header
    expect(String(cookie.sameSite).toLowerCase()).toBe('lax');
  });

  it('does not re-issue a valid cookie', async () => {
    const token = await issuedToken();
    const res = await t.app.inject({ method: 'GET', url: `/Api/Home/GetSiteTheme?url=${encodeURIComponent(ORIGIN_A)}`, cookies: { 'XSRF-TOKEN': token } });
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('refuses a POST under /Api/ without the header (403 JSON)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/Api/Test/echo', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/X-XSRF-TOKEN/);
  });

  it('refuses a cookie without the header, and a header that does not match', async () => {
    const token = await issuedToken();
    const noHeader = await t.app.inject({ method: 'POST', url: '/Api/Test/echo', cookies: { 'XSRF-TOKEN': token }, payload: {} });
    expect(noHeader.statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/Api/Test/echo',
      cookies: { 'XSRF-TOKEN': token },
      headers: { 'x-xsrf-token': `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
      payload: {},
    });
    expect(wrong.statusCode).toBe(403);
    const headerOnly = await t.app.inject({ method: 'POST', url: '/Api/Test/echo', headers: { 'x-xsrf-token': token }, payload: {} });
    expect(headerOnly.statusCode).toBe(403);
  });

  it('refuses a malformed cookie even when the header echoes it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/Api/Test/echo', cookies: { 'XSRF-TOKEN': 'x' }, headers: { 'x-xsrf-token': 'x' }, payload: {} });
    expect(res.statusCode).toBe(403);
  });

  it.each(['POST', 'PUT', 'DELETE'] as const)('lets %s through with a matching cookie and header', async (method) => {
    const token = await issuedToken();
    const res = await t.app.inject({ method, url: '/Api/Test/echo', cookies: { 'XSRF-TOKEN': token }, headers: { 'x-xsrf-token': token }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, method });
  });

  it('applies to /api/ paths in any letter case', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/API/test/ECHO', payload: {} });
    expect(res.statusCode).toBe(403);
  });
});
