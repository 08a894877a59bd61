// Site choice by origin (design.md, multi-site) and an archive with nothing in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeDetail, SiteSettings, SiteTheme, TitleDecadeResponse } from '../../contract/api';
import { HOST_A, homeGet, makeTestApp, ORIGIN_A, ORIGIN_B, type FixtureIds, type TestApp } from './helpers';

describe('site choice by the url parameter', () => {
  let t: TestApp<FixtureIds>;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const siteTitle = async (origin: string) => {
    const res = await homeGet(t.app, 'GetSiteSettings', origin);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SiteSettings).SiteTitle;
  };

  it('picks the site whose origin matches exactly', async () => {
    expect(await siteTitle(ORIGIN_A)).toBe('The Chronicle Archive');
    expect(await siteTitle(ORIGIN_B)).toBe('Prairie Papers');
  });

  it('gives the two loopback origins different SiteTitle, ThemeFile and title lists', async () => {
    const themeA = (await homeGet(t.app, 'GetSiteTheme', ORIGIN_A)).json() as SiteTheme;
    const themeB = (await homeGet(t.app, 'GetSiteTheme', ORIGIN_B)).json() as SiteTheme;
    expect(themeA.ThemeFile).not.toBe(themeB.ThemeFile);
    const listA = ((await homeGet(t.app, 'getDetail', ORIGIN_A)).json() as HomeDetail).model._searchModels.YearRangeWithTitleandCountList;
    const listB = ((await homeGet(t.app, 'getDetail', ORIGIN_B)).json() as HomeDetail).model._searchModels.YearRangeWithTitleandCountList;
    const namesA = listA.map((x) => x.title);
    expect(listB.map((x) => x.title).some((n) => namesA.includes(n))).toBe(false);
  });

  it('matches case-insensitively and ignores a trailing slash or a path after the origin', async () => {
    expect(await siteTitle('HTTP://LOCALHOST:8080/')).toBe('Prairie Papers');
    expect(await siteTitle('http://localhost:8080/home?x=1')).toBe('Prairie Papers');
  });

  it('matches a bare host entry on any port and scheme', async () => {
    expect(await siteTitle(`http://${HOST_A}:3000`)).toBe('The Chronicle Archive');
    expect(await siteTitle(`https://${HOST_A}`)).toBe('The Chronicle Archive');
    // The DomainUrl is the page's own origin, not the stored entry.
    const s = (await homeGet(t.app, 'GetSiteSettings', `http://${HOST_A}:3000`)).json() as SiteSettings;
    expect(s.DomainUrl).toBe(`http://${HOST_A}:3000/`);
  });

  it('gives an unknown origin the default site', async () => {
    expect(await siteTitle('https://unknown.example')).toBe('The Chronicle Archive');
    expect(await siteTitle('http://localhost:9999')).toBe('The Chronicle Archive');
  });

  it('follows a change of the default site', async () => {
    await t.store.sites.update(t.seeded.siteB, { isDefault: true });
    expect(await siteTitle('https://unknown.example')).toBe('Prairie Papers');
    await t.store.sites.update(t.seeded.siteA, { isDefault: true });
    expect(await siteTitle('https://unknown.example')).toBe('The Chronicle Archive');
  });

  it('follows a new origin added to a site', async () => {
    expect(await siteTitle('http://prairie.example')).toBe('The Chronicle Archive');
    await t.store.sites.update(t.seeded.siteB, { origins: [ORIGIN_B, 'http://prairie.example'] });
    expect(await siteTitle('http://prairie.example')).toBe('Prairie Papers');
  });

  it('does not let site B reach site A’s titles through SelectTitleDecade parameters', async () => {
    const { titles } = t.seeded;
    const res = await homeGet(t.app, 'SelectTitleDecade', ORIGIN_B, {
      titleIds: `${titles.star},${titles.bee}`,
      collectionIds: `${titles.star},${titles.bee},${titles.gazette}`,
    });
    expect(res.statusCode).toBe(200);
    const r = res.json() as TitleDecadeResponse;
    expect(r.SelectedDecadeList).toEqual([]);
    expect(r.SelectedYearRangeWithTitleandCountList.map((x) => x.TitleId)).toEqual([titles.gazette]);
  });
});

describe('an empty archive', () => {
  let t: TestApp<undefined>;
  beforeAll(async () => {
    t = await makeTestApp(async () => undefined);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every endpoint with defaults and empty lists, never 500', async () => {
    for (const ep of ['GetSiteTheme', 'GetSiteSettings', 'GetHomePageSettings', 'GetBanner', 'getDetail', 'SelectTitleDecade']) {
      const res = await homeGet(t.app, ep, ORIGIN_A);
      expect(res.statusCode, `${ep}: ${res.body}`).toBe(200);
    }
    const d = (await homeGet(t.app, 'getDetail', ORIGIN_A)).json() as HomeDetail;
    const year = new Date().getUTCFullYear();
    expect([d.MinDate, d.MaxDate, d.fullMinDate, d.fullMaxDate]).toEqual([year, year, year, year]);
    expect(d.model._searchModels.YearRangeWithTitleandCountList).toEqual([]);
    expect(d.model._searchModels.DecadeList).toEqual([]);
    expect(d.model.HomePageTitleCount).toBe(0);
    expect(d.CollectionIds).toBe('');
    expect(d.CountryData).toEqual([]);
    const s = (await homeGet(t.app, 'GetSiteSettings', ORIGIN_A)).json() as SiteSettings;
    expect(s.SiteTitle).not.toBe('');
    expect(s.objHeaderMenuList.length).toBeGreaterThan(0);
  });
});
