// Counts are cached per search version. A page written while a search runs (an ingest beside the server, or a
// replica replaying) must not leave that search's counts cached under the newer version: the next search then
// counts again and finds the new page. On PostgreSQL the counts come from a pass that starts with the page of
// results, so they can be older than a version read afterwards.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createPostgresStore, type PostgresStore } from '../../server/store/postgres';
import { parseSearchParams } from '../../contract/search/query';
import { runSearch, searchFilter } from '../../server/services/search/service';
import { expandRows } from '../../server/services/search/expand';
import { planText } from '../../contract/search/plan';
import type { Store } from '../../server/store/types';
import { writeOnePage } from '../support/one-page';
import { createDatabase } from '../support/pg-cluster';

let store: PostgresStore;
let siteId: number;
let batch: number;
let edition = 0;

const addPage = (text: string) => writeOnePage(store, batch, ++edition, text);

beforeAll(async () => {
  store = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  siteId = (await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['127.0.0.1'] })).id;
  await store.ingest.upsertTitle({ lccn: 'sn1', name: 'Title', place: { country: 'United States', state: 'Ohio', city: 'Akron' }, source: 'marc' });
  batch = await store.ingest.beginBatch('b1', null);
  await addPage('the lighthouse keeper');
}, 60_000);
afterAll(async () => {
  await store?.close();
});

it('counts again after a page is written during a search, instead of keeping the older counts', async () => {
  const query = parseSearchParams('k=lighthouse&ord=k1&sort=date');
  let written = false;
  // The page of results (and the counting pass started beside it) first, then a page written and the version bumped.
  const racing = {
    ...store,
    search: {
      ...store.search,
      async page(...args: Parameters<Store['search']['page']>) {
        const page = await store.search.page(...args);
        if (!written) {
          written = true;
          await addPage('a second lighthouse');
        }
        return page;
      },
    },
  } as Store;
  const during = await runSearch(racing, siteId, query);
  expect(written).toBe(true);
  expect([1, 2]).toContain(during.total); // either is right for a search the write overlapped
  const after = await runSearch(store, siteId, query);
  expect(after.total).toBe(2);
  expect(after.results).toHaveLength(2);
});

it("waits for the version before reading matches, though the engine's first lookups run beside it", async () => {
  const query = parseSearchParams('k=keeper&ord=k1&sort=date');
  // A version read that is slow, and during which a page is written: the version it gives stands for that
  // page. A pass that began before the read settled would count without it and keep that under the version.
  const slowVersion = {
    ...store,
    meta: {
      ...store.meta,
      async searchVersion() {
        await new Promise((r) => setTimeout(r, 150));
        await addPage('another keeper');
        return store.meta.searchVersion();
      },
    },
  } as Store;
  const before = (await runSearch(store, siteId, query)).total;
  const during = await runSearch(slowVersion, siteId, query);
  expect(during.total).toBe(before + 1);
  const after = await runSearch(store, siteId, query);
  expect(after.total).toBe(before + 1);
});

it("answers each search's counts from its own pass: a later count never takes an earlier search's", async () => {
  const q = parseSearchParams('k=lighthouse&ord=k1&sort=date');
  const filter = searchFilter(siteId, q, planText(q.rows, await expandRows(store.search, q.rows, { fuzzy: q.fuzzy }), q.fuzzy));
  // A page whose pass counted the matches (fewer than a page), its counts left untaken, as when the service's
  // count cache answers; then a page written at once.
  const page = await store.search.page(filter, 'date', 0, 20);
  expect(page.ids.length).toBeLessThan(20);
  await addPage('yet another lighthouse');
  expect((await store.search.count(filter)).total).toBe(page.ids.length + 1);
  // The page's own counts are still those of its pass, the same matches as its ids.
  expect((await page.counts()).total).toBe(page.ids.length);
});

it("shows a title's new name and place in the facets as soon as a batch renames it", async () => {
  const query = parseSearchParams('k=lighthouse&ord=k1');
  const names = async () => (await runSearch(store, siteId, query)).facets;
  expect((await names()).titles.map((t) => t.name)).toEqual(['Title']);
  // A batch loads the title's record again, now with another name and city, and a page (the version moves on).
  await store.ingest.upsertTitle({ lccn: 'sn1', name: 'The Akron Beacon', place: { country: 'United States', state: 'Ohio', city: 'Canton' }, source: 'marc' });
  await addPage('one more lighthouse');
  const after = await names();
  expect(after.titles.map((t) => t.name)).toEqual(['The Akron Beacon']);
  expect(after.cities.map((c) => c.name)).toEqual(['Canton']);
});
