// The vocabulary index of OCR-tolerant words (SQLite, migrations 010 and 012): once made it gives the same forms
// as reading pages_vocab (the two-letter ranges, the three-letter ones of a changed or added first letter, and
// the forms of the word's ending), and after the index changes it is no longer read (new forms are still found).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { buildVocabIndex, vocabIndexCurrent } from '../../server/store/sqlite/vocab-index';
import { sqliteSearch } from '../../server/store/sqlite/search';
import { parseSearchParams } from '../../contract/search/query';
import type { Store } from '../../server/store/types';
import { runSearch } from '../../server/services/search/service';
import { layout, seedFixture, type Fixture } from './search-fixtures';

let store: SqliteStore;
let fx: Fixture;

async function addPage(date: string, text: string) {
  const batch = await store.ingest.beginBatch(`extra-${date}`, null);
  await store.ingest.writeIssue(batch, {
    lccn: 'sn001',
    dateIssued: date,
    edition: 1,
    pages: [{ sequence: 1, number: '1', width: 1000, height: 1400, imagePath: null, pdfPath: null, altoPath: null, ocrText: text, words: layout(text) }],
  });
  await store.ingest.finishBatch(batch, 'complete', {});
}

beforeAll(async () => {
  store = createSqliteStore(':memory:');
  fx = await seedFixture(store);
  for (let i = 1; i <= 8; i++) await addPage(`1870-01-0${i}`, 'the election returns were counted');
  await addPage('1870-02-01', 'the e1ection retnrns');
  // A first letter changed (g for r), dropped and added: ranges beside the word's own (get, et, rre).
  await addPage('1870-02-02', 'the geturns eturns rreturns');
  // The second letter changed, not by a confusion: in none of those ranges, found by its ending (rns).
  await addPage('1870-02-03', 'the rvturns');
});
afterAll(() => store.close());

const forms = async (word: string, on: Store = store) => (await runSearch(on, fx.sites.all, parseSearchParams(`k=${word}~&ord=k1`))).expansions?.[0].words;

describe('vocabulary index', () => {
  it('answers with the same forms as the full-text vocabulary', async () => {
    expect(vocabIndexCurrent(store.db)).toBe(false);
    const before = { election: await forms('election'), returns: await forms('returns') };
    expect(before.election).toContain('e1ection');
    expect(before.returns).toEqual(expect.arrayContaining(['retnrns', 'geturns', 'eturns', 'rreturns', 'rvturns']));
    expect(buildVocabIndex(store.db)).toBeGreaterThan(10);
    expect(vocabIndexCurrent(store.db)).toBe(true);
    expect({ election: await forms('election'), returns: await forms('returns') }).toEqual(before);
    // ... and it is what answers: a form taken out of the copy is no longer found (nothing else changed).
    store.db.prepare("DELETE FROM search_vocab_index WHERE term IN ('e1ection', 'rvturns')").run();
    expect(await forms('election')).not.toContain('e1ection');
    expect(await forms('returns')).not.toContain('rvturns');
    buildVocabIndex(store.db);
  });

  it('is not read once the index has changed, so new misreadings are found at once', async () => {
    await addPage('1870-03-01', 'the e1ectiou');
    expect(vocabIndexCurrent(store.db)).toBe(false);
    expect(await forms('election')).toContain('e1ectiou');
  });

  it('reads the ending from the copy as it is in a large archive while an ingest has left it behind', async () => {
    // Every archive is "large" for this engine: FTS5's vocabulary is not scanned for endings.
    const large = { ...store, search: sqliteSearch(store.db, { endingScanPages: 0 }) };
    buildVocabIndex(store.db);
    await addPage('1870-04-01', 'the rqturns');
    expect(vocabIndexCurrent(store.db)).toBe(false);
    // The copy (made before that page) is read: the forms it holds are found by their ending ...
    const stale = await forms('returns', large);
    expect(stale).toContain('rvturns');
    // ... and the new page's form only once the copy is made again.
    expect(stale).not.toContain('rqturns');
    buildVocabIndex(store.db);
    expect(await forms('returns', large)).toContain('rqturns');
  });
});
