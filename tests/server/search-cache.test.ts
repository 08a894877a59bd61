// The search result cache behind GET /Api/Search, on SQLite and PostgreSQL: a repeated (or equivalent)
// question is a hit, a revalidation with the ETag gets 304, and every change a visitor could see in the
// answer (ingest, purge, a site's edit, a site's collection) makes the next answer fresh. With two API
// servers over one PostgreSQL database, a write through one is seen by the other's cache at once.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store } from '../../server/store';
import type { SearchResponse } from '../../contract/search/query';
import { createDatabase } from '../support/pg-cluster';
import { SearchResultCache } from '../../server/services/search/result-cache';
import { runSearch } from '../../server/services/search/service';
import { parseSearchParams } from '../../contract/search/query';
import { layout, seedFixture, type Fixture } from './search-fixtures';

const dataDir = mkdtempSync(join(tmpdir(), 'search-cache-'));
const appOn = (store: Store) => buildApp({ ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir: join(dataDir, 'dist') }, store);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const search = (app: FastifyInstance, qs: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/Api/Search?${qs}`, headers });
const total = async (app: FastifyInstance, qs: string) => (await search(app, qs)).json<SearchResponse>().total;

/** Writes one more page with `text` in a batch of its own (a new ingest). */
async function ingestPage(store: Store, batchName: string, date: string, text: string) {
  const batch = await store.ingest.beginBatch(batchName, null);
  await store.ingest.writeIssue(batch, {
    lccn: 'sn001',
    dateIssued: date,
    edition: 1,
    pages: [{ sequence: 1, number: '1', width: 1000, height: 1400, imagePath: null, pdfPath: null, altoPath: null, ocrText: text, words: layout(text) }],
  });
  await store.ingest.finishBatch(batch, 'complete', {});
}

const engines = {
  sqlite: async () => createSqliteStore(':memory:') as Store,
  postgres: async () => (await createPostgresStore(await createDatabase(inject('pgAdminUrl')))) as Store,
};

describe.each(Object.keys(engines) as Array<keyof typeof engines>)('search result cache on %s', (engine) => {
  let store: Store;
  let app: FastifyInstance;
  let fx: Fixture;
  beforeAll(async () => {
    store = await engines[engine]();
    fx = await seedFixture(store);
    app = await appOn(store);
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  it('answers a repeat, or the same question written another way, from the cache with the same body', async () => {
    const first = await search(app, 'k=quick&ord=k1&url=http://all.test');
    expect(first.headers['x-search-cache']).toBe('miss');
    const again = await search(app, 'k=quick&ord=k1&url=http://all.test');
    expect(again.headers['x-search-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    // The same question: other parameter order, case, spaces, p=1, a page-less default.
    const same = await search(app, 'url=http://all.test&ord=k1&p=1&k=%20QUICK%20&i=f&bcn=1');
    expect(same.headers['x-search-cache']).toBe('hit');
    expect(same.json<SearchResponse>().total).toBe(4);
    // Another page, sort or site is another answer.
    expect((await search(app, 'k=quick&ord=k1&sort=date&url=http://all.test')).headers['x-search-cache']).toBe('miss');
    expect((await search(app, 'k=quick&ord=k1&url=http://bee.test')).headers['x-search-cache']).toBe('miss');
  });

  it('sends an ETag and the shared-cache policy, and 304 with no body when the client has the answer', async () => {
    const first = await search(app, 'k=election&ord=k1&url=http://all.test');
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toContain('stale-while-revalidate=');
    expect(first.headers['cache-control']).toContain('s-maxage=');
    const revalidate = await search(app, 'k=election&ord=k1&url=http://all.test', { 'if-none-match': String(first.headers.etag) });
    expect(revalidate.statusCode).toBe(304);
    expect(revalidate.body).toBe('');
    const other = await search(app, 'k=election&ord=k1&url=http://all.test', { 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.json<SearchResponse>().total).toBe(2);
  });

  it('gzips a large answer once and serves that copy to clients that accept it', async () => {
    const plain = await search(app, 'k=filler&ord=k1&url=http://all.test');
    const zipped = await search(app, 'k=filler&ord=k1&url=http://all.test', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['x-search-cache']).toBe('hit');
    expect(plain.json<SearchResponse>().total).toBe(25);
  });

  it('an ingest makes the next answer fresh (no stale total), and the old ETag no longer matches', async () => {
    const before = await search(app, 'k=zanzibar&ord=k1&url=http://all.test');
    expect(before.json<SearchResponse>().total).toBe(0);
    await ingestPage(store, `batch_cache_${engine}`, '1899-09-09', 'news from zanzibar today');
    const after = await search(app, 'k=zanzibar&ord=k1&url=http://all.test', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-search-cache']).toBe('miss');
    expect(after.json<SearchResponse>().total).toBe(1);
    expect((await search(app, 'k=zanzibar&ord=k1&url=http://all.test')).headers['x-search-cache']).toBe('hit');
  });

  it('a purge makes the next answer fresh', async () => {
    await ingestPage(store, `batch_purge_${engine}`, '1898-08-08', 'a timbuktu dispatch');
    expect(await total(app, 'k=timbuktu&ord=k1&url=http://all.test')).toBe(1);
    expect((await search(app, 'k=timbuktu&ord=k1&url=http://all.test')).headers['x-search-cache']).toBe('hit');
    expect(await store.ingest.purgeBatch(`batch_purge_${engine}`)).toMatchObject({ pages: 1 });
    const after = await search(app, 'k=timbuktu&ord=k1&url=http://all.test');
    expect(after.headers['x-search-cache']).toBe('miss');
    expect(after.json<SearchResponse>().total).toBe(0);
  });

  it("a site's collection change makes the next answer fresh", async () => {
    expect(await total(app, 'k=quick&ord=k1&url=http://bee.test')).toBe(0);
    await store.sites.setTitleIds(fx.sites.beeOnly, [fx.titles.bee, fx.titles.star]);
    try {
      const after = await search(app, 'k=quick&ord=k1&url=http://bee.test');
      expect(after.headers['x-search-cache']).toBe('miss');
      expect(after.json<SearchResponse>().total).toBe(3); // p1, p2, p6 of the Evening Star
    } finally {
      await store.sites.setTitleIds(fx.sites.beeOnly, [fx.titles.bee]);
    }
    expect(await total(app, 'k=quick&ord=k1&url=http://bee.test')).toBe(0);
  });

  it("a site's edit makes the next answer fresh (a new origin answers for that site at once)", async () => {
    expect(await total(app, 'k=quick&ord=k1&url=http://bee-new.test')).toBe(4); // unknown origin: the default site
    expect((await search(app, 'k=quick&ord=k1&url=http://bee-new.test')).headers['x-search-cache']).toBe('hit');
    await store.sites.update(fx.sites.beeOnly, { origins: ['http://bee.test', 'http://bee-new.test'] });
    try {
      const after = await search(app, 'k=quick&ord=k1&url=http://bee-new.test');
      expect(after.headers['x-search-cache']).toBe('miss');
      expect(after.json<SearchResponse>().total).toBe(0);
    } finally {
      await store.sites.update(fx.sites.beeOnly, { origins: ['http://bee.test'] });
    }
  });

  it('a malformed query is still a 400 with a message, never cached', async () => {
    const bad = await search(app, 'k=quick&ord=k1&d=99/99/9999-&m=on&url=http://all.test');
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().error).toBe('string');
    // Refused by the search itself (below the cache): refused again, not kept as an answer.
    const words = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ');
    for (let i = 0; i < 2; i++) {
      const res = await search(app, `k=${words}&ord=k1&url=http://all.test`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/too many words/);
    }
  });
});

describe('the cache on its own', () => {
  it('stays within its byte budget, dropping the least recently used answers first', async () => {
    const store = createSqliteStore(':memory:');
    try {
      const fx = await seedFixture(store);
      // Answers of 0.6-1.7 KB (JSON plus gzip) against 8 KB: about half of these twelve fit.
      const cache = new SearchResultCache(store, (siteId, q) => runSearch(store, siteId, q), { maxBytes: 8_000 });
      const version = await store.meta.dataVersion();
      let total = 0;
      const asked: string[] = [];
      for (const sort of ['relevance', 'date']) {
        for (const word of ['election', 'brown', 'fox', 'lazy', 'telegram', 'uber']) {
          const qs = `k=${word}&ord=k1&sort=${sort}`;
          const res = await cache.answer(fx.sites.all, parseSearchParams(qs), version);
          expect(res.hit).toBe(false);
          total += Buffer.byteLength(res.body) + (res.gzip?.length ?? 0);
          asked.push(qs);
        }
      }
      expect(total).toBeGreaterThan(8_000); // more than fits
      const { entries, misses } = cache.stats();
      expect(misses).toBe(12);
      expect(entries).toBeLessThan(12);
      expect(entries).toBeGreaterThan(2);
      // The most recent answer is kept; the first one was dropped.
      expect((await cache.answer(fx.sites.all, parseSearchParams(asked[11]), version)).hit).toBe(true);
      expect((await cache.answer(fx.sites.all, parseSearchParams(asked[0]), version)).hit).toBe(false);
    } finally {
      await store.close();
    }
  });

  it('frees every entry when the data version moves', async () => {
    const store = createSqliteStore(':memory:');
    try {
      const fx = await seedFixture(store);
      const cache = new SearchResultCache(store, (siteId, q) => runSearch(store, siteId, q));
      await cache.answer(fx.sites.all, parseSearchParams('k=quick&ord=k1'), await store.meta.dataVersion());
      await cache.answer(fx.sites.all, parseSearchParams('k=fox&ord=k1'), await store.meta.dataVersion());
      expect(cache.stats().entries).toBe(2);
      await store.meta.bumpDataVersion();
      const res = await cache.answer(fx.sites.all, parseSearchParams('k=quick&ord=k1'), await store.meta.dataVersion());
      expect(res.hit).toBe(false);
      expect(cache.stats().entries).toBe(1);
    } finally {
      await store.close();
    }
  });
});

describe('two API servers over one PostgreSQL database', () => {
  let url: string;
  let stores: Store[] = [];
  let apps: FastifyInstance[] = [];
  beforeAll(async () => {
    url = await createDatabase(inject('pgAdminUrl'));
    const first = await createPostgresStore(url);
    const fx = await seedFixture(first);
    const second = await createPostgresStore(url);
    stores = [first, second];
    apps = [await appOn(first), await appOn(second)];
    void fx;
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const s of stores) await s.close();
  });

  it("a write through one server invalidates the other's cached answers", async () => {
    const [one, two] = apps;
    for (const app of apps) {
      expect(await total(app, 'k=quebec&ord=k1&url=http://all.test')).toBe(0);
      expect((await search(app, 'k=quebec&ord=k1&url=http://all.test')).headers['x-search-cache']).toBe('hit');
    }
    const etag = String((await search(two, 'k=quebec&ord=k1&url=http://all.test')).headers.etag);
    await ingestPage(stores[0], 'batch_two_servers', '1890-01-01', 'letters from quebec');
    expect(await total(one, 'k=quebec&ord=k1&url=http://all.test')).toBe(1);
    const seen = await search(two, 'k=quebec&ord=k1&url=http://all.test', { 'if-none-match': etag });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['x-search-cache']).toBe('miss');
    expect(seen.json<SearchResponse>().total).toBe(1);
    // And a site change through the second server shows on the first.
    const beeId = (await stores[1].sites.list()).find((s) => s.slug === 'bee')!.id;
    expect(await total(one, 'k=quebec&ord=k1&url=http://bee.test')).toBe(0);
    await stores[1].sites.setTitleIds(beeId, (await stores[1].sites.getTitleIds(beeId)).concat((await stores[1].ingest.titleIdByLccn('sn001'))!));
    expect(await total(one, 'k=quebec&ord=k1&url=http://bee.test')).toBe(1);
  });
});
