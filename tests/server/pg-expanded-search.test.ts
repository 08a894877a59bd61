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
import { readOrPostings, scoreBounds } from '../../server/store/postgres/search/or-postings';
import { tuning } from '../../server/store/postgres/search/tuning';
import type { SearchPass } from '../../server/store/postgres/search/pass';
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
        AND (cardinality($5::int[]) = 0 OR p.title_id = ANY($5))
      ORDER BY p.tsv <=> to_tsquery('simple', $3), p.date_issued, p.id LIMIT 20 OFFSET $4`,
    [planTsquery(text.groups), qs.includes('m=between') ? '1870-01-01' : null, rankTsquery(text.groups), (q.page - 1) * 20, q.titleIds],
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
  "rare forms apart, the frequent word's ranking list": { expandedFewPages: 0, rareFormPages: 100, orPostings: false },
  'every form rare': { expandedFewPages: 0, rareFormPages: 10_000, orPostings: false },
  'no split: RUM ordered scan of every form': { expandedFewPages: 0, expandedFewPagesNoSplit: 0, orderedScanWords: 0, orPostings: false },
  // abolish has postings, the other forms are bounded by how many of them a page holds (or-postings.ts).
  'postings of the listed form, bounds for the others': { expandedFewPages: 0, expandedFewPagesNoSplit: 0, orderedScanWords: 0 },
};

const FORMS = ['abolish', 'abode', 'aboard', ...RARE];
/** For every page holding a form: RUM's score for the OR of the forms and of the `compounds` (each as all of its
 *  words, as rankTsquery ranks a phrase), and what the postings know of it. */
async function boundsAndScores(compounds: string[][] = []) {
  const postings = await readOrPostings({ db: pg.pg, tune: tuning({}) } as SearchPass, { forms: FORMS, compounds });
  const { ids, low, high } = scoreBounds(postings!);
  const query = [...FORMS, ...compounds.map((c) => `(${c.join(' & ')})`)].join(' | ');
  const rum = new Map(
    (
      await pg.pg.read<{ id: number; d: number }>(`SELECT id, tsv <=> to_tsquery('simple', $1) AS d FROM pages WHERE tsv @@ to_tsquery('simple', $1)`, [query])
    ).map((r) => [r.id, 1 / r.d]),
  );
  return { rum, compound: postings!.compound, pages: ids.map((id, i) => ({ id, low: low[i], high: high[i], rum: rum.get(id)! })) };
}

/** The search as `opts` answers it equals RUM's order, and SQLite's total and facets. */
async function matchesRum(qs: string, opts: PgSearchOptions) {
  const got = await runSearch({ ...pg, search: pgSearch(pg.pg, opts) } as Store, (await pg.sites.getDefault()).id, parseSearchParams(qs));
  const want = await expected(qs);
  expect(want.length).toBeGreaterThan(5);
  expect(got.results.map((r) => r.pageUid)).toEqual(want);
  const other = await runSearch(lite, (await lite.sites.getDefault()).id, parseSearchParams(qs));
  expect(got.total).toBe(other.total);
  expect(got.facets).toEqual(other.facets);
}

describe('an expanded search on PostgreSQL', () => {
  for (const [way, opts] of Object.entries(WAYS))
    for (const qs of QUERIES) it(`${way}: ${qs} gives RUM's order, SQLite's total and facets`, () => matchesRum(qs, opts));

  it("bounds each page's score by the postings of the listed forms and how many unlisted ones it holds", async () => {
    const { rum, pages } = await boundsAndScores();
    expect(pages.map((p) => p.id).sort((a, b) => a - b)).toEqual([...rum.keys()].sort((a, b) => a - b));
    for (const p of pages) {
      expect(p.low).toBeLessThanOrEqual(p.rum * (1 + 1e-6));
      expect(p.high).toBeGreaterThanOrEqual(p.rum * (1 - 1e-6));
    }
    // abode twice on a page is worth more than once: the upper bound allows for it.
    expect(pages.some((p) => p.rum > p.low * (1 + 1e-3))).toBe(true);
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

describe('an OR of forms ordered from postings', () => {
  // Every form listed: each page's score is known exactly before any tsvector is read.
  beforeAll(() => buildPgRankLists(pg.pg, { minPages: 1, cellsMinPages: 1_000, force: true }));
  const postings = { expandedFewPages: 0, expandedFewPagesNoSplit: 0, orderedScanWords: 0 };
  for (const qs of QUERIES) it(`every form listed: ${qs}`, () => matchesRum(qs, postings));

  it("knows each page's score exactly from the postings", async () => {
    const { pages } = await boundsAndScores();
    for (const p of pages) {
      expect(p.low).toBeCloseTo(p.rum, 6);
      expect(p.high).toBeCloseTo(p.rum, 6);
    }
    expect(new Set(pages.map((p) => p.rum.toFixed(6))).size).toBeGreaterThan(3);
  });

  it('leaves to the tsvectors the pages a split reading concerns, and knows the others exactly', async () => {
    // "abobq filler" as an OCR-tolerant word's split reading; "abode" both a form and a split reading's word.
    const { rum, compound, pages } = await boundsAndScores([
      ['abobq', 'filler'],
      ['abode', 'end'],
    ]);
    expect(pages.map((p) => p.id).sort((a, b) => a - b)).toEqual([...rum.keys()].sort((a, b) => a - b));
    const holding = async (q: string) => (await pg.pg.read<{ id: number }>(`SELECT id FROM pages WHERE tsv @@ to_tsquery('simple', $1)`, [q])).map((r) => r.id);
    expect([...compound].sort((a, b) => a - b)).toEqual((await holding("('abobq' & 'filler') | ('abode' & 'end') | 'abode'")).sort((a, b) => a - b));
    for (const p of pages) {
      if (compound.has(p.id)) {
        expect(p.high).toBe(Infinity);
        expect(p.low).toBeLessThanOrEqual(p.rum * (1 + 1e-6));
      } else expect(p.low).toBeCloseTo(p.rum, 6);
    }
    // Those pages' scores are not the sum: abode counted twice, covers of two words.
    expect(pages.some((p) => compound.has(p.id) && p.rum > p.low * 1.1)).toBe(true);
  });

  /** The statements a search runs. */
  async function statements(qs: string, opts: PgSearchOptions) {
    const seen: string[] = [];
    const recording = { ...pg.pg, read: (sql: string, params?: unknown[], o?: never) => (seen.push(sql), pg.pg.read(sql, params, o)) } as typeof pg.pg;
    await runSearch({ ...pg, search: pgSearch(recording, opts) } as Store, (await pg.sites.getDefault()).id, parseSearchParams(qs));
    return {
      postings: seen.some((s) => s.includes('array_send(all_ids)')),
      rounds: seen.filter((s) => s.includes('OFFSET 0) p')).length,
      ordered: seen.some((s) => /ORDER BY p\.tsv <=>/.test(s)),
    };
  }
  // The Omaha Bee holds one page in four: most of the pages scored first fail the filter.
  const oneTitle = async () => `k=abo*&ord=k1&t=${(await pg.pg.q<{ id: number }>("SELECT id FROM titles WHERE lccn = 'sn002'"))[0].id}`;

  it('scores the pages that could be on the page asked for, without an ordered scan', async () => {
    expect(await statements('k=abo*&ord=k1', postings)).toMatchObject({ postings: true, ordered: false });
  });

  it('scores more pages, round after round, when a filter passes few of the best ones', async () => {
    const qs = await oneTitle();
    await matchesRum(qs, postings);
    expect((await statements(qs, postings)).rounds).toBeGreaterThan(1);
  });

  it('leaves the page to the other ways when it would score too many pages', async () => {
    for (const qs of [await oneTitle(), 'k=abo*&ord=k1&p=2']) {
      await matchesRum(qs, { ...postings, postingsScored: 30 });
      expect(await statements(qs, { ...postings, postingsScored: 30 })).toMatchObject({ postings: true, rounds: 0 });
    }
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
