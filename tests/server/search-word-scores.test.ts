// Ranking an Any row of many words from their occurrences (server/store/sqlite/word-scores.ts) must never
// change what a visitor sees: for truncated words, wildcards, OCR-tolerant words and Any rows, with date,
// place and title filters, None words, deep pages and pages that tie, the page of ids and the counts are
// the ones full BM25 scoring by FTS5 gives, id for id and in the same order.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { sqliteSearch, type SqliteSearchOptions, type SqliteSearchStats } from '../../server/store/sqlite/search';
import { kthSmallest } from '../../server/store/sqlite/word-scores';
import { parseSearchParams, SEARCH_PAGE_SIZE } from '../../contract/search/query';
import { planText } from '../../contract/search/plan';
import { expandRows } from '../../server/services/search/expand';
import { searchFilter } from '../../server/services/search/service';
import { generateSqliteCorpus } from '../../bench/search/generate';

let dir: string;
let store: SqliteStore;
let siteId: number;
let queries: string[];
let several: string[];

/** The occurrence path's figures over every engine answer() made (each engine counts its own). */
const wordScoreStats: SqliteSearchStats['wordScores'] = { answered: 0, declined: 0, lastDeclined: '', exactPages: 0 };

/** One search as the engine answers it, from a fresh engine (nothing kept from an earlier answer): its page
 *  and the counts it hands over with it. */
async function answer(qs: string, byOccurrences: boolean, opts: SqliteSearchOptions = {}) {
  const engine = sqliteSearch(store.db, { ...opts, wordScores: byOccurrences });
  const q = parseSearchParams(qs);
  const text = planText(q.rows, await expandRows(engine, q.rows, { fuzzy: q.fuzzy, exclude: q.fuzzyExclude }), q.fuzzy);
  const filter = searchFilter(siteId, q, text);
  const page = await engine.page(filter, 'relevance', (q.page - 1) * SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE);
  const counts = await page.counts();
  const used = engine.stats().wordScores;
  wordScoreStats.answered += used.answered;
  wordScoreStats.declined += used.declined;
  wordScoreStats.exactPages += used.exactPages;
  if (used.lastDeclined) wordScoreStats.lastDeclined = used.lastDeclined;
  return { ids: page.ids, total: counts.total, cells: counts.cells.map((c) => `${c.titleId}/${c.year}:${c.count}`).sort() };
}

/** Every query answered both ways; returns how many the occurrence path answered. */
async function compareAll(list: string[], opts: SqliteSearchOptions = {}) {
  const answered = wordScoreStats.answered;
  for (const qs of list) {
    const full = await answer(qs, false, opts);
    const mine = await answer(qs, true, opts);
    expect({ qs, ...mine }).toEqual({ qs, ...full });
  }
  return wordScoreStats.answered - answered;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'word-scores-'));
  await generateSqliteCorpus({ dir, pages: 900, wordsPerPage: 150, titles: 6, seed: 11 });
  store = createSqliteStore(join(dir, 'data'));
  siteId = (await store.sites.getDefault()).id;
  const db = store.db;
  // Three-letter starts held by many words: each truncation expands to dozens of forms, on most pages.
  const prefixes = db
    .prepare(
      `SELECT substr(term, 1, 3) AS p, COUNT(*) AS forms, SUM(doc) AS pages FROM pages_vocab
        WHERE term GLOB '[a-z][a-z][a-z]*' GROUP BY p HAVING forms >= 8 ORDER BY pages DESC LIMIT 6`,
    )
    .pluck()
    .all() as string[];
  const words = db
    .prepare("SELECT term FROM pages_vocab WHERE term GLOB '[a-z][a-z][a-z][a-z]*' AND doc BETWEEN 20 AND 200 ORDER BY term LIMIT 12")
    .pluck()
    .all() as string[];
  const rare = db
    .prepare("SELECT term FROM pages_vocab WHERE term GLOB '[a-z][a-z][a-z][a-z]*' AND doc BETWEEN 3 AND 15 ORDER BY term LIMIT 2")
    .pluck()
    .all() as string[];
  const state = db.prepare('SELECT state_id FROM cities JOIN titles t ON t.city_id = cities.id LIMIT 1').pluck().get() as number;
  const title = db.prepare('SELECT id FROM titles ORDER BY id LIMIT 1 OFFSET 1').pluck().get() as number;
  const dates = db.prepare('SELECT date_issued FROM pages ORDER BY date_issued').pluck().all() as string[];
  const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  const between = `m=between&d=${us(dates[Math.floor(dates.length / 4)])}-${us(dates[Math.floor(dates.length / 2)])}`;
  queries = prefixes.flatMap((p) => [
    `k=${p}*&ord=k1`,
    `k=${p}*&ord=k1&p=2`,
    `k=${p}*&ord=k1&p=9`,
    `k=${p}*&ord=k1&${between}`,
    `k=${p}*&ord=k1&st=${state}`,
    `k=${p}*&ord=k1&t=${title}`,
    `k=${p}*&n=${rare[0]} ${rare[1]}&ord=k1,n1`,
    `o=${p}*&ord=o1&p=3`,
  ]);
  queries.push(
    `k=${words[0].slice(0, 2)}?${words[0].slice(3)}*&ord=k1`,
    `o=${words.slice(0, 6).join(' ')}&ord=o1`,
    `o=${words.slice(6, 12).join(' ')}&ord=o1&p=2`,
    ...words.slice(0, 4).map((w) => `k=${w}~&ord=k1`),
  );
  // Several required clauses: two truncations, OCR-tolerant words (fz=1: an Any clause of forms per word),
  // and an All row of four words.
  several = [
    `k=${prefixes[0]}* ${prefixes[1]}*&ord=k1`,
    `k=${prefixes[2]}* ${prefixes[3]}*&ord=k1&p=2&st=${state}`,
    `k=${words[0]} ${words[1]}&fz=1&ord=k1`,
    `k=${words[2]} ${words[3]}&fz=1&ord=k1&${between}`,
    `k=${words[4]} ${words[5]}&fz=1&ord=k1&n=${rare[0]}&ord=k1,n1`,
    `k=${words.slice(6, 10).join(' ')}&ord=k1`,
  ];
}, 180_000);
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ranking an Any row of many words from their occurrences', () => {
  it('gives exactly the pages, order and counts of full scoring, with filters, None words and deep pages', async () => {
    const answered = await compareAll(queries);
    // The comparison covered the occurrence path (not only searches it left to FTS5).
    expect(answered).toBeGreaterThan(queries.length * 0.8);
  }, 120_000);

  it('gives the same for rows that require several clauses (two truncations, fz=1 on two words, four words)', async () => {
    // An OCR-tolerant word's split readings ("abun dant") are phrases, which the occurrence path leaves to FTS5:
    // set aside here (fzx), fz=1 on two words is two Any clauses of forms.
    const plain = await Promise.all(
      several.map(async (qs) => {
        const q = parseSearchParams(qs);
        const split = [...(await expandRows(sqliteSearch(store.db), q.rows, { fuzzy: q.fuzzy })).values()].flatMap((e) =>
          e.words.filter((w) => w.includes(' ')),
        );
        return split.length ? `${qs}&fzx=${encodeURIComponent(split.join(','))}` : qs;
      }),
    );
    expect(await compareAll(plain)).toBeGreaterThanOrEqual(several.length - 1);
    // With their split readings they are answered by FTS5, the same way.
    await compareAll(several);
  }, 120_000);

  it('orders pages whose sums are close by FTS5’s exact scores, as full scoring does', async () => {
    // Treating sums within 0.3% as close makes FTS5 order many runs of pages, as it does when sums tie.
    const exact = wordScoreStats.exactPages;
    expect(
      await compareAll(
        queries.filter((q) => q.startsWith('k=') && !q.includes('~')),
        { closeSums: 3e-3 },
      ),
    ).toBeGreaterThan(20);
    expect(wordScoreStats.exactPages - exact).toBeGreaterThan(100);
  }, 120_000);

  it('puts pages that score the same in id order, as full scoring does', async () => {
    const p = queries[0].slice(2, queries[0].indexOf('*'));
    // Four of the searched forms (the 100 held by most pages) that few pages hold: they weigh most.
    const searched = store.db
      .prepare('SELECT term, doc FROM pages_vocab WHERE term >= ? AND term < ? ORDER BY doc DESC, term LIMIT 100')
      .all(p, `${p}\u{10ffff}`) as {
      term: string;
      doc: number;
    }[];
    const forms = searched.slice(-4).map((r) => r.term);
    const donor = store.db.prepare('SELECT * FROM pages ORDER BY id LIMIT 1').get() as Record<string, unknown>;
    const insert = store.db.prepare(
      `INSERT INTO pages (uid, issue_id, title_id, sequence, number, date_issued, year, decade, width, height, ocr_text, word_count)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // Copies of one short page about the forms: they top the ranking with one score, ids decide.
    const text = `${forms.join(' ')} ${forms.join(' ')} ${forms[0]} report of the meeting`;
    for (let i = 0; i < 25; i++) {
      insert.run(
        `${String(donor.uid)}-twin${i}`,
        donor.issue_id,
        donor.title_id,
        300 + i,
        String(300 + i),
        donor.date_issued,
        donor.year,
        donor.decade,
        donor.width,
        donor.height,
        text,
        8,
      );
    }
    const twins = store.db.prepare("SELECT id FROM pages WHERE uid LIKE '%-twin%' ORDER BY id").pluck().all() as number[];
    const first = await answer(`k=${p}*&ord=k1`, true);
    expect(first.ids).toEqual(twins.slice(0, 20));
    expect((await answer(`k=${p}*&ord=k1&p=2`, true)).ids.slice(0, 5)).toEqual(twins.slice(20));
    expect(await compareAll([`k=${p}*&ord=k1`, `k=${p}*&ord=k1&p=2`, `o=${forms.join(' ')}&ord=o1&p=2`])).toBe(3);
  }, 60_000);

  it('leaves a search whose words occur too often to FTS5, with the same answer', async () => {
    const declined = wordScoreStats.declined;
    // A budget of a few words of a 900-page corpus.
    expect(await compareAll(queries.slice(0, 8), { occurrenceBudget: 2_000 })).toBe(0);
    expect(wordScoreStats.declined - declined).toBe(8);
    expect(wordScoreStats.lastDeclined).toBe('too many occurrences');
  }, 60_000);

  it('leaves the search to FTS5 when FTS5 ranks differently from the formula it knows', async () => {
    // A configured ranking (a column weight) is not FTS5's default BM25: the check against FTS5 sees it.
    store.db.prepare("INSERT INTO pages_fts (pages_fts, rank) VALUES ('rank', 'bm25(3.0)')").run();
    try {
      const declined = wordScoreStats.declined;
      expect(await compareAll(queries.slice(0, 8))).toBe(0);
      expect(wordScoreStats.declined - declined).toBe(8);
      expect(wordScoreStats.lastDeclined).toBe('a check against FTS5 failed');
    } finally {
      store.db.prepare("INSERT INTO pages_fts (pages_fts, rank) VALUES ('rank', 'bm25()')").run();
    }
  }, 60_000);
});

describe('the cut among many sums', () => {
  it('is the value sorting gives at that place, with ties and negative sums', () => {
    let x = 7;
    const next = () => ((x = (x * 1103515245 + 12345) & 0x7fffffff), x);
    for (let n = 1; n < 400; n += 37) {
      // Few distinct values (many ties) and many distinct ones.
      for (const distinct of [3, 1000]) {
        const values = Float64Array.from({ length: n }, () => -(next() % distinct) / 7);
        const sorted = values.slice().sort();
        for (const k of [0, n >> 1, n - 1]) expect(kthSmallest(values.slice(), k)).toBe(sorted[k]);
      }
    }
  });
});
