// An expanded search (a pattern's forms, a truncation, forms of two words) on PostgreSQL is found and counted once,
// its matches read form by form (match-sets.ts), its page ordered from the tsvectors when few or with its rare
// forms set apart (expanded-page.ts). Whatever way answers, the total, the facets and the pages in order are the
// ones RUM's order over the whole query gives (distance, then date, then id: the order read here from every
// match's tsvector), and the total and facets are SQLite's.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore, type PostgresStore } from '../../server/store/postgres';
import { pgSearch, type PgSearchOptions } from '../../server/store/postgres/search';
import { buildPgRankLists } from '../../server/store/postgres/rank-lists';
import { planTsquery, rankTsquery } from '../../server/store/postgres/tsquery';
import { expandRows } from '../../server/services/search/expand';
import { runSearch } from '../../server/services/search/service';
import { parseSearchParams } from '../../contract/search/query';
import { planText } from '../../contract/search/plan';
import type { Store } from '../../server/store';
import { layout } from './search-fixtures';
import { rareSplit } from '../../server/store/postgres/search/expanded-page';
import { createDatabase } from '../support/pg-cluster';

/** abo… forms: abolish and abode frequent, aboard middling, ten rare (a few pages each); sen… forms for a second
 *  clause. */
const RARE = Array.from({ length: 10 }, (_, i) => `abo${String.fromCharCode(97 + i)}q`);
const PAGES = 120;

function pageText(n: number): string {
  const words: string[] = ['filler', 'words', 'here'];
  if (n % 2 === 0) words.push(...Array<string>(1 + (n % 4)).fill('abolish'));
  if (n % 3 === 0) words.push('abode', 'filler', ...(n % 9 === 0 ? ['abode'] : []));
  if (n % 7 === 0) words.push('aboard');
  RARE.forEach((w, i) => {
    if ((n + i) % 37 === 0) words.push(w);
  });
  if (n % 5 === 0) words.push('senate');
  if (n % 11 === 0) words.push('senator', 'filler', 'senate');
  words.push(n % 2 ? 'end' : 'close');
  return words.join(' ');
}

async function seed(store: Store) {
  await store.ingest.upsertTitle({
    lccn: 'sn001',
    name: 'Evening Star',
    place: { country: 'United States', state: 'Nebraska', city: 'Omaha' },
    source: 'demo',
  });
  await store.ingest.upsertTitle({ lccn: 'sn002', name: 'Omaha Bee', place: { country: 'United States', state: 'Nebraska', city: 'Omaha' }, source: 'demo' });
  const batch = await store.ingest.beginBatch('batch_forms', null);
  for (let n = 0; n < PAGES; n++) {
    const text = pageText(n);
    // Several pages a day, so that dates tie too and the id decides.
    const date = `18${String(60 + (n % 30)).padStart(2, '0')}-0${1 + (n % 3)}-01`;
    const page = { sequence: 1, number: '1', width: 1000, height: 1400, imagePath: null, pdfPath: null, altoPath: null, ocrText: text, words: layout(text) };
    await store.ingest.writeIssue(batch, { lccn: n % 4 ? 'sn001' : 'sn002', dateIssued: date, edition: 1 + Math.floor(n / 30), pages: [page] });
  }
  await store.ingest.finishBatch(batch, 'complete', {});
  await store.sites.create({ slug: 'all', name: 'All titles', isDefault: true, origins: ['http://all.test'] });
}

let pg: PostgresStore;
let lite: Store;
beforeAll(async () => {
  pg = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  lite = createSqliteStore(':memory:');
  await seed(pg);
  await seed(lite);
  await pg.pg.q('ANALYZE pages');
  // abolish (60 pages) gets a ranking list: the frequent forms' page may be read from it.
  await buildPgRankLists(pg.pg, { minPages: 50, cellsMinPages: 1_000, force: true });
});
afterAll(async () => {
  await pg.close();
  lite.close();
});

/** The page of results in RUM's order over the whole query, read from every match's tsvector. */
async function expected(qs: string) {
  const q = parseSearchParams(qs);
  const text = planText(q.rows, await expandRows(pg.search, q.rows, { fuzzy: q.fuzzy, exclude: q.fuzzyExclude }), q.fuzzy);
  if (text.kind !== 'groups') throw new Error('no text');
  const rows = await pg.pg.read<{ uid: string }>(
    `SELECT p.uid FROM pages p WHERE p.tsv @@ to_tsquery('simple', $1) AND ($2::text IS NULL OR p.date_issued >= $2)
      ORDER BY p.tsv <=> to_tsquery('simple', $3), p.date_issued, p.id LIMIT 20 OFFSET $4`,
    [planTsquery(text.groups), qs.includes('m=between') ? '1870-01-01' : null, rankTsquery(text.groups), (q.page - 1) * 20],
  );
  return rows.map((r) => r.uid);
}

const QUERIES = [
  'k=abo*&ord=k1', // the forms alone
  'k=abo*&ord=k1&p=2',
  'k=abo* sen*&ord=k1', // two clauses: their sets intersected
  'k=abo*&n=close&ord=k1', // a None word, applied by the index with the forms
  'k=abo*&ord=k1&m=between&d=01/01/1870-12/31/1899', // beside a filter
  'o=abo* "abobq filler"&ord=o1', // a rare form also in a phrase of a frequent word (as an OCR-tolerant word's split readings)
];

/** Each way the page can be found. */
const WAYS: Record<string, PgSearchOptions> = {
  'ordered from the tsvectors (few matches)': {},
  'rare forms apart, RUM ordered scan of the frequent ones': { expandedFewPages: 0, rareFormPages: 8, rankLists: false },
  "rare forms apart, the frequent word's ranking list": { expandedFewPages: 0, rareFormPages: 100 },
  'every form rare': { expandedFewPages: 0, rareFormPages: 10_000 },
  'no split: RUM ordered scan of every form': { expandedFewPages: 0, expandedFewPagesNoSplit: 0, orderedScanWords: 0 },
};

describe('an expanded search on PostgreSQL', () => {
  for (const [way, opts] of Object.entries(WAYS))
    for (const qs of QUERIES)
      it(`${way}: ${qs} gives RUM's order, SQLite's total and facets`, async () => {
        const got = await runSearch({ ...pg, search: pgSearch(pg.pg, opts) } as Store, (await pg.sites.getDefault()).id, parseSearchParams(qs));
        const want = await expected(qs);
        expect(want.length).toBeGreaterThan(5);
        expect(got.results.map((r) => r.pageUid)).toEqual(want);
        const other = await runSearch(lite, (await lite.sites.getDefault()).id, parseSearchParams(qs));
        expect(got.total).toBe(other.total);
        expect(got.facets).toEqual(other.facets);
      });

  it('reads the matches form by form, not as one condition of every form', async () => {
    const seen: string[] = [];
    const recording = { ...pg.pg, read: (sql: string, params?: unknown[], o?: never) => (seen.push(sql), pg.pg.read(sql, params, o)) } as typeof pg.pg;
    const r = await runSearch({ ...pg, search: pgSearch(recording) } as Store, (await pg.sites.getDefault()).id, parseSearchParams('k=abo*&ord=k1'));
    expect(r.expansions?.[0].words.length).toBeGreaterThan(8);
    expect(seen.some((s) => s.includes('tsv @@ ANY'))).toBe(true);
    expect(seen.filter((s) => /tsv @@ to_tsquery/.test(s))).toEqual([]);
  });
});

describe('setting rare forms apart', () => {
  // aviators~ searches 'ators' (12 pages) both alone and in the split reading "avi ators" ('avi' on 2,740 pages):
  // a page holding 'avi' has another RUM distance for the whole query, so it cannot be left to the scan without them.
  const groups = [
    {
      must: [
        {
          kind: 'or' as const,
          clauses: [
            { kind: 'any' as const, tokens: ['aviators', 'ators', 'aviatkrs'] },
            { kind: 'phrase' as const, tokens: ['avi', 'ators'] },
          ],
        },
      ],
      exclude: [],
    },
  ];
  const tune = { rareFormPages: 600, orderedScanWords: 20 };
  it('sets apart every word of an alternative that shares a word with a rare one, or nothing', () => {
    const pages = new Map([
      ['aviators', 1767],
      ['ators', 12],
      ['aviatkrs', 3],
      ['avi', 2740],
    ]);
    expect(rareSplit(groups, pages, tune)).toBeNull();
    const few = rareSplit(groups, new Map([...pages, ['avi', 40]]), tune)!;
    expect(few.rare.sort()).toEqual(['ators', 'avi', 'aviatkrs']);
    expect(few.frequent).toEqual([{ must: [{ kind: 'any', tokens: ['aviators'] }], exclude: [] }]);
  });
});
