// The same archive on SQLite and on PostgreSQL answers the same: the demo archive is generated on SQLite,
// moved with the copy command, and every Home endpoint and a set of searches are compared across the two.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { createPostgresStore, type PostgresStore } from '../../server/store/postgres';
import { copySqliteToPostgres } from '../../server/store/copy';
import { ensureDemoArchive } from '../../server/demo';
import { createDatabase } from '../support/pg-cluster';
import { expectSameAnswersForEveryClass } from '../support/class-parity';

let lite: SqliteStore;
let pg: PostgresStore;
let apps: FastifyInstance[] = [];

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'parity-'));
  lite = createSqliteStore(dataDir);
  await ensureDemoArchive(lite, dataDir, () => undefined);
  pg = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  await copySqliteToPostgres(lite.db, pg.pg);
  const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir: join(dataDir, 'no-dist') };
  apps = [await buildApp(config, lite), await buildApp(config, pg)];
  await Promise.all(apps.map((a) => a.ready()));
}, 300_000);
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await lite?.close();
  await pg?.close();
});

const both = async (url: string) => {
  const [a, b] = await Promise.all(apps.map((app) => app.inject({ url })));
  expect(a.statusCode, `${url}: ${a.body.slice(0, 200)}`).toBe(b.statusCode);
  return [a.json(), b.json()];
};

const ORIGINS = ['http://127.0.0.1:8080', 'http://localhost:8080'];
const HOME = ['GetSiteTheme', 'GetSiteSettings', 'GetHomePageSettings', 'GetBanner', 'getDetail'];

describe('SQLite and PostgreSQL give the same answers', () => {
  it.each(ORIGINS)('for every Home endpoint on %s', async (origin) => {
    for (const endpoint of HOME) {
      const [a, b] = await both(`/Api/Home/${endpoint}?url=${encodeURIComponent(origin)}`);
      expect(b, endpoint).toEqual(a);
    }
    const detail = (await both(`/Api/Home/getDetail?url=${encodeURIComponent(origin)}`))[0];
    const titles = detail.model._searchModels.YearRangeWithTitleandCountList.slice(0, 2)
      .map((t: { TitleId: number }) => t.TitleId)
      .join(',');
    const [a, b] = await both(`/Api/Home/SelectTitleDecade?url=${encodeURIComponent(origin)}&titleIds=${titles}&decades=1850,1860`);
    expect(b).toEqual(a);
  });

  it('for every query class of the search benchmark (bench/search/classes.ts)', async () => {
    const { queries, withResults } = await expectSameAnswersForEveryClass(lite, pg);
    expect(withResults).toBeGreaterThan(queries / 2);
  }, 240_000);

  it('for searches of every kind: the same pages, counts and facets', async () => {
    const queries = [
      'k=election',
      'k=railroad council&ord=k1',
      'e=civil war&ord=e1',
      'o=steamer harvest&ord=o1',
      'k=election&n=railroad&ord=k1,n1',
      'k=council,harvest,steamer&ord=k1,k2_k3',
      'k=uber',
      'k=election&d=01/01/1850-12/31/1899&m=between',
      'k=the&co=1',
      'bdd=1880&d=01/01/1880-12/31/1889',
      'by=1861&bdd=1860&d=01/01/1861-12/31/1861',
      'k=election&sort=date',
      'k=the&p=3&sort=date-desc',
    ];
    for (const q of queries) {
      const [a, b] = await both(`/Api/Search?url=${encodeURIComponent(ORIGINS[0])}&${q}`);
      expect(b.total, q).toBe(a.total);
      expect(b.facets, q).toEqual(a.facets);
      // Relevance scores differ between bm25 and ts_rank_cd; in date order the pages must be the same.
      const dated = q.includes('sort=') ? q : `${q}&sort=date`;
      const [da, db] = await both(`/Api/Search?url=${encodeURIComponent(ORIGINS[0])}&${dated}`);
      const uids = (r: { results: { pageUid: string }[] }) => r.results.map((x) => x.pageUid);
      expect(uids(db), dated).toEqual(uids(da));
      expect(
        db.results.map((r: { boxes: unknown }) => r.boxes),
        dated,
      ).toEqual(da.results.map((r: { boxes: unknown }) => r.boxes));
    }
  });
});
