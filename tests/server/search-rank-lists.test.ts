// Rank lists (server/store/sqlite/rank-lists.ts) must never change what a visitor sees: every answer from a
// list is the answer full BM25 scoring gives, page for page and in the same order, with filters, None
// words and deep pages; a list made for an older state of the index is never used.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { buildRankLists, frequentTerms, rankListsCurrent, topFromLists } from '../../server/store/sqlite/rank-lists';
import { parseSearchParams, type SearchResponse } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import { generateSqliteCorpus } from '../../bench/search/generate';

const MIN_PAGES = 60;
const KEEP = 45; // page 3 (results 41-60) of an unfiltered word needs more than the list holds

let dir: string;
let store: SqliteStore;
let siteId: number;
let queries: string[];
let multi: string[]; // searches over several frequent words

const answer = async (qs: string) => {
  const r: SearchResponse = await runSearch(store, siteId, parseSearchParams(qs));
  return { total: r.total, pages: r.results.map((x) => x.pageUid), snippets: r.results.map((x) => x.snippet) };
};
const answeredByLists = () => store.search.stats().rankLists.answered;
const answers = async () => Promise.all(queries.map(async (q) => [q, await answer(q)] as const));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rank-lists-'));
  await generateSqliteCorpus({ dir, pages: 700, wordsPerPage: 120, titles: 6, seed: 5 });
  store = createSqliteStore(join(dir, 'data'));
  siteId = (await store.sites.getDefault()).id;
  const frequent = frequentTerms(store.db, MIN_PAGES)
    .filter((t) => /^[a-z]{3,}$/.test(t.term))
    .slice(0, 6);
  const rarer = frequentTerms(store.db, 5)
    .filter((t) => t.pages < 40 && /^[a-z]{4,}$/.test(t.term))
    .slice(0, 2);
  const state = store.db.prepare('SELECT state_id FROM cities JOIN titles t ON t.city_id = cities.id LIMIT 1').pluck().get() as number;
  const title = store.db.prepare('SELECT id FROM titles LIMIT 1').pluck().get() as number;
  queries = frequent.flatMap(({ term }) => [
    `k=${term}&ord=k1`,
    `o=${term}&ord=o1`,
    `k=${term}&ord=k1&p=2`,
    `k=${term}&ord=k1&p=3`,
    `k=${term}&ord=k1&m=between&d=01/01/1860-12/31/1879`,
    `k=${term}&ord=k1&st=${state}`,
    `k=${term}&ord=k1&t=${title}`,
    `k=${term}&n=${rarer[0].term} ${rarer[1].term}&ord=k1,n1`,
    `k=${term.toUpperCase()}&ord=k1`,
  ]);
  // Several frequent words: AND, OR, with filters, None words and three words.
  const w = frequent.map((t) => t.term);
  multi = [];
  for (let i = 0; i + 1 < w.length; i++) {
    const [a, b] = [w[i], w[i + 1]];
    multi.push(
      `k=${a} ${b}&ord=k1`,
      `o=${a} ${b}&ord=o1`,
      `k=${a},${b}&ord=k1,k2`,
      `k=${a} ${b}&ord=k1&p=2`,
      `k=${a} ${b}&ord=k1&st=${state}`,
      `k=${a} ${b}&ord=k1&m=between&d=01/01/1860-12/31/1879`,
      `k=${a} ${b}&n=${rarer[0].term}&ord=k1,n1`,
      `k=${a}&o=${b} ${w[(i + 2) % w.length]}&ord=k1,o1`,
    );
  }
  queries.push(...multi);
}, 120_000);
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('rank lists for frequent words', () => {
  it('give exactly the answers of full scoring, with filters, None words and deep pages', async () => {
    const before = await answers();
    expect(before.filter(([, a]) => a.pages.length === 20).length).toBeGreaterThan(queries.length / 2);
    const built = buildRankLists(store.db, { minPages: MIN_PAGES, keep: KEEP });
    expect(built.complete).toBe(true);
    expect(built.written).toBeGreaterThanOrEqual(6);
    expect(rankListsCurrent(store.db)).toBe(true);
    const answered = answeredByLists();
    expect(await answers()).toEqual(before);
    // The comparison covered answers the lists gave, of one word and of several.
    expect(answeredByLists() - answered).toBeGreaterThan((queries.length - multi.length) / 2);
  });

  it('are what a single-word search reads (a tampered list shows through)', async () => {
    const term = queries[0].slice(2, queries[0].indexOf('&'));
    const before = await answer(`k=${term}&ord=k1`);
    const row = store.db.prepare('SELECT ids FROM search_rank_lists WHERE term = ?').pluck().get(term) as Buffer;
    const ids = new Int32Array(row.byteLength / 4);
    Buffer.from(ids.buffer).set(row);
    ids.reverse();
    store.db.prepare('UPDATE search_rank_lists SET ids = ? WHERE term = ?').run(Buffer.from(ids.buffer), term);
    const tampered = await answer(`k=${term}&ord=k1`);
    expect(tampered.pages).not.toEqual(before.pages);
    expect(tampered.total).toBe(before.total);
    buildRankLists(store.db, { minPages: MIN_PAGES, keep: KEEP }); // lists are current: nothing rewritten
    store.db.prepare('DELETE FROM search_rank_lists WHERE term = ?').run(term);
    buildRankLists(store.db, { minPages: MIN_PAGES, keep: KEEP });
    expect(await answer(`k=${term}&ord=k1`)).toEqual(before);
  });

  it('are not used once the index has changed, and are rebuilt for the new state', async () => {
    const term = queries[0].slice(2, queries[0].indexOf('&'));
    // A new page that holds the word many times: it ranks first once the index includes it.
    const donor = store.db.prepare('SELECT * FROM pages ORDER BY id LIMIT 1').get() as Record<string, unknown>;
    const text = `${term} `.repeat(60).trim();
    store.db
      .prepare(
        `INSERT INTO pages (uid, issue_id, title_id, sequence, number, date_issued, year, decade, width, height, ocr_text, word_count)
         VALUES (?, ?, ?, 99, '99', ?, ?, ?, ?, ?, ?, 60)`,
      )
      .run(`${String(donor.uid)}-new`, donor.issue_id, donor.title_id, donor.date_issued, donor.year, donor.decade, donor.width, donor.height, text);
    expect(rankListsCurrent(store.db)).toBe(false);
    const stale = await answer(`k=${term}&ord=k1`);
    expect(stale.pages[0]).toBe(`${String(donor.uid)}-new`);
    const rebuilt = buildRankLists(store.db, { minPages: MIN_PAGES, keep: KEEP });
    expect(rebuilt.complete).toBe(true);
    expect(rankListsCurrent(store.db)).toBe(true);
    expect(await answer(`k=${term}&ord=k1`)).toEqual(stale);
  });

  it('answer searches over several words when their best pages stand out, as full scoring does', async () => {
    const [a, b] = [multi[0].slice(2).split(/[ &]/)[0], multi[0].slice(2).split(/[ &]/)[1]];
    // Pages about both words (as real articles are): each holds them many times, a different number of times.
    const donor = store.db.prepare('SELECT * FROM pages ORDER BY id LIMIT 1').get() as Record<string, unknown>;
    const insert = store.db.prepare(
      `INSERT INTO pages (uid, issue_id, title_id, sequence, number, date_issued, year, decade, width, height, ocr_text, word_count)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < 30; i++) {
      const text = `${`${a} `.repeat(10 + i)}${`${b} report `.repeat(40 - i)}`.trim();
      insert.run(
        `${String(donor.uid)}-topic${i}`,
        donor.issue_id,
        donor.title_id,
        200 + i,
        String(200 + i),
        donor.date_issued,
        donor.year,
        donor.decade,
        donor.width,
        donor.height,
        text,
        text.split(' ').length,
      );
    }
    const several = [`k=${a} ${b}&ord=k1`, `o=${a} ${b}&ord=o1`, `k=${a},${b}&ord=k1,k2`, `k=${b} ${a}&ord=k1`, `k=${a} ${b}&n=${w0()}&ord=k1,n1`];
    buildRankLists(store.db, { minPages: MIN_PAGES, keep: KEEP });
    const answered = answeredByLists();
    const listed = await Promise.all(several.map(answer));
    expect(answeredByLists() - answered).toBeGreaterThanOrEqual(3);
    store.db.prepare('DELETE FROM search_rank_lists').run();
    expect(await Promise.all(several.map(answer))).toEqual(listed);
    expect(listed[0].pages.filter((uid) => uid.includes('-topic')).length).toBe(20);
  });
});

/** A rare word (a None row that removes a few pages). */
const w0 = () => frequentTerms(store.db, 5).filter((t) => t.pages < 40 && /^[a-z]{4,}$/.test(t.term))[0].term;

describe('deciding from the lists alone (no random access)', () => {
  const list = (pairs: [number, number][], pages: number) => ({
    ids: Int32Array.from(pairs, (p) => p[0]),
    scores: Float64Array.from(pairs, (p) => p[1]),
    pages,
  });
  const any = () => true;

  it('returns the best pages, in order, when they are in every list and beat every bound', () => {
    const a = list(
      [
        [1, -10],
        [2, -9.99],
        [4, -3],
      ],
      50,
    );
    const b = list(
      [
        [2, -4],
        [1, -3.5],
        [5, -0.4],
      ],
      50,
    );
    // sums: 2 -> 13.99, 1 -> 13.5; anything else at most 3 + 4 (4) or 0.4 + 3 (5) or 3.4 unseen
    expect(topFromLists([a, b], any, 2)).toEqual([2, 1]);
  });

  it('cannot decide while a page outside could still score higher', () => {
    const a = list(
      [
        [1, -10],
        [2, -9.99],
      ],
      50,
    );
    const b = list(
      [
        [3, -5],
        [1, -0.5],
      ],
      50,
    );
    // page 1 scores 10.5 exactly, but page 3 may reach 5 + 9.99 (its score for the first word is unknown)
    expect(topFromLists([a, b], any, 1)).toBeNull();
  });

  it('cannot decide when a best page misses a list (its score is not known exactly)', () => {
    const a = list(
      [
        [1, -10],
        [2, -1],
      ],
      50,
    );
    const b = list(
      [
        [3, -0.2],
        [2, -0.1],
      ],
      50,
    );
    expect(topFromLists([a, b], any, 1)).toBeNull();
  });

  it('skips pages the search does not accept, and answers short when the lists are whole', () => {
    const a = list(
      [
        [1, -10],
        [2, -9],
        [3, -1],
      ],
      3,
    );
    const b = list(
      [
        [2, -5],
        [1, -1],
        [3, -0.5],
      ],
      3,
    );
    expect(topFromLists([a, b], (id) => id !== 2, 20)).toEqual([1, 3]);
  });
});
