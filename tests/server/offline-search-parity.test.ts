// Offline search (workers/offline-search.ts) against the server's search on the same pages: the same query
// language (All, Exact, Any, None rows, AND/OR, phrases, "a b"~N, wash*, harvest~, dates, titles), the same
// folding and hyphen joining, the same snippets and boxes. The server side is the real SQLite engine with the
// search fixture and real NDNP OCR; the offline side indexes the very words the viewer API gives for each page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { readAlto } from '../../server/ingest/alto';
import { altoToWords } from '../../server/ingest/words';
import { parseSearchParams, type SearchResponse } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import { indexPages, searchIndex, type DeviceIndex, type DevicePage } from '../../workers/offline-search';
import type { ViewerWord } from '../../contract/viewer';
import { seedFixture, type Fixture } from './search-fixtures';
import { altoFiles } from '../../bench/search/corpus';
import { tokenize } from '../../contract/search/tokens';
import { learnConfusions } from '../../contract/search/confusions';
import { keepSqliteConfusions } from '../../server/store/sqlite/ocr-confusions';
import { isEnglishWord } from '../../server/store/dictionary';

/** What the viewer keeps of each page on the device, read from the store as the viewer API reads it. */
async function devicePagesOf(store: SqliteStore, uids: string[]): Promise<DevicePage[]> {
  const out: DevicePage[] = [];
  for (const uid of uids) {
    const row = (await store.viewer.page(uid))!;
    const words = (await store.viewer.words(uid)) as unknown as ViewerWord[];
    out.push({ uid, title: row.titleName, date: row.dateIssued, sequence: row.sequence, number: row.number, width: row.width, height: row.height, words });
  }
  return out;
}

/** The parts both answers must agree on: which pages, in date order, with the same snippet and boxes. */
const shape = (r: SearchResponse) => ({ total: r.total, results: r.results.map((x) => ({ uid: x.pageUid, snippet: x.snippet, boxes: x.boxes })) });

describe('offline search = server search (search fixture)', () => {
  let store: SqliteStore;
  let fx: Fixture;
  let index: DeviceIndex;
  let titleNames: Record<number, string>;
  beforeAll(async () => {
    store = createSqliteStore(':memory:');
    fx = await seedFixture(store);
    index = indexPages(await devicePagesOf(store, Object.values(fx.uid)));
    titleNames = { [fx.titles.star]: 'Evening Star', [fx.titles.bee]: 'Omaha Daily Bee', [fx.titles.courrier]: 'Le Courrier' };
  });
  afterAll(() => store.close());

  const both = async (qs: string) => {
    const q = parseSearchParams(`${qs}&sort=date`);
    return { server: await runSearch(store, fx.sites.all, q), device: searchIndex(index, q, { titleNames }) };
  };

  const CASES: Array<[string, string]> = [
    ['All: every word', 'k=quick fox&ord=k1'],
    ['Exact: the phrase only', 'e=quick brown&ord=e1'],
    ['Exact: order matters', 'e=brown quick&ord=e1'],
    ['Any: one word is enough', 'o=telegram lazy&ord=o1'],
    ['None: excluded words', 'k=quick&n=fox lazy celebration&ord=k1,n1'],
    ['a None row alone', 'n=quick filler&ord=n1'],
    ['AND binds tighter than OR', 'k=fox,lazy,election&ord=k1,k2_k3'],
    ['OR then AND', 'k=fox,lazy,election&ord=k1_k2,k3'],
    ['a None row excludes within its group only', 'k=quick,telegram&n=fox&ord=k1,n1_k2'],
    ['folding: upper case and diacritics', 'k=ÜBER&ord=k1'],
    ['folding: a diacritic in the page', 'k=fete&ord=k1'],
    ['folding: a diacritic typed', 'k=NAÏVE&ord=k1'],
    ['a hyphen-joined word, both halves boxed', 'k=telegram&ord=k1'],
    ['truncation', 'k=celeb*&ord=k1'],
    ['one-letter wildcard', 'k=qu?ck&ord=k1'],
    ['phrase in quotes in an All row', 'k="brown fox"&ord=k1'],
    ['proximity, any order', 'k="fox quick"~3&ord=k1'],
    ['proximity too far', 'k="quick lazy"~2&ord=k1'],
    ['OCR-tolerant word', 'k=qwick~&ord=k1'],
    ['OCR-tolerant word, its first letter changed', 'k=wuick~&ord=k1'],
    ['OCR-tolerant word, its first letter dropped', 'k=lection~&ord=k1'],
    ['OCR-tolerant word, its second letter changed (found by its ending)', 'k=qxick~&ord=k1'],
    ['every word OCR-tolerant (fz=1)', 'k=wuick fox&fz=1&ord=k1'],
    ['dates: between', 'k=quick&ord=k1&d=01/01/1861-12/31/1901'],
    ['dates: before', 'k=quick&ord=k1&m=before&d=-01/01/1890'],
    ['dates: on', 'k=election&ord=k1&m=on&d=03/04/1887-'],
    ['decade', 'k=quick&ord=k1&bdd=1860'],
    ['year', 'k=quick&ord=k1&by=1865'],
    ['titles', 'k=quick&ord=k1&t=TITLE_STAR'],
    ['titles and paging', 'k=filler&ord=k1&ti=TITLE_BEE&p=2'],
    ['browse (no rows)', 'bdd=1880'],
    ['nothing to match', 'k=%F0%9F%98%80&ord=k1'],
  ];
  for (const [name, qs] of CASES) {
    it(name, async () => {
      const { server, device } = await both(qs.replace('TITLE_STAR', String(fx.titles.star)).replace('TITLE_BEE', String(fx.titles.bee)));
      expect(shape(device)).toEqual(shape(server));
      expect(device.expansions ?? []).toEqual(server.expansions ?? []);
    });
  }

  it('finds at least one page for most cases (the comparison is not between two empty answers)', async () => {
    let found = 0;
    for (const [, qs] of CASES)
      if ((await both(qs.replace('TITLE_STAR', String(fx.titles.star)).replace('TITLE_BEE', String(fx.titles.bee)))).device.total) found++;
    expect(found).toBeGreaterThanOrEqual(CASES.length - 5);
  });

  it('finds a form whose start OCR changed (first letter changed or dropped, second changed), on both sides', async () => {
    for (const [qs, form] of [
      ['k=wuick~&ord=k1', 'quick'],
      ['k=lection~&ord=k1', 'election'],
      // The second letter changed: beyond the ranges of the first letters, in the ranges of the ending (ick, tion).
      ['k=qxick~&ord=k1', 'quick'],
      ['k=exection~&ord=k1', 'election'],
    ]) {
      const { server, device } = await both(qs);
      expect(server.expansions?.[0].words, qs).toContain(form);
      expect(device.total, qs).toBeGreaterThan(0);
    }
  });

  it('ranks by how often the words occur when sorted by relevance, and marks the snippet', () => {
    const r = searchIndex(index, parseSearchParams('k=brown&ord=k1'), {});
    expect(r.sort).toBe('relevance');
    expect(r.results[0].pageUid).toBe(fx.uid.p2); // "brown" twice
    expect(r.results[0].snippet).toContain('<mark>brown</mark>');
  });

  it('escapes the page text in snippets', () => {
    const [hit] = searchIndex(index, parseSearchParams('k=naive&ord=k1'), {}).results;
    expect(hit.snippet).toContain('&lt;script&gt;');
    expect(hit.snippet).not.toContain('<script>');
  });

  it('says when a filter cannot be applied offline instead of silently ignoring it', () => {
    const r = searchIndex(index, parseSearchParams('k=quick&ord=k1&co=1&t=999'), {});
    expect(r.notices?.join(' ')).toMatch(/place filter is not applied/);
    expect(r.notices?.join(' ')).toMatch(/title filter is not applied/);
  });
});

const NDNP = join(__dirname, '../../../shared/corpus/ndnp');
const STAR = 'batch_dlc_manyyears_ver01/data/sn83045462';
const BEE = 'batch_nbu_manyissues_ver01/data/sn99021999/0020653817A';
const REAL = [
  { lccn: 'sn83045462', date: '1869-07-31', file: `${STAR}/00280654322/1869073101/0747.xml` },
  { lccn: 'sn83045462', date: '1916-08-26', file: `${STAR}/0028065856A/1916082601/0007.xml` },
  { lccn: 'sn99021999', date: '1887-03-03', file: `${BEE}/1887030301/0003.xml` },
  { lccn: 'sn99021999', date: '1887-03-04', file: `${BEE}/1887030401/0011.xml` },
];

describe('offline search = server search (real NDNP OCR)', () => {
  let store: SqliteStore;
  let siteId: number;
  let index: DeviceIndex;
  beforeAll(async () => {
    store = createSqliteStore(':memory:');
    const place = { country: 'United States', state: 'Nebraska', city: 'Omaha' };
    await store.ingest.upsertTitle({ lccn: 'sn83045462', name: 'Evening Star', place, source: 'marc' });
    await store.ingest.upsertTitle({ lccn: 'sn99021999', name: 'Omaha Daily Bee', place, source: 'marc' });
    const batch = await store.ingest.beginBatch('ndnp-offline', null);
    const uids: string[] = [];
    for (const p of REAL) {
      const { words, text } = altoToWords(await readAlto(join(NDNP, p.file)), null);
      const r = await store.ingest.writeIssue(batch, {
        lccn: p.lccn,
        dateIssued: p.date,
        edition: 1,
        pages: [{ sequence: 1, width: 6000, height: 8000, imagePath: null, pdfPath: null, altoPath: null, ocrText: text, words }],
      });
      uids.push(r.pageUids[0]);
    }
    await store.ingest.finishBatch(batch, 'complete', {});
    siteId = (await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['http://main.test'] })).id;
    index = indexPages(await devicePagesOf(store, uids));
  });
  afterAll(() => store.close());

  for (const qs of [
    'k=congress&ord=k1',
    'k=washington&n=omaha&ord=k1,n1',
    'e=united states&ord=e1',
    'k=nebr*&ord=k1',
    'o=telegram railroad&ord=o1',
    'k="city council"~5&ord=k1',
    'k=omaha~&ord=k1',
  ]) {
    it(qs, async () => {
      const q = parseSearchParams(`${qs}&sort=date`);
      const server = await runSearch(store, siteId, q);
      const device = searchIndex(index, q);
      expect(server.total).toBeGreaterThan(0);
      expect(shape(device)).toEqual(shape(server));
      expect(device.expansions ?? []).toEqual(server.expansions ?? []);
    });
  }

  it('with the confusions the server learned (kept on the device), the same forms, split readings and pages', async () => {
    // Four pages are too few to learn from (no word is on five): the table of the whole NDNP corpus, as a
    // server holding every page would have learned it (each ALTO file a page).
    const pagesOf = new Map<string, number>();
    for (const file of altoFiles(NDNP)) {
      const { text } = altoToWords(await readAlto(file), null);
      for (const t of new Set(tokenize(text))) pagesOf.set(t, (pagesOf.get(t) ?? 0) + 1);
    }
    expect((await store.search.learnOcrConfusions()).confusions).toEqual([]);
    const learned = learnConfusions(
      [...pagesOf].map(([term, pages]) => ({ term, pages })),
      { isWord: isEnglishWord },
    )!;
    expect(learned.confusions.length).toBeGreaterThan(0);
    keepSqliteConfusions(store.db, { version: 'corpus', ...learned });
    expect((await store.search.ocrConfusions())?.confusions).toEqual(learned.confusions);
    let changed = 0;
    for (const qs of [
      'k=omaha~&ord=k1',
      'k=washington~&ord=k1',
      'k=president~&ord=k1',
      'k=republican~&ord=k1',
      'k=congress~&ord=k1',
      'k=railroad~&ord=k1',
      'k=senate~&ord=k1',
      'k=nebraska~&ord=k1',
      'k=government~&ord=k1',
      'k=council~&ord=k1',
      'k=telegraph~&ord=k1',
      'k=appropriations~&ord=k1',
      'k=committee~&ord=k1',
      'k=legislature~&ord=k1',
      'k=democratic~&ord=k1',
      'k=congress railroad&fz=1&ord=k1',
      'k=evening star&fz=1&ord=k1',
    ]) {
      const q = parseSearchParams(`${qs}&sort=date`);
      const server = await runSearch(store, siteId, q);
      const device = searchIndex(index, q, { confusions: learned.confusions });
      expect(shape(device), qs).toEqual(shape(server));
      expect(device.expansions, qs).toEqual(server.expansions);
      // The table matters: without it the device would choose other forms for some of these.
      if (JSON.stringify(searchIndex(indexPages(index.pages.map((p) => p.page)), q).expansions) !== JSON.stringify(server.expansions)) changed++;
    }
    expect(changed).toBeGreaterThan(0);
  });
});
