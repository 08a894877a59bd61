// Issue #14.1: the XSRF check was skipped when the path was spelt differently (POST /%41pi/Admin/Users with
// an admin session and no header created an account). Every state-changing route of the app's own route
// table is probed under many spellings of its path, with a signed-in admin's cookies and no header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { signedInAdmin, type Session } from './session-client';
import { UNSAFE_METHODS } from '../../server/plugins/xsrf';

let t: TestApp<unknown>;
let admin: Session;
beforeAll(async () => {
  t = await makeTestApp(async () => undefined, { adminPassword: 'admin password for xsrf tests' });
  admin = await signedInAdmin(t.app, 'admin password for xsrf tests');
});
afterAll(async () => {
  await t?.close();
});

/** A concrete path for a route pattern: parameters become small ids or section names. */
function concrete(url: string): string {
  return url
    .replace(/:section\b[^/]*/g, 'banner')
    .replace(/:[A-Za-z_]+[^/]*/g, '1')
    .replace(/\*/g, 'x');
}

/** Ways to spell the same path that a router (or a proxy in front of it) might treat as equal. */
export function spellings(path: string): string[] {
  const segs = path.split('/').filter(Boolean);
  const pct = (s: string) => `%${s.charCodeAt(0).toString(16).toUpperCase()}${s.slice(1)}`;
  const pctLower = (s: string) => `%${s.charCodeAt(0).toString(16).toLowerCase()}${s.slice(1)}`;
  const out = new Set<string>([
    path,
    path.toLowerCase(),
    path.toUpperCase(),
    `/${segs.map(pct).join('/')}`,
    `/${segs.map(pctLower).join('/')}`,
    `/${pct(segs[0])}/${segs.slice(1).join('/')}`,
    `/${segs.map((s) => [...s].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')).join('/')}`,
    `/${segs.join('%2F')}`,
    `/${segs.join('%2f')}`,
    `//${segs.join('/')}`,
    `/${segs.join('//')}`,
    `${path}/`,
    `${path}//`,
    `/./${segs.join('/./')}`,
    `/${segs[0]}/x/../${segs.slice(1).join('/')}`,
    `/${segs[0]}/%2e/${segs.slice(1).join('/')}`,
    `/${segs[0]}/x/%2e%2e/${segs.slice(1).join('/')}`,
    `${path};x=1`,
    `${path}?x=1`,
    `${path}#frag`,
    `/${segs.map((s) => s.replace(/^A/, 'a').replace(/^a/, 'A')).join('/')}`,
  ]);
  return [...out];
}

describe('XSRF on every state-changing route, decided from the matched route', () => {
  it('reproduces the report: POST /%41pi/Admin/Users with an admin session and no header does not create an account', async () => {
    const res = await admin.raw('POST', '/%41pi/Admin/Users', { username: 'xsrf-victim', password: 'long enough password', role: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(await t.store.admin.userByName('xsrf-victim')).toBeFalsy();
  });

  it('lists the admin, viewer and contact routes as state-changing (the table is the real one)', () => {
    const unsafe = t.app.routeTable.filter((r) => UNSAFE_METHODS.has(r.method));
    const urls = unsafe.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('POST /Api/Admin/Users');
    expect(urls).toContain('POST /Api/Viewer/Clip');
    expect(urls).toContain('DELETE /Api/Admin/Users/:id');
    expect(unsafe.length).toBeGreaterThan(15);
    // The one exception: a shared list's "Report this list" form, on a page that runs no JavaScript (so it
    // cannot send the header); the route refuses a report from another origin itself (shared-lists.test.ts).
    expect(unsafe.filter((r) => r.xsrfPublic).map((r) => `${r.method} ${r.url}`)).toEqual(['POST /lists/shared/:id/report']);
  });

  it('refuses every state-changing route, in every spelling, without the header (403 when routed, else 404)', async () => {
    const unsafe = t.app.routeTable.filter((r) => UNSAFE_METHODS.has(r.method) && !r.xsrfPublic);
    let routed = 0;
    for (const route of unsafe) {
      for (const url of spellings(concrete(route.url))) {
        const res = await admin.raw(route.method as 'POST', url, {});
        const what = `${route.method} ${url}`;
        expect([403, 404], what).toContain(res.statusCode);
        if (res.statusCode === 403) {
          routed++;
          expect(res.json().error, what).toMatch(/X-XSRF-TOKEN/);
        }
      }
    }
    // The router does accept several spellings (case, %XX letters): those are the ones that must be refused.
    expect(routed).toBeGreaterThan(unsafe.length * 4);
  });

  it('lets the canonical spelling through with the header (so the probe above can fail)', async () => {
    const res = await admin.send('POST', '/%41pi/Admin/Users', { username: 'xsrf-ok', password: 'long enough password', role: 'editor' });
    expect(res.statusCode).toBe(200);
    expect(await t.store.admin.userByName('xsrf-ok')).toBeTruthy();
  });

  it('needs no header for GET, in any spelling', async () => {
    expect((await admin.raw('GET', '/%41pi/Admin/Users')).statusCode).toBe(200);
  });
});
