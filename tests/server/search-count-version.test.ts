// Counts are cached per search version. A page written while a search runs (an ingest beside the server, or a
// replica replaying) must not leave that search's counts cached under the newer version: the next search then
// counts again and finds the new page. On PostgreSQL the counts come from a pass that starts with the page of
// results, so they can be older than a version read afterwards.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createPostgresStore, type PostgresStore } from '../../server/store/postgres';
import { parseSearchParams } from '../../contract/search-query';
import { runSearch } from '../../server/services/search/service';
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
      async pageIds(...args: Parameters<Store['search']['pageIds']>) {
        const ids = await store.search.pageIds(...args);
        if (!written) {
          written = true;
          await addPage('a second lighthouse');
        }
        return ids;
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
