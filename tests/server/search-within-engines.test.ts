// "Search this issue" (iss=) on both engines: only the issue's pages answer, with words, fuzzy words,
// patterns and without words (a browse of the issue), and the other filters still apply.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import { parseSearchParams, QueryError } from '../../contract/search/query';
import { buildSearchParams } from '../../contract/search/build';
import { runSearch } from '../../server/services/search/service';
import type { Store } from '../../server/store/types';
import { seedFixture, type Fixture } from './search-fixtures';
import { createDatabase } from '../support/pg-cluster';

type Engine = 'sqlite' | 'postgres';
const engines = {} as Record<Engine, { store: Store; fx: Fixture }>;

beforeAll(async () => {
  const lite = createSqliteStore(':memory:');
  const pg = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  engines.sqlite = { store: lite, fx: await seedFixture(lite) };
  engines.postgres = { store: pg, fx: await seedFixture(pg) };
}, 60_000);
afterAll(async () => {
  await engines.sqlite?.store.close();
  await engines.postgres?.store.close();
});

const pagesOf = async (engine: Engine, qs: string) => {
  const { store, fx } = engines[engine];
  const r = await runSearch(store, fx.sites.all, parseSearchParams(`${qs}&sort=date`));
  return r.results.map((x) => Object.keys(fx.uid).find((k) => fx.uid[k] === x.pageUid) ?? '?').sort();
};

describe.each(['sqlite', 'postgres'] as const)('%s', (engine) => {
  it.each([
    // quick is on p1, p2, p5, p6; the issue of 1860-01-02 holds p1 only
    ['k=quick&ord=k1', ['p1', 'p2', 'p5', 'p6']],
    ['k=quick&ord=k1&iss=sn001-1860-01-02-ed1', ['p1']],
    ['k=quick&ord=k1&iss=sn001-1920-11-15-ed1', ['p6']],
    // a word the issue does not hold: nothing, even though other issues have it
    ['k=election&ord=k1&iss=sn001-1860-01-02-ed1', []],
    // patterns and OCR-tolerant words are searched inside the issue too
    ['k=dog*&ord=k1&iss=sn001-1865-05-10-ed1', ['p2']],
    ['k=qu?ck&ord=k1&fz=1&iss=sn003-1901-07-14-ed1', ['p5']],
    // no words: the issue's pages
    ['iss=sn001-1865-05-10-ed1', ['p2']],
    // the issue's title filter and the issue together; a title that is not the issue's gives nothing
    ['k=quick&ord=k1&t=STAR&iss=sn001-1860-01-02-ed1', ['p1']],
    ['k=quick&ord=k1&t=BEE&iss=sn001-1860-01-02-ed1', []],
    // fz=1 inside an issue: "quack" is one letter from "quick"
    ['k=quack&ord=k1&fz=1&iss=sn001-1920-11-15-ed1', ['p6']],
    // an issue the archive does not have
    ['k=quick&ord=k1&iss=sn999-1800-01-01-ed1', []],
  ])('%s', async (qs, expected) => {
    const { fx } = engines[engine];
    const withTitle = qs.replace('t=STAR', `t=${fx.titles.star}`).replace('t=BEE', `t=${fx.titles.bee}`);
    expect(await pagesOf(engine, withTitle)).toEqual(expected);
  });

  it('counts and facets only the issue', async () => {
    const { store, fx } = engines[engine];
    const r = await runSearch(store, fx.sites.all, parseSearchParams('k=quick&ord=k1&iss=sn001-1860-01-02-ed1'));
    expect(r.total).toBe(1);
    expect(r.facets.titles.map((t) => t.count)).toEqual([1]);
    const many = await runSearch(store, fx.sites.all, parseSearchParams('k=filler&ord=k1&iss=sn002-1888-06-01-ed1&p=2'));
    expect(many.total).toBe(25);
    expect(many.results).toHaveLength(5);
  });
});

describe('the iss parameter', () => {
  it('round-trips through the one /search builder', () => {
    const q = parseSearchParams('k=quick&ord=k1&iss=sn001-1860-01-02-ed1');
    expect(q.issueUid).toBe('sn001-1860-01-02-ed1');
    expect(buildSearchParams(q).get('iss')).toBe('sn001-1860-01-02-ed1');
  });

  it('refuses what cannot be an issue id with a message', () => {
    expect(() => parseSearchParams('k=quick&iss=a%20b')).toThrow(QueryError);
    expect(() => parseSearchParams('k=quick&iss=a%20b')).toThrow(/'iss' must be an issue's id/);
  });
});
