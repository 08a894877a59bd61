import { describe, expect, it } from 'vitest';
import {
  applyBrowseParams,
  dateFieldsFor,
  decadeClickParams,
  emptyForm,
  globalDates,
  isValidUsDate,
  newRow,
  ROW_PLACEHOLDERS,
  searchFormToParams,
  titleClickParams,
  validateSearchForm,
  yearClickParams,
  yearSearchEnterMessage,
  type FormRow,
  type HomeForm,
} from '../../../contract/home-form';
import { parseSearchParams } from '../../../contract/search/query';

const g = globalDates(1859, 1920);
const years = { minYear: 1859, maxYear: 1920 };
const form = (patch: Partial<HomeForm>): HomeForm => ({ ...emptyForm(), ...patch });
const row = (Search: string, Section: FormRow['Section'] = 1, Section2: FormRow['Section2'] = 1): FormRow => ({ Search, Section, Section2 });
const params = (f: HomeForm) => {
  const r = searchFormToParams(f, g);
  if (!r.ok) throw new Error(r.message);
  return [...r.value.entries()];
};
const message = (f: HomeForm) => validateSearchForm(f, g);

describe('form defaults (spec 2.4, 9)', () => {
  it('starts with one All row, Between mode, no dates and no places', () => {
    expect(emptyForm()).toEqual({
      betw: 'between',
      picker1: '',
      picker2: '',
      rows: [{ Search: '', Section: 1, Section2: 1 }],
      countryId: 0,
      stateId: 0,
      cityId: 0,
      publicationId: 0,
      fuzzy: false,
    });
    expect(newRow()).toEqual({ Search: '', Section: 1, Section2: 1 });
  });
  it('has the placeholder of each row type', () => {
    expect(ROW_PLACEHOLDERS).toEqual({
      1: 'Find people AND places AND events',
      2: 'Find these EXACT names or words',
      3: 'Find people OR places OR events',
      4: 'Exclude these people, places OR events',
    });
  });
  it('keeps the global dates as 01/01/{MinDate} and 12/31/{MaxDate}', () => {
    expect(g).toEqual({ globMinDate: '01/01/1859', globMaxDate: '12/31/1920' });
  });
  it('shows the date fields of each mode', () => {
    expect(dateFieldsFor('between')).toEqual({ start: true, end: true });
    expect(dateFieldsFor('on')).toEqual({ start: true, end: false });
    expect(dateFieldsFor('after')).toEqual({ start: true, end: false });
    expect(dateFieldsFor('before')).toEqual({ start: false, end: true });
  });
});

describe('keyword search URL (spec 7.3)', () => {
  it('builds i, d, bcn, m, k and ord for one All row, dates from the archive bounds', () => {
    expect(params(form({ rows: [row('lincoln')] }))).toEqual([
      ['i', 'f'],
      ['d', '01/01/1859-12/31/1920'],
      ['bcn', '1'],
      ['m', 'between'],
      ['k', 'lincoln'],
      ['ord', 'k1'],
    ]);
  });
  it("All 'civil war' then Or Exact 'Abraham Lincoln' gives k, e and ord=k1_e1", () => {
    const p = new URLSearchParams(params(form({ rows: [row('civil war'), row('Abraham Lincoln', 2, 2)] })));
    expect(p.get('k')).toBe('civil war');
    expect(p.get('e')).toBe('Abraham Lincoln');
    expect(p.get('ord')).toBe('k1_e1');
  });
  it("joins with ',' after And and '_' after Or, numbering per type from 1, comma-joining each group", () => {
    const p = new URLSearchParams(params(form({ rows: [row('a'), row('b', 3, 1), row('c', 1, 2), row('d', 4, 1), row('e', 3, 2), row('f', 2, 1)] })));
    expect(p.get('ord')).toBe('k1,o1_k2,n1_o2,e1');
    expect(p.get('k')).toBe('a,c');
    expect(p.get('o')).toBe('b,e');
    expect(p.get('n')).toBe('d');
    expect(p.get('e')).toBe('f');
  });
  it('ignores the combinator of the first row', () => {
    expect(new URLSearchParams(params(form({ rows: [row('x', 4, 2)] }))).get('ord')).toBe('n1');
  });
  it('leaves out empty term groups', () => {
    const keys = params(form({ rows: [row('x', 2)] })).map(([k]) => k);
    expect(keys).toEqual(['i', 'd', 'bcn', 'm', 'e', 'ord']);
  });
  it('trims the text of rows', () => {
    expect(new URLSearchParams(params(form({ rows: [row('  omaha  ')] }))).get('k')).toBe('omaha');
  });

  const dates = (f: Partial<HomeForm>) => new URLSearchParams(params(form({ rows: [row('x')], ...f })));
  it('between: entered start and end, zero-padded', () => {
    const p = dates({ betw: 'between', picker1: '3/4/1880', picker2: '12/31/1890' });
    expect(p.get('d')).toBe('03/04/1880-12/31/1890');
    expect(p.get('m')).toBe('between');
  });
  it('between with one field empty uses the archive bound for it', () => {
    expect(dates({ picker1: '01/01/1900' }).get('d')).toBe('01/01/1900-12/31/1920');
    expect(dates({ picker2: '06/30/1870' }).get('d')).toBe('01/01/1859-06/30/1870');
  });
  it('on: start and end equal to the start', () => {
    const p = dates({ betw: 'on', picker1: '07/04/1876', picker2: '01/01/1900' });
    expect(p.get('d')).toBe('07/04/1876-07/04/1876');
    expect(p.get('m')).toBe('on');
  });
  it('after: entered start to the global max', () => {
    const p = dates({ betw: 'after', picker1: '07/04/1876', picker2: '01/01/1860' });
    expect(p.get('d')).toBe('07/04/1876-12/31/1920');
    expect(p.get('m')).toBe('after');
  });
  it('before: the global min to the entered end', () => {
    const p = dates({ betw: 'before', picker1: '07/04/1876', picker2: '01/01/1880' });
    expect(p.get('d')).toBe('01/01/1859-01/01/1880');
    expect(p.get('m')).toBe('before');
  });
  it('adds co, st, ci and both ti and t only when not 0, in that order', () => {
    expect(params(form({ rows: [row('x')], countryId: 1, stateId: 0, cityId: 7, publicationId: 12 })).slice(6)).toEqual([
      ['co', '1'],
      ['ci', '7'],
      ['ti', '12'],
      ['t', '12'],
    ]);
    expect(params(form({ rows: [row('x')], countryId: 0, stateId: 5 })).slice(6)).toEqual([['st', '5']]);
    expect(params(form({ rows: [row('x')] })).length).toBe(6);
  });
});

describe('"Include likely OCR misreadings" (issue 22)', () => {
  it('carries the switch to /search as fz=1, and nothing when it is off', () => {
    const on = params(form({ rows: [row('senate')], fuzzy: true }));
    expect(on).toContainEqual(['fz', '1']);
    expect(params(form({ rows: [row('senate')] })).some(([k]) => k === 'fz')).toBe(false);
  });
  it('reads back as an OCR-tolerant search on the results screen', () => {
    const r = searchFormToParams(form({ rows: [row('senate')], fuzzy: true }), g);
    if (!r.ok) throw new Error(r.message);
    expect(parseSearchParams(r.value).fuzzy).toBe(true);
  });
});

describe('search validation (spec 5.1) with the exact messages', () => {
  it("a blank row: 'Please provide search query'", () => {
    expect(message(form({ rows: [row('')] }))).toBe('Please provide search query');
    expect(message(form({ rows: [row('   ')] }))).toBe('Please provide search query');
    expect(message(form({ rows: [row('a'), row(' ', 2, 2)] }))).toBe('Please provide search query');
    expect(message(form({ rows: [] }))).toBe('Please provide search query');
  });
  it('all term groups empty after cleaning separators: the same message', () => {
    const r = searchFormToParams(form({ rows: [row(',,_')] }), g);
    expect(r).toEqual({ ok: false, message: 'Please provide search query' });
  });
  const invalid = 'Invalid date: Please input a date in the form of MM/DD/YYYY';
  it.each([
    ['1/1/190', 'total length under 8'],
    ['01/01/19000', 'total length over 10'],
    ['01-01-1900', 'not separated by /'],
    ['01/01/1900/1', 'four parts'],
    ['011/1/1900', 'month of 3 digits'],
    ['1/011/1900', 'day of 3 digits'],
    ['01/01/190a', 'year not numeric'],
    ['aa/01/1900', 'month not numeric'],
    ['1/1/19000', 'year of 5 digits'],
    ['01/01/ 900', 'year with a space'],
    ['13/01/1900', 'month 13'],
    ['02/30/1900', 'not on the calendar'],
  ])('start date %s (%s): the invalid date message', (value) => {
    expect(isValidUsDate(value)).toBe(false);
    expect(message(form({ rows: [row('x')], picker1: value }))).toBe(invalid);
  });
  it.each(['1/1/1900', '01/1/1900', '1/01/1900', '01/01/1900', '12/31/1920', '02/29/1904'])('accepts %s', (value) => {
    expect(isValidUsDate(value)).toBe(true);
    expect(message(form({ rows: [row('x')], picker1: value }))).toBeNull();
  });
  it("between checks both dates; 'on' and 'after' only the start; 'before' only the end", () => {
    const bad = 'xx';
    expect(message(form({ rows: [row('x')], betw: 'between', picker2: bad }))).toBe(invalid);
    expect(message(form({ rows: [row('x')], betw: 'on', picker2: bad }))).toBeNull();
    expect(message(form({ rows: [row('x')], betw: 'after', picker2: bad }))).toBeNull();
    expect(message(form({ rows: [row('x')], betw: 'on', picker1: bad }))).toBe(invalid);
    expect(message(form({ rows: [row('x')], betw: 'after', picker1: bad }))).toBe(invalid);
    expect(message(form({ rows: [row('x')], betw: 'before', picker1: bad }))).toBeNull();
    expect(message(form({ rows: [row('x')], betw: 'before', picker2: bad }))).toBe(invalid);
  });
  it("between with the end before the start: 'Start date should not be greater than end date'", () => {
    expect(message(form({ rows: [row('x')], picker1: '02/01/1900', picker2: '01/31/1900' }))).toBe('Start date should not be greater than end date');
    expect(message(form({ rows: [row('x')], picker1: '01/01/1901', picker2: '12/31/1900' }))).toBe('Start date should not be greater than end date');
    expect(message(form({ rows: [row('x')], picker1: '01/31/1900', picker2: '01/31/1900' }))).toBeNull();
    // Only between compares: other modes ignore the hidden field.
    expect(message(form({ rows: [row('x')], betw: 'on', picker1: '02/01/1900', picker2: '01/31/1900' }))).toBeNull();
  });
  it('checks the rows before the dates', () => {
    expect(message(form({ rows: [row('')], picker1: 'bad' }))).toBe('Please provide search query');
  });
});

describe('browse URLs (spec 5.2, 7.3)', () => {
  const entries = (p: URLSearchParams) => [...p.entries()];
  it('title click: t, the full archive range, bcn and page 1', () => {
    expect(entries(titleClickParams(42, years))).toEqual([
      ['i', 'f'],
      ['t', '42'],
      ['d', '01/01/1859-12/31/1920'],
      ['bcn', '1'],
      ['p', '1'],
    ]);
  });
  it('decade click: bdd and the decade range, page 1', () => {
    expect(entries(decadeClickParams(1880, years))).toEqual([
      ['i', 'f'],
      ['bdd', '1880'],
      ['d', '01/01/1880-12/31/1889'],
      ['bcn', '1'],
      ['p', '1'],
    ]);
  });
  it('decade ranges are clamped to the global range', () => {
    expect(decadeClickParams(1850, years).get('d')).toBe('01/01/1859-12/31/1859');
    expect(decadeClickParams(1920, years).get('d')).toBe('01/01/1920-12/31/1920');
  });
  it('year click: by, bdd = first three digits + 0, the year range', () => {
    expect(entries(yearClickParams(1887))).toEqual([
      ['i', 'f'],
      ['by', '1887'],
      ['bdd', '1880'],
      ['d', '01/01/1887-12/31/1887'],
      ['bcn', '1'],
    ]);
    expect(yearClickParams(1900).get('bdd')).toBe('1900');
  });
  it('apply titles only: t with the full range', () => {
    const r = applyBrowseParams('titles', [3, 5], [], years);
    expect(r.ok && entries(r.value)).toEqual([
      ['i', 'f'],
      ['t', '3,5'],
      ['d', '01/01/1859-12/31/1920'],
      ['bcn', '1'],
      ['p', '1'],
    ]);
  });
  it('apply decades only: bdd with 01/01/{smallest} to 12/31/{largest + 9}', () => {
    const r = applyBrowseParams('decades', [], [1900, 1870], years);
    expect(r.ok && entries(r.value)).toEqual([
      ['i', 'f'],
      ['bdd', '1900,1870'],
      ['d', '01/01/1870-12/31/1909'],
      ['bcn', '1'],
      ['p', '1'],
    ]);
  });
  it('apply titles and decades: i, t, bdd, d, bcn', () => {
    const r = applyBrowseParams('both', [7], [1910], years);
    expect(r.ok && entries(r.value)).toEqual([
      ['i', 'f'],
      ['t', '7'],
      ['bdd', '1910'],
      ['d', '01/01/1910-12/31/1919'],
      ['bcn', '1'],
      ['p', '1'],
    ]);
  });
  it('apply decades spanning the bounds is clamped', () => {
    const r = applyBrowseParams('both', [], [1850, 1920], years);
    expect(r.ok && r.value.get('d')).toBe('01/01/1859-12/31/1920');
  });
  it('the messages of an empty selection', () => {
    expect(applyBrowseParams('titles', [], [1880], years)).toEqual({ ok: false, message: 'Please select a title' });
    expect(applyBrowseParams('decades', [1], [], years)).toEqual({ ok: false, message: 'Please select a decade' });
    expect(applyBrowseParams('both', [], [], years)).toEqual({ ok: false, message: 'Please select a title or decade' });
    expect(yearSearchEnterMessage()).toBe('Please select a year');
  });
  it('more titles than a search can name: every listed title means the decades alone; a part of them is refused', () => {
    const many = Array.from({ length: 1200 }, (_, i) => i + 1);
    const all = applyBrowseParams('both', many, [1880], years, 1200);
    expect(all.ok && entries(all.value)).toEqual([
      ['i', 'f'],
      ['bdd', '1880'],
      ['d', '01/01/1880-12/31/1889'],
      ['bcn', '1'],
      ['p', '1'],
    ]);
    const part = applyBrowseParams('titles', many.slice(0, 700), [], years, 1200);
    expect(part).toEqual({ ok: false, message: 'Please select at most 500 titles, or use Select All' });
    expect(applyBrowseParams('titles', many.slice(0, 500), [], years, 1200).ok).toBe(true);
  });
});
