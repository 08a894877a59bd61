// The chart offline (workers/offline-search.ts trendIndex) against the server's trend on the same pages: a
// device that keeps every page of the archive charts what GET /Api/Search/Trend answers, per year and month,
// for every kind of row and the date and title filters; and its periods add up to the device search's total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { parseSearchParams } from '../../contract/search/query';
import { runTrend } from '../../server/services/search/research';
import { indexPages, searchIndex, trendIndex, type DeviceIndex, type DevicePage } from '../../workers/offline-search';
import type { ViewerWord } from '../../contract/viewer';
import { seedResearch, type ResearchFixture } from './research-fixture';

let store: SqliteStore;
let fx: ResearchFixture;
let index: DeviceIndex;
let titleNames: Record<number, string>;

beforeAll(async () => {
  store = createSqliteStore(':memory:');
  fx = await seedResearch(store);
  const uids = store.db.prepare('SELECT uid FROM pages ORDER BY id').pluck().all() as string[];
  const pages: DevicePage[] = [];
  for (const uid of uids) {
    const row = (await store.viewer.page(uid))!;
    const words = (await store.viewer.words(uid)) as unknown as ViewerWord[];
    pages.push({ uid, title: row.titleName, date: row.dateIssued, sequence: row.sequence, number: row.number, width: row.width, height: row.height, words });
  }
  index = indexPages(pages);
  titleNames = Object.fromEntries((store.db.prepare('SELECT id, name FROM titles').raw().all() as [number, string][]).map(([id, name]) => [id, name]));
});
afterAll(() => store.close());

describe('the trend offline = the server trend (every page on the device)', () => {
  it.each([
    'k=election',
    'e=civil war&ord=e1',
    'o=steamer harvest&ord=o1',
    'k=election&n=railroad&ord=k1,n1',
    'k=telegra*',
    'k="civil market"~6',
    'k=river&d=01/01/1870-12/31/1884',
    '',
  ])('%s', async (qs) => {
    const withTitle = `${qs}&t=${fx.titles[0]},${fx.titles[1]}`;
    for (const query of [qs, withTitle]) {
      for (const by of ['year', 'month'] as const) {
        const q = parseSearchParams(query);
        const server = await runTrend(store, fx.sites.all, q, { by, split: false });
        const device = trendIndex(index, q, { by, split: false }, { titleNames });
        expect(device.points, `${query} per ${by}`).toEqual(server.points);
        expect(device.total).toBe(searchIndex(index, q, { titleNames }).total);
      }
    }
  });
});
