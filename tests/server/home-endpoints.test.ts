// The six Home endpoints against the spec (3.2-3.10): field names, types, values from the fixture,
// sanitising at serve time, and HTTP caching (ETag, no-cache, 304, fresh after a change).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BannerResponse, HomeDetail, HomePageSettings, SiteSettings, SiteTheme, TitleDecadeResponse } from '../../contract/api';
import { gunzipSync } from 'node:zlib';
import { homeGet, makeTestApp, ORIGIN_A, ORIGIN_B, type FixtureIds, type TestApp } from './helpers';

type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'object|null';

/** Asserts exactly these keys, each of the given JSON type. */
function expectShape(value: unknown, shape: Record<string, Kind>) {
  expect(value).toBeTypeOf('object');
  const obj = value as Record<string, unknown>;
  expect(Object.keys(obj).sort()).toEqual(Object.keys(shape).sort());
  for (const [key, kind] of Object.entries(shape)) {
    const v = obj[key];
    const actual = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
    expect(kind.split('|'), `${key} is ${actual}`).toContain(actual);
  }
}

const TITLE_SHAPE: Record<string, Kind> = { TitleId: 'number', title: 'string', YearRange: 'string', count: 'number', ThumbImagePath: 'string' };
const DECADE_SHAPE: Record<string, Kind> = { Decade: 'number', count: 'number', Years: 'string' };

let t: TestApp<FixtureIds>;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const json = async <T>(endpoint: string, origin: string, params: Record<string, string> = {}) => {
  const res = await homeGet(t.app, endpoint, origin, params);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as T;
};

describe('GetSiteTheme (3.2)', () => {
  it('answers ThemeFile and PrimaryColor of the site', async () => {
    const a = await json<SiteTheme>('GetSiteTheme', ORIGIN_A);
    expectShape(a, { ThemeFile: 'string', PrimaryColor: 'string' });
    expect(a).toEqual({ ThemeFile: 'media/themes/chronicle.css', PrimaryColor: '#123456' });
    const b = await json<SiteTheme>('GetSiteTheme', ORIGIN_B);
    expect(b).toEqual({ ThemeFile: '', PrimaryColor: '#2a6b3c' });
  });
});

describe('GetSiteSettings (3.3, 3.4)', () => {
  it('has every field of the spec with its type', async () => {
    const s = await json<SiteSettings>('GetSiteSettings', ORIGIN_A);
    expectShape(s, {
      DomainUrl: 'string',
      ApiDomainUrl: 'string',
      WebsiteSmallLogoPath: 'string',
      WebsiteLargeLogoPath: 'string',
      DefaultLargeLogo: 'string',
      DefaultFooterLogo: 'string',
      FooterLogoList: 'array',
      GACode: 'string',
      SiteTitle: 'string',
      SiteName: 'string',
      pageTitle: 'string',
      metaTitle: 'string',
      metaDescription: 'string',
      Description: 'string',
      FBShareLogo: 'string',
      FooterText: 'string',
      AdvantageFooterStatus: 'boolean',
      IsDisplay: 'boolean',
      ThemeFile: 'string',
      PrimaryColor: 'string',
      pwaSettings: 'object|null',
      objHeaderMenuList: 'array',
      objFooterMenuList: 'array',
      objFooterSubmenuList: 'array',
      SocialLinks: 'object',
      PolicyPages: 'object',
      kiosk: 'object',
      onThisDay: 'boolean',
    });
    expectShape(s.kiosk, { enabled: 'boolean', idleSeconds: 'number', featuredIssueIds: 'array', featuredBy: 'string', featuredIssues: 'array' });
    expectShape(s.pwaSettings, {
      ButtonImage: 'string',
      ButtonTooltip: 'string',
      PwaButtonImage: 'string',
      PwaButtonTooltip: 'string',
      OpenInNewWindow: 'boolean',
      PageTitle: 'string',
    });
    for (const m of s.objHeaderMenuList) expectShape(m, { MenuText: 'string', MenuLink: 'string', OpenInNewTab: 'boolean' });
    for (const m of [...s.objFooterMenuList, ...s.objFooterSubmenuList])
      expectShape(m, { MenuText: 'string', MenuLink: 'string', OpenInNewTab: 'boolean', FooterMenuID: 'number' });
    expectShape(s.PolicyPages, {
      'privacy-policy': 'string',
      'terms-and-conditions': 'string',
      'termsof-use': 'string',
      'copyright-policy': 'string',
      'dmca-and-copyright-takedown': 'string',
    });
  });

  it('uses the origin from url as DomainUrl and the stored values, defaults elsewhere', async () => {
    const s = await json<SiteSettings>('GetSiteSettings', ORIGIN_A);
    expect(s.DomainUrl).toBe(`${ORIGIN_A}/`);
    expect(s.ApiDomainUrl).toBe(`${ORIGIN_A}/`);
    expect(s.SiteTitle).toBe('The Chronicle Archive');
    expect(s.SiteName).toBe('Chronicle');
    expect(s.WebsiteLargeLogoPath).toBe('media/sites/chronicle/logo%20large.png'); // spaces encoded
    expect(s.DefaultLargeLogo).not.toBe('');
    expect(s.objHeaderMenuList.map((m) => m.MenuText)).toEqual(['Home', 'Library']);
    expect(s.objFooterSubmenuList[0].FooterMenuID).toBe(s.objFooterMenuList[0].FooterMenuID);
    expect(s.PolicyPages['termsof-use']).toMatch(/research, study and curiosity/);
    expect(s.PolicyPages['termsof-use']).toMatch(/historical context/);
    expect(s.PolicyPages['termsof-use']).toMatch(/trademarks/);
  });

  it('sanitises stored HTML and drops unsafe URLs when serving', async () => {
    const s = await json<SiteSettings>('GetSiteSettings', ORIGIN_A);
    expect(s.FooterText).toBe('<p>Chronicle <a>x</a></p>');
    expect(s.FooterLogoList).toEqual(['media/partners/one.png', 'https://partner.example/two.png']);
  });

  it('serves pwaSettings null when the site switched the install button off (4.9)', async () => {
    const b = await json<SiteSettings>('GetSiteSettings', ORIGIN_B);
    expect(b.pwaSettings).toBeNull();
    expect(b.SiteTitle).toBe('Prairie Papers');
  });
});

describe('GetHomePageSettings (3.5)', () => {
  it('answers DomainUrl and homePageSetModel with both spellings, HTML sanitised', async () => {
    const h = await json<HomePageSettings>('GetHomePageSettings', ORIGIN_A);
    expectShape(h, { DomainUrl: 'string', homePageSetModel: 'object' });
    expectShape(h.homePageSetModel, {
      Status: 'boolean',
      HomePageImagePath: 'string',
      HomePageSettingsImagePath: 'string',
      HomePageContent: 'string',
      HomePageSettingsContent: 'string',
      ImageOverlayColor: 'string',
      ImageOpacity: 'number',
    });
    const m = h.homePageSetModel;
    expect(m.HomePageImagePath).toBe('media/sites/chronicle/hero.jpg');
    expect(m.HomePageSettingsImagePath).toBe(m.HomePageImagePath);
    expect(m.HomePageContent).toBe('<h1>Welcome to the Chronicle</h1><img src="x" />');
    expect(m.HomePageSettingsContent).toBe(m.HomePageContent);
    expect(m.ImageOpacity).toBe(0.5);
  });
});

describe('GetBanner (3.9)', () => {
  it('answers webBannerModel, the right advertisement and ContentMore', async () => {
    const b = await json<BannerResponse>('GetBanner', ORIGIN_A);
    expectShape(b, { DomainUrl: 'string', webBannerModel: 'object', ContentMore: 'boolean' });
    expectShape(b.webBannerModel, {
      Status: 'boolean',
      BannerStatus: 'boolean',
      BannerHeading: 'string',
      BannerContentShort: 'string',
      BannerImagePath: 'string',
      BannerContent: 'string',
      homeAdvertisementContent: 'object',
    });
    expect(b.webBannerModel.Status).toBe(true);
    expect(b.webBannerModel.BannerStatus).toBe(true);
    expect(b.webBannerModel.BannerContent).toBe('<p>The full story</p>');
    expect(b.webBannerModel.homeAdvertisementContent).toEqual({ AdHomeRightContent: '<p>Right ad</p>' });
    expect(b.ContentMore).toBe(true);
  });

  it('defaults to banner off without Learn More for a site that has none', async () => {
    const b = await json<BannerResponse>('GetBanner', ORIGIN_B);
    expect(b.webBannerModel.Status).toBe(false);
    expect(b.ContentMore).toBe(false);
  });
});

describe('getDetail (3.6-3.8)', () => {
  it('has every field of the spec with its type', async () => {
    const d = await json<HomeDetail>('getDetail', ORIGIN_A);
    expectShape(d, {
      MinDate: 'number',
      MaxDate: 'number',
      fullMinDate: 'number',
      fullMaxDate: 'number',
      DomainUrl: 'string',
      CollectionIds: 'string',
      objeWbSite: 'object',
      model: 'object',
      CountryData: 'array',
      StateData: 'array',
      CityData: 'array',
      PublicationData: 'array',
    });
    expectShape(d.objeWbSite, { ShowThumbInHome: 'boolean', solrtype: 'string' });
    expectShape(d.model, {
      _searchModels: 'object',
      ContentDetails: 'object',
      AdvertisementContent: 'object',
      HomePageTitleCount: 'number',
      HomePageDecadeCount: 'number',
    });
    expectShape(d.model._searchModels, {
      solrtype: 'string',
      YearRangeWithTitleandCountList: 'array',
      YearRangeWithTitlecountSolr7Sametitle: 'array',
      DecadeList: 'array',
    });
    expectShape(d.model.ContentDetails, {
      Status: 'boolean',
      PageContentStatus: 'boolean',
      PageContentImagePath: 'string',
      PageContentHeading: 'string',
      PageContentShort: 'string',
      PageContent: 'string',
    });
    expectShape(d.model.AdvertisementContent, { AdHomeLeftContent: 'string' });
    for (const title of d.model._searchModels.YearRangeWithTitleandCountList) expectShape(title, TITLE_SHAPE);
    for (const title of d.model._searchModels.YearRangeWithTitlecountSolr7Sametitle) expectShape(title, TITLE_SHAPE);
    for (const decade of d.model._searchModels.DecadeList) expectShape(decade, DECADE_SHAPE);
    for (const c of d.CountryData) expectShape(c, { CountryId: 'number', CountryName: 'string' });
    for (const s of d.StateData) expectShape(s, { StateId: 'number', StateName: 'string', CountryId: 'number' });
    for (const c of d.CityData) expectShape(c, { CityId: 'number', CityName: 'string', StateId: 'number' });
    for (const p of d.PublicationData) expectShape(p, { PublicationId: 'number', PublicationName: 'string', CityId: 'number' });
  });

  it('counts pages per title, decade and year from the database, within the site', async () => {
    const d = await json<HomeDetail>('getDetail', ORIGIN_A);
    const { titles } = t.seeded;
    expect(d.MinDate).toBe(1859);
    expect(d.MaxDate).toBe(1932);
    expect(d.fullMinDate).toBe(1859);
    expect(d.fullMaxDate).toBe(1932);
    expect(d.model._searchModels.YearRangeWithTitleandCountList).toEqual([
      {
        TitleId: titles.star,
        title: 'Evening Star',
        YearRange: '1859-1920',
        count: 7,
        ThumbImagePath: 'iiif/3/sn83045462-1859-02-21-ed1-seq1/full/!240,320/0/default.jpg',
      },
      {
        TitleId: titles.bee,
        title: 'Omaha Daily Bee',
        YearRange: '1887-1895',
        count: 4,
        ThumbImagePath: 'iiif/3/sn99021999-1887-03-03-ed1-seq1/full/!240,320/0/default.jpg',
      },
      { TitleId: titles.zephyr, title: 'Zephyr News', YearRange: '1931-1932', count: 2, ThumbImagePath: '' },
    ]);
    expect(d.model._searchModels.YearRangeWithTitlecountSolr7Sametitle).toEqual(d.model._searchModels.YearRangeWithTitleandCountList);
    expect(d.model._searchModels.DecadeList).toEqual([
      { Decade: 1850, count: 2, Years: '1859' },
      { Decade: 1860, count: 1, Years: '1865' },
      { Decade: 1870, count: 1, Years: '1872' },
      { Decade: 1880, count: 3, Years: '1887,1888' },
      { Decade: 1890, count: 1, Years: '1895' },
      { Decade: 1900, count: 2, Years: '1901' },
      { Decade: 1920, count: 1, Years: '1920' },
      { Decade: 1930, count: 2, Years: '1931,1932' },
    ]);
    expect(d.model.HomePageTitleCount).toBe(3);
    expect(d.model.HomePageDecadeCount).toBe(8);
    expect(d.CollectionIds.split(',').map(Number).sort()).toEqual([titles.star, titles.bee, titles.zephyr].sort());
    expect(d.objeWbSite).toEqual({ ShowThumbInHome: true, solrtype: '4' });
    expect(d.model._searchModels.solrtype).toBe('4');
  });

  it('lists the places of the site’s titles as a cascade', async () => {
    const d = await json<HomeDetail>('getDetail', ORIGIN_A);
    expect(d.CountryData.map((c) => c.CountryName)).toEqual(['United States']);
    expect(d.StateData.map((s) => s.StateName).sort()).toEqual(['District of Columbia', 'Nebraska']);
    expect(d.CityData.map((c) => c.CityName).sort()).toEqual(['Omaha', 'Washington']);
    expect(d.PublicationData.map((p) => p.PublicationName)).toEqual(['Evening Star', 'Omaha Daily Bee', 'Zephyr News']);
    const omaha = d.CityData.find((c) => c.CityName === 'Omaha')!;
    const nebraska = d.StateData.find((s) => s.StateName === 'Nebraska')!;
    expect(omaha.StateId).toBe(nebraska.StateId);
    expect(nebraska.CountryId).toBe(d.CountryData[0].CountryId);
    expect(d.PublicationData.find((p) => p.PublicationName === 'Omaha Daily Bee')!.CityId).toBe(omaha.CityId);
  });

  it('serves page content and the left advertisement, sanitised', async () => {
    const d = await json<HomeDetail>('getDetail', ORIGIN_A);
    expect(d.model.ContentDetails).toEqual({
      Status: true,
      PageContentStatus: true,
      PageContentImagePath: 'media/sites/chronicle/about.jpg',
      PageContentHeading: 'About the Chronicle',
      PageContentShort: '<p>Short about</p>',
      PageContent: '<p>Long about</p>',
    });
    expect(d.model.AdvertisementContent).toEqual({ AdHomeLeftContent: '<p>Left ad</p>' });
  });

  it('respects collections: site B sees only its own titles and places', async () => {
    const d = await json<HomeDetail>('getDetail', ORIGIN_B);
    const { titles } = t.seeded;
    const ids = d.model._searchModels.YearRangeWithTitleandCountList.map((x) => x.TitleId).sort();
    expect(ids).toEqual([titles.gazette, titles.courrier].sort());
    expect(d.CollectionIds.split(',').map(Number).sort()).toEqual(ids);
    expect(d.CountryData.map((c) => c.CountryName).sort()).toEqual(['Canada', 'United States']);
    expect(d.PublicationData.map((p) => p.PublicationName).sort()).toEqual(['Le Courrier', 'The Prairie Gazette']);
    expect(d.MinDate).toBe(1875);
    expect(d.MaxDate).toBe(1921);
    expect(d.objeWbSite).toEqual({ ShowThumbInHome: false, solrtype: '7' });
    expect(d.DomainUrl).toBe(`${ORIGIN_B}/`);
  });
});

describe('HTTP caching of Home responses', () => {
  it('sends an ETag with Cache-Control: no-cache and answers 304 to a matching If-None-Match', async () => {
    const first = await homeGet(t.app, 'GetSiteSettings', ORIGIN_A);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: `/Api/Home/GetSiteSettings?url=${encodeURIComponent(ORIGIN_A)}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('gzips large answers for clients that accept it, the same JSON as plain', async () => {
    const url = `/Api/Home/getDetail?url=${encodeURIComponent(ORIGIN_A)}`;
    const plain = await t.app.inject({ method: 'GET', url });
    const zipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(zipped.headers.etag).toBe(plain.headers.etag);
  });

  it('does not gzip for a client that refuses it', async () => {
    const url = `/Api/Home/getDetail?url=${encodeURIComponent(ORIGIN_A)}`;
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('MinDate');
  });

  it('serves a change at once: an edited section and a new ingest show on the next request', async () => {
    const before = await json<SiteTheme>('GetSiteTheme', ORIGIN_B);
    const etagBefore = (await homeGet(t.app, 'GetSiteTheme', ORIGIN_B)).headers.etag;
    await t.store.sites.putSection(t.seeded.siteB, 'settings', { SiteTitle: 'Prairie Papers', PrimaryColor: '#654321' });
    const after = await homeGet(t.app, 'GetSiteTheme', ORIGIN_B);
    expect(after.json()).toEqual({ ...before, PrimaryColor: '#654321' });
    expect(after.headers.etag).not.toBe(etagBefore);

    const detailBefore = await json<HomeDetail>('getDetail', ORIGIN_B);
    const batch = await t.store.ingest.beginBatch('batch_late', null);
    await t.store.ingest.writeIssue(batch, {
      lccn: 'sn00000004',
      dateIssued: '1990-01-01',
      edition: 1,
      pages: [{ sequence: 1, width: null, height: null, imagePath: null, pdfPath: null, altoPath: null, ocrText: '', words: [] }],
    });
    const detailAfter = await json<HomeDetail>('getDetail', ORIGIN_B);
    expect(detailAfter.MaxDate).toBe(1990);
    expect(detailAfter.model.HomePageDecadeCount).toBe(detailBefore.model.HomePageDecadeCount + 1);
    await t.store.ingest.purgeBatch('batch_late');
    expect((await json<HomeDetail>('getDetail', ORIGIN_B)).MaxDate).toBe(1921);
  });
});

describe('paths', () => {
  it('match case-insensitively', async () => {
    for (const path of ['/api/home/getsitetheme', '/API/HOME/GETSITETHEME', '/Api/Home/GetDetail', '/api/home/selecttitledecade']) {
      const res = await t.app.inject({ method: 'GET', url: `${path}?url=${encodeURIComponent(ORIGIN_A)}` });
      expect(res.statusCode, path).toBe(200);
    }
  });

  it('SelectTitleDecade answers the spec fields (3.10)', async () => {
    const r = await json<TitleDecadeResponse>('SelectTitleDecade', ORIGIN_A);
    expectShape(r, {
      solrtype: 'string',
      SelectedDecadeList: 'array',
      SelectedYearRangeWithTitleandCountList: 'array',
      SelectedYearRangeWithTitlecountSolr7Sametitle: 'array',
    });
    for (const d of r.SelectedDecadeList) expectShape(d, DECADE_SHAPE);
    for (const x of r.SelectedYearRangeWithTitleandCountList) expectShape(x, TITLE_SHAPE);
  });
});
