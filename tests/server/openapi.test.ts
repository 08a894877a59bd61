// /Api/openapi.json: a valid OpenAPI 3.1 document (checked by a maintained validator), made from the
// route registry, that describes every public /Api route the app serves: a route added without declaring
// its schemas fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { declaredRoutes, PRIVATE_PREFIXES } from '../../server/routes/api-registry';
import { openApiPath } from '../../server/routes/openapi-document';
import { makeTestApp, ORIGIN_A, type TestApp } from './helpers';

let t: TestApp<unknown>;
let doc: {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { parameters: { name: string; in: string; required: boolean }[]; requestBody?: unknown }>>;
};

beforeAll(async () => {
  t = await makeTestApp();
  const res = await t.app.inject({ url: '/Api/openapi.json', headers: { host: '127.0.0.1:8080' } });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t?.close());

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.servers).toEqual([{ url: ORIGIN_A }]);
  });

  it('describes every public /Api route the app serves, and nothing it does not', () => {
    const served = t.app.routeTable
      .filter((r) => METHODS.has(r.method) && r.url.startsWith('/Api/') && !PRIVATE_PREFIXES.some((p) => r.url.startsWith(p)))
      .map((r) => `${r.method} ${openApiPath(r.url)}`)
      .sort();
    const described = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(served.length).toBeGreaterThan(10);
    expect(described).toEqual(served);
  });

  it('includes the Home API of the spec with its parameters', () => {
    for (const name of ['GetSiteTheme', 'GetSiteSettings', 'GetHomePageSettings', 'GetBanner', 'getDetail', 'SelectTitleDecade']) {
      const op = doc.paths[`/Api/Home/${name}`]?.get;
      expect(op, name).toBeDefined();
      expect(op.parameters.find((p) => p.name === 'url')).toMatchObject({ in: 'query', required: true });
    }
    const params = doc.paths['/Api/Home/SelectTitleDecade'].get.parameters.map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['titleIds', 'decades', 'collectionIds', 'solrType']));
    expect(doc.paths['/Api/Site/Contact'].post.requestBody).toBeDefined();
    expect(doc.paths['/Api/Viewer/Page/{uid}'].get.parameters).toContainEqual(expect.objectContaining({ name: 'uid', in: 'path', required: true }));
  });

  it('is made from the very schemas the routes validate with', async () => {
    // The registry's Home schema rejects what the route rejects, with the same message.
    const theme = declaredRoutes().find((r) => r.path === '/Api/Home/GetSiteTheme')!;
    const direct = theme.query!.safeParse({});
    const res = await t.app.inject({ url: '/Api/Home/GetSiteTheme' });
    expect(res.statusCode).toBe(400);
    expect(direct.success).toBe(false);
    expect(res.json().error).toBe(direct.error!.issues[0].message);
  });

  it("every route's example request answers one of the statuses its entry declares", async () => {
    const examples = declaredRoutes().filter((r) => r.example);
    expect(examples.length).toBeGreaterThan(10);
    for (const route of examples) {
      const res = await t.app.inject({ method: route.method, url: route.example!, headers: { host: '127.0.0.1:8080' } });
      expect(Object.keys(route.responses), `${route.example} answered ${res.statusCode}`).toContain(String(res.statusCode));
    }
  });
});
