// Issue #14: property-based fuzzing of every route the app registers (taken from its own route table, so a
// new route is fuzzed without editing this file). Thousands of generated requests with hostile paths,
// queries and bodies, anonymous and signed in as admin; none may answer 5xx, and the server must still
// answer afterwards. Issue #34: none may take longer than a (generous) time budget either: expensive
// search patterns, query strings with slashes on every route, IIIF upscales. A 503 with Retry-After from
// an overloaded queue is an answer, not a failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import sharp from 'sharp';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { fuzzTarget, type FuzzTarget } from './fuzz/fixture';
import { materialise, requestArb, type FuzzRequest } from './fuzz/requests';
import { RAW_QUERIES, SEARCH_STRINGS } from './fuzz/hostile';

/** Requests per run; at ~2 ms each (image requests more) this stays well under a minute on 2 cores. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
/** Longest any one answer may take: generous, so a loaded test machine does not make it flaky. */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 2000);

/** Fails on a 5xx (but a 503 with Retry-After) and on an answer slower than the budget. */
function judge(what: string, res: LightMyRequestResponse, ms: number) {
  const busy = res.statusCode === 503 && Number(res.headers['retry-after']) > 0;
  if (res.statusCode >= 500 && !busy) throw new Error(`${res.statusCode} for ${what}: ${res.body.slice(0, 300)}`);
  if (ms > BUDGET_MS) throw new Error(`${Math.round(ms)} ms (budget ${BUDGET_MS} ms) for ${what}`);
}

let f: FuzzTarget;
beforeAll(async () => {
  f = await fuzzTarget();
});
afterAll(async () => f?.t.close());

describe('route fuzzing', () => {
  it('covers every route in the route table, admin and public', () => {
    const urls = new Set(f.t.app.routeTable.map((r) => r.url));
    for (const u of ['/Api/Admin/Users/:id', '/Api/Search', '/iiif/3/:id/:region/:size/:rotation/:qf', '/Api/Viewer/Clip', '/media/*', '/clipsocialsharing'])
      expect(urls).toContain(u);
  });

  it(`answers ${RUNS} hostile requests without a 5xx`, async () => {
    const routes = f.t.app.routeTable;
    const seen = new Set<string>();
    let imagesServed = 0;
    await fc.assert(
      fc.asyncProperty(requestArb(routes, f.real), async (r) => {
        const m = materialise(r, f.xsrf, r.who === 'admin' ? await f.adminCookie() : undefined);
        const started = performance.now();
        const res = await f.t.app.inject({ ...m, method: m.method as InjectOptions['method'] });
        seen.add(r.route.url);
        if (res.statusCode < 300 && r.route.url.startsWith('/iiif/3/:id/')) imagesServed++;
        judge(`${r.who} ${m.method} ${m.url.slice(0, 300)} body ${String(m.payload).slice(0, 300)}`, res, performance.now() - started);
      }),
      { numRuns: RUNS, endOnFailure: false },
    );
    // Every route was reached (a route the generator never hits is not being fuzzed)...
    expect([...new Set(routes.map((r) => r.url))].filter((u) => !seen.has(u))).toEqual([]);
    // ...and the image pipeline really ran on edge values, not only the parameter checks.
    expect(imagesServed).toBeGreaterThan(0);
  }, 120_000);

  /** One request as the admin would send it (XSRF token, fresh session), judged like the fuzzed ones. */
  async function send(route: { url: string; method: string }, params: string[], rawQuery = '', query: [string, string][] = []) {
    const r = { route, who: 'admin', params, query, body: {}, contentType: 'application/json', rawBody: false, rawQuery } as unknown as FuzzRequest;
    const m = materialise(r, f.xsrf, await f.adminCookie());
    const started = performance.now();
    const res = await f.t.app.inject({ ...m, method: m.method as InjectOptions['method'] });
    judge(`${m.method} ${m.url.slice(0, 300)}`, res, performance.now() - started);
    return res;
  }

  it('answers every route with a query string holding slashes', async () => {
    const values = [f.real[0], 'full', 'max', '0', 'default.jpg'];
    for (const route of f.t.app.routeTable) for (const q of RAW_QUERIES) await send(route, values, q);
    // The IIIF routes that measured 500 (issue #34) now answer as without the query.
    expect((await send({ url: '/iiif/3/:id/info.json', method: 'GET' }, values, 'a=/b/c')).statusCode).toBe(200);
    expect((await send({ url: '/iiif/3/:id', method: 'GET' }, values, 'x=/a/b/c/')).statusCode).toBe(303);
  }, 120_000);

  it('answers expensive search patterns on every search route within the budget', async () => {
    const searchRoutes = f.t.app.routeTable.filter((r) => r.method === 'GET' && /search|autocomplete|feed|opensearch|Viewer\/Page\/:uid$/i.test(r.url));
    expect(searchRoutes.map((r) => r.url)).toContain('/Api/Search');
    const issue = f.real[3];
    for (const route of searchRoutes)
      for (const pattern of SEARCH_STRINGS)
        for (const key of ['k', 'e', 'o', 'q']) await send(route, [route.url.includes(':issue') ? issue : f.real[0]], '', [[key, pattern]]);
  }, 300_000);

  it('answers IIIF upscales within the budget, never larger than info.json allows', async () => {
    const page = f.real[0];
    const info = (await f.t.app.inject({ url: `/iiif/3/${page}/info.json` })).json();
    expect(info.maxArea).toBeGreaterThan(0);
    for (const [region, size, rotation, qf] of [
      ['0,0,1,1', '^max', '0', 'default.png'],
      ['17,0,8,8', '^max', '90', 'default.png'],
      ['999,1399,1,1', '^max', '!270', 'gray.webp'],
      ['full', '^max', '!0', 'default.png'],
      ['square', '^max', '180', 'bitonal.png'],
      ['0,0,1,1', '^!65535,65535', '0', 'default.jpg'],
      ['0,0,1,1', '^10000,10000', '0', 'default.jpg'],
      ['0,0,1,1', '^pct:100000', '0', 'default.jpg'],
    ]) {
      const res = await send({ url: '/iiif/3/:id/:region/:size/:rotation/:qf', method: 'GET' }, [page, region, size, rotation, qf]);
      expect([200, 400, 503]).toContain(res.statusCode);
      if (res.statusCode === 200) {
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.width! * meta.height!).toBeLessThanOrEqual(info.maxArea);
      }
    }
  }, 60_000);

  it('still answers afterwards, public and admin', async () => {
    expect((await f.t.app.inject({ url: '/Api/Site/Directory' })).statusCode).toBe(200);
    const me = await f.t.app.inject({ url: '/Api/Admin/Me', cookies: { archive_session: await f.adminCookie() } });
    expect(me.statusCode).toBe(200);
    expect((await f.t.app.inject({ url: '/Api/Search?k=page' })).statusCode).toBe(200);
  });
});
