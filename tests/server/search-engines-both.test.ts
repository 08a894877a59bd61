// The search suite's queries on both engines: SQLite (FTS5) and PostgreSQL (tsvector) find the same pages,
// with the same counts, facets, snippets' marked words and phrase-aware boxes. The semantics themselves
// are pinned by search-engine.test.ts; here they must hold on PostgreSQL too.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { expectSameAnswersForEveryClass } from '../support/class-parity';
import { createPostgresStore } from '../../server/store/postgres';
import { parseSearchParams } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import type { Store } from '../../server/store/types';
import { seedFixture, type Fixture } from './search-fixtures';
import { createDatabase } from '../support/pg-cluster';

const engines: Record<'sqlite' | 'postgres', { store: Store; fx: Fixture }> = {} as never;

beforeAll(async () => {
  const lite = createSqliteStore(':memory:');
  const pg = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  engines.sqlite = { store: lite, fx: await seedFixture(lite) };
  engines.postgres = { store: pg, fx: await seedFixture(pg) };
});
afterAll(async () => {
  await engines.sqlite?.store.close();
  await engines.postgres?.store.close();
});

const QUERIES = [
  'k=quick fox&ord=k1',
  'k=quick lazy&ord=k1',
  'e=quick brown&ord=e1',
  'e=quick fox&ord=e1',
  'e=brown quick&ord=e1',
  'o=telegram lazy&ord=o1',
  'k=quick&n=fox&ord=k1,n1',
  'k=quick&n=fox lazy celebration&ord=k1,n1',
  'n=quick filler&ord=n1',
  'k=fox,lazy,election&ord=k1,k2_k3',
  'k=fox,lazy,election&ord=k1_k2,k3',
  'k=quick,telegram&n=fox&ord=k1,n1_k2',
  'k=fox&n=quick filler&ord=n1_k1',
  'k=uber&ord=k1',
  'k=ÜBER&ord=k1',
  'k=naive&ord=k1',
  'k=NAIVE&ord=k1',
  'k=fete&ord=k1',
  'k=telegram&ord=k1',
  'k=zebra&ord=k1',
  'k=quick&ord=k1&m=on&d=01/02/1860-',
  'k=quick&ord=k1&m=after&d=01/01/1900-',
  'k=quick&ord=k1&m=before&d=-12/31/1899',
  'k=quick&ord=k1&m=between&d=01/01/1861-12/31/1901',
  'k=quick&ord=k1&bdd=1860',
  'k=quick&ord=k1&bdd=1860,1920',
  'k=quick&ord=k1&by=1865',
  'k=filler&ord=k1&sort=date',
  'k=filler&ord=k1&sort=date&p=2',
  'k=filler&ord=k1&p=9',
  'bdd=1880&d=01/01/1880-12/31/1889',
  'k="quick" OR fox NEAR(a b) ^x :col',
  'k=🙂 ☃&ord=k1',
  'e=the&ord=e1',
];

/** Everything a visitor sees of a search, with relevance order normalised away (scores differ). */
async function answer(engine: 'sqlite' | 'postgres', qs: string, site: 'all' | 'beeOnly' = 'all') {
  const { store, fx } = engines[engine];
  const r = await runSearch(store, fx.sites[site], parseSearchParams(qs));
  const name = (uid: string) => Object.keys(fx.uid).find((k) => fx.uid[k] === uid);
  const results = r.results.map((x) => ({ page: name(x.pageUid), marks: (x.snippet.match(/<mark>[^<]*<\/mark>/g) ?? []).sort(), boxes: x.boxes }));
  if (r.sort === 'relevance') results.sort((a, b) => String(a.page).localeCompare(String(b.page)));
  return { total: r.total, sort: r.sort, results, facets: { ...r.facets, titles: r.facets.titles.map((t) => ({ ...t, id: name(String(t.id)) ?? t.name })) } };
}

describe('search on SQLite and PostgreSQL', () => {
  it.each(QUERIES)('%s', async (qs) => {
    expect(await answer('postgres', qs)).toEqual(await answer('sqlite', qs));
  });

  it('places, titles and site collections filter the same way', async () => {
    const lite = engines.sqlite;
    const places = await lite.store.browse.places(lite.fx.sites.all);
    const pgPlaces = await engines.postgres.store.browse.places(engines.postgres.fx.sites.all);
    for (const [kind, key] of [
      ['countries', 'co'],
      ['states', 'st'],
      ['cities', 'ci'],
    ] as const) {
      for (const place of places[kind]) {
        const other = pgPlaces[kind].find((p) => p.name === place.name)!;
        const a = await answer('sqlite', `k=quick&ord=k1&${key}=${place.id}`);
        const b = await runSearch(engines.postgres.store, engines.postgres.fx.sites.all, parseSearchParams(`k=quick&ord=k1&${key}=${other.id}`));
        expect(b.total, `${kind} ${place.name}`).toBe(a.total);
      }
    }
    expect((await answer('postgres', `k=quick&ord=k1`, 'beeOnly')).total).toBe((await answer('sqlite', `k=quick&ord=k1`, 'beeOnly')).total);
  });

  it('finds the known pages on PostgreSQL', async () => {
    const pages = async (qs: string) => (await answer('postgres', qs)).results.map((r) => r.page).sort();
    expect(await pages('e=quick brown&ord=e1')).toEqual(['p1']);
    expect(await pages('k=fox,lazy,election&ord=k1,k2_k3')).toEqual(['p1', 'p4', 'p6']);
    expect(await pages('k=quick&n=fox&ord=k1,n1')).toEqual(['p5', 'p6']);
    expect(await pages('k=uber&ord=k1')).toEqual(['p3', 'p4']);
  });
});

describe('search on the shared NDNP batches, both engines', () => {
  const stores: Store[] = [];
  beforeAll(async () => {
    const { ingestBatch } = await import('../../server/ingest');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join, resolve } = await import('node:path');
    stores.push(createSqliteStore(':memory:'), await createPostgresStore(await createDatabase(inject('pgAdminUrl'))));
    for (const store of stores) {
      await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['127.0.0.1'] });
      const dataDir = mkdtempSync(join(tmpdir(), 'both-ndnp-'));
      for (const batch of ['batch_dlc_manyyears_ver01', 'batch_nbu_manyissues_ver01']) {
        await ingestBatch(store, dataDir, resolve('../shared/corpus/ndnp', batch), { marcDir: resolve('../shared/corpus/ndnp/marc'), images: false });
      }
    }
  }, 240_000);
  afterAll(async () => Promise.all(stores.map((s) => s.close())));

  it('gives the same answers for every query class of the search benchmark', async () => {
    const { queries, withResults } = await expectSameAnswersForEveryClass(stores[0] as SqliteStore, stores[1]);
    expect(withResults).toBeGreaterThan(queries / 2);
  }, 240_000);

  it.each([
    'k=washington',
    'k=omaha',
    'e=evening star&ord=e1',
    'e=united states&ord=e1',
    'o=congress senate&ord=o1',
    'k=president&n=congress&ord=k1,n1',
    'k=war,omaha&ord=k1_k2',
    'k=the&m=before&d=-12/31/1889',
    'k=city&by=1887&bdd=1880',
    // the row syntax: truncation (bounded: "wash*" fits many OCR forms), wildcards, proximity
    'k=appropriations~&ord=k1',
    'k=senate congress&fz=1&ord=k1',
    'k=number~&fzx=numbek,numbei&ord=k1',
    'k=washington~2&ord=k1',
    'k=wash*&ord=k1',
    'k=sen?te&ord=k1',
    'k=gov*&ord=k1',
    'o=wom?n senat*&ord=o1',
    'e="united states"~3&ord=e1',
    'k="evening star"~2 washington&ord=k1',
  ])('%s: the same pages, counts and facets', async (qs) => {
    const [a, b] = await Promise.all(stores.map(async (s) => runSearch(s, (await s.sites.getDefault()).id, parseSearchParams(`${qs}&sort=date`))));
    expect(a.total).toBeGreaterThan(0);
    expect(b.total).toBe(a.total);
    expect(b.results.map((r) => r.pageUid)).toEqual(a.results.map((r) => r.pageUid));
    expect(b.results.map((r) => r.boxes)).toEqual(a.results.map((r) => r.boxes));
    expect(b.facets.decades).toEqual(a.facets.decades);
    expect(b.expansions).toEqual(a.expansions);
  });

  // Real misreadings on these pages (found in their OCR): "Appioprlatlons", "NCBIASKA", "Kepublican", "Piesident".
  it.each([
    ['appropriations', 'appioprlatlons'],
    ['nebraska', 'ncbiaska'],
    ['republican', 'kepublican'],
    ['president', 'piesident'],
  ])('%s~ finds the pages that read %s, on both engines', async (word, misread) => {
    for (const s of stores) {
      const site = (await s.sites.getDefault()).id;
      const all = async (qs: string) => {
        const r = await runSearch(s, site, parseSearchParams(`${qs}&ord=k1&sort=date`));
        const pages = r.results.map((x) => x.pageUid);
        for (let p = 2; (p - 1) * r.pageSize < r.total; p++)
          pages.push(...(await runSearch(s, site, parseSearchParams(`${qs}&ord=k1&sort=date&p=${p}`))).results.map((x) => x.pageUid));
        return { r, pages };
      };
      const misreadPages = (await all(`k=${misread}`)).pages;
      const exact = await all(`k=${word}`);
      const fuzzy = await all(`k=${word}~`);
      expect(misreadPages.length).toBeGreaterThan(0);
      expect(fuzzy.r.expansions![0].words).toContain(misread);
      // Every page with the misreading is found, and every page of the word itself (the page reading
      // "piesident" also prints "president", so that word gains no page: only its occurrence).
      expect(fuzzy.pages).toEqual(expect.arrayContaining([...misreadPages, ...exact.pages]));
      expect(fuzzy.r.total).toBeGreaterThanOrEqual(exact.r.total);
      if (misreadPages.some((p) => !exact.pages.includes(p))) expect(fuzzy.r.total).toBeGreaterThan(exact.r.total);
      // Set aside, the misreading is no longer searched.
      const without = await runSearch(s, site, parseSearchParams(`k=${word}~&fzx=${misread}&ord=k1&sort=date`));
      expect(without.expansions![0].words).not.toContain(misread);
    }
  });
});
