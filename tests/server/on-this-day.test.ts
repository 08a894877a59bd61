// The home screen's "On this day" block (issue #36) is a site setting, on both engines: off by default so the
// spec's home stays exact, validated when the admin saves it, switched on per site, and once on the home's
// lazy request (front pages of a month and day across the years, "100 years ago today") has its data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store } from '../../server/store/types';
import type { SiteSettings } from '../../contract/api';
import type { FrontPagesResponse } from '../../contract/runs';
import { createDatabase } from '../support/pg-cluster';
import { ORIGIN_A, ORIGIN_B, homeGet, seedFixture, type FixtureIds } from './helpers';

type Engine = 'sqlite' | 'postgres';
const ENGINES: Engine[] = ['sqlite', 'postgres'];
interface Running {
  app: FastifyInstance;
  store: Store;
  ids: FixtureIds;
  dataDir: string;
  cookies: Record<string, string>;
}
const apps = {} as Record<Engine, Running>;

async function start(engine: Engine) {
  const dataDir = mkdtempSync(join(tmpdir(), `on-this-day-${engine}-`));
  const store = engine === 'sqlite' ? createSqliteStore(':memory:') : await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  const ids = await seedFixture(store);
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), DEMO: '0', ADMIN_PASSWORD: 'on this day admin pw' }),
    store,
  );
  await app.ready();
  const r: Running = { app, store, ids, dataDir, cookies: {} };
  const absorb = (res: { cookies: Array<{ name: string; value: string }> }) => {
    for (const c of res.cookies) r.cookies[c.name] = c.value;
  };
  absorb(await app.inject({ method: 'GET', url: `/Api/Home/GetSiteTheme?url=${ORIGIN_A}` }));
  const login = await app.inject({
    method: 'POST',
    url: '/Api/Admin/Login',
    payload: { username: 'admin', password: 'on this day admin pw' },
    headers: { 'x-xsrf-token': r.cookies['XSRF-TOKEN'] },
    cookies: r.cookies,
  });
  expect(login.statusCode, login.body).toBe(200);
  absorb(login);
  apps[engine] = r;
}

beforeAll(async () => {
  await Promise.all(ENGINES.map(start));
}, 120_000);
afterAll(async () => {
  for (const e of Object.values(apps)) {
    await e.app.close();
    await e.store.close();
    rmSync(e.dataDir, { recursive: true, force: true });
  }
});

const settingsOf = async (engine: Engine, origin: string) => (await homeGet(apps[engine].app, 'GetSiteSettings', origin)).json() as SiteSettings;
const admin = (engine: Engine, method: 'GET' | 'PUT', url: string, payload?: object) => {
  const r = apps[engine];
  return r.app.inject({ method, url, payload, headers: { 'x-xsrf-token': r.cookies['XSRF-TOKEN'] }, cookies: r.cookies });
};
/** What the admin's settings form sends: the whole section as loaded, with one field changed. */
async function saveSettings(engine: Engine, change: Record<string, unknown>) {
  const siteId = apps[engine].ids.siteB;
  const sections = (await admin(engine, 'GET', `/Api/Admin/Sites/${siteId}/Sections`)).json() as { settings: Record<string, unknown> };
  return admin(engine, 'PUT', `/Api/Admin/Sites/${siteId}/Sections/settings`, { ...sections.settings, ...change });
}

describe.each(ENGINES)('%s: the "On this day" home block setting', (engine) => {
  it('is off by default on every site, and the admin form loads it as off', async () => {
    expect((await settingsOf(engine, ORIGIN_A)).onThisDay).toBe(false);
    expect((await settingsOf(engine, ORIGIN_B)).onThisDay).toBe(false);
    const sections = (await admin(engine, 'GET', `/Api/Admin/Sites/${apps[engine].ids.siteB}/Sections`)).json() as { settings: Record<string, unknown> };
    expect(sections.settings.ShowOnThisDayInHome).toBe(false);
  });

  it('refuses a value that is not true or false with a 400 naming the field', async () => {
    const res = await saveSettings(engine, { ShowOnThisDayInHome: 'yes' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toMatch(/ShowOnThisDayInHome: must be true or false/);
    expect((await settingsOf(engine, ORIGIN_B)).onThisDay).toBe(false);
  });

  it('switched on for one site shows there only, and the block’s request has the day’s front pages; off again hides it', async () => {
    expect((await saveSettings(engine, { ShowOnThisDayInHome: true })).statusCode).toBe(200);
    expect((await settingsOf(engine, ORIGIN_B)).onThisDay).toBe(true);
    expect((await settingsOf(engine, ORIGIN_A)).onThisDay).toBe(false);

    // What the block asks for on May 5, 2015: that day in every year site B holds, a hundred years ago named.
    const res = await apps[engine].app.inject({ method: 'GET', url: '/Api/FrontPages?monthDay=05-05&year=2015', headers: { host: 'localhost:8080' } });
    const body = res.json() as FrontPagesResponse;
    expect(body.pages.map((p) => [p.title, p.date])).toEqual([['The Prairie Gazette', '1915-05-05']]);
    expect(body.hundredYearsAgo).toBe('1915-05-05');

    expect((await saveSettings(engine, { ShowOnThisDayInHome: false })).statusCode).toBe(200);
    expect((await settingsOf(engine, ORIGIN_B)).onThisDay).toBe(false);
  });
});
