// Admin rules that moved out of the routes (issue #15): last-admin protection, and site writes bumping the
// data version exactly once, done by the store itself on both engines (no route bumps it again).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store } from '../../server/store/types';
import { assertDeleteKeepsAnAdmin, assertRoleChangeKeepsAnAdmin, LAST_ADMIN_DELETE, LAST_ADMIN_DEMOTE } from '../../server/admin/last-admin';
import { createDatabase } from '../support/pg-cluster';
import { makeTestApp, type TestApp } from './helpers';
import { signedInAdmin, type Session } from './session-client';

describe('last-admin protection', () => {
  let store: Store;
  beforeAll(() => {
    store = createSqliteStore(':memory:');
  });
  afterAll(async () => store.close());

  it('refuses to demote or delete the only admin, and allows it once there is another', async () => {
    const only = await store.admin.createUser('root', 'scrypt$x', 'admin');
    const editor = await store.admin.createUser('ed', 'scrypt$x', 'editor');
    await expect(assertRoleChangeKeepsAnAdmin(store, only, 'editor')).rejects.toThrow(LAST_ADMIN_DEMOTE);
    await expect(assertDeleteKeepsAnAdmin(store, only)).rejects.toThrow(LAST_ADMIN_DELETE);
    await expect(assertRoleChangeKeepsAnAdmin(store, only, 'admin')).resolves.toBeUndefined();
    await expect(assertDeleteKeepsAnAdmin(store, editor)).resolves.toBeUndefined();
    await store.admin.createUser('second', 'scrypt$x', 'admin');
    await expect(assertRoleChangeKeepsAnAdmin(store, only, 'editor')).resolves.toBeUndefined();
    await expect(assertDeleteKeepsAnAdmin(store, only)).resolves.toBeUndefined();
  });

  it('answers the API with the spec message', async () => {
    const t = await makeTestApp(async () => undefined, { adminPassword: 'only admin password' });
    try {
      const admin = await signedInAdmin(t.app, 'only admin password');
      const me = (await t.store.admin.userByName('admin'))!;
      const res = await admin.send('PUT', `/Api/Admin/Users/${me.id}`, { role: 'editor' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(LAST_ADMIN_DEMOTE);
    } finally {
      await t.close();
    }
  });
});

describe.each(['sqlite', 'postgres'] as const)('site writes bump the data version once (%s)', (engine) => {
  let store: Store;
  beforeAll(async () => {
    store = engine === 'sqlite' ? createSqliteStore(':memory:') : await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  });
  afterAll(async () => store?.close());

  it('create, update, putSection, setTitleIds and remove each add exactly one', async () => {
    const steps: Array<[string, () => Promise<unknown>]> = [];
    let id = 0;
    steps.push(['create', async () => (id = (await store.sites.create({ slug: 's', name: 'S', origins: ['s.example'] })).id)]);
    steps.push(['update', () => store.sites.update(id, { name: 'S2' })]);
    steps.push(['putSection', () => store.sites.putSection(id, 'settings', { SiteTitle: 'S' })]);
    steps.push(['setTitleIds', () => store.sites.setTitleIds(id, [])]);
    steps.push(['remove', () => store.sites.remove(id)]);
    for (const [name, step] of steps) {
      const before = await store.meta.dataVersion();
      await step();
      expect(await store.meta.dataVersion(), name).toBe(before + 1);
    }
  });
});

describe('admin site routes leave the bump to the store', () => {
  let t: TestApp<unknown>;
  let admin: Session;
  beforeAll(async () => {
    t = await makeTestApp(async () => undefined, { adminPassword: 'version admin password' });
    admin = await signedInAdmin(t.app, 'version admin password');
  });
  afterAll(async () => t?.close());

  it('each site write through the API moves the version by one', async () => {
    const v = () => t.store.meta.dataVersion();
    let before = await v();
    const site = (await admin.send('POST', '/Api/Admin/Sites', { slug: 'v', name: 'V', origins: ['v.example'] })).json();
    expect(await v()).toBe(before + 1);
    const { banner } = (await admin.send('GET', `/Api/Admin/Sites/${site.id}/Sections`)).json();
    const writes: Array<[string, string, unknown]> = [
      ['PUT', `/Api/Admin/Sites/${site.id}`, { name: 'V2' }],
      ['PUT', `/Api/Admin/Sites/${site.id}/Sections/banner`, banner],
      ['PUT', `/Api/Admin/Sites/${site.id}/Titles`, { titleIds: [] }],
      ['DELETE', `/Api/Admin/Sites/${site.id}`, undefined],
    ];
    for (const [method, url, body] of writes) {
      before = await v();
      const res = await admin.send(method as 'PUT', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      expect(await v(), `${method} ${url}`).toBe(before + 1);
    }
  });
});
