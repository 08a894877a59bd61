// Issue #14: property-based fuzzing of every route the app registers (taken from its own route table, so a
// new route is fuzzed without editing this file). Thousands of generated requests with hostile paths,
// queries and bodies, anonymous and signed in as admin; none may answer 5xx, and the server must still
// answer afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { makeTestApp, tempDir, type FixtureIds, type TestApp } from './helpers';
import { IIIF_STRINGS, NASTY_STRINGS, encodePart, jsonValue, scalar } from './fuzz/hostile';
import { tokenHash } from '../../server/admin/auth';
import type { RouteEntry } from '../../server/plugins/route-table';
import type { SqliteStore } from '../../server/store/sqlite';

/** Requests per run; at ~2-6 ms each this stays well under a minute on a 2-core machine. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);

const BODY_FIELDS = [
  'username', 'password', 'role', 'slug', 'name', 'isDefault', 'origins', 'titleIds', 'sourcePath', 'marcPath', 'kind',
  'caption', 'pageUid', 'x', 'y', 'w', 'h', 'url', 'email', 'subject', 'message', 'current', 'next',
  'Status', 'BannerHeading', 'BannerContent', 'header', 'footer', 'MenuLink', 'MenuText', 'SiteTitle', 'PrimaryColor',
];
const QUERY_KEYS = ['url', 'q', 'k', 'e', 'o', 'n', 'ord', 'm', 'd', 'co', 'st', 'ci', 't', 'ti', 'bdd', 'by', 'p', 'page', 'sort', 'clip', 'exact', 'download', 'titleIds', 'decades', 'solrType', 'ts'];
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zz', 'application/xml', ''];

let t: TestApp<FixtureIds>;
let adminId = 0;
let xsrf = '';
let real: string[] = [];

beforeAll(async () => {
  const dist = tempDir('archive-fuzz-dist-');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Archive</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  t = await makeTestApp(undefined, { adminPassword: 'fuzzing admin password', distDir: dist });
  adminId = (await t.store.admin.userByName('admin'))!.id;
  // A real scan behind the fixture's first pages, so IIIF edge values reach the image pipeline.
  mkdirSync(join(t.dataDir, 'images'), { recursive: true });
  await sharp({ create: { width: 1000, height: 1400, channels: 3, background: '#c0c0c0' } }).greyscale().tiff().toFile(join(t.dataDir, 'images', 'p1.tif'));
  const db = (t.store as SqliteStore).db;
  const pages = db.prepare('SELECT uid FROM pages LIMIT 3').pluck().all() as string[];
  const issues = db.prepare('SELECT uid FROM issues LIMIT 2').pluck().all() as string[];
  const clip = await t.store.viewer.createClip({ pageUid: pages[0], x: 1, y: 1, w: 20, h: 20, caption: 'c' });
  real = [...pages, ...issues, clip!.id, '1', '2', 'banner', 'settings', 'menus', 'pdf', 'alto', 'text', 'admin', 'sn83045462', 'http://127.0.0.1:8080', '1850', 'full', 'max', '0', 'default.jpg'];
  const res = await t.app.inject({ url: '/Api/Site/Directory' });
  xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
});
afterAll(async () => t?.close());

/** A fresh admin session straight in the store: fuzzed requests may end sessions (password changes). */
async function adminCookie(): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await t.store.admin.createSession(tokenHash(token), adminId, new Date(Date.now() + 3600_000).toISOString());
  return token;
}

/** Fills a route pattern's parameters (":id", "*") with generated path segments. */
function pathFor(url: string, values: string[]): string {
  let i = 0;
  const next = () => encodePart(values[i++ % values.length] ?? '');
  return url
    .replace(/:[A-Za-z_]+/g, () => next())
    .replace(/\*/g, () => values.slice(0, 3).map(encodePart).join('/'));
}

/**
 * A real folder given to POST /Api/Admin/Jobs starts a real ingest of it: an admin's legitimate action, not
 * a fuzz target (".", "/" and ".." are all folders). Such values are swapped for a missing folder.
 */
function noRealFolders(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out = { ...(body as Record<string, unknown>) };
  for (const k of ['sourcePath', 'marcPath']) {
    const v = out[k];
    if (typeof v === 'string' && v.trim() && existsSync(resolve(v.trim())) && statSync(resolve(v.trim())).isDirectory()) out[k] = 'no-such-folder';
  }
  return out;
}

function requestArb(routes: RouteEntry[]) {
  const s = scalar(real);
  const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...BODY_FIELDS) }, { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) });
  const body = fc.oneof(
    { weight: 5, arbitrary: fc.dictionary(fieldName, jsonValue(real), { maxKeys: 8 }) },
    { weight: 1, arbitrary: jsonValue(real) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', '{"__proto__":{"isAdmin":true}}', `{"caption":"${'x'.repeat(200_000)}"}`, '\u0000') },
  );
  return fc.record({
    route: fc.constantFrom(...routes),
    who: fc.constantFrom('anonymous', 'admin', 'no-xsrf'),
    params: fc.oneof(
      fc.array(s, { minLength: 1, maxLength: 6 }),
      // Shaped like an image request (a real page, then region/size/rotation/quality.format edge values).
      fc.tuple(fc.constantFrom(...real.slice(0, 3)), ...Array.from({ length: 4 }, () => fc.constantFrom(...IIIF_STRINGS))),
    ),
    query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), s), s), { maxLength: 5 }),
    body,
    contentType: fc.constantFrom(...CONTENT_TYPES),
    rawBody: fc.boolean(),
  });
}

describe('route fuzzing', () => {
  it('covers every route in the route table, admin and public', () => {
    const urls = new Set(t.app.routeTable.map((r) => r.url));
    for (const u of ['/Api/Admin/Users/:id', '/Api/Search', '/iiif/3/:id/:region/:size/:rotation/:qf', '/Api/Viewer/Clip', '/media/*', '/clipsocialsharing']) expect(urls).toContain(u);
  });

  it(`answers ${RUNS} hostile requests without a 5xx`, async () => {
    const routes = t.app.routeTable;
    const seen = new Map<string, number>();
    let imagesServed = 0;
    await fc.assert(
      fc.asyncProperty(requestArb(routes), async (r) => {
        const url = pathFor(r.route.url, r.params);
        const qs = r.query.map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`).join('&');
        const opts: InjectOptions = { method: r.route.method as InjectOptions['method'], url: qs ? `${url}?${qs}` : url, headers: {}, cookies: { 'XSRF-TOKEN': xsrf } };
        if (r.who !== 'no-xsrf') opts.headers!['x-xsrf-token'] = xsrf;
        if (r.who === 'admin') opts.cookies!.archive_session = await adminCookie();
        if (!['GET', 'HEAD', 'OPTIONS'].includes(r.route.method)) {
          const b = noRealFolders(r.body);
          opts.payload = typeof b === 'string' && r.rawBody ? b : JSON.stringify(b ?? null);
          if (r.contentType) opts.headers!['content-type'] = r.contentType;
        }
        const res = await t.app.inject(opts);
        seen.set(r.route.url, (seen.get(r.route.url) ?? 0) + 1);
        if (res.statusCode < 300 && r.route.url.startsWith('/iiif/3/:id/')) imagesServed++;
        if (res.statusCode >= 500) {
          throw new Error(`${res.statusCode} for ${r.who} ${opts.method} ${opts.url.slice(0, 300)} body ${String(opts.payload).slice(0, 300)}: ${res.body.slice(0, 300)}`);
        }
      }),
      { numRuns: RUNS, endOnFailure: false },
    );
    // Every route was reached (a route the generator never hits is not being fuzzed).
    expect([...new Set(routes.map((r) => r.url))].filter((u) => !seen.has(u))).toEqual([]);
    // And the image pipeline really ran on edge values, not only the parameter checks.
    expect(imagesServed).toBeGreaterThan(0);
  }, 120_000);

  it('still answers afterwards, public and admin', async () => {
    expect((await t.app.inject({ url: '/Api/Site/Directory' })).statusCode).toBe(200);
    const me = await t.app.inject({ url: '/Api/Admin/Me', cookies: { archive_session: await adminCookie() } });
    expect(me.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/Api/Search?k=page' })).statusCode).toBe(200);
  });
});
