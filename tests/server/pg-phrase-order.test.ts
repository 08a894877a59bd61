// A two-word phrase searched alone ranks, on PostgreSQL, by how many times a page holds it (more first), then
// date and id, read from the pairs index's levels (migration 015) without a tsvector: every page of results
// in turn is the same as sorting every match by its phrase count counted from the tsvector's positions,
// with filters, deep pages, and pages holding the phrase many times (levels between the probed ones).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresStore, type PostgresStore } from '../../server/store/postgres';
import { pgSearch } from '../../server/store/postgres/search';
import type { Pg } from '../../server/store/postgres/db';
import { parseSearchParams } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import type { Store } from '../../server/store/types';
import { createDatabase } from '../support/pg-cluster';

let store: PostgresStore;
let siteId: number;
const seen: string[] = [];
/** Statements on the pairs index read without the bitmap-only plan (pairsIndex). */
const unplanned: string[] = [];
const spy = (db: Pg): Pg => ({
  ...db,
  read: (sql, params, opts) => {
    seen.push(sql);
    if (sql.includes('tsv_pairs(') && !opts?.pairsIndex) unplanned.push(sql);
    return db.read(sql, params, opts);
  },
});

function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

/** How many pages of `total` ... a page holds "steamer arrived" k times: most once, some twice or three times,
 *  a few 9, 11, 13 or 30 times (levels 9, 11 and 13 are not probed at first, 30 lies between 24 and 32). */
const TIMES = [1, 1, 1, 1, 1, 1, 2, 2, 3, 0, 0];
const MANY = [9, 11, 11, 13, 30];

beforeAll(async () => {
  store = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  siteId = (await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['127.0.0.1'] })).id;
  for (let t = 1; t <= 2; t++) {
    await store.ingest.upsertTitle({
      lccn: `sn${t}`,
      name: `Title ${t}`,
      place: { country: 'United States', state: `State ${t}`, city: `City ${t}` },
      source: 'marc',
    });
  }
  const batch = await store.ingest.beginBatch('b1', null);
  const rand = rng(7);
  let edition = 0;
  for (let i = 0; i < 70; i++) {
    const pages = [0, 1, 2].map((s) => {
      const times = i < MANY.length && s === 0 ? MANY[i] : TIMES[Math.floor(rand() * TIMES.length)];
      const words: string[] = [];
      for (let k = 0; k < times; k++) words.push('the', 'steamer', 'arrived', 'at', 'noon');
      // The words apart too: pages holding both words but not the phrase, and "arrived steamer".
      words.push(rand() < 0.5 ? 'steamer late' : 'arrived steamer', 'harbor');
      return { sequence: s + 1, width: 800, height: 1200, imagePath: null, pdfPath: null, altoPath: null, ocrText: words.join(' '), words: [] };
    });
    // Dates repeat (two issues a day), so ties on date are broken by id.
    await store.ingest.writeIssue(batch, { lccn: `sn${(i % 2) + 1}`, dateIssued: `${1850 + (i % 35)}-03-0${(i % 4) + 1}`, edition: ++edition, pages });
  }
  await store.ingest.finishBatch(batch, 'complete', {});
}, 120_000);
afterAll(async () => {
  await store?.close();
});

/** Every page holding the phrase, by how often (counted from the tsvector's positions), then date and id. */
async function expected(a: string, b: string, dated = false) {
  return (
    await store.pg.q<{ uid: string }>(
      `SELECT p.uid FROM pages p CROSS JOIN LATERAL (
          SELECT COUNT(*)::int AS n FROM unnest(p.tsv) x CROSS JOIN LATERAL unnest(x.positions) px, unnest(p.tsv) y CROSS JOIN LATERAL unnest(y.positions) py
           WHERE x.lexeme = $1 AND y.lexeme = $2 AND py = px + 1) c
        WHERE c.n > 0 ${dated ? "AND p.date_issued BETWEEN '1860-01-01' AND '1879-12-31'" : ''}
        ORDER BY c.n DESC, p.date_issued, p.id`,
      [a, b],
    )
  ).map((r) => r.uid);
}

describe('a two-word phrase in relevance order (PostgreSQL)', () => {
  it.each([
    ['e=steamer arrived&ord=e1', 'steamer', 'arrived', false],
    ['e=steamer arrived&ord=e1&d=01/01/1860-12/31/1879&m=between', 'steamer', 'arrived', true],
    ['e=arrived steamer&ord=e1', 'arrived', 'steamer', false],
  ] as const)('%s: every page in turn is the full order, from the index alone', async (q, a, b, dated) => {
    const want = await expected(a, b, dated);
    expect(want.length).toBeGreaterThan(40); // several pages of results
    const shown: string[] = [];
    let total = -1;
    for (let page = 1; shown.length < want.length && page < 30; page++) {
      seen.length = 0;
      const r = await runSearch({ ...store, search: pgSearch(spy(store.pg)) } as Store, siteId, parseSearchParams(`${q}&p=${page}`));
      total = r.total;
      shown.push(...r.results.map((x) => x.pageUid));
      // No tsvector is read to order the pages, and RUM's ordered scan is not used.
      expect(seen.filter((sql) => sql.includes('<=>') || sql.includes('ts_rank_cd'))).toEqual([]);
    }
    expect(total).toBe(want.length);
    expect(shown).toEqual(want);
    // Computing a page's pairs costs ~3 ms: every statement on them must come from the index (at 100,000
    // pages the planner otherwise walked the date index computing the pairs of page after page).
    expect(unplanned).toEqual([]);
  });

  it('puts the pages holding the phrase most often first, even at levels between the probed ones', async () => {
    const r = await runSearch(store, siteId, parseSearchParams('e=steamer arrived&ord=e1'));
    const first = r.results.slice(0, 5).map((x) => x.pageUid);
    expect(first).toEqual((await expected('steamer', 'arrived')).slice(0, 5));
    // The page holding it 30 times, then 13, then the two of 11, then 9.
    const times = await store.pg.q<{ uid: string; n: number }>(
      `SELECT uid, cardinality(regexp_split_to_array(ocr_text, 'steamer arrived')) - 1 AS n FROM pages WHERE uid = ANY($1::text[])`,
      [first],
    );
    const byUid = new Map(times.map((t) => [t.uid, t.n]));
    expect(first.map((u) => byUid.get(u))).toEqual([30, 13, 11, 11, 9]);
  });

  it('gives a deep page without reading the pages before it', async () => {
    const want = await expected('steamer', 'arrived');
    const r = await runSearch(store, siteId, parseSearchParams('e=steamer arrived&ord=e1&p=4'));
    expect(r.results.map((x) => x.pageUid)).toEqual(want.slice(3 * r.pageSize, 4 * r.pageSize));
  });

  it('is empty past the last page and for a phrase no page holds', async () => {
    const past = await runSearch(store, siteId, parseSearchParams('e=steamer arrived&ord=e1&p=40'));
    expect(past.results).toEqual([]);
    const none = await runSearch(store, siteId, parseSearchParams('e=harbor noon&ord=e1'));
    expect(none.total).toBe(0);
    expect(none.results).toEqual([]);
  });
});
