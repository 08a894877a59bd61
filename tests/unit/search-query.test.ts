import { describe, expect, it } from 'vitest';
import { buildBrowseParams, buildSearchParams, effectiveRange } from '../../contract/search/build';
import {
  emptyQuery,
  queryDateBounds,
  parseSearchParams,
  QueryError,
  toDisjunction,
  type DateMode,
  type RowType,
  type SearchQuery,
} from '../../contract/search/query';

const q = (over: Partial<SearchQuery>): SearchQuery => ({ ...emptyQuery(), ...over });
const roundTrip = (query: SearchQuery) => parseSearchParams(buildSearchParams(query).toString());

describe('buildSearchParams -> parseSearchParams round trip', () => {
  const types: RowType[] = ['all', 'exact', 'any', 'none'];
  for (const type of types) {
    it(`a single ${type} row`, () => {
      const query = q({ rows: [{ type, text: 'civil war', op: 'and' }] });
      expect(roundTrip(query)).toEqual(query);
    });
  }
  it('every row type mixed, with And and Or, keeps order and combinators', () => {
    const query = q({
      rows: [
        { type: 'exact', text: 'abraham lincoln', op: 'and' },
        { type: 'all', text: 'speech', op: 'and' },
        { type: 'any', text: 'gettysburg richmond', op: 'or' },
        { type: 'none', text: 'advertisement', op: 'and' },
        { type: 'all', text: 'president', op: 'or' },
        { type: 'exact', text: 'union army', op: 'and' },
      ],
    });
    const params = buildSearchParams(query);
    expect(params.get('ord')).toBe('e1,k1_o1,n1_k2,e2');
    expect(params.get('e')).toBe('abraham lincoln,union army');
    expect(roundTrip(query)).toEqual(query);
  });
  const modes: DateMode[] = ['between', 'on', 'before', 'after'];
  for (const mode of modes) {
    it(`date mode ${mode}`, () => {
      const query = q({ rows: [{ type: 'all', text: 'fire', op: 'and' }], mode, start: '01/02/1860', end: mode === 'between' ? '12/31/1899' : null });
      expect(roundTrip(query)).toEqual(query);
    });
  }
  it('only an end date, only a start date', () => {
    expect(roundTrip(q({ rows: [{ type: 'all', text: 'x', op: 'and' }], mode: 'before', end: '12/31/1900' }))).toMatchObject({
      start: null,
      end: '12/31/1900',
    });
    expect(roundTrip(q({ rows: [{ type: 'all', text: 'x', op: 'and' }], start: '01/01/1900' }))).toMatchObject({ start: '01/01/1900', end: null });
  });
  it('place filters, titles, decades, year, page and sort', () => {
    const query = q({
      rows: [{ type: 'any', text: 'flood', op: 'and' }],
      countryId: 1,
      stateId: 12,
      cityId: 345,
      titleIds: [3, 7],
      decades: [1880, 1890],
      year: 1887,
      page: 4,
      sort: 'date-desc',
    });
    expect(roundTrip(query)).toEqual(query);
  });
  it('a publication sets both ti and t', () => {
    const params = buildSearchParams(q({ rows: [{ type: 'all', text: 'x', op: 'and' }] }), { publicationId: 9 });
    expect(params.get('ti')).toBe('9');
    expect(params.get('t')).toBe('9');
    expect(parseSearchParams(params).titleIds).toEqual([9]);
  });
  it('commas and underscores typed in a row do not break the URL', () => {
    const query = q({
      rows: [
        { type: 'all', text: 'war, peace_time', op: 'and' },
        { type: 'all', text: 'x', op: 'or' },
      ],
    });
    expect(roundTrip(query).rows.map((r) => r.text)).toEqual(['war peace time', 'x']);
  });
});

describe('browse URLs (spec 7.3)', () => {
  it('title, decade, title+decade and year browses parse to filters without rows', () => {
    expect(parseSearchParams(buildBrowseParams({ titleIds: [4], start: '01/01/1859', end: '12/31/1922' }))).toMatchObject({
      rows: [],
      titleIds: [4],
      start: '01/01/1859',
      end: '12/31/1922',
      page: 1,
    });
    expect(parseSearchParams(buildBrowseParams({ decades: [1880], start: '01/01/1859', end: '12/31/1922' }))).toMatchObject({ decades: [1880] });
    expect(parseSearchParams(buildBrowseParams({ titleIds: [1, 2], decades: [1860, 1870], start: '01/01/1860', end: '12/31/1879' }))).toMatchObject({
      titleIds: [1, 2],
      decades: [1860, 1870],
    });
    const year = buildBrowseParams({ year: 1887, start: '', end: '' });
    expect(year.get('bdd')).toBe('1880');
    expect(parseSearchParams(year)).toMatchObject({ year: 1887, decades: [1880], start: '01/01/1887', end: '12/31/1887' });
  });
  it('decade ids with a suffix use the part before "-"', () => {
    expect(parseSearchParams('bdd=1880-x,1890').decades).toEqual([1880, 1890]);
  });
});

describe('parseSearchParams', () => {
  it('rows missing from ord join with AND after the ordered ones', () => {
    expect(parseSearchParams('k=a,b&o=c').rows).toEqual([
      { type: 'all', text: 'a', op: 'and' },
      { type: 'all', text: 'b', op: 'and' },
      { type: 'any', text: 'c', op: 'and' },
    ]);
  });
  it('malformed input throws QueryError with a readable message', () => {
    for (const bad of [
      'm=sideways',
      'd=1900',
      'd=02/30/1900-',
      'ord=k1&k=',
      'ord=z1',
      'ord=k1,k1&k=a',
      'co=x',
      't=1,b',
      'by=87',
      'p=0',
      'sort=best',
      'd=01/01/1900-01/01/1800',
    ]) {
      expect(() => parseSearchParams(bad), bad).toThrow(QueryError);
    }
  });
  it("'before' and 'after' ignore the date they do not use", () => {
    expect(() => parseSearchParams('m=after&d=01/01/1900-12/31/1800')).not.toThrow();
  });
});

describe('toDisjunction', () => {
  it('AND binds tighter than OR', () => {
    const rows = parseSearchParams('k=a,b,c,d&ord=k1,k2_k3,k4').rows;
    expect(toDisjunction(rows).map((g) => g.map((r) => r.text))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});

describe('date modes (spec 4.1): the form and the server filter read a mode alike', () => {
  const MIN = '01/01/1850';
  const MAX = '12/31/1922';
  it('"on" is the start day alone, whatever the end says', () => {
    expect(effectiveRange('on', '05/06/1900', '07/08/1910', MIN, MAX)).toEqual({ start: '05/06/1900', end: '05/06/1900' });
    expect(queryDateBounds(q({ mode: 'on', start: '05/06/1900', end: '07/08/1910' }))).toEqual({ from: '1900-05-06', to: '1900-05-06' });
  });
  it('"after" has no end and "before" no start', () => {
    expect(effectiveRange('after', '05/06/1900', '07/08/1910', MIN, MAX)).toEqual({ start: '05/06/1900', end: MAX });
    expect(queryDateBounds(q({ mode: 'after', start: '05/06/1900', end: '07/08/1910' }))).toEqual({ from: '1900-05-06', to: null });
    expect(effectiveRange('before', '05/06/1900', '07/08/1910', MIN, MAX)).toEqual({ start: MIN, end: '07/08/1910' });
    expect(queryDateBounds(q({ mode: 'before', start: '05/06/1900', end: '07/08/1910' }))).toEqual({ from: null, to: '1910-07-08' });
  });
  // Where the two former copies could part ways: "on" with no start day. Both mean the whole archive.
  it('"on" without a start day is the whole archive, not a day and not an empty range', () => {
    expect(effectiveRange('on', null, '07/08/1910', MIN, MAX)).toEqual({ start: MIN, end: MAX });
    expect(queryDateBounds(q({ mode: 'on', start: null, end: '07/08/1910' }))).toEqual({ from: null, to: null });
  });
  it('"between" keeps both and leaves a missing side open', () => {
    expect(effectiveRange('between', null, '07/08/1910', MIN, MAX)).toEqual({ start: MIN, end: '07/08/1910' });
    expect(queryDateBounds(q({ mode: 'between', start: '05/06/1900', end: null }))).toEqual({ from: '1900-05-06', to: null });
  });
});
