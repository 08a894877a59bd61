import type { HomeDetail } from '../../../contract/api';

/** A getDetail answer shaped like the server's (spec 3.6). */
export function homeDetail(over: { titles?: Array<[number, string]>; solrtype?: string } = {}): HomeDetail {
  const titles = (
    over.titles ?? [
      [1, 'Evening Star'],
      [2, 'Omaha Daily Bee'],
    ]
  ).map(([TitleId, title]) => ({
    TitleId,
    title,
    YearRange: '1859-1920',
    count: 10 + TitleId,
    ThumbImagePath: `/iiif/${TitleId}/full/200,/0/default.jpg`,
  }));
  const solrtype = over.solrtype ?? '4';
  return {
    MinDate: 1859,
    MaxDate: 1920,
    fullMinDate: 1859,
    fullMaxDate: 1920,
    DomainUrl: 'http://127.0.0.1:8361',
    CollectionIds: '1,2',
    objeWbSite: { ShowThumbInHome: true, solrtype },
    model: {
      _searchModels: {
        solrtype,
        YearRangeWithTitleandCountList: solrtype === '4' ? titles : [],
        YearRangeWithTitlecountSolr7Sametitle: solrtype === '4' ? [] : titles,
        DecadeList: [
          { Decade: 1880, count: 9, Years: '1887' },
          { Decade: '1850-a', count: 2, Years: '1859' },
        ],
      },
      ContentDetails: {
        Status: true,
        PageContentStatus: true,
        PageContentImagePath: '',
        PageContentHeading: 'About',
        PageContentShort: '<p>a</p>',
        PageContent: '<p>b</p>',
      },
      AdvertisementContent: { AdHomeLeftContent: '' },
      HomePageTitleCount: titles.length,
      HomePageDecadeCount: 2,
    },
    CountryData: [{ CountryId: 1, CountryName: 'United States' }],
    StateData: [{ StateId: 1, StateName: 'Nebraska', CountryId: 1 }],
    CityData: [{ CityId: 1, CityName: 'Omaha', StateId: 1 }],
    PublicationData: [{ PublicationId: 2, PublicationName: 'Omaha Daily Bee', CityId: 1 }],
  };
}
