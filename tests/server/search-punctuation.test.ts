// Issue #21: highlights hold the word, not the punctuation OCR printed beside it. Search snippets mark
// "<mark>RICHMOND</mark>," and result boxes cover the word only, on SQLite and on PostgreSQL; the viewer's
// page search boxes the same way.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import { parseSearchParams } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import { findHits, hitBoxes, pageQueryFromText } from '../../server/presentation/match';
import { coreBox, splitWordCore } from '../../contract/search/word-core';
import type { Store } from '../../server/store/types';
import type { WordBox } from '../../server/store/types';
import { createDatabase } from '../support/pg-cluster';

const WORDS: WordBox[] = [
  ['RICHMOND,', 100, 100, 190, 40],
  ['Va.', 300, 100, 60, 40],
  ['THE', 370, 100, 70, 40],
  ['HARVEST.', 450, 100, 170, 40],
  ['"Good"', 100, 150, 130, 40],
  ['(harvest)', 240, 150, 180, 40],
  ['barns', 430, 150, 100, 40],
];

async function seed(store: Store) {
  await store.ingest.upsertTitle({
    lccn: 'sn777',
    name: 'Punctuation Herald',
    place: { country: 'United States', state: 'Virginia', city: 'Richmond' },
    source: 'demo',
  });
  const batch = await store.ingest.beginBatch('batch_punctuation', null);
  const text = WORDS.map((w) => w[0]).join(' ');
  await store.ingest.writeIssue(batch, {
    lccn: 'sn777',
    dateIssued: '1880-09-01',
    edition: 1,
    pages: [{ sequence: 1, number: '1', width: 1000, height: 1400, imagePath: null, pdfPath: null, altoPath: null, ocrText: text, words: WORDS }],
  });
  await store.ingest.finishBatch(batch, 'complete', {});
  return (await store.sites.create({ slug: 'all', name: 'All', isDefault: true, origins: ['http://all.test'] })).id;
}

const engines: Partial<Record<'sqlite' | 'postgres', { store: Store; site: number }>> = {};
beforeAll(async () => {
  const lite = createSqliteStore(':memory:');
  engines.sqlite = { store: lite, site: await seed(lite) };
  const pg = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  engines.postgres = { store: pg, site: await seed(pg) };
});
afterAll(async () => {
  await engines.sqlite?.store.close();
  await engines.postgres?.store.close();
});

describe.each(['sqlite', 'postgres'] as const)('search results on %s', (engine) => {
  it('mark the word without the punctuation beside it', async () => {
    const { store, site } = engines[engine]!;
    const r = await runSearch(store, site, parseSearchParams('k=richmond harvest&ord=k1'));
    expect(r.total).toBe(1);
    const snippet = r.results[0].snippet;
    expect(snippet).toContain('<mark>RICHMOND</mark>,');
    expect(snippet).toContain('<mark>HARVEST</mark>.');
    expect(snippet).toContain('(<mark>harvest</mark>)');
    expect(snippet.match(/<mark>[^<]*<\/mark>/g)).toEqual(['<mark>RICHMOND</mark>', '<mark>HARVEST</mark>', '<mark>harvest</mark>']);
  });

  it('box the word only: the box starts at the word and ends before its punctuation', async () => {
    const { store, site } = engines[engine]!;
    const r = await runSearch(store, site, parseSearchParams('k=richmond harvest&ord=k1'));
    const [richmond, harvest, quoted] = r.results[0].boxes;
    // "RICHMOND," : 8 letters and a comma; the comma's share comes off the right.
    expect(richmond[0]).toBe(100);
    expect(richmond[2]).toBeLessThan(190);
    expect(richmond[2]).toBeGreaterThan(170);
    expect(harvest[0]).toBe(450);
    expect(harvest[0] + harvest[2]).toBeLessThan(450 + 170);
    // "(harvest)": both ends come off.
    expect(quoted[0]).toBeGreaterThan(240);
    expect(quoted[0] + quoted[2]).toBeLessThan(240 + 180);
    expect(quoted[1]).toBe(150);
    expect(r.results[0].boxes).toEqual(
      (await runSearch(engines.sqlite!.store, engines.sqlite!.site, parseSearchParams('k=richmond harvest&ord=k1'))).results[0].boxes,
    );
  });
});

describe('the viewer page search', () => {
  it('boxes the word only', () => {
    const hits = findHits(WORDS, pageQueryFromText('richmond harvest', false));
    const boxes = hits.flatMap((h) => hitBoxes(WORDS, h));
    expect(boxes).toEqual([coreBox('RICHMOND,', [100, 100, 190, 40]), coreBox('HARVEST.', [450, 100, 170, 40]), coreBox('(harvest)', [240, 150, 180, 40])]);
    expect(boxes[0][2]).toBeLessThan(190);
  });
});

describe('splitWordCore and coreBox', () => {
  it('split off leading and trailing punctuation, keeping inner marks', () => {
    expect(splitWordCore('RICHMOND,')).toEqual(['', 'RICHMOND', ',']);
    expect(splitWordCore('"Good"')).toEqual(['"', 'Good', '"']);
    expect(splitWordCore("O'Brien's.")).toEqual(['', "O'Brien's", '.']);
    expect(splitWordCore('Govern-')).toEqual(['', 'Govern', '-']);
    expect(splitWordCore('Über')).toEqual(['', 'Über', '']);
    expect(splitWordCore('—')).toEqual(['', '—', '']);
  });

  it('leave a word without punctuation boxed as OCR gave it', () => {
    expect(coreBox('barns', [430, 150, 100, 40])).toEqual([430, 150, 100, 40]);
  });
});
