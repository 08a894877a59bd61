// SelectTitleDecade (spec 4.4, 3.10): decades narrowed by the selected titles, titles narrowed by the
// selected decades, full lists when a side has nothing selected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeDetail, TitleDecadeResponse } from '../../contract/api';
import { homeGet, makeTestApp, ORIGIN_A, ORIGIN_B, type FixtureIds, type TestApp } from './helpers';

let t: TestApp<FixtureIds>;
let full: HomeDetail;
beforeAll(async () => {
  t = await makeTestApp();
  full = (await homeGet(t.app, 'getDetail', ORIGIN_A)).json() as HomeDetail;
});
afterAll(async () => {
  await t.close();
});

const select = async (params: Record<string, string>, origin = ORIGIN_A) => {
  const res = await homeGet(t.app, 'SelectTitleDecade', origin, params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TitleDecadeResponse;
};
const decadesOf = (r: TitleDecadeResponse) => r.SelectedDecadeList.map((d) => d.Decade);
const titlesOf = (r: TitleDecadeResponse) => r.SelectedYearRangeWithTitleandCountList.map((x) => x.title);

describe('SelectTitleDecade', () => {
  it('returns the full lists when nothing is selected', async () => {
    const r = await select({});
    expect(r.SelectedDecadeList).toEqual(full.model._searchModels.DecadeList);
    expect(r.SelectedYearRangeWithTitleandCountList).toEqual(full.model._searchModels.YearRangeWithTitleandCountList);
    expect(r.SelectedYearRangeWithTitlecountSolr7Sametitle).toEqual(r.SelectedYearRangeWithTitleandCountList);
    expect(r.solrtype).toBe('4');
  });

  it('narrows decades to those with pages of the selected titles, leaving titles whole', async () => {
    const r = await select({ titleIds: String(t.seeded.titles.bee) });
    expect(r.SelectedDecadeList).toEqual([
      { Decade: 1880, count: 3, Years: '1887,1888' },
      { Decade: 1890, count: 1, Years: '1895' },
    ]);
    expect(r.SelectedYearRangeWithTitleandCountList).toEqual(full.model._searchModels.YearRangeWithTitleandCountList);

    const two = await select({ titleIds: `${t.seeded.titles.bee},${t.seeded.titles.zephyr}` });
    expect(decadesOf(two)).toEqual([1880, 1890, 1930]);
  });

  it('narrows titles to those with pages in the selected decades, counted within them', async () => {
    const r = await select({ decades: '1880,1900' });
    expect(r.SelectedYearRangeWithTitleandCountList).toEqual([
      expect.objectContaining({ TitleId: t.seeded.titles.star, title: 'Evening Star', YearRange: '1901-1901', count: 2 }),
      expect.objectContaining({ TitleId: t.seeded.titles.bee, title: 'Omaha Daily Bee', YearRange: '1887-1888', count: 3 }),
    ]);
    expect(r.SelectedDecadeList).toEqual(full.model._searchModels.DecadeList);
  });

  it("uses only the part before '-' of a decade id", async () => {
    const r = await select({ decades: '1930-1,1850-x' });
    expect(titlesOf(r)).toEqual(['Evening Star', 'Zephyr News']);
  });

  it('narrows both sides at once when titles and decades are selected', async () => {
    const r = await select({ titleIds: String(t.seeded.titles.star), decades: '1930' });
    expect(decadesOf(r)).toEqual([1850, 1860, 1870, 1900, 1920]);
    expect(titlesOf(r)).toEqual(['Zephyr News']);
  });

  it('gives empty lists for a decade without pages and for titles outside the site', async () => {
    expect((await select({ decades: '1700' })).SelectedYearRangeWithTitleandCountList).toEqual([]);
    expect((await select({ titleIds: String(t.seeded.titles.courrier) })).SelectedDecadeList).toEqual([]);
    expect((await select({ titleIds: '999999' })).SelectedDecadeList).toEqual([]);
  });

  it('narrows within collectionIds and echoes solrType', async () => {
    const r = await select({ collectionIds: String(t.seeded.titles.bee), solrType: '7' });
    expect(titlesOf(r)).toEqual(['Omaha Daily Bee']);
    expect(decadesOf(r)).toEqual([1880, 1890]);
    expect(r.solrtype).toBe('7');
  });

  it("answers site B's solrtype when none is sent", async () => {
    expect((await select({}, ORIGIN_B)).solrtype).toBe('7');
  });

  it('ignores unknown parameters and duplicate ids', async () => {
    const r = await select({ titleIds: `${t.seeded.titles.bee},${t.seeded.titles.bee}`, foo: 'bar', page: '3' });
    expect(decadesOf(r)).toEqual([1880, 1890]);
  });
});
