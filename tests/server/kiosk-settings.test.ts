// Kiosk mode as a site setting (issue #17): admins set it per site, bad input is refused with 400 and a
// clear message, every change is audit-logged, and the public GetSiteSettings carries it to the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeGet, makeTestApp, ORIGIN_A, ORIGIN_B, type FixtureIds, type TestApp } from './helpers';
import { Session } from './session-client';
import type { KioskSettings, SiteSettings } from '../../contract/api';

let t: TestApp<FixtureIds>;
let admin: Session;
const kioskOf = async (origin: string) => ((await homeGet(t.app, 'GetSiteSettings', origin)).json() as SiteSettings).kiosk;
const putKiosk = (body: unknown, s = admin, site = t.seeded.siteA) => s.send('PUT', `/Api/Admin/Sites/${site}/Sections/kiosk`, body);

beforeAll(async () => {
  t = await makeTestApp(undefined, { adminPassword: 'kiosk admin password' });
  admin = new Session(t.app);
  expect((await admin.send('POST', '/Api/Admin/Login', { username: 'admin', password: 'kiosk admin password' })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('kiosk setting', () => {
  it('is off by default and the public settings say so', async () => {
    const kiosk = await kioskOf(ORIGIN_A);
    expect(kiosk).toMatchObject({ enabled: false, featuredIssueIds: [], featuredIssues: [] });
    expect(kiosk.idleSeconds).toBeGreaterThanOrEqual(3);
  });

  it('without chosen issues features the site’s newest issues, with their pages', async () => {
    expect((await putKiosk({ enabled: true, idleSeconds: 90, featuredIssueIds: [] })).statusCode).toBe(200);
    const kiosk: KioskSettings = await kioskOf(ORIGIN_A);
    expect(kiosk.enabled).toBe(true);
    expect(kiosk.idleSeconds).toBe(90);
    expect(kiosk.featuredBy).toBe('newest');
    // Site A shows Evening Star, Omaha Daily Bee and Zephyr News: its newest issues are Zephyr's two and the Star's 1920.
    expect(kiosk.featuredIssueIds).toEqual(['sn00000005-1932-05-05-ed1', 'sn00000005-1931-05-05-ed1', 'sn83045462-1920-01-02-ed1']);
    expect(kiosk.featuredIssues[2]).toMatchObject({ title: 'Evening Star', date: '1920-01-02', pageIds: ['sn83045462-1920-01-02-ed1-seq1'] });
    // The other site is untouched.
    expect((await kioskOf(ORIGIN_B)).enabled).toBe(false);
  });

  it('keeps the issues staff chose, in their order, and audits the change', async () => {
    const chosen = ['sn99021999-1887-03-03-ed1', 'sn83045462-1859-02-21-ed1'];
    const res = await putKiosk({ enabled: true, idleSeconds: 45, featuredIssueIds: chosen });
    expect(res.statusCode).toBe(200);
    const kiosk = await kioskOf(ORIGIN_A);
    expect(kiosk.featuredBy).toBe('staff');
    expect(kiosk.featuredIssueIds).toEqual(chosen);
    expect(kiosk.featuredIssues[0].pageIds).toEqual(['sn99021999-1887-03-03-ed1-seq1', 'sn99021999-1887-03-03-ed1-seq2']);
    const audit = (await admin.send('GET', '/Api/Admin/Audit')).json() as { action: string; target: string; detail: Record<string, unknown> }[];
    const entry = audit.find((e) => e.action === 'site.section' && e.target === 'chronicle/kiosk');
    expect(entry?.detail).toMatchObject({ enabled: true, idleSeconds: 45, featuredIssueIds: chosen });
  });

  it.each([
    [{ enabled: true, idleSeconds: 2, featuredIssueIds: [] }, /Idle time must be a whole number of seconds from 3 to 3600/],
    [{ enabled: true, idleSeconds: 86_400, featuredIssueIds: [] }, /from 3 to 3600/],
    [{ enabled: true, idleSeconds: 12.5, featuredIssueIds: [] }, /whole number of seconds/],
    [{ enabled: true, idleSeconds: '60', featuredIssueIds: [] }, /whole number of seconds/],
    [{ enabled: 'yes', idleSeconds: 60, featuredIssueIds: [] }, /enabled/],
    [{ enabled: true, idleSeconds: 60, featuredIssueIds: ['<script>alert(1)</script>'] }, /An issue id has letters, digits/],
    [{ enabled: true, idleSeconds: 60, featuredIssueIds: Array.from({ length: 13 }, (_, i) => `x${i}`) }, /at most 12 featured issues/],
    [{ enabled: true, idleSeconds: 60, featuredIssueIds: [], extra: 1 }, /extra/],
    [{ enabled: true, idleSeconds: 60, featuredIssueIds: ['sn00000003-1910-10-10-ed1'] }, /Not an issue of this site: sn00000003-1910-10-10-ed1/],
    [{ enabled: true, idleSeconds: 60, featuredIssueIds: ['sn00000001-1800-01-01-ed1'] }, /Not an issue of this site/],
    [null, /./],
  ])('refuses %j with a 400 and a clear message', async (body, message) => {
    const before = await kioskOf(ORIGIN_A);
    const res = await putKiosk(body);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toMatch(message);
    expect(await kioskOf(ORIGIN_A)).toEqual(before);
  });

  it('is changed by admins only', async () => {
    await admin.send('POST', '/Api/Admin/Users', { username: 'kiosk-editor', password: 'an editor password', role: 'editor' });
    const editor = new Session(t.app);
    await editor.send('POST', '/Api/Admin/Login', { username: 'kiosk-editor', password: 'an editor password' });
    expect((await putKiosk({ enabled: false, idleSeconds: 60, featuredIssueIds: [] }, editor)).statusCode).toBe(403);
  });
});
