// One /search builder: the home form, the browse tiles and panels, 'Apply Filter', the results screen's
// links, the viewer's way back and the results screen's 'edit query' all write a query the same way, so a
// query read back from any of them and written again is the same string.
import { describe, expect, it } from 'vitest';
import { emptyForm, type HomeForm } from '../../contract/home-form';
import { canonicalSearchKey } from '../../contract/search/key';
import { parseSearchParams } from '../../contract/search/query';
import { searchUrl, searchUrlFromViewer } from '../../contract/search/url';
import { withChanges } from '../../src/search/search-url';
import { createArchiveApi } from '../../workers/archive-api';

const api = createArchiveApi();
const years = { minYear: 1859, maxYear: 1920 };
const bounds = {
  MinDate: 1859,
  MaxDate: 1920,
  DecadeList: [
    { Decade: 1880, Years: '1881,1887' },
    { Decade: '1850-x', Years: '1859' },
  ],
};
const queryOf = (url: string) => new URLSearchParams(url.slice(url.indexOf('?') + 1));

/** Every other way the app writes an address for the query `url` carries, each of which must give `url`. */
function rewritten(url: string) {
  const params = queryOf(url);
  const viewer = new URLSearchParams([['page', 'batch_x/1887-03-04/ed-1/seq-2'], ...params]);
  return {
    'results screen (facet/page links keep the query)': searchUrl(withChanges(params, { p: params.get('p') })),
    "viewer's way back": searchUrlFromViewer(viewer),
    // 'Edit query' writes keyword searches (the form's parameter order); a browse query it writes in that order.
    'edit query (worker, from the parsed model)': params.has('ord') ? api.queryUrl(parseSearchParams(params)) : null,
  };
}

describe('the one /search builder', () => {
  it("keeps '/' and ',' readable as spec 7.3 writes them and encodes the rest", () => {
    const p = new URLSearchParams([
      ['d', '01/01/1859-12/31/1920'],
      ['k', 'civil war,a&b'],
      ['ord', 'k1_k2'],
      ['t', '3,5'],
    ]);
    expect(searchUrl(p)).toBe('/search?d=01/01/1859-12/31/1920&k=civil+war,a%26b&ord=k1_k2&t=3,5');
    expect(queryOf(searchUrl(p)).get('k')).toBe('civil war,a&b');
    expect(searchUrl([['e', 'é?#=+%']])).toBe('/search?e=%C3%A9%3F%23%3D%2B%25');
    expect(queryOf(searchUrl([['e', 'é?#=+%']])).get('e')).toBe('é?#=+%');
  });

  it('the home form (in the worker) writes what every other path writes for the same query', () => {
    const form: HomeForm = {
      ...emptyForm(),
      betw: 'between',
      picker1: '3/4/1860',
      picker2: '',
      rows: [
        { Search: 'civil war, a&b', Section: 1, Section2: 1 },
        { Search: 'Abraham Lincoln/Douglas', Section: 2, Section2: 2 },
      ],
      countryId: 2,
    };
    const r = api.formSearchUrl(form, years);
    expect(r).toEqual({ ok: true, value: '/search?i=f&d=03/04/1860-12/31/1920&bcn=1&m=between&k=civil+war+a%26b&e=Abraham+Lincoln/Douglas&ord=k1_e1&co=2' });
    const url = (r as { value: string }).value;
    expect(Object.values(rewritten(url))).not.toContain(null);
    for (const [path, again] of Object.entries(rewritten(url))) expect(again, path).toBe(url);
  });

  it('the browse tiles, decades, years and Apply Filter (in the worker) write what every other path writes', () => {
    const links = api.homeLinks(bounds);
    const title = `${links.titleLink.before}42${links.titleLink.after}`;
    expect(title).toBe('/search?i=f&t=42&d=01/01/1859-12/31/1920&bcn=1&p=1');
    expect(api.applyBrowseUrl('titles', [42], [], years)).toEqual({ ok: true, value: title });
    expect(links.decadeLinks[1880]).toBe('/search?i=f&bdd=1880&d=01/01/1880-12/31/1889&bcn=1&p=1');
    expect(api.applyBrowseUrl('decades', [], [1880], years)).toEqual({ ok: true, value: links.decadeLinks[1880] });
    // A decade id's '-' suffix is dropped and the range clamped to the archive (spec 3.7, 5.2).
    expect(links.decadeLinks[1850]).toBe('/search?i=f&bdd=1850&d=01/01/1859-12/31/1859&bcn=1&p=1');
    expect(links.yearLinks[1887]).toBe('/search?i=f&by=1887&bdd=1880&d=01/01/1887-12/31/1887&bcn=1');
    for (const url of [title, links.decadeLinks[1880], links.decadeLinks[1850], links.yearLinks[1881], links.yearLinks[1887]]) {
      for (const [path, again] of Object.entries(rewritten(url))) if (again !== null) expect(again, `${path} of ${url}`).toBe(url);
    }
  });

  it("gives the date filter the archive's bounds, and defaults before the home data comes", () => {
    expect(api.homeLinks(bounds).dates).toEqual({ globMinDate: '01/01/1859', globMaxDate: '12/31/1920' });
    expect(api.homeLinks(bounds).years).toEqual(years);
    const none = api.homeLinks({ DecadeList: [] });
    expect(none.dates).toEqual({ globMinDate: '01/01/1690', globMaxDate: `12/31/${new Date().getFullYear()}` });
    expect(api.formSearchUrl({ ...emptyForm(), rows: [{ Search: 'fire', Section: 1, Section2: 1 }] }, null)).toEqual({
      ok: true,
      value: `/search?i=f&d=01/01/1690-12/31/${new Date().getFullYear()}&bcn=1&m=between&k=fire&ord=k1`,
    });
  });

  it('the form and Apply Filter answer with the spec 5.1 / 5.2 messages instead of an address', () => {
    expect(api.formSearchUrl(emptyForm(), years)).toEqual({ ok: false, message: 'Please provide search query' });
    expect(api.applyBrowseUrl('both', [], [], years)).toEqual({ ok: false, message: 'Please select a title or decade' });
  });

  it("the worker's search key is the canonical key, whichever path wrote the query", () => {
    const fromForm = (api.formSearchUrl({ ...emptyForm(), rows: [{ Search: 'Fire', Section: 1, Section2: 1 }] }, years) as { value: string }).value;
    const byHand = '/search?ord=k1&k=fire&m=between&d=01%2F01%2F1859-12%2F31%2F1920&i=f&bcn=1&p=1';
    expect(api.searchKey(queryOf(fromForm).toString())).toBe(canonicalSearchKey(queryOf(byHand)));
    expect(api.searchKey(queryOf(byHand).toString())).toBe(canonicalSearchKey(queryOf(fromForm)));
  });
});
