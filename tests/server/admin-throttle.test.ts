// Sign-in throttling rules (server/admin/signin-throttle.ts) on a controlled clock, and through the API:
// failures hold up the address that made them, never a correct sign-in from elsewhere; waits are audited;
// a parallel burst gets no more tries than guesses one at a time; on both engines every server shares the
// counts and a restart keeps them (issue #34.10).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SignInThrottle, type ThrottleRules } from '../../server/admin/signin-throttle';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store } from '../../server/store';
import { createDatabase } from '../support/pg-cluster';
import { makeTestApp, type TestApp } from './helpers';
import { Session, signedInAdmin } from './session-client';

const RULES: ThrottleRules = {
  freeFailures: 3,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  addressFailures: 10,
  addressWindowMs: 600_000,
  forgetAfterMs: 3600_000,
  maxEntries: 100,
};

const stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
});

function clocked(rules = RULES) {
  let now = 1_000_000;
  const store = createSqliteStore(':memory:');
  stores.push(store);
  const throttle = new SignInThrottle(store, rules, () => now);
  /** A wrong password: the attempt's verdict (the count is taken when it is allowed). */
  const fail = async (user: string, ip: string) => {
    const v = await throttle.attempt(user, ip);
    if (!v.allowed) throw new Error(`refused: ${JSON.stringify(v)}`);
    return v.outcome;
  };
  return { throttle, store, fail, advance: (ms: number) => (now += ms) };
}

describe('SignInThrottle', () => {
  it('lets the first failures through, then doubles the wait per failure up to the cap', async () => {
    const { fail, throttle, advance } = clocked();
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const { seconds } = await fail('ann', '10.0.0.1');
      waits.push(seconds);
      if (!seconds) continue;
      expect(await throttle.attempt('ann', '10.0.0.1')).toMatchObject({ allowed: false, retryAfterSeconds: seconds });
      advance(seconds * 1000);
    }
    expect(waits).toEqual([0, 0, 1, 2, 4, 8, 16, 32, 60]);
  });

  it('refuses during the wait, even a correct password, before anything is hashed', async () => {
    const { fail, throttle, advance } = clocked();
    for (let i = 0; i < 3; i++) await fail('ann', '10.0.0.1');
    expect(await throttle.attempt('ann', '10.0.0.1')).toEqual({ allowed: false, scope: 'account-address', retryAfterSeconds: 1 });
    advance(1001);
    expect((await throttle.attempt('ann', '10.0.0.1')).allowed).toBe(true);
  });

  it('never holds up the same account from another address', async () => {
    const { fail, throttle } = clocked();
    for (let i = 0; i < 3; i++) await fail('admin', '10.0.0.1');
    expect((await throttle.attempt('admin', '10.0.0.1')).allowed).toBe(false);
    expect((await throttle.attempt('ADMIN ', '10.0.0.1')).allowed).toBe(false); // names compare as the store does
    expect((await throttle.attempt('admin', '10.0.0.2')).allowed).toBe(true);
  });

  it('caps failures per address over all accounts, for the rest of the window', async () => {
    const { fail, throttle, advance } = clocked();
    let last = await fail('u0', '10.0.0.9');
    for (let i = 1; i < 10; i++) last = await fail(`u${i}`, '10.0.0.9');
    expect(last.scope).toBe('address');
    expect(await throttle.attempt('someone-new', '10.0.0.9')).toMatchObject({ allowed: false, scope: 'address' });
    expect((await throttle.attempt('someone-new', '10.0.0.8')).allowed).toBe(true);
    advance(600_001);
    expect((await throttle.attempt('someone-new', '10.0.0.9')).allowed).toBe(true);
  });

  it('a correct password clears the pair and is not counted against the address', async () => {
    const { fail, throttle, advance } = clocked();
    for (let i = 0; i < 2; i++) await fail('ann', '10.0.0.1');
    advance(5000);
    expect((await throttle.attempt('ann', '10.0.0.1')).allowed).toBe(true);
    await throttle.succeeded('ann', '10.0.0.1');
    expect((await fail('ann', '10.0.0.1')).failures).toBe(1);
    // Nine sign-ins that succeed leave the address's allowance for failures as it was.
    for (let i = 0; i < 9; i++) {
      await throttle.attempt(`ok${i}`, '10.0.0.3');
      await throttle.succeeded(`ok${i}`, '10.0.0.3');
    }
    expect((await fail('x', '10.0.0.3')).scope).toBe(null);
  });

  it('forgets idle entries and keeps a bounded number, waiting ones first', async () => {
    const { fail, throttle, store, advance } = clocked({ ...RULES, maxEntries: 6, addressFailures: 1000 });
    for (let k = 0; k < 3; k++) await fail('target', '10.0.0.1'); // waiting
    for (let i = 0; i < 10; i++) await fail(`user${i}`, '10.0.0.2');
    await throttle.sweep(undefined, true);
    const count = () => (store as SqliteStore).db.prepare('SELECT COUNT(*) FROM signin_throttle').pluck().get();
    expect(count()).toBe(6);
    expect((await throttle.attempt('target', '10.0.0.1')).allowed).toBe(false);
    advance(3600_001 + 60_000);
    await throttle.sweep(undefined, true);
    expect(count()).toBe(0);
  });
});

describe('sign-in throttling through the API', () => {
  const PASSWORD = 'admin password for throttling';
  let t: TestApp<unknown>;
  beforeAll(async () => {
    t = await makeTestApp(async () => undefined, { adminPassword: PASSWORD });
  });
  afterAll(async () => t?.close());

  it('guesses at the admin from one address do not stop the admin signing in from another', async () => {
    const attacker = new Session(t.app, '198.51.100.66');
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await attacker.signIn('admin', `wrong ${i}`)).statusCode);
    expect(codes.filter((c) => c === 401).length).toBeGreaterThanOrEqual(3);
    expect((await attacker.signIn('admin', PASSWORD)).statusCode).toBe(429);
    const admin = await signedInAdmin(t.app, PASSWORD, '192.0.2.10');
    expect((await admin.send('GET', '/Api/Admin/Me')).json()).toEqual({ username: 'admin', role: 'admin' });

    const audit = (await admin.send('GET', '/Api/Admin/Audit')).json() as Array<{ action: string; ip: string; detail: { scope: string; seconds: number } }>;
    const throttled = audit.filter((e) => e.action === 'signin.throttled');
    expect(throttled.length).toBeGreaterThan(0);
    expect(throttled[0]).toMatchObject({ ip: '198.51.100.66', detail: { scope: 'account-address' } });
    expect(throttled[0].detail.seconds).toBeGreaterThan(0);
  });

  it('counts unknown user names like known ones, with the same message', async () => {
    const prober = new Session(t.app, '198.51.100.77');
    const known = await prober.signIn('admin', 'wrong');
    const unknown = await prober.signIn('no-such-user', 'wrong');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(known.json());
    for (let i = 0; i < 3; i++) await prober.signIn('no-such-user', 'wrong');
    expect((await prober.signIn('no-such-user', 'wrong')).statusCode).toBe(429);
  });

  it('throttles wrong current passwords on the password form like sign-ins', async () => {
    const admin = await signedInAdmin(t.app, PASSWORD, '192.0.2.11');
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await admin.send('POST', '/Api/Admin/Password', { current: `nope ${i}`, next: 'a new password 123' })).statusCode);
    expect(codes.slice(0, 3)).toEqual([400, 400, 400]);
    expect(codes).toContain(429);
  });
});

describe.each(['sqlite', 'postgres'] as const)('sign-in throttle state in the %s store', (engine) => {
  const PASSWORD = 'admin password for the shared throttle';
  let dir: string;
  let pgUrl: string;
  const open: { app: FastifyInstance; store: Store }[] = [];
  const openStore = async () => (engine === 'sqlite' ? createSqliteStore(dir) : createPostgresStore(pgUrl));
  /** One API server: its own app and its own connection to the shared database. */
  async function server() {
    const store = await openStore();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, DIST_DIR: join(dir, 'no-dist'), DEMO: '0', ADMIN_PASSWORD: PASSWORD });
    const app = await buildApp(config, store);
    await app.ready();
    open.push({ app, store });
    return app;
  }
  async function stop(app: FastifyInstance) {
    const i = open.findIndex((o) => o.app === app);
    await open[i].app.close();
    await open[i].store.close();
    open.splice(i, 1);
  }
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `throttle-${engine}-`));
    if (engine === 'postgres') pgUrl = await createDatabase(inject('pgAdminUrl'));
  });
  afterAll(async () => {
    for (const o of [...open]) await stop(o.app);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a parallel burst of wrong passwords gets no more tries than guesses sent one at a time', async () => {
    const app = await server();
    const attacker = new Session(app, '198.51.100.90');
    await attacker.token();
    const codes = (await Promise.all(Array.from({ length: 10 }, (_, i) => attacker.signIn('admin', `burst ${i}`)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });

  it('failures counted by one server hold up the address on another, and after a restart', async () => {
    const one = await server();
    const two = await server();
    for (let i = 0; i < 3; i++) expect((await new Session(one, '198.51.100.91').signIn('admin', `wrong ${i}`)).statusCode).toBe(401);
    expect((await new Session(two, '198.51.100.91').signIn('admin', PASSWORD)).statusCode).toBe(429);
    await stop(one);
    await stop(two);
    const restarted = await server();
    expect((await new Session(restarted, '198.51.100.91').signIn('admin', PASSWORD)).statusCode).toBe(429);
    expect((await new Session(restarted, '198.51.100.92').signIn('admin', PASSWORD)).statusCode).toBe(200);
  });
});
