// Client addresses behind a proxy and per IPv6 /64 (issue #34.2). With TRUST_PROXY every hop used to be
// trusted, so a client wrote its own address into X-Forwarded-For and walked past every limit, forged audit
// addresses, or had an innocent address blocked. Only the hops the operator names are trusted now, and the
// limits and blocks count an IPv6 client by its /64.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/config';
import { addressKey, parseTrustProxy } from '../../server/lib/client-address';
import type { SqliteStore } from '../../server/store/sqlite';
import type { CorrectionLine, PageLinesResponse } from '../../contract/corrections';
import { makeTestApp, type TestApp } from './helpers';
import { Session, signedInAdmin } from './session-client';

const PASSWORD = 'admin password for addresses';
const MESSAGE = { name: 'Ada', email: 'ada@example.org', subject: 'Hello', message: 'A message long enough.' };

/** A test-only route that answers the address the server believes and the key its limits use. */
const whoAmI = (app: FastifyInstance) => app.get('/test/ip', async (req) => ({ ip: req.ip, key: addressKey(req.ip) }));

async function ipSeen(t: TestApp<unknown>, socket: string, forwarded?: string) {
  const r = await t.app.inject({ url: '/test/ip', remoteAddress: socket, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
  return r.json<{ ip: string }>().ip;
}

describe('TRUST_PROXY', () => {
  it('takes a hop count, or the proxies’ addresses and CIDR ranges', () => {
    const trust = (v: string | undefined) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: v }).trustProxy;
    expect(trust(undefined)).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1); // one reverse proxy, the common setup
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.5, 192.168.0.0/16,loopback, 2001:db8::/32')).toEqual(['10.0.0.5', '192.168.0.0/16', 'loopback', '2001:db8::/32']);
  });

  it('stops the server at start-up with a clear message for anything else', () => {
    for (const bad of ['true', 'yes', '*', '10.0.0.300', '10.0.0.0/33', '2001:db8::/129', '-1', '1.5', 'proxy.example', '10.0.0.1,,10.0.0.2', '99']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY must be the number of reverse proxies in front of the server \(1 for one proxy\)/);
    }
    expect(() => parseTrustProxy('true')).toThrow(/trusting every hop would let any client choose its own address/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/'proxy\.example' in 'proxy\.example' is neither/);
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp<unknown>;
  beforeAll(async () => {
    t = await makeTestApp(async () => undefined, { adminPassword: PASSWORD, env: { TRUST_PROXY: '1' }, extraRoutes: whoAmI });
  });
  afterAll(async () => t?.close());

  it('the client is the address the proxy saw, whatever the client wrote into X-Forwarded-For', async () => {
    expect(await ipSeen(t, '10.0.0.2', '198.51.100.7')).toBe('198.51.100.7');
    expect(await ipSeen(t, '10.0.0.2', '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipSeen(t, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('a forged X-Forwarded-For neither escapes the Contact limit nor the sign-in throttle, and the audit log has the real address', async () => {
    const visitor = new Session(t.app, '10.0.0.2'); // every request arrives from the proxy
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await visitor.send('POST', '/Api/Site/Contact', MESSAGE, { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.20` })).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);

    const attacker = new Session(t.app, '10.0.0.2');
    const guesses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await attacker.send(
        'POST',
        '/Api/Admin/Login',
        { username: 'admin', password: `guess ${i}` },
        { 'x-forwarded-for': `192.0.2.${100 + i}, 198.51.100.21` },
      );
      guesses.push(r.statusCode);
    }
    expect(guesses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(guesses.slice(3)).toEqual([429, 429]);

    const admin = await signedInAdmin(t.app, PASSWORD, '10.0.0.2');
    const audit = (await admin.send('GET', '/Api/Admin/Audit')).json<Array<{ action: string; ip: string }>>();
    const failed = audit.filter((e) => e.action === 'signin.failed').map((e) => e.ip);
    expect(failed).toContain('198.51.100.21');
    expect(failed.some((ip) => ip.startsWith('192.0.2.'))).toBe(false);
  });
});

describe('TRUST_PROXY with addresses, and with two hops', () => {
  let byAddress: TestApp<unknown>;
  let twoHops: TestApp<unknown>;
  beforeAll(async () => {
    byAddress = await makeTestApp(async () => undefined, { env: { TRUST_PROXY: '10.0.0.2,10.1.0.0/16' }, extraRoutes: whoAmI });
    twoHops = await makeTestApp(async () => undefined, { env: { TRUST_PROXY: '2' }, extraRoutes: whoAmI });
  });
  afterAll(async () => {
    await byAddress?.close();
    await twoHops?.close();
  });

  it('believes X-Forwarded-For only from the named proxies, and only as far back as they go', async () => {
    expect(await ipSeen(byAddress, '10.0.0.2', '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipSeen(byAddress, '10.0.0.2', '203.0.113.9, 198.51.100.7, 10.1.4.4')).toBe('198.51.100.7');
    // A client that reaches the server directly is its own socket address, whatever it sends.
    expect(await ipSeen(byAddress, '192.0.2.50', '198.51.100.7')).toBe('192.0.2.50');
  });

  it('with two hops, the client is the entry before the two proxies', async () => {
    expect(await ipSeen(twoHops, '10.0.0.3', '203.0.113.9, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
  });
});

describe('IPv6 clients are counted per /64', () => {
  let t: TestApp<unknown>;
  let page: string;
  let line: CorrectionLine;
  beforeAll(async () => {
    t = await makeTestApp(undefined, { adminPassword: PASSWORD, config: { correctionLimits: { perAddress: 3, perPage: 3, windowMs: 60_000 } } });
    page = (t.store as SqliteStore).db.prepare('SELECT uid FROM pages ORDER BY id LIMIT 1').pluck().get() as string;
    line = (await t.app.inject({ url: `/Api/Viewer/Page/${page}/Lines` })).json<PageLinesResponse>().lines[0];
  });
  afterAll(async () => t?.close());

  it('keys an address: IPv4 as it is, IPv6 by its /64, an IPv4 client of a dual-stack socket as IPv4', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2::198.51.100.7')).toBe('2001:db8:1:2::/64');
  });

  it('new addresses in one /64 do not reset the sign-in throttle', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 5; i++) codes.push((await new Session(t.app, `2001:db8:7:8::${i}`).signIn('admin', `wrong ${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    // Another /64 is another client.
    expect((await new Session(t.app, '2001:db8:7:9::1').signIn('admin', 'wrong')).statusCode).toBe(401);
  });

  it('new addresses in one /64 share the correction limit, and blocking one address blocks its /64', async () => {
    const text = (i: number) => (i % 2 ? line.text : `${line.text}.`);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await new Session(t.app, `2001:db8:a:b::${i + 1}`).send('POST', `/Api/Viewer/Page/${page}/Corrections`, {
        lineId: line.id,
        text: text(i),
        baseVersion: i,
      });
      codes.push(r.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 429]);

    const admin = await signedInAdmin(t.app, PASSWORD, '192.0.2.1');
    const block = await admin.send('POST', '/Api/Admin/Corrections/Blocks', { kind: 'address', value: '2001:db8:c:d::1', reason: 'vandal' });
    expect(block.statusCode, block.body).toBe(201);
    expect(block.json()).toMatchObject({ kind: 'address', value: '2001:db8:c:d::/64' });
    const other = await new Session(t.app, '2001:db8:c:d:ffff::9').send('POST', `/Api/Viewer/Page/${page}/Corrections`, {
      lineId: line.id,
      text: text(3),
      baseVersion: 3,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toMatch(/blocked/);
  });
});
