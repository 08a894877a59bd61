// Sign-in throttling rules (server/admin/signin-throttle.ts) on a controlled clock, and through the API:
// failures hold up the address that made them, never a correct sign-in from elsewhere; waits are audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInThrottle, type ThrottleRules } from '../../server/admin/signin-throttle';
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

function clocked(rules = RULES) {
  let now = 1_000_000;
  const throttle = new SignInThrottle(rules, () => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe('SignInThrottle', () => {
  it('lets the first failures through, then doubles the wait per failure up to the cap', () => {
    const { throttle, advance } = clocked();
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      expect(throttle.check('ann', '10.0.0.1').allowed).toBe(true);
      waits.push(throttle.failed('ann', '10.0.0.1').seconds);
      const v = throttle.check('ann', '10.0.0.1');
      if (!v.allowed) advance(v.retryAfterSeconds * 1000);
    }
    expect(waits).toEqual([0, 0, 1, 2, 4, 8, 16, 32, 60]);
  });

  it('refuses during the wait, even before the password is looked at', () => {
    const { throttle, advance } = clocked();
    for (let i = 0; i < 3; i++) throttle.failed('ann', '10.0.0.1');
    expect(throttle.check('ann', '10.0.0.1')).toEqual({ allowed: false, scope: 'account-address', retryAfterSeconds: 1 });
    advance(1001);
    expect(throttle.check('ann', '10.0.0.1').allowed).toBe(true);
  });

  it('never holds up the same account from another address', () => {
    const { throttle } = clocked();
    for (let i = 0; i < 8; i++) throttle.failed('admin', '10.0.0.1');
    expect(throttle.check('admin', '10.0.0.1').allowed).toBe(false);
    expect(throttle.check('admin', '10.0.0.2').allowed).toBe(true);
    expect(throttle.check('ADMIN ', '10.0.0.1').allowed).toBe(false); // names compare as the store does
  });

  it('caps failures per address over all accounts, for the rest of the window', () => {
    const { throttle, advance } = clocked();
    let last = throttle.failed('u0', '10.0.0.9');
    for (let i = 1; i < 10; i++) last = throttle.failed(`u${i}`, '10.0.0.9');
    expect(last.scope).toBe('address');
    const v = throttle.check('someone-new', '10.0.0.9');
    expect(v).toMatchObject({ allowed: false, scope: 'address' });
    expect(throttle.check('someone-new', '10.0.0.8').allowed).toBe(true);
    advance(600_001);
    expect(throttle.check('someone-new', '10.0.0.9').allowed).toBe(true);
  });

  it('a correct sign-in clears the count for that account and address', () => {
    const { throttle, advance } = clocked();
    for (let i = 0; i < 3; i++) throttle.failed('ann', '10.0.0.1');
    advance(5000);
    throttle.succeeded('ann', '10.0.0.1');
    expect(throttle.failed('ann', '10.0.0.1').seconds).toBe(0);
  });

  it('keeps a bounded number of entries', () => {
    const { throttle } = clocked({ ...RULES, maxEntries: 5, addressFailures: 1000 });
    for (let i = 0; i < 50; i++) for (let k = 0; k < 3; k++) throttle.failed(`user${i}`, '10.0.0.1');
    expect(throttle.check('user0', '10.0.0.1').allowed).toBe(true); // forgotten
    expect(throttle.check('user49', '10.0.0.1').allowed).toBe(false);
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
