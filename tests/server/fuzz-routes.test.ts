// Issue #14: property-based fuzzing of every route the app registers (taken from its own route table, so a
// new route is fuzzed without editing this file). Thousands of generated requests with hostile paths,
// queries and bodies, anonymous and signed in as admin; none may answer 5xx, and the server must still
// answer afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { fuzzTarget, type FuzzTarget } from './fuzz/fixture';
import { materialise, requestArb } from './fuzz/requests';

/** Requests per run; at ~2 ms each (image requests more) this stays well under a minute on 2 cores. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);

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
        const res = await f.t.app.inject({ ...m, method: m.method as InjectOptions['method'] });
        seen.add(r.route.url);
        if (res.statusCode < 300 && r.route.url.startsWith('/iiif/3/:id/')) imagesServed++;
        if (res.statusCode >= 500) {
          throw new Error(
            `${res.statusCode} for ${r.who} ${m.method} ${m.url.slice(0, 300)} body ${String(m.payload).slice(0, 300)}: ${res.body.slice(0, 300)}`,
          );
        }
      }),
      { numRuns: RUNS, endOnFailure: false },
    );
    // Every route was reached (a route the generator never hits is not being fuzzed)...
    expect([...new Set(routes.map((r) => r.url))].filter((u) => !seen.has(u))).toEqual([]);
    // ...and the image pipeline really ran on edge values, not only the parameter checks.
    expect(imagesServed).toBeGreaterThan(0);
  }, 120_000);

  it('still answers afterwards, public and admin', async () => {
    expect((await f.t.app.inject({ url: '/Api/Site/Directory' })).statusCode).toBe(200);
    const me = await f.t.app.inject({ url: '/Api/Admin/Me', cookies: { archive_session: await f.adminCookie() } });
    expect(me.statusCode).toBe(200);
    expect((await f.t.app.inject({ url: '/Api/Search?k=page' })).statusCode).toBe(200);
  });
});
