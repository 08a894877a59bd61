// The device and the server expand a search the same way (contract/search/expand-terms.ts): over the same pages,
// the offline worker's index and each engine's vocabulary give the same words, in the same order, with the same
// counts and limits, for patterns, OCR-tolerant words (found by their start, their ending or split in two),
// fz=1 and variants set aside.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import { buildVocabIndex } from '../../server/store/sqlite/vocab-index';
import type { Store } from '../../server/store';
import { expandRows } from '../../server/services/search/expand';
import { parseSearchParams } from '../../contract/search/query';
import { MAX_EXPANSION } from '../../contract/search/expand';
import { confusionTable } from '../../contract/search/confusions';
import type { ViewerWord } from '../../contract/viewer';
import { expand, indexPages, type DeviceIndex, type DevicePage } from '../../workers/offline-search';
import { layout } from './search-fixtures';
import { createDatabase } from '../support/pg-cluster';

/** Words printed right and their misreadings (the confusions OCR makes), and a split word's halves. */
const WORDS = ['washington', 'senate', 'election', 'congress', 'president', 'harvest', 'committee', 'condition', 'abundant', 'state', 'store', 'said'];
const MISREAD = [
  ['washington', 'wasliington', 'washingt0n', 'waskington', 'vashington', 'wxshington'],
  ['senate', 'senata', 'sonate', 'scnate', 'seuate', 'sxnate'],
  ['election', 'e1ection', 'lection', 'electiou', 'elcction'],
  ['congress', 'cougress', 'congrcss'],
  ['president', 'presideut', 'prcsident'],
  ['harvest', 'harvcst', 'barvest'],
  ['condition', 'con', 'dition', 'conditiou'],
  ['abundant', 'abun', 'dant', 'abuudant'],
  ['said', 'sald', 'saicl'],
  ['store', 'storc'],
].flatMap(([, ...forms]) => forms);
/** More words of one start than a pattern searches (MAX_EXPANSION): abo* is limited to the most frequent. */
const MANY = Array.from({ length: MAX_EXPANSION + 20 }, (_, i) => `abo${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`);

/** A page's text: every word printed right on some pages, misreadings and the many abo… words on a few. */
function pageText(n: number): string {
  const words: string[] = [];
  WORDS.forEach((w, i) => {
    if ((n + i) % (1 + (i % 4)) === 0) words.push(w, w);
  });
  MISREAD.forEach((w, i) => {
    if ((n * 7 + i) % 11 === 0) words.push(w);
  });
  MANY.forEach((w, i) => {
    if ((n + i) % 9 === 0) words.push(w);
  });
  return [...words, 'filler'].join(' ');
}

const PAGES = 40;

async function seed(store: Store): Promise<string[]> {
  await store.ingest.upsertTitle({
    lccn: 'sn001',
    name: 'Evening Star',
    place: { country: 'United States', state: 'Nebraska', city: 'Omaha' },
    source: 'demo',
  });
  const batch = await store.ingest.beginBatch('batch_expand', null);
  const uids: string[] = [];
  for (let n = 0; n < PAGES; n++) {
    const text = pageText(n);
    const date = `18${String(60 + Math.floor(n / 12)).padStart(2, '0')}-${String((n % 12) + 1).padStart(2, '0')}-01`;
    const page = { sequence: 1, number: '1', width: 1000, height: 1400, imagePath: null, pdfPath: null, altoPath: null, ocrText: text, words: layout(text) };
    uids.push(...(await store.ingest.writeIssue(batch, { lccn: 'sn001', dateIssued: date, edition: 1, pages: [page] })).pageUids);
  }
  await store.ingest.finishBatch(batch, 'complete', {});
  return uids;
}

/** What the viewer keeps of each page on the device, read as the viewer API gives it. */
async function devicePages(store: Store, uids: string[]): Promise<DevicePage[]> {
  const out: DevicePage[] = [];
  for (const uid of uids) {
    const row = (await store.viewer.page(uid))!;
    const words = (await store.viewer.words(uid)) as unknown as ViewerWord[];
    out.push({ uid, title: row.titleName, date: row.dateIssued, sequence: row.sequence, number: row.number, width: row.width, height: row.height, words });
  }
  return out;
}

const QUERIES = [
  'k=wash*',
  'k=se?ate',
  'k=abo*',
  'k=abo?ax',
  'k=pres* cong*',
  'k=senate~',
  'k=washington~',
  'k=wasbington~',
  'k=election~1',
  'k=ection~',
  'k=abundant~',
  'k=condition~',
  'k=said~ store~',
  'k=senate congress harvest&fz=1',
  'k=senate~&fzx=senata,seuate',
  'k=condition~&fzx=con dition',
];

type Engine = 'sqlite' | 'sqlite, vocabulary copy' | 'postgres';
const engines: Record<Engine, { store: Store; device: DeviceIndex }> = {} as never;

beforeAll(async () => {
  const lite = createSqliteStore(':memory:');
  // The copy of the vocabulary by letters, length and ending (made after an ingest settles) is read instead of
  // FTS5's vocabulary once it is current.
  const copied = createSqliteStore(':memory:');
  const pg = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  for (const [name, store] of [
    ['sqlite', lite],
    ['sqlite, vocabulary copy', copied],
    ['postgres', pg],
  ] as const) {
    const uids = await seed(store);
    if (store === copied) buildVocabIndex(copied.db);
    engines[name] = { store, device: indexPages(await devicePages(store, uids)) };
  }
});
afterAll(async () => {
  for (const e of Object.values(engines)) await e.store.close();
});

describe.each(['sqlite', 'sqlite, vocabulary copy', 'postgres'] as const)('the device expands as the server does (%s)', (engine) => {
  it.each(QUERIES)('%s', async (qs) => {
    const { store, device } = engines[engine];
    const q = parseSearchParams(`${qs}&ord=k1`);
    const server = await expandRows(store.search, q.rows, { fuzzy: q.fuzzy, exclude: q.fuzzyExclude });
    const offline = expand(device, q, confusionTable(null));
    expect([...offline]).toEqual([...server]);
    // Something was expanded: every term of the query has its words.
    expect(server.size).toBeGreaterThan(0);
  });

  it('expands to the misreadings, the split halves and the bounded choice on both', async () => {
    const { store, device } = engines[engine];
    const q = parseSearchParams('k=senate~ abo* condition~&ord=k1');
    const server = await expandRows(store.search, q.rows);
    const offline = expand(device, q, confusionTable(null));
    expect(server.get('senate~')!.words).toEqual(expect.arrayContaining(['senate', 'senata', 'scnate']));
    expect(server.get('abo*')).toMatchObject({ limited: true, matched: MANY.length });
    expect(server.get('condition~')!.words).toContain('con dition');
    expect(offline).toEqual(server);
  });
});
