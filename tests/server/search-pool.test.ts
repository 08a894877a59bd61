// Searches on a file-backed SQLite archive run in worker threads (server/services/search/pool.ts): the answers must
// be the ones the main thread would give, a visitor's mistake must stay a 400, many searches at once must
// all be answered, and a page written by the server must be found by the workers' own connections.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { parseSearchParams } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import { seedFixture, type Fixture } from './search-fixtures';

let dir: string;
let store: SqliteStore;
let app: FastifyInstance;
let fx: Fixture;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'search-pool-'));
  store = createSqliteStore(dir);
  fx = await seedFixture(store);
  app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, DIST_DIR: join(dir, 'no-dist'), SEARCH_WORKERS: '2' }), store);
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (qs: string) => app.inject({ method: 'GET', url: `/Api/Search?${qs}&url=http://all.test` });
const QUERIES = [
  'k=quick&ord=k1',
  'k=quick fox&ord=k1',
  'e=quick brown&ord=e1',
  'o=telegram lazy&ord=o1',
  'k=quick&n=fox&ord=k1,n1',
  'k=fox,lazy,election&ord=k1,k2_k3',
  'k=filler&ord=k1&p=2',
  'k=filler&ord=k1&sort=date-desc',
  'k=uber&ord=k1&m=between&d=01/01/1880-12/31/1890',
  'n=quick filler&ord=n1',
];

describe('search in worker threads', () => {
  it("runs in two workers and gives the main thread's answers", async () => {
    expect(app.searchRunner.threads).toBe(2);
    for (const qs of QUERIES) {
      const res = await get(qs);
      expect(res.statusCode, qs).toBe(200);
      expect(res.json(), qs).toEqual(await runSearch(store, fx.sites.all, parseSearchParams(qs)));
    }
  });

  it("keeps a visitor's mistake a 400 with its message", async () => {
    const words = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ');
    const res = await get(`k=${words}&ord=k1`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/too many words/);
  });

  it('answers many searches sent at once', async () => {
    const many = Array.from({ length: 40 }, (_, i) => QUERIES[i % QUERIES.length]);
    const answers = await Promise.all(many.map(get));
    expect(answers.map((r) => r.statusCode)).toEqual(many.map(() => 200));
    for (const [i, r] of answers.entries()) expect(r.json().total).toBe((await get(many[i])).json().total);
  });

  it('finds what the server has just written', async () => {
    expect((await get('k=zeppelin&ord=k1')).json().total).toBe(0);
    const batch = await store.ingest.beginBatch('batch_pool_test', null);
    await store.ingest.writeIssue(batch, {
      lccn: 'sn001',
      dateIssued: '1899-09-09',
      edition: 1,
      pages: [
        {
          sequence: 1,
          number: '1',
          width: 1000,
          height: 1400,
          imagePath: null,
          pdfPath: null,
          altoPath: null,
          ocrText: 'a zeppelin over the river',
          words: [],
        },
      ],
    });
    await store.ingest.finishBatch(batch, 'complete', {});
    const res = await get('k=zeppelin&ord=k1');
    expect(res.json().total).toBe(1);
    expect(res.json().results[0].date).toBe('1899-09-09');
  });
});

describe('SEARCH_WORKERS', () => {
  it('accepts 0 (search in the main thread) and refuses what is not a small whole number', () => {
    expect(loadConfig({ SEARCH_WORKERS: '0' }).searchWorkers).toBe(0);
    for (const bad of ['-1', 'two', '1.5', '1000']) expect(() => loadConfig({ SEARCH_WORKERS: bad })).toThrow(/SEARCH_WORKERS/);
  });
});
