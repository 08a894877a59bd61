// The engine against real OCR: pages of the shared NDNP batches, read with ingest's ALTO reader and
// written through the store. Expected pages come from reading the ALTO attributes directly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { readAlto } from '../../server/ingest/alto';
import { altoToWords } from '../../server/ingest/words';
import { parseSearchParams } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import { tokenize } from '../../contract/search/tokens';

const NDNP = join(__dirname, '../../../shared/corpus/ndnp');
const STAR = 'batch_dlc_manyyears_ver01/data/sn83045462';
const BEE = 'batch_nbu_manyissues_ver01/data/sn99021999/0020653817A';
const PAGES = [
  { lccn: 'sn83045462', date: '1869-07-31', file: `${STAR}/00280654322/1869073101/0747.xml` },
  { lccn: 'sn83045462', date: '1863-01-01', file: `${STAR}/0028065419A/1863010101/0431.xml` },
  { lccn: 'sn83045462', date: '1916-08-26', file: `${STAR}/0028065856A/1916082601/0007.xml` },
  { lccn: 'sn99021999', date: '1887-03-03', file: `${BEE}/1887030301/0003.xml` },
  { lccn: 'sn99021999', date: '1887-03-04', file: `${BEE}/1887030401/0011.xml` },
];

let store: SqliteStore;
let siteId: number;
const uidByDate = new Map<string, string>();

/** Pages whose ALTO holds the token (in CONTENT or SUBS_CONTENT): the oracle, independent of ingest. */
function pagesWithToken(token: string): string[] {
  return PAGES.filter((p) => {
    const xml = readFileSync(join(NDNP, p.file), 'utf8');
    for (const m of xml.matchAll(/(?:CONTENT|SUBS_CONTENT)="([^"]*)"/g)) if (tokenize(m[1]).includes(token)) return true;
    return false;
  }).map((p) => p.date);
}

beforeAll(async () => {
  store = createSqliteStore(':memory:');
  await store.ingest.upsertTitle({
    lccn: 'sn83045462',
    name: 'Evening Star',
    place: { country: 'United States', state: 'District of Columbia', city: 'Washington' },
    source: 'marc',
  });
  await store.ingest.upsertTitle({
    lccn: 'sn99021999',
    name: 'Omaha Daily Bee',
    place: { country: 'United States', state: 'Nebraska', city: 'Omaha' },
    source: 'marc',
  });
  const batch = await store.ingest.beginBatch('ndnp-sample', null);
  for (const p of PAGES) {
    const alto = await readAlto(join(NDNP, p.file));
    const { words, text } = altoToWords(alto, null);
    const r = await store.ingest.writeIssue(batch, {
      lccn: p.lccn,
      dateIssued: p.date,
      edition: 1,
      pages: [{ sequence: 1, width: 6000, height: 8000, imagePath: null, pdfPath: null, altoPath: null, ocrText: text, words }],
    });
    uidByDate.set(p.date, r.pageUids[0]);
  }
  siteId = (await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['http://main.test'] })).id;
});
afterAll(() => store.close());

const search = (qs: string) => runSearch(store, siteId, parseSearchParams(qs));
const dates = (uids: string[]) => uids.map((u) => [...uidByDate].find(([, v]) => v === u)![0]).sort();

describe('real NDNP OCR', () => {
  for (const word of ['congress', 'washington', 'omaha', 'telegram', 'nebraska']) {
    it(`finds exactly the pages printing "${word}"`, async () => {
      const r = await search(`k=${word}&ord=k1`);
      expect(dates(r.results.map((x) => x.pageUid))).toEqual(pagesWithToken(word).sort());
      for (const hit of r.results) {
        expect(hit.boxes.length).toBeGreaterThan(0);
        expect(hit.snippet.toLowerCase()).toContain(`<mark>`);
      }
    });
  }
  it('a real phrase marks only its consecutive words', async () => {
    const r = await search('e=omaha daily&ord=e1');
    expect(dates(r.results.map((x) => x.pageUid))).toContain('1887-03-03');
    const hit = r.results.find((x) => x.pageUid === uidByDate.get('1887-03-03'))!;
    expect(hit.boxes.length % 2).toBe(0); // whole occurrences only
    expect(hit.snippet).toMatch(/<mark>OMAHA<\/mark> <mark>DAILY<\/mark>/i);
    // "omaha" alone is on the page many more times than the phrase
    const single = (await search('k=omaha&ord=k1')).results.find((x) => x.pageUid === hit.pageUid)!;
    expect(single.boxes.length).toBeGreaterThan(hit.boxes.length / 2);
  });
  it('a hyphenated word (HypPart1/HypPart2) is found joined, with both halves boxed', async () => {
    // 1887-03-03 prints "Tele-" / "gram" across two lines (ALTO SUBS_CONTENT="Telegram")
    const r = await search('k=telegram&ord=k1&d=03/03/1887-03/03/1887');
    expect(r.total).toBe(1);
    expect(r.results[0].boxes.length).toBeGreaterThanOrEqual(2);
  });
  it('date and place filters over real pages', async () => {
    expect((await search('k=the&ord=k1&m=before&d=-12/31/1870')).total).toBe(2);
    const all = await search('k=the&ord=k1');
    expect(all.total).toBe(5);
    const nebraska = all.facets.states.find((s) => s.name === 'Nebraska')!;
    expect(nebraska.count).toBe(2);
    expect((await search(`k=the&ord=k1&st=${nebraska.id}`)).total).toBe(2);
  });
});
