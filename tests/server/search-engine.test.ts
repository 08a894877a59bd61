import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { parseSearchParams, type SearchResponse } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import { seedFixture, type Fixture } from './search-fixtures';

let store: SqliteStore;
let fx: Fixture;

beforeAll(async () => {
  store = createSqliteStore(':memory:');
  fx = await seedFixture(store);
});
afterAll(() => store.close());

const search = (qs: string, site = fx.sites.all): Promise<SearchResponse> => runSearch(store, site, parseSearchParams(qs));
/** Result page uids as fixture names, sorted, for set comparisons. */
const names = (r: SearchResponse) => r.results.map((x) => Object.keys(fx.uid).find((k) => fx.uid[k] === x.pageUid)).sort();

describe('row types', () => {
  it('All: every word must occur, anywhere on the page', async () => {
    expect(names(await search('k=quick fox&ord=k1'))).toEqual(['p1', 'p2']);
    expect(names(await search('k=quick lazy&ord=k1'))).toEqual(['p1']);
  });
  it('Exact: the phrase must occur, the words apart do not count', async () => {
    expect(names(await search('e=quick brown&ord=e1'))).toEqual(['p1']);
    expect(names(await search('e=quick fox&ord=e1'))).toEqual(['p2']);
    expect(names(await search('e=brown quick&ord=e1'))).toEqual([]);
  });
  it('Any: at least one word', async () => {
    expect(names(await search('o=telegram lazy&ord=o1'))).toEqual(['p1', 'p3']);
  });
  it('None: pages with any of its words are excluded', async () => {
    expect(names(await search('k=quick&n=fox&ord=k1,n1'))).toEqual(['p5', 'p6']);
    expect(names(await search('k=quick&n=fox lazy celebration&ord=k1,n1'))).toEqual(['p6']);
  });
  it('a None row alone lists every page without its words', async () => {
    const r = await search('n=quick filler&ord=n1');
    expect(names(r)).toEqual(['p3', 'p4']);
    expect(r.sort).toBe('date');
  });
});

describe('combinators', () => {
  it('AND binds tighter than OR', async () => {
    // (fox AND lazy) OR election
    expect(names(await search('k=fox,lazy,election&ord=k1,k2_k3'))).toEqual(['p1', 'p4', 'p6']);
    // fox OR (lazy AND election)
    expect(names(await search('k=fox,lazy,election&ord=k1_k2,k3'))).toEqual(['p1', 'p2']);
  });
  it('a None row only excludes within its AND-group', async () => {
    // (quick AND NOT fox) OR telegram
    expect(names(await search('k=quick,telegram&n=fox&ord=k1,n1_k2'))).toEqual(['p3', 'p5', 'p6']);
    // (NOT quick) OR fox: a group that only excludes, ORed with a normal one
    expect(names(await search('k=fox&n=quick filler&ord=n1_k1'))).toEqual(['p1', 'p2', 'p3', 'p4']);
  });
});

describe('folding and hyphenation', () => {
  it('is case- and diacritics-insensitive both ways', async () => {
    expect(names(await search('k=uber&ord=k1'))).toEqual(['p3', 'p4']);
    expect(names(await search('k=ÜBER&ord=k1'))).toEqual(['p3', 'p4']);
    expect(names(await search('k=fete&ord=k1'))).toEqual(['p5']);
    expect(names(await search('k=NAIVE&ord=k1'))).toEqual(['p4']);
  });
  it('finds a hyphen-joined word and returns both halves as boxes', async () => {
    const r = await search('k=telegram&ord=k1');
    expect(names(r)).toEqual(['p3']);
    expect(r.results[0].boxes).toEqual([
      [300, 0, 60, 40],
      [0, 50, 40, 40],
    ]);
  });
});

describe('boxes and snippets', () => {
  it('phrase boxes are only the words of real occurrences', async () => {
    const [hit] = (await search('e=quick brown&ord=e1')).results;
    // p1 "the quick brown fox …": words 1 and 2
    expect(hit.boxes).toEqual([
      [100, 0, 90, 40],
      [200, 0, 90, 40],
    ]);
    expect(hit.snippet).toContain('<mark>quick</mark> <mark>brown</mark>');
  });
  it('phrase words that occur apart are not marked', async () => {
    // p2: "brown dogs and a quick fox … brown house": phrase "quick fox" marks only quick+fox
    const [hit] = (await search('e=quick fox&ord=e1')).results;
    expect(hit.boxes).toHaveLength(2);
    expect(hit.snippet).not.toContain('<mark>brown</mark>');
  });
  it('snippets escape page text; only <mark> is markup', async () => {
    const [hit] = (await search('k=naive&ord=k1')).results;
    expect(hit.snippet).toContain('<mark>naïve</mark>');
    expect(hit.snippet).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(hit.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });
  it('result fields: uid, title, date, thumbnail and size', async () => {
    const [hit] = (await search('k=lazy&ord=k1')).results;
    expect(hit).toMatchObject({ pageUid: fx.uid.p1, title: 'Evening Star', date: '1860-01-02', sequence: 1, pageNumber: '1', width: 1000, height: 1400 });
    expect(hit.thumbnail).toBe(`iiif/3/${fx.uid.p1}/full/!200,300/0/default.jpg`);
  });
});

describe('filters', () => {
  it('date modes use the effective range (spec 4.1)', async () => {
    expect(names(await search('k=quick&ord=k1&m=before&d=-12/31/1899'))).toEqual(['p1', 'p2']);
    expect(names(await search('k=quick&ord=k1&m=after&d=01/01/1900-'))).toEqual(['p5', 'p6']);
    expect(names(await search('k=quick&ord=k1&m=on&d=01/02/1860-'))).toEqual(['p1']);
    expect(names(await search('k=quick&ord=k1&m=between&d=01/01/1861-12/31/1901'))).toEqual(['p2', 'p5']);
    // 'before' ignores a start date, 'after' an end date
    expect(names(await search('k=quick&ord=k1&m=before&d=01/01/1900-12/31/1899'))).toEqual(['p1', 'p2']);
  });
  it('place filters: country, state, city', async () => {
    const q = 'k=quick&ord=k1';
    const r = await search(q);
    const france = r.facets.countries.find((c) => c.name === 'France')!;
    const dc = r.facets.states.find((s) => s.name === 'District of Columbia')!;
    const washington = r.facets.cities.find((c) => c.name === 'Washington')!;
    expect(names(await search(`${q}&co=${france.id}`))).toEqual(['p5']);
    expect(names(await search(`${q}&st=${dc.id}`))).toEqual(['p1', 'p2', 'p6']);
    expect(names(await search(`${q}&ci=${washington.id}`))).toEqual(['p1', 'p2', 'p6']);
  });
  it('titles, decades and year', async () => {
    expect(names(await search(`k=quick&ord=k1&t=${fx.titles.courrier}`))).toEqual(['p5']);
    expect(names(await search('k=quick&ord=k1&bdd=1860'))).toEqual(['p1', 'p2']);
    expect(names(await search('k=quick&ord=k1&bdd=1860,1920'))).toEqual(['p1', 'p2', 'p6']);
    expect(names(await search('k=quick&ord=k1&by=1865'))).toEqual(['p2']);
  });
  it("the site's collection limits results", async () => {
    expect(names(await search('k=uber&ord=k1', fx.sites.beeOnly))).toEqual(['p3', 'p4']);
    expect((await search('k=quick&ord=k1', fx.sites.beeOnly)).total).toBe(0);
    // asking for a title outside the collection does not widen it
    expect((await search(`k=quick&ord=k1&t=${fx.titles.star}`, fx.sites.beeOnly)).total).toBe(0);
  });
});

describe('facets', () => {
  it('count matching pages per title, decade, place; years when one decade is chosen', async () => {
    const r = await search('k=quick&ord=k1');
    expect(r.total).toBe(4);
    expect(r.facets.titles).toEqual([
      { id: fx.titles.star, name: 'Evening Star', count: 3 },
      { id: fx.titles.courrier, name: 'Le Courrier', count: 1 },
    ]);
    expect(r.facets.decades).toEqual([
      { decade: 1860, count: 2 },
      { decade: 1900, count: 1 },
      { decade: 1920, count: 1 },
    ]);
    expect(r.facets.countries.map((c) => [c.name, c.count])).toEqual([
      ['United States', 3],
      ['France', 1],
    ]);
    expect(r.facets.years).toEqual([]);
    const one = await search('k=quick&ord=k1&bdd=1860');
    expect(one.facets.years).toEqual([
      { year: 1860, count: 1 },
      { year: 1865, count: 1 },
    ]);
  });
});

describe('browse, sorting and paging', () => {
  it('a browse search (no rows) lists the pages by date', async () => {
    const r = await search(`t=${fx.titles.star}&i=f&bcn=1&d=01/01/1850-12/31/1930`);
    expect(r.results.map((x) => x.date)).toEqual(['1860-01-02', '1865-05-10', '1920-11-15']);
    expect(r.sort).toBe('date');
    const desc = await search(`t=${fx.titles.star}&sort=date-desc`);
    expect(desc.results.map((x) => x.date)).toEqual(['1920-11-15', '1865-05-10', '1860-01-02']);
  });
  it('pages of 20 with the page number in p', async () => {
    const p1 = await search('k=filler&ord=k1&sort=date');
    expect(p1.total).toBe(25);
    expect(p1.results).toHaveLength(20);
    const p2 = await search('k=filler&ord=k1&sort=date&p=2');
    expect(p2.page).toBe(2);
    expect(p2.results.map((x) => x.sequence)).toEqual([21, 22, 23, 24, 25]);
    expect((await search('k=filler&ord=k1&p=9')).results).toEqual([]);
  });
  it('relevance puts the page with more hits first', async () => {
    const r = await search('k=brown&ord=k1');
    expect(r.sort).toBe('relevance');
    expect(names(r)).toEqual(['p1', 'p2']);
    expect(r.results[0].pageUid).toBe(fx.uid.p2); // "brown" twice in a short page
  });
});

describe('index stays in sync', () => {
  it('follows updates and deletes of pages', async () => {
    store.db.prepare("UPDATE pages SET ocr_text = 'zebra crossing' WHERE uid = ?").run(fx.uid.p6);
    expect(names(await search('k=zebra&ord=k1'))).toEqual(['p6']);
    expect(names(await search('k=election&ord=k1'))).toEqual(['p4']);
    await store.ingest.purgeBatch('batch_search_fixture');
    expect((await search('k=zebra&ord=k1')).total).toBe(0);
    expect((await search('k=quick&ord=k1')).total).toBe(0);
  });
});

describe('hostile text', () => {
  it('FTS syntax and emoji are plain words; quotes, * and ~ are the row syntax', async () => {
    const fresh = createSqliteStore(':memory:');
    const f = await seedFixture(fresh);
    const s = (qs: string) => runSearch(fresh, f.sites.all, parseSearchParams(qs));
    // An unclosed quote is a syntax mistake: a QueryError (the API's 400) with a message, never an empty answer.
    expect(() => parseSearchParams(`k=${encodeURIComponent('"quick')}&ord=k1`)).toThrow(/Unbalanced quotes/);
    for (const text of ['quick OR', 'NEAR(quick fox)', 'ocr_text:quick', 'quick*', '^quick', 'quick AND', '(((', 'NOT', '-quick', '+quick']) {
      const r = await s(`k=${encodeURIComponent(text)}&ord=k1`);
      expect(r.total).toBeGreaterThanOrEqual(0);
    }
    // NEAR is a word like any other: p2 reads "… quick fox were seen near the brown house"
    expect((await s(`k=${encodeURIComponent('NEAR(quick fox)')}&ord=k1`)).results.map((x) => x.pageUid)).toEqual([f.uid.p2]);
    expect((await s(`k=${encodeURIComponent('😀 🗞️')}&ord=k1`)).total).toBe(0);
    expect((await s(`k=${encodeURIComponent('quick 😀')}&ord=k1`)).total).toBe(4);
    await fresh.close();
  });
});
