import { describe, expect, it } from 'vitest';
import { decadeYearRanges, decadeYears, deriveDecadeRange, yearRange } from '../../../workers/dates';
import { queryUrl } from '../../../workers/search-links';
import { buildBrowseParams } from '../../../contract/search/build';
import { emptyQuery, parseSearchParams } from '../../../contract/search/query';
import { searchUrl } from '../../../contract/search/url';

// A browse query written by the query writer, addressed by the one builder.
const browseAddress = (spec: Parameters<typeof buildBrowseParams>[0]) => searchUrl(buildBrowseParams(spec));

describe('decade and year ranges', () => {
  it('derives a decade selection range clamped to the archive (spec 5.2)', () => {
    expect(deriveDecadeRange([1880, '1860-x'], 1859, 1920)).toEqual({ start: '01/01/1860', end: '12/31/1889' });
    expect(deriveDecadeRange([1850, 1920], 1859, 1922)).toEqual({ start: '01/01/1859', end: '12/31/1922' });
  });

  it("lists a decade's years from its comma list, sorted, inside the decade", () => {
    expect(decadeYears({ Decade: '1880-a', Years: '1887, 1881,1887,,1899' })).toEqual([1881, 1887]);
    expect(decadeYearRanges({ Decade: 1910, Years: '1912' })).toEqual([{ year: 1912, start: '01/01/1912', end: '12/31/1912' }]);
    expect(yearRange(1887)).toEqual({ start: '01/01/1887', end: '12/31/1887' });
  });
});

describe('search URLs', () => {
  it('builds a year browse URL the results screen parses back (spec 7.3)', () => {
    const url = browseAddress({ year: 1887, start: '', end: '' });
    expect(url).toBe('/search?i=f&by=1887&bdd=1880&d=01/01/1887-12/31/1887&bcn=1');
    const q = parseSearchParams(url.split('?')[1]);
    expect(q.year).toBe(1887);
    expect(q.decades).toEqual([1880]);
  });

  it('builds a title browse URL with page 1', () => {
    const url = browseAddress({ titleIds: [3, 5], start: '01/01/1859', end: '12/31/1920' });
    const p = new URLSearchParams(url.split('?')[1]);
    expect(p.get('t')).toBe('3,5');
    expect(p.get('d')).toBe('01/01/1859-12/31/1920');
    expect(p.get('p')).toBe('1');
  });

  it('builds a keyword search URL with row order and place filters', () => {
    const q = {
      ...emptyQuery(),
      rows: [
        { type: 'all' as const, text: 'fire', op: 'and' as const },
        { type: 'exact' as const, text: 'city hall', op: 'or' as const },
      ],
      countryId: 2,
    };
    const p = new URLSearchParams(queryUrl(q).split('?')[1]);
    expect(p.get('k')).toBe('fire');
    expect(p.get('e')).toBe('city hall');
    expect(p.get('ord')).toBe('k1_e1');
    expect(queryUrl(q)).toBe('/search?i=f&bcn=1&m=between&k=fire&e=city+hall&ord=k1_e1&co=2');
    expect(p.get('co')).toBe('2');
  });
});
