import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import type { Store } from '../../server/store';

const ADMIN_PASSWORD = 'correct horse battery';
let app: FastifyInstance;
let store: Store;

/** A browser-like client: keeps cookies and echoes XSRF-TOKEN in X-XSRF-TOKEN when asked to. */
class Client {
  cookies = new Map<string, string>();
  constructor(
    private readonly xsrf = true,
    private readonly ip = '127.0.0.1',
  ) {}
  private absorb(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && new Date(c.expires) < new Date())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  async req(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    if (!this.cookies.has('XSRF-TOKEN')) this.absorb(await app.inject({ method: 'GET', url: '/Api/Home/GetSiteTheme?url=http://127.0.0.1' }));
    const h: Record<string, string> = { ...headers };
    if (this.xsrf && method !== 'GET') h['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    return this.absorb(
      await app.inject({ method, url, payload: payload as object | undefined, headers: h, cookies: Object.fromEntries(this.cookies), remoteAddress: this.ip }),
    );
  }
  async signIn(username: string, password: string) {
    return this.req('POST', '/Api/Admin/Login', { username, password });
  }
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-auth-'));
  store = createSqliteStore(dataDir);
  await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['127.0.0.1'] });
  app = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir: join(dataDir, 'no-dist'), adminPassword: ADMIN_PASSWORD }, store);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await store.close();
});

const ADMIN_ROUTES: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
  ['GET', '/Api/Admin/Me'],
  ['GET', '/Api/Admin/Users'],
  ['POST', '/Api/Admin/Users', { username: 'x1', password: 'long enough password', role: 'editor' }],
  ['PUT', '/Api/Admin/Users/1', { role: 'admin' }],
  ['DELETE', '/Api/Admin/Users/99'],
  ['GET', '/Api/Admin/Sites'],
  ['POST', '/Api/Admin/Sites', { slug: 'x', name: 'X', origins: [] }],
  ['PUT', '/Api/Admin/Sites/1', { name: 'Y' }],
  ['DELETE', '/Api/Admin/Sites/1'],
  ['GET', '/Api/Admin/Sites/1/Sections'],
  ['PUT', '/Api/Admin/Sites/1/Sections/banner', {}],
  ['GET', '/Api/Admin/Sites/1/Titles'],
  ['PUT', '/Api/Admin/Sites/1/Titles', { titleIds: [] }],
  ['GET', '/Api/Admin/Titles'],
  ['GET', '/Api/Admin/Batches'],
  ['GET', '/Api/Admin/Jobs'],
  ['GET', '/Api/Admin/Jobs/1'],
  ['POST', '/Api/Admin/Jobs', { sourcePath: '/nonexistent' }],
  ['POST', '/Api/Admin/Jobs/1/Cancel'],
  ['GET', '/Api/Admin/Messages'],
  ['POST', '/Api/Admin/Messages/1/Read'],
  ['GET', '/Api/Admin/Audit'],
  ['POST', '/Api/Admin/Password', { current: 'a', next: 'bbbbbbbbbbbb' }],
];
const ADMIN_ONLY = new Set(['/Api/Admin/Users', '/Api/Admin/Users/1', '/Api/Admin/Users/99', '/Api/Admin/Audit', '/Api/Admin/Jobs/1/Cancel']);

describe('admin access control', () => {
  it('refuses every admin route without a session', async () => {
    const anon = new Client();
    for (const [method, url, body] of ADMIN_ROUTES) {
      const res = await anon.req(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error).toMatch(/sign in/i);
    }
  });

  it('refuses state-changing admin calls without the X-XSRF-TOKEN header, or with a wrong one', async () => {
    const c = new Client();
    expect((await c.signIn('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    const bare = new Client(false);
    bare.cookies = new Map(c.cookies);
    for (const [method, url, body] of ADMIN_ROUTES.filter(([m]) => m !== 'GET')) {
      const missing = await bare.req(method, url, body);
      expect(missing.statusCode, `${method} ${url}`).toBe(403);
      const wrong = await bare.req(method, url, body, { 'x-xsrf-token': 'not-the-cookie-value-at-all' });
      expect(wrong.statusCode, `${method} ${url}`).toBe(403);
    }
    // Signing in needs the header too.
    const noHeader = new Client(false);
    expect((await noHeader.signIn('admin', ADMIN_PASSWORD)).statusCode).toBe(403);
  });

  it('lets an editor change content but not accounts, sites or site configuration', async () => {
    const a = new Client();
    await a.signIn('admin', ADMIN_PASSWORD);
    const created = await a.req('POST', '/Api/Admin/Users', { username: 'editor1', password: 'an editor password', role: 'editor' });
    expect(created.statusCode).toBe(200);
    const e = new Client();
    expect((await e.signIn('editor1', 'an editor password')).json()).toEqual({ username: 'editor1', role: 'editor' });
    for (const [method, url, body] of ADMIN_ROUTES) {
      const res = await e.req(method, url, body);
      const siteConfig = url.startsWith('/Api/Admin/Sites') && method !== 'GET' && !url.includes('/Sections/');
      if (ADMIN_ONLY.has(url) || siteConfig || (url === '/Api/Admin/Jobs' && method === 'POST')) {
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      } else {
        expect(res.statusCode, `${method} ${url}`).not.toBe(403);
        expect(res.statusCode, `${method} ${url}`).not.toBe(401);
      }
    }
    expect((await e.req('PUT', '/Api/Admin/Sites/1/Sections/settings', {})).statusCode).toBe(403);
  });
});

describe('sign-in', () => {
  // Issue #14.3: five failures used to lock the account for everyone, the right password included.
  it('holds up the guessing address, not the account: the owner signs in from elsewhere', async () => {
    const a = new Client();
    await a.signIn('admin', ADMIN_PASSWORD);
    await a.req('POST', '/Api/Admin/Users', { username: 'victim', password: 'victim password 1', role: 'editor' });
    const attacker = new Client();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await attacker.signIn('victim', `guess ${i}`)).statusCode);
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes).toContain(429);
    const held = await attacker.signIn('victim', 'victim password 1');
    expect(held.statusCode).toBe(429);
    expect(held.json().error).toMatch(/Too many failed sign-ins from your address/);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    const owner = new Client(true, '203.0.113.7');
    expect((await owner.signIn('victim', 'victim password 1')).statusCode).toBe(200);
  });

  it('stores memory-hard, salted hashes and never returns them', async () => {
    const a = new Client();
    await a.signIn('admin', ADMIN_PASSWORD);
    const users = await a.req('GET', '/Api/Admin/Users');
    expect(JSON.stringify(users.json())).not.toMatch(/scrypt|password/i);
    const row = await store.admin.userByName('admin');
    expect(row!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row!.passwordHash).not.toContain(ADMIN_PASSWORD);
    await a.req('POST', '/Api/Admin/Users', { username: 'twin1', password: 'the same password', role: 'editor' });
    await a.req('POST', '/Api/Admin/Users', { username: 'twin2', password: 'the same password', role: 'editor' });
    const [h1, h2] = [(await store.admin.userByName('twin1'))!.passwordHash, (await store.admin.userByName('twin2'))!.passwordHash];
    expect(h1).not.toBe(h2);
  });

  it('sets an HttpOnly, SameSite session cookie and signs out', async () => {
    const c = new Client();
    const res = await c.signIn('admin', ADMIN_PASSWORD);
    const cookie = res.cookies.find((k) => k.name === 'archive_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect((await c.req('GET', '/Api/Admin/Me')).statusCode).toBe(200);
    await c.req('POST', '/Api/Admin/Logout');
    expect((await c.req('GET', '/Api/Admin/Me')).statusCode).toBe(401);
  });

  it('changes the password and writes audit entries', async () => {
    const a = new Client();
    await a.signIn('admin', ADMIN_PASSWORD);
    await a.req('POST', '/Api/Admin/Users', { username: 'changer', password: 'first password!', role: 'editor' });
    const c = new Client();
    await c.signIn('changer', 'first password!');
    expect((await c.req('POST', '/Api/Admin/Password', { current: 'wrong', next: 'second password!' })).statusCode).toBe(400);
    expect((await c.req('POST', '/Api/Admin/Password', { current: 'first password!', next: 'second password!' })).statusCode).toBe(200);
    expect((await new Client().signIn('changer', 'second password!')).statusCode).toBe(200);
    const audit = (await a.req('GET', '/Api/Admin/Audit')).json() as { action: string; username: string }[];
    expect(audit.some((e) => e.action === 'password.change' && e.username === 'changer')).toBe(true);
    expect(audit.some((e) => e.action === 'signin.failed')).toBe(true);
    expect(audit.some((e) => e.action === 'user.create')).toBe(true);
  });

  it('answers bad input with 400, never 500', async () => {
    const a = new Client();
    await a.signIn('admin', ADMIN_PASSWORD);
    const bad: Array<['POST' | 'PUT', string, unknown]> = [
      ['POST', '/Api/Admin/Users', { username: '<script>', password: 'x', role: 'root' }],
      ['POST', '/Api/Admin/Sites', { slug: 'UPPER CASE', name: '', origins: ['javascript:alert(1)'] }],
      ['PUT', '/Api/Admin/Sites/abc', { name: 'x' }],
      ['PUT', '/Api/Admin/Sites/1/Sections/nonsense', {}],
      ['PUT', '/Api/Admin/Sites/1/Titles', { titleIds: ['x'] }],
      ['POST', '/Api/Admin/Jobs', { sourcePath: '/definitely/not/here' }],
      ['POST', '/Api/Admin/Jobs', { kind: 'purge', sourcePath: 'no-such-batch' }],
    ];
    for (const [method, url, body] of bad) {
      const res = await a.req(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  // Last: it exhausts this address's sign-in allowance.
  it('rate-limits sign-in attempts from one address', async () => {
    const c = new Client();
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await c.signIn('nobody', 'wrong')).statusCode);
    expect(codes).toContain(429);
  });
});
