// The admin screens read the admin API's answers through contract/admin.ts. These tests fail when the server's
// rows and the contract drift apart: at typecheck (row types) and at run time (what the real routes send).
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import type { AuditRow, BatchRow, JobRow, SiteRow, Store, UserRow } from '../../server/store/types';
import type { AdminAuditEntry, AdminBatch, AdminJob, AdminMe, AdminMessage, AdminSite, AdminUser } from '../../contract/admin';

// Every key of each answer, checked against the contract by the compiler (a missing or extra key fails typecheck).
const ME: Record<keyof AdminMe, true> = { username: true, role: true };
const USER: Record<keyof AdminUser, true> = { id: true, username: true, role: true, failedCount: true, createdAt: true, lastLoginAt: true };
const SITE: Record<keyof AdminSite, true> = { id: true, slug: true, name: true, isDefault: true, origins: true, updatedAt: true };
const AUDIT: Record<keyof AdminAuditEntry, true> = { id: true, at: true, userId: true, username: true, action: true, target: true, detail: true, ip: true };
const keys = (o: object) => Object.keys(o).sort();

describe('admin answers match contract/admin.ts', () => {
  it('the store rows the routes send have the contract shapes', () => {
    expectTypeOf<UserRow>().toEqualTypeOf<AdminUser>();
    expectTypeOf<SiteRow>().toEqualTypeOf<AdminSite>();
    expectTypeOf<AuditRow>().toEqualTypeOf<AdminAuditEntry>();
    expectTypeOf<JobRow>().toEqualTypeOf<AdminJob>();
    expectTypeOf<BatchRow>().toEqualTypeOf<AdminBatch>();
    expectTypeOf<Awaited<ReturnType<Store['contact']['list']>>[number]>().toEqualTypeOf<AdminMessage>();
  });

  let app: FastifyInstance;
  let store: Store;
  const cookies: Record<string, string> = {};
  const absorb = <T extends { cookies: Array<{ name: string; value: string }> }>(res: T): T => {
    for (const c of res.cookies) cookies[c.name] = c.value;
    return res;
  };
  const get = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: `/Api/Admin/${path}`, cookies });
    expect(res.statusCode, path).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-contract-'));
    store = createSqliteStore(dataDir);
    await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['127.0.0.1'] });
    app = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir: join(dataDir, 'no-dist'), adminPassword: 'contract admin pw' }, store);
    await app.ready();
    absorb(await app.inject({ method: 'GET', url: '/Api/Home/GetSiteTheme?url=http://127.0.0.1' }));
    const login = absorb(
      await app.inject({
        method: 'POST',
        url: '/Api/Admin/Login',
        payload: { username: 'admin', password: 'contract admin pw' },
        headers: { 'x-xsrf-token': cookies['XSRF-TOKEN'] },
        cookies,
      }),
    );
    expect(login.statusCode).toBe(200);
    expect(keys(login.json())).toEqual(keys(ME));
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it('Me, Users, Sites and Audit send exactly the contract keys', async () => {
    expect(keys(await get('Me'))).toEqual(keys(ME));
    const [user] = await get('Users');
    expect(keys(user)).toEqual(keys(USER));
    const [site] = await get('Sites');
    expect(keys(site)).toEqual(keys(SITE));
    const [entry] = await get('Audit');
    expect(entry, 'the sign-in is audited').toBeDefined();
    expect(keys(entry)).toEqual(keys(AUDIT));
  });
});
