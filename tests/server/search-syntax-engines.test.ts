// The row syntax on both engines, against answers counted by hand on the fixture pages
// (tests/server/search-fixtures.ts): truncation, one-letter wildcards, bounded expansion and proximity.
// Every expectation runs on SQLite (FTS5 + fts5vocab) and PostgreSQL (tsquery + search_words).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import { parseSearchParams } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import { MAX_EXPANSION } from '../../contract/search/expand';
import type { Store } from '../../server/store/types';
import { layout, seedFixture, type Fixture } from './search-fixtures';
import { createDatabase } from '../support/pg-cluster';

type Engine = 'sqlite' | 'postgres';
const engines = {} as Record<Engine, { store: Store; fx: Fixture }>;

/** 150 words starting "vocab"; vocab0..vocab9 on a second page too, so they are the most frequent. */
async function seedVocabulary(store: Store) {
  const batch = await store.ingest.beginBatch('batch_vocab_fixture', null);
  const many = Array.from({ length: 150 }, (_, i) => `vocab${i}`).join(' ');
  const few = Array.from({ length: 10 }, (_, i) => `vocab${i}`).join(' ');
  const page = (sequence: number, text: string) => ({
    sequence,
    number: String(sequence),
    width: 1000,
    height: 1400,
    imagePath: null,
    pdfPath: null,
    altoPath: null,
    ocrText: text,
    words: layout(text),
  });
  await store.ingest.writeIssue(batch, { lccn: 'sn003', dateIssued: '1902-01-01', edition: 1, pages: [page(1, many), page(2, few)] });
  await store.ingest.finishBatch(batch, 'complete', {});
}

beforeAll(async () => {
  const lite = createSqliteStore(':memory:');
  const pg = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  engines.sqlite = { store: lite, fx: await seedFixture(lite) };
  engines.postgres = { store: pg, fx: await seedFixture(pg) };
  await seedVocabulary(lite);
  await seedVocabulary(pg);
}, 60_000);
afterAll(async () => {
  await engines.sqlite?.store.close();
  await engines.postgres?.store.close();
});

const search = (engine: Engine, qs: string) => runSearch(engines[engine].store, engines[engine].fx.sites.all, parseSearchParams(`${qs}&sort=date`));
const pagesOf = async (engine: Engine, qs: string) => {
  const { fx } = engines[engine];
  const r = await search(engine, qs);
  return r.results.map((x) => Object.keys(fx.uid).find((k) => fx.uid[k] === x.pageUid) ?? '?').sort();
};

describe.each(['sqlite', 'postgres'] as const)('%s', (engine) => {
  it.each([
    // dog (p1), dogs (p2)
    ['k=dog*&ord=k1', ['p1', 'p2']],
    ['k=elec*&ord=k1', ['p4', 'p6']],
    ['k=qu?ck&ord=k1', ['p1', 'p2', 'p5', 'p6']],
    ['k=br?wn fox&ord=k1', ['p1', 'p2']],
    // Any row: a pattern or a plain word
    ['o=dog* cafe&ord=o1', ['p1', 'p2', 'p4']],
    // None row: pages with any word the pattern stands for are excluded
    ['k=quick&n=dog*&ord=k1,n1', ['p5', 'p6']],
    // a pattern that fits no word: an All row matches nothing, an Any row goes on with its other words
    ['k=zzz* quick&ord=k1', []],
    ['o=zzz* cafe&ord=o1', ['p4']],
    // Diacritics fold in patterns too: Über / uber
    ['k=übe*&ord=k1', ['p3', 'p4']],
  ])('%s', async (qs, expected) => {
    expect(await pagesOf(engine, qs)).toEqual(expected);
  });

  it('says which words a pattern stood for', async () => {
    const r = await search(engine, 'k=dog*&ord=k1');
    expect(r.expansions).toEqual([{ term: 'dog*', words: ['dog', 'dogs'], matched: 2, limited: false }]);
    expect(r.notices).toEqual([]);
    expect(r.results[0].snippet).toContain('<mark>dog</mark>');
  });

  it('bounds the expansion to the most frequent words and says so', async () => {
    const r = await search(engine, 'k=vocab*&ord=k1');
    const e = r.expansions![0];
    expect(e.matched).toBe(150);
    expect(e.limited).toBe(true);
    expect(e.words).toHaveLength(MAX_EXPANSION);
    // vocab0..vocab9 are on two pages: first; then by word (byte order: vocab10, vocab100, vocab101, …)
    expect(e.words.slice(0, 12)).toEqual([
      'vocab0',
      'vocab1',
      'vocab2',
      'vocab3',
      'vocab4',
      'vocab5',
      'vocab6',
      'vocab7',
      'vocab8',
      'vocab9',
      'vocab10',
      'vocab100',
    ]);
    expect(r.notices).toEqual([`vocab* matches too many words (150): only the ${MAX_EXPANSION} most frequent are searched. Add letters to narrow it.`]);
    expect(r.total).toBe(2);
  });

  it.each([
    // p2: "… a quick fox were …" adjacent; p1: "quick brown fox" two apart
    ['e="quick fox"~1&ord=e1', ['p2']],
    ['e="quick fox"~2&ord=e1', ['p1', 'p2']],
    // any order: "lazy dog" read as "dog lazy"
    ['e="dog lazy"~1&ord=e1', ['p1']],
    // p1 "the quick brown fox" (3 apart); p2 "fox were seen near the" (4 apart)
    ['e="the fox"~3&ord=e1', ['p1']],
    ['e="the fox"~4&ord=e1', ['p1', 'p2']],
    // three words: p1 "quick brown fox" spans 2; p2 "brown dogs and a quick fox" spans 5
    ['e="quick brown fox"~2&ord=e1', ['p1']],
    ['e="quick brown fox"~5&ord=e1', ['p1', 'p2']],
    // in an All row beside a word, and excluded in a None row
    ['k="quick fox"~2 lazy&ord=k1', ['p1']],
    ['k=quick&n="quick fox"~1&ord=k1,n1', ['p1', 'p5', 'p6']],
  ])('%s', async (qs, expected) => {
    expect(await pagesOf(engine, qs)).toEqual(expected);
  });
});

describe.each(['sqlite', 'postgres'] as const)('%s: proximity boxes', (engine) => {
  it('boxes only the words of an occurrence within the distance', async () => {
    // p2: "brown(0) dogs and a quick fox were seen near the brown(10) house(11)"; layout puts word i at
    // [(i % 10) * 100, floor(i / 10) * 50, 90, 40]. Only the second "brown" is within 1 word of "house".
    const near = await search(engine, 'e="house brown"~1&ord=e1');
    expect(near.results).toHaveLength(1);
    expect(near.results[0].boxes).toEqual([
      [0, 50, 90, 40],
      [100, 50, 90, 40],
    ]);
    expect(near.results[0].snippet).toBe('brown dogs and a quick fox were seen near the <mark>brown</mark> <mark>house</mark>');
    // The same words as plain words: every "brown" is boxed.
    const plain = await search(engine, 'k=house brown&ord=k1');
    expect(plain.results[0].boxes).toEqual([
      [0, 0, 90, 40],
      [0, 50, 90, 40],
      [100, 50, 90, 40],
    ]);
  });
});

describe.each(['sqlite', 'postgres'] as const)('%s: OCR-tolerant words', (engine) => {
  it('finds a word whose start OCR changed beyond the ranges of its first letters, by its ending', async () => {
    // qxick: the second letter changed (no confusion), so the ranges of qx, xi, ?qx and ?xi hold no "quick"; the
    // forms ending in "ick" do. exection: the same for election (8 letters: the ending is "tion").
    for (const [qs, word] of [
      ['k=qxick~&ord=k1', 'quick'],
      ['k=exection~&ord=k1', 'election'],
    ]) {
      const r = await search(engine, qs);
      expect(r.expansions?.[0].words, qs).toContain(word);
      expect(r.total, qs).toBeGreaterThan(0);
    }
  });
});

describe('both engines answer the same', () => {
  it.each([
    'k=dog*&ord=k1',
    'k=qu?ck&ord=k1',
    'k=vocab*&ord=k1',
    'k=vocab1?&ord=k1',
    'o=dog* el?ction&n=the&ord=o1,n1',
    'e="the fox"~4&ord=e1',
    'k=v*&ord=k1',
    'k=qxick~&ord=k1',
    'k=exection~ fox&fz=1&ord=k1',
  ])('%s', async (qs) => {
    const strip = (r: Awaited<ReturnType<typeof search>>) => ({ ...r, results: r.results.map((x) => ({ ...x, pageUid: x.title + x.date + x.sequence })) });
    let a: unknown, b: unknown;
    try {
      a = strip(await search('sqlite', qs));
    } catch (err) {
      a = String(err);
    }
    try {
      b = strip(await search('postgres', qs));
    } catch (err) {
      b = String(err);
    }
    expect(b).toEqual(a);
  });
});

describe('the vocabulary follows the pages', () => {
  it.each(['sqlite', 'postgres'] as const)('%s: purged pages take their words out of expansions', async (engine) => {
    expect((await search(engine, 'k=vocab1*&ord=k1')).expansions![0].matched).toBe(61); // vocab1, vocab10-19, vocab100-149
    await engines[engine].store.ingest.purgeBatch('batch_vocab_fixture');
    const r = await search(engine, 'k=vocab1*&ord=k1');
    expect(r.expansions).toEqual([{ term: 'vocab1*', words: [], matched: 0, limited: false }]);
    expect(r.total).toBe(0);
    expect((await search(engine, 'k=dog*&ord=k1')).expansions![0].words).toEqual(['dog', 'dogs']);
  });
});
