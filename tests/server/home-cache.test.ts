// The Home response cache: valid for one data version, bounded, built once for concurrent requests.
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { ResponseCache } from '../../server/services/response-cache';

function counter() {
  let calls = 0;
  const build = (value: unknown) => async () => {
    calls++;
    return value;
  };
  return { build, calls: () => calls };
}

describe('ResponseCache', () => {
  it('reuses an entry for the same version and rebuilds it for a new one', async () => {
    const cache = new ResponseCache();
    const c = counter();
    const a = await cache.get('k', 1, c.build({ v: 1 }));
    const b = await cache.get('k', 1, c.build({ v: 'ignored' }));
    expect(b.etag).toBe(a.etag);
    expect(JSON.parse(b.body)).toEqual({ v: 1 });
    const fresh = await cache.get('k', 2, c.build({ v: 2 }));
    expect(JSON.parse(fresh.body)).toEqual({ v: 2 });
    expect(fresh.etag).not.toBe(a.etag);
    expect(c.calls()).toBe(2);
  });

  it('builds once for concurrent requests of the same key', async () => {
    const cache = new ResponseCache();
    const c = counter();
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', 1, c.build({ x: 1 }))));
    expect(c.calls()).toBe(1);
    expect(new Set(results.map((r) => r.etag)).size).toBe(1);
  });

  it('evicts the least recently used entry beyond its entry limit', async () => {
    const cache = new ResponseCache(2);
    const c = counter();
    await cache.get('a', 1, c.build('a'));
    await cache.get('b', 1, c.build('b'));
    await cache.get('a', 1, c.build('a')); // a is now more recent than b
    await cache.get('c', 1, c.build('c')); // evicts b
    expect(cache.size).toBe(2);
    expect(c.calls()).toBe(3);
    await cache.get('a', 1, c.build('a'));
    expect(c.calls()).toBe(3);
    await cache.get('b', 1, c.build('b'));
    expect(c.calls()).toBe(4);
  });

  it('stays within its byte budget', async () => {
    const cache = new ResponseCache(1000, 40_000);
    for (let i = 0; i < 50; i++) await cache.get(`k${i}`, 1, async () => 'x'.repeat(5_000));
    expect(cache.size).toBeLessThanOrEqual(8);
    expect(cache.size).toBeGreaterThan(0);
  });

  it('keeps a gzip copy of large bodies only', async () => {
    const cache = new ResponseCache();
    const small = await cache.get('s', 1, async () => ({ a: 1 }));
    const large = await cache.get('l', 1, async () => ({ text: 'word '.repeat(1000) }));
    expect(small.gzip).toBeUndefined();
    expect(gunzipSync(large.gzip!).toString('utf8')).toBe(large.body);
  });

  it('does not keep a failed build', async () => {
    const cache = new ResponseCache();
    await expect(cache.get('k', 1, async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(JSON.parse((await cache.get('k', 1, async () => 'ok')).body)).toBe('ok');
  });
});
