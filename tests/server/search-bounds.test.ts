// Issue #34.4: a search's expansion work is counted and bounded before it is done. The 200-word check ran after
// every pattern and OCR-tolerant word had been expanded, and a pattern counted as one word though it reads a
// range of the vocabulary and stands for up to a hundred words. Now: too many words, or too many of them to
// expand, is a 400 before the vocabulary is read at all; the rows all expansions read are bounded (each read is
// asked for no more than is left), and a search that would read more is a 400 saying what to narrow. On both
// engines.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store } from '../../server/store/types';
import type { SearchRepo } from '../../server/store/types';
import { QueryError, parseSearchParams } from '../../contract/search/query';
import { MAX_EXPANDED_TERMS, MAX_TERMS } from '../../contract/search/plan';
import { expandRows } from '../../server/services/search/expand';
import { runSearch } from '../../server/services/search/service';
import { layout, seedFixture, type Fixture } from './search-fixtures';
import { createDatabase } from '../support/pg-cluster';

const engines: Record<'sqlite' | 'postgres', { store: Store; fx: Fixture }> = {} as never;

async function seed(store: Store): Promise<Fixture> {
  const fx = await seedFixture(store);
  const batch = await store.ingest.beginBatch('batch_bounds', null);
  const text = 'wash washed washer washing washington washes washy';
  await store.ingest.writeIssue(batch, {
    lccn: 'sn001',
    dateIssued: '1870-01-01',
    edition: 1,
    pages: [{ sequence: 1, number: '1', width: 1000, height: 1400, imagePath: null, pdfPath: null, altoPath: null, ocrText: text, words: layout(text) }],
  });
  await store.ingest.finishBatch(batch, 'complete', {});
  return fx;
}

beforeAll(async () => {
  const lite = createSqliteStore(':memory:');
  const pg = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  engines.sqlite = { store: lite, fx: await seed(lite) };
  engines.postgres = { store: pg, fx: await seed(pg) };
});
afterAll(async () => {
  await engines.sqlite?.store.close();
  await engines.postgres?.store.close();
});

/** The engine's search repository, with every vocabulary read (and the limit it was given) recorded. */
function counting(search: SearchRepo) {
  const reads: Array<{ kind: string; limit: number; rows: number }> = [];
  const spy: SearchRepo = {
    ...search,
    async vocabulary(p, limit) {
      const rows = await search.vocabulary(p, limit);
      reads.push({ kind: 'range', limit, rows: rows.length });
      return rows;
    },
    async vocabularyEnding(e, l, limit) {
      const rows = await search.vocabularyEnding(e, l, limit);
      reads.push({ kind: 'ending', limit, rows: rows.length });
      return rows;
    },
    async vocabularyTerms(terms) {
      const rows = await search.vocabularyTerms(terms);
      reads.push({ kind: 'terms', limit: terms.length, rows: rows.length });
      return rows;
    },
  };
  if (search.vocabularyRanges) {
    const ranges = search.vocabularyRanges.bind(search);
    spy.vocabularyRanges = async (prefixes, lengths, limit) => {
      const rows = await ranges(prefixes, lengths, limit);
      if (rows) reads.push({ kind: 'ranges', limit, rows: rows.flat().length });
      return rows;
    };
  }
  return { spy, reads };
}

const rowsOf = (qs: string) => parseSearchParams(new URLSearchParams(qs));

describe.each(['sqlite', 'postgres'] as const)('expansion bounds on %s (issue #34.4)', (engine) => {
  it(`refuses more than ${MAX_EXPANDED_TERMS} patterns with a 400 that says what to narrow, before reading the vocabulary`, async () => {
    const { spy, reads } = counting(engines[engine].store.search);
    const patterns = Array.from({ length: MAX_EXPANDED_TERMS + 1 }, (_, i) => `wash${String.fromCharCode(97 + i)}*`).join(' ');
    const q = rowsOf(`k=${encodeURIComponent(patterns)}&ord=k1`);
    const err = await expandRows(spy, q.rows, { fuzzy: q.fuzzy }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryError);
    expect((err as Error).message).toBe(
      `The search has ${MAX_EXPANDED_TERMS + 1} words with * ? or ~ (at most ${MAX_EXPANDED_TERMS}): write some of them in full.`,
    );
    expect(reads).toEqual([]);
    // As many as allowed are expanded.
    const fewer = rowsOf(`k=${encodeURIComponent(patterns.split(' ').slice(1).join(' '))}&ord=k1`);
    expect((await expandRows(spy, fewer.rows)).size).toBe(MAX_EXPANDED_TERMS);
  });

  it('counts every word of an OCR-tolerant search (fz=1) as one to expand', async () => {
    const { spy, reads } = counting(engines[engine].store.search);
    const words = Array.from({ length: MAX_EXPANDED_TERMS + 4 }, (_, i) => `word${String.fromCharCode(97 + i)}`).join(' ');
    const q = rowsOf(`k=${words}&ord=k1&fz=1`);
    await expect(expandRows(spy, q.rows, { fuzzy: q.fuzzy })).rejects.toThrow(
      `The search has ${MAX_EXPANDED_TERMS + 4} words to look up with their likely OCR misreadings (at most ${MAX_EXPANDED_TERMS}): search fewer words, or turn off likely misreadings.`,
    );
    expect(reads).toEqual([]);
  });

  it(`refuses more than ${MAX_TERMS} words before expanding the patterns among them`, async () => {
    const { spy, reads } = counting(engines[engine].store.search);
    const words = ['wash*', ...Array.from({ length: MAX_TERMS }, (_, i) => `w${i}`)].join(' ');
    const q = rowsOf(`k=${encodeURIComponent(words)}&ord=k1`);
    await expect(expandRows(spy, q.rows)).rejects.toThrow(`The search has too many words (at most ${MAX_TERMS}).`);
    expect(reads).toEqual([]);
    await expect(runSearch(engines[engine].store, engines[engine].fx.sites.all, q)).rejects.toBeInstanceOf(QueryError);
  });

  it('asks the engine for no more vocabulary rows than the search has left, and refuses a search that needs more', async () => {
    const { spy, reads } = counting(engines[engine].store.search);
    const q = rowsOf('k=wash* quick~&ord=k1');
    const all = await expandRows(spy, q.rows);
    expect(all.get('wash*')!.words.sort()).toEqual(['wash', 'washed', 'washer', 'washes', 'washing', 'washington', 'washy']);
    const needed = reads.reduce((n, r) => n + r.rows, 0);
    reads.length = 0;
    // Exactly enough: the same expansions.
    expect(await expandRows(spy, q.rows, { maxRows: needed })).toEqual(all);
    reads.length = 0;
    // One row short: refused, and no read was asked for more than one row past what was left.
    const err = await expandRows(spy, q.rows, { maxRows: 5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryError);
    expect((err as Error).message).toMatch(/match too much of the vocabulary: add letters to them, or search fewer of them at once/);
    expect(reads[0]).toMatchObject({ kind: 'range', limit: 6, rows: 6 });
    expect(reads).toHaveLength(1);
    reads.length = 0;
    await expect(expandRows(spy, q.rows, { maxRows: needed - 1 })).rejects.toBeInstanceOf(QueryError);
    expect(reads.reduce((n, r) => n + r.rows, 0)).toBeLessThanOrEqual(needed);
  });
});
