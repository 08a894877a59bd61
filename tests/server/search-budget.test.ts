// Issue #34.1: every search has a time budget (SEARCH_TIME_BUDGET_MS). Past it the visitor gets a 503 with
// Retry-After and a message saying what to do, at once, whether the search runs in a worker thread (SQLite
// file), in the main thread (the viewer's page search; PostgreSQL; tests) or is one of the searches of an IIIF
// content search, and the search stops instead of running on. Here the engine is made slow on purpose (or the
// budget tiny) so the budget, not the words, decides.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import type { SearchRepo, Store } from '../../server/store/types';
import { issueUid } from '../../server/store/types';
import { parseSearchParams } from '../../contract/search/query';
import { DEFAULT_SEARCH_BUDGET_MS, Deadline, RETRY_AFTER_SECONDS, SearchTimeout } from '../../server/services/search/budget';
import { createSearchRunner, workerPool } from '../../server/services/search/pool';
import { seedFixture, type Fixture } from './search-fixtures';

const ISSUE = issueUid('sn001', '1860-01-02', 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The store with a search engine that takes `ms` for every read of matches and of the vocabulary. */
function slowed(store: Store, ms: number): Store {
  const s = store.search;
  const search: SearchRepo = {
    ...s,
    page: async (...a) => (await sleep(ms), s.page(...a)),
    vocabulary: async (...a) => (await sleep(ms), s.vocabulary(...a)),
  };
  return Object.assign(Object.create(store) as Store, { search });
}

const expect503 = (res: { statusCode: number; headers: Record<string, unknown>; json: () => { error: string } }) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  expect(res.json().error).toMatch(/took longer than the archive allows: narrow it .* or try again in a moment/);
};

describe('a search over its time budget, in the main thread', () => {
  let store: SqliteStore;
  let fx: Fixture;
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'search-budget-'));
    store = createSqliteStore(':memory:');
    fx = await seedFixture(store);
    // Every engine read takes a second; the budget is 40 ms.
    app = await buildApp({ ...loadConfig({ NODE_ENV: 'test', SEARCH_TIME_BUDGET_MS: '40' }), dataDir: dir, distDir: join(dir, 'dist') }, slowed(store, 1000));
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers /Api/Search with a 503 and Retry-After at the budget, not when the engine is done', async () => {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: '/Api/Search?k=quick&ord=k1&url=http://all.test' });
    expect503(res);
    expect(performance.now() - t).toBeLessThan(800);
  });

  it("answers the viewer's page search (main thread) with a 503 once the budget is spent", async () => {
    const res = await app.inject({ method: 'GET', url: `/Api/Viewer/Page/${fx.uid.p1}/search?k=${encodeURIComponent('qui* bro*')}&ord=k1` });
    expect503(res);
  });

  it('answers an IIIF content search with a 503: one budget for its searches together', async () => {
    expect503(await app.inject({ method: 'GET', url: `/iiif/search/${ISSUE}?q=quick` }));
    expect503(await app.inject({ method: 'GET', url: `/iiif/search/v1/${ISSUE}?q=quick` }));
  });

  it('stops the search: the steps after the budget are not run', async () => {
    let rowsRead = 0;
    const s = slowed(store, 60);
    const page: SearchRepo['page'] = async (...a) => {
      const p = await s.search.page(...a);
      return { ids: p.ids, counts: () => p.counts(), rows: () => (rowsRead++, p.rows()) };
    };
    const counted = Object.assign(Object.create(s) as Store, { search: { ...s.search, page } });
    const runner = createSearchRunner(counted, 0, 30);
    await expect(runner.run(fx.sites.all, parseSearchParams(new URLSearchParams('k=quick&ord=k1')))).rejects.toBeInstanceOf(SearchTimeout);
    await sleep(150); // the engine's read ends meanwhile; the search must not go on to read the page's rows
    expect(rowsRead).toBe(0);
  });
});

describe('a search over its time budget, in a worker thread', () => {
  let dir: string;
  let store: SqliteStore;
  let fx: Fixture;
  let tiny: FastifyInstance;
  let normal: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'search-budget-pool-'));
    store = createSqliteStore(dir);
    fx = await seedFixture(store);
    const config = (budget?: string) =>
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dir,
        DIST_DIR: join(dir, 'no-dist'),
        SEARCH_WORKERS: '1',
        ...(budget ? { SEARCH_TIME_BUDGET_MS: budget } : {}),
      });
    tiny = await buildApp(config('1'), store);
    normal = await buildApp(config(), store);
    await Promise.all([tiny.ready(), normal.ready()]);
  }, 60_000);
  afterAll(async () => {
    await tiny?.close();
    await normal?.close();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uses SEARCH_TIME_BUDGET_MS, 5 s by default', () => {
    expect(tiny.searchRunner.threads).toBe(1);
    expect(tiny.searchRunner.budgetMs).toBe(1);
    expect(normal.searchRunner.budgetMs).toBe(DEFAULT_SEARCH_BUDGET_MS);
    expect(loadConfig({}).searchBudgetMs).toBeUndefined();
    for (const bad of ['0', '-5', 'soon', '1.5', '9999999']) expect(() => loadConfig({ SEARCH_TIME_BUDGET_MS: bad })).toThrow(/SEARCH_TIME_BUDGET_MS/);
  });

  it('answers 503 with Retry-After when the worker cannot answer within the budget (16 OCR-tolerant words in 1 ms)', async () => {
    const res = await tiny.inject({
      method: 'GET',
      url: '/Api/Search?k=quick brown fox jumps over lazy dogs election returns telegram arrived filler page seen near house&fz=1&ord=k1&url=http://all.test',
    });
    expect503(res);
  });

  it('gives up on a search whose deadline has passed, and the worker goes on answering others', async () => {
    const q = parseSearchParams(new URLSearchParams('k=quick&ord=k1'));
    await expect(normal.searchRunner.run(fx.sites.all, q, { deadline: new Deadline(Date.now() - 1) })).rejects.toBeInstanceOf(SearchTimeout);
    const res = await normal.inject({ method: 'GET', url: '/Api/Search?k=quick&ord=k1&url=http://all.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(4);
  });
});

describe('a worker stuck past the deadline', () => {
  it('is stopped and replaced; the searches waiting on it are answered by the new worker', async () => {
    const pool = workerPool(tmpdir(), 1, 300, fileURLToPath(new URL('../fixtures/search/hanging-worker.ts', import.meta.url)));
    try {
      const query = (text: string) => ({ ...parseSearchParams(new URLSearchParams('')), rows: [{ type: 'all' as const, text, op: 'and' as const }] });
      const first = (await pool.run(1, query('warm'))).total; // the first worker's thread id
      const t = performance.now();
      const hanging = pool.run(1, query('hang')).catch((e: unknown) => e);
      const waiting = pool.run(1, query('quick'), { deadline: Deadline.after(10_000) });
      expect(await hanging).toBeInstanceOf(SearchTimeout);
      expect(performance.now() - t).toBeLessThan(1000); // at its budget (300 ms), not when the loop ends (20 s)
      const answer = await waiting;
      expect(answer.total).not.toBe(first); // a new worker answered it
      expect(performance.now() - t).toBeLessThan(10_000);
      expect((await pool.run(1, query('again'))).total).toBe(answer.total);
    } finally {
      await pool.close();
    }
  }, 30_000);
});
