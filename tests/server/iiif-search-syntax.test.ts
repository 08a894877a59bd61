// IIIF Content Search understands the /search row syntax (issue 22), on SQLite and PostgreSQL: senate~ boxes
// the likely OCR misreadings the engine matched, wash* the words it stands for, and bad syntax is a 400.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../server/store';
import type { WordBox } from '../../server/store/types';
import { ENGINE_NAMES, archiveOnBothEngines, getAsSite, pageOf } from '../support/iiif-archive';

const LCCN = 'sn00000007';
const ISSUE = `${LCCN}-1887-03-03-ed1`;
const OTHER = `${LCCN}-1887-03-04-ed1`;
/** One word per 100 px column, 40 px rows: a word's box tells which word it is. */
const line = (text: string, y: number): WordBox[] => text.split(' ').map((w, i) => [w, i * 100, y, 90, 30]);
const PAGE1 = [...line('The Senate met at Washington', 0), ...line('Scnate bill washed away', 40)];
const PAGE2 = [...line('the Seuate and the senator', 0), ...line('wish you were here', 40)];

async function seed(store: Store) {
  await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['archive.test'] });
  await store.ingest.upsertTitle({ lccn: LCCN, name: 'Syntax Test', place: {}, source: 'demo' });
  const batch = await store.ingest.beginBatch('b', null);
  const page = (sequence: number, w: WordBox[]) => pageOf(sequence, w, { width: 1000, height: 1000 });
  await store.ingest.writeIssue(batch, { lccn: LCCN, dateIssued: '1887-03-03', edition: 1, pages: [page(1, PAGE1), page(2, PAGE2)] });
  // Another issue printing the word right, page after page (as a word is: far more often than any one
  // misreading of it); its words never show in the first issue's answer.
  const others = [1, 2, 3, 4].map((n) => page(n, line('Senate in Washington', 0)));
  await store.ingest.writeIssue(batch, { lccn: LCCN, dateIssued: '1887-03-04', edition: 1, pages: others });
  await store.ingest.finishBatch(batch, 'complete', {});
}

const engines = archiveOnBothEngines('iiif-syntax-', seed);

describe.each(ENGINE_NAMES)('IIIF Content Search syntax on %s', (engine) => {
  const get = (url: string) => getAsSite(engines[engine].app, url);
  const json = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return JSON.parse(res.body);
  };
  /** The words highlighted (2.0), each with the canvas and box it points at. */
  const highlighted = async (q: string) =>
    (await json(`/iiif/search/${ISSUE}?q=${encodeURIComponent(q)}`)).items.map(
      (a: { body: { value: string }; target: string }) => `${a.body.value}@${a.target.replace(/^.*canvas\/[^/]*-seq/, 'seq')}`,
    );

  it('senate~ boxes Senate and its likely misreadings, on every page of the issue only', async () => {
    expect(await highlighted('senate~')).toEqual(['Senate@seq1#xywh=100,0,90,30', 'Scnate@seq1#xywh=0,40,90,30', 'Seuate@seq2#xywh=100,0,90,30']);
    // without ~ only the word itself
    expect(await highlighted('senate')).toEqual(['Senate@seq1#xywh=100,0,90,30']);
  });

  it('wash* boxes the words it stands for (not "wish"); wom?n-style patterns too', async () => {
    expect(await highlighted('wash*')).toEqual(['Washington@seq1#xywh=400,0,90,30', 'washed@seq1#xywh=200,40,90,30']);
    expect(await highlighted('wi?h')).toEqual(['wish@seq2#xywh=0,40,90,30']);
  });

  it('1.0 gives the same hits with match, before and after', async () => {
    const list = await json(`/iiif/search/v1/${ISSUE}?q=${encodeURIComponent('senate~')}`);
    expect(list.hits.map((h: { match: string }) => h.match)).toEqual(['Senate', 'Scnate', 'Seuate']);
    expect(list.within.total).toBe(3);
    expect(list.resources[1].on).toMatch(/seq1#xywh=0,40,90,30$/);
  });

  it('bad syntax is a 400 with the message, never a 5xx or a silent empty answer', async () => {
    const res = await get(`/iiif/search/${ISSUE}?q=${encodeURIComponent('"senate bill"~99')}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).error).toMatch(/1 to 20/);
    expect((await get(`/iiif/search/${ISSUE}?q=${encodeURIComponent('*')}`)).statusCode).toBe(400);
  });

  it("the viewer's page search boxes the same forms when opened from such a search", async () => {
    const boxed = async (qs: string) =>
      (await json(`/Api/Viewer/Page/${ISSUE}-seq1/search?${qs}`)).hits.map((h: { words: number[] }) => h.words.map((i) => PAGE1[i][0]).join(' '));
    expect(await boxed('k=senate~&ord=k1')).toEqual(['Senate', 'Scnate']);
    expect(await boxed('k=senate&ord=k1&fz=1')).toEqual(['Senate', 'Scnate']);
    expect(await boxed('k=wash*&ord=k1')).toEqual(['Washington', 'washed']);
    expect(await boxed('k=senate~&ord=k1&fzx=scnate')).toEqual(['Senate']);
    expect(await boxed('k=senate&ord=k1')).toEqual(['Senate']);
  });

  it('the other issue answers for its own words', async () => {
    const page = await json(`/iiif/search/${OTHER}?q=senate~`);
    expect(page.items.map((a: { body: { value: string } }) => a.body.value)).toEqual(['Senate', 'Senate', 'Senate', 'Senate']);
  });
});
