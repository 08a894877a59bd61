// Issue #14.7: Strict-Transport-Security and Secure cookies when the visitor's connection is HTTPS (a TLS
// socket of our own, or a trusted proxy's X-Forwarded-Proto), and neither over plain HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { request } from 'node:https';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { makeTestApp, tempDir, type TestApp } from './helpers';
import { Session } from './session-client';
import { HSTS_VALUE } from '../../server/plugins/transport';

const PASSWORD = 'transport admin password';

async function signIn(t: TestApp<unknown>, headers: Record<string, string>) {
  const s = new Session(t.app);
  await s.token();
  return s.signIn('admin', PASSWORD).then(async (res) => ({ res, first: await t.app.inject({ url: '/Api/Home/GetSiteTheme', headers }) }));
}

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp<unknown>;
  beforeAll(async () => {
    t = await makeTestApp(async () => undefined, { adminPassword: PASSWORD, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => t?.close());

  it('sends HSTS and Secure cookies when the proxy says https', async () => {
    const res = await t.app.inject({ url: '/Api/Home/GetSiteTheme', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.secure).toBe(true);
    const token = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const login = await t.app.inject({
      method: 'POST',
      url: '/Api/Admin/Login',
      payload: { username: 'admin', password: PASSWORD },
      headers: { 'x-forwarded-proto': 'https', 'x-xsrf-token': token },
      cookies: { 'XSRF-TOKEN': token },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['strict-transport-security']).toBe(HSTS_VALUE);
    expect(login.cookies.find((c) => c.name === 'archive_session')!.secure).toBe(true);
  });

  it('sends neither when the proxy says http', async () => {
    const res = await t.app.inject({ url: '/Api/Home/GetSiteTheme', headers: { 'x-forwarded-proto': 'http' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.secure).toBeFalsy();
  });
});

describe('without a trusted proxy', () => {
  let t: TestApp<unknown>;
  beforeAll(async () => {
    t = await makeTestApp(async () => undefined, { adminPassword: PASSWORD });
  });
  afterAll(async () => t?.close());

  it('ignores X-Forwarded-Proto: plain HTTP gets no HSTS and no Secure cookies', async () => {
    const { res, first } = await signIn(t, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'archive_session')!.secure).toBeFalsy();
    expect(first.headers['strict-transport-security']).toBeUndefined();
    expect(first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.secure).toBeFalsy();
  });
});

describe('serving HTTPS itself (TLS_CERT, TLS_KEY)', () => {
  let t: TestApp<unknown>;
  let port = 0;
  const dir = tempDir('archive-tls-');
  beforeAll(async () => {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    t = await makeTestApp(async () => undefined, { env: { TLS_CERT: join(dir, 'cert.pem'), TLS_KEY: join(dir, 'key.pem') } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends HSTS and a Secure XSRF cookie over a real TLS connection', async () => {
    const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/Api/Home/GetSiteTheme', rejectUnauthorized: false }, resolve).on('error', reject).end();
    });
    res.resume();
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
    expect(String(res.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[^;]+;.*Secure/);
  });

  it('refuses half a TLS configuration', async () => {
    const { loadConfig } = await import('../../server/config');
    expect(() => loadConfig({ TLS_CERT: 'x.pem' })).toThrow(/TLS_CERT and TLS_KEY go together/);
  });
});
