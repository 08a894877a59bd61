import { describe, expect, it } from 'vitest';
import { decadeYears } from '../../../contract/search/query';
import { decadeYears as workerDecadeYears } from '../../../workers/dates';
import { filterDecades, filterYears, groupLabel } from '../../../src/home/list-ops';

describe('decade and year lists of the Dates and Years panels', () => {
  const decades = [
    { Decade: 1880, count: 3, Years: '1881, 1887,1889' },
    { Decade: '1890-x', count: 1, Years: '' },
    { Decade: 1900, count: 2, Years: '1900' },
  ];
  it("'Search By Decade' matches the decade's text, with or without the s", () => {
    expect(filterDecades(decades, '188').map((d) => d.Decade)).toEqual([1880]);
    expect(filterDecades(decades, '1890s').map((d) => d.Decade)).toEqual(['1890-x']);
    expect(filterDecades(decades, '')).toHaveLength(3);
  });
  it('reads the comma-separated years of a decade', () => {
    expect(decadeYears(decades[0])).toEqual([1881, 1887, 1889]);
    expect(decadeYears(decades[1])).toEqual([]);
    expect(filterYears([1881, 1887, 1889], '87')).toEqual([1887]);
  });
  it("the Years panel and the worker list a decade's years alike: sorted, once each, only inside the decade", () => {
    // The home screen's own copy once listed this as [1887, 1881, 1887, 1899]: unsorted, twice, and a
    // year of the next decade whose browse link would have left the decade the visitor picked.
    const messy = { Decade: '1880-a', count: 4, Years: '1887, 1881,1887,,1899' };
    expect(decadeYears(messy)).toEqual([1881, 1887]);
    expect(workerDecadeYears(messy)).toEqual(decadeYears(messy));
  });
  it('labels group heading rows A-Z then #', () => {
    expect([-1, -2, -26, -27].map(groupLabel)).toEqual(['A', 'B', 'Z', '#']);
  });
});

describe('which title list the home screen uses (spec 3.6, 9)', () => {
  it("solrtype '4' picks YearRangeWithTitleandCountList, anything else the second list", async () => {
    const { pickTitles } = await import('../../../src/shared/data/home-hooks');
    const a = [{ TitleId: 1, title: 'A', YearRange: '1900-1901', count: 2, ThumbImagePath: '' }];
    const b = [{ TitleId: 2, title: 'B', YearRange: '1900-1901', count: 2, ThumbImagePath: '' }];
    expect(pickTitles({ solrtype: '4', YearRangeWithTitleandCountList: a, YearRangeWithTitlecountSolr7Sametitle: b })).toBe(a);
    expect(pickTitles({ solrtype: '7', YearRangeWithTitleandCountList: a, YearRangeWithTitlecountSolr7Sametitle: b })).toBe(b);
    expect(pickTitles({ solrtype: '', YearRangeWithTitleandCountList: a, YearRangeWithTitlecountSolr7Sametitle: b })).toBe(b);
  });
});
