// PostgreSQL's ranking lists for frequent words give exactly the pages full ranking (ts_rank_cd) gives, in
// the same order, page after page, with filters and None words; and they are not used once the archive
// has changed since they were built.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresStore, type PostgresStore } from '../../server/store/postgres';
import { pgSearch } from '../../server/store/postgres/search';
import { buildPgRankLists, pgRankListsCurrent } from '../../server/store/postgres/rank-lists';
import type { Pg } from '../../server/store/postgres/db';
import { parseSearchParams } from '../../contract/search/query';
import { runSearch, searchFilter } from '../../server/services/search/service';
import type { SearchCounts, SearchFilter, Store } from '../../server/store/types';
import pg from 'pg';
import { createDatabase } from '../support/pg-cluster';
import { planText } from '../../contract/search/plan';
import { planTsquery, rankTsquery } from '../../server/store/postgres/tsquery';

const WORDS = ['harbor', 'council', 'railway', 'harvest', 'steamer', 'election', 'mayor', 'wheat'];
let store: PostgresStore;
let siteId: number;
let batch: number;
let issueNo = 0;
/** SQL the list-using store ran, to see which way a search went. */
const seen: string[] = [];
/** Whether a statement ranks every match (ts_rank_cd with GIN, RUM's distance operator with RUM). */
const ranksAll = (sql: string) => sql.includes('ts_rank_cd') || sql.includes('<=>');

function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}
const rand = rng(42);

/** A page whose words repeat 0-4 times each: many pages tie on a word's count, so ties are broken by
 *  date and id; two pages per issue share a date. */
function pageText() {
  const out: string[] = [];
  for (const w of WORDS) for (let i = Math.floor(rand() * 5); i > 0; i--) out.push(w, 'the');
  return out.join(' ') || 'the';
}

async function addIssue(lccn: string, date: string, texts: string[]) {
  await store.ingest.writeIssue(batch, {
    lccn,
    dateIssued: date,
    edition: 1 + issueNo++,
    pages: texts.map((ocrText, i) => ({ sequence: i + 1, width: 800, height: 1200, imagePath: null, pdfPath: null, altoPath: null, ocrText, words: [] })),
  });
}

beforeAll(async () => {
  store = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  siteId = (await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['127.0.0.1'] })).id;
  for (let t = 1; t <= 3; t++) {
    await store.ingest.upsertTitle({
      lccn: `sn${t}`,
      name: `Title ${t}`,
      place: { country: 'United States', state: `State ${t}`, city: `City ${t}` },
      source: 'marc',
    });
  }
  batch = await store.ingest.beginBatch('b1', null);
  for (let i = 0; i < 90; i++) {
    await addIssue(`sn${(i % 3) + 1}`, `${1850 + (i % 30)}-0${(i % 9) + 1}-1${i % 7}`, [pageText(), pageText()]);
  }
  await store.ingest.finishBatch(batch, 'complete', {});
}, 120_000);
afterAll(async () => {
  await store?.close();
});

const spy = (db: Pg): Pg => ({ ...db, read: (sql, params, opts) => (seen.push(sql), db.read(sql, params, opts)) });
const withLists = () => ({ ...store, search: pgSearch(spy(store.pg)) }) as Store;
const fullRanking = () => ({ ...store, search: pgSearch(store.pg, { rankLists: false }) }) as Store;
const uids = async (s: Store, q: string) => {
  const r = await runSearch(s, siteId, parseSearchParams(q));
  return { total: r.total, sort: r.sort, pages: r.results.map((x) => x.pageUid) };
};

const QUERIES = [
  ...WORDS.map((w) => `k=${w}&ord=k1`),
  ...WORDS.map((w) => `k=${w}&ord=k1&p=2`),
  ...WORDS.map((w) => `k=${w}&ord=k1&p=4`),
  'k=harbor&n=council&ord=k1,n1',
  'k=railway&n=wheat mayor&ord=k1,n1',
  'k=harvest&ord=k1&d=01/01/1860-12/31/1869&m=between',
  'k=steamer&ord=k1&bdd=1870',
  'k=election&ord=k1&by=1855&bdd=1850',
  'k=mayor&ord=k1&co=1',
  'k=wheat&ord=k1&t=1',
  'k=council&ord=k1&p=3&d=01/01/1850-12/31/1859&m=between',
];

describe('ranking lists of frequent words on PostgreSQL', () => {
  it('give the same pages in the same order as full ranking, and are used', async () => {
    // Small lists (45 ids; a page is 20) so that some searches are answered from a list and others need the fallback.
    await buildPgRankLists(store.pg, { minPages: 20, keep: 45 });
    expect(await pgRankListsCurrent(store.pg)).toBe(true);
    const [{ n }] = await store.pg.q<{ n: number }>('SELECT COUNT(*)::int AS n FROM search_rank_lists');
    expect(n).toBe(WORDS.length + 1); // every word, and "the"
    let fromList = 0;
    for (const q of QUERIES) {
      seen.length = 0;
      const a = await uids(withLists(), q);
      const b = await uids(fullRanking(), q);
      expect(a, q).toEqual(b);
      if (!seen.some(ranksAll)) fromList++;
    }
    expect(fromList).toBeGreaterThan(10);
    // The first page of a word comes from its list alone.
    seen.length = 0;
    await uids(withLists(), 'k=harbor&ord=k1');
    expect(seen.some((sql) => sql.includes('unnest(l.ids)'))).toBe(true);
    expect(seen.some(ranksAll)).toBe(false);
  });

  it('are not used after the archive changed: a new best page is found at once', async () => {
    await buildPgRankLists(store.pg, { minPages: 20, keep: 45 });
    await addIssue('sn1', '1899-12-31', [Array(40).fill('harbor').join(' ')]);
    expect(await pgRankListsCurrent(store.pg)).toBe(false);
    seen.length = 0;
    const a = await uids(withLists(), 'k=harbor&ord=k1');
    expect(seen.some(ranksAll)).toBe(true);
    expect(a).toEqual(await uids(fullRanking(), 'k=harbor&ord=k1'));
    expect(a.pages[0]).toMatch(/^sn1-1899-12-31-/);
  });
});

describe("frequent words' counts per title and year", () => {
  // Counts and facets of a single-word search come from the word's cells when the filters allow it (titles,
  // places, decades, a year, whole-year dates; None words are counted from the index and taken off), and
  // from the index otherwise: either way the same numbers as counting every match.
  const COUNTED = [
    ...WORDS.map((w) => `k=${w}&ord=k1`),
    'k=harbor&n=council&ord=k1,n1',
    'k=railway&n=wheat mayor&ord=k1,n1',
    'k=harvest&ord=k1&d=01/01/1860-12/31/1869&m=between',
    'k=harvest&ord=k1&d=03/15/1860-12/31/1869&m=between', // not whole years: counted from the index
    'k=steamer&ord=k1&bdd=1870',
    'k=election&ord=k1&by=1855&bdd=1850',
    'k=mayor&ord=k1&co=1',
    'k=wheat&ord=k1&t=1',
    'k=council&n=harbor&ord=k1,n1&d=01/01/1850-12/31/1859&m=between&t=2',
    'k=the&ord=k1&sort=date',
  ];
  const cellsUsed = (sql: string) => sql.includes('unnest(l.cells)');
  const filterOf = (qs: string): SearchFilter => {
    const q = parseSearchParams(qs);
    return searchFilter(siteId, q, planText(q.rows, new Map(), false));
  };
  const sorted = (cells: SearchCounts['cells']) => [...cells].sort((x, y) => x.titleId - y.titleId || x.year - y.year);
  it('are the same as counting every match, and are used when the filters allow', async () => {
    await buildPgRankLists(store.pg, { minPages: 20, keep: 45, cellsMinPages: 20, force: true });
    let fromCells = 0;
    for (const q of COUNTED) {
      seen.length = 0;
      // The engine's own counts (runSearch keeps counts per search version, which both stores share).
      const a = await withLists().search.count(filterOf(q));
      const b = await fullRanking().search.count(filterOf(q));
      expect(a.total, q).toBe(b.total);
      expect(a.total, q).toBeGreaterThan(0);
      expect(sorted(a.cells), q).toEqual(sorted(b.cells));
      if (seen.some(cellsUsed)) fromCells++;
      if (q.includes('03/15/1860')) expect(seen.some(cellsUsed), q).toBe(false);
    }
    expect(fromCells).toBeGreaterThanOrEqual(COUNTED.length - 2);
  });

  it("give a frequent word's pages by date from a walk of the date index, the same pages as collecting every match", async () => {
    await buildPgRankLists(store.pg, { minPages: 20, keep: 45, cellsMinPages: 20, force: true });
    await store.pg.q('ANALYZE pages'); // the walk's estimate of the word's share needs the table's size
    // Under a place or titles too.
    const [{ state, title }] = await store.pg.q<{ state: number; title: number }>(
      "SELECT (SELECT id FROM states WHERE name = 'State 2') AS state, (SELECT id FROM titles WHERE lccn = 'sn3') AS title",
    );
    const dated = [
      'k=the&ord=k1&sort=date',
      'k=harbor&ord=k1&sort=date',
      'k=wheat&ord=k1&sort=date&d=01/01/1860-06/30/1875&m=between',
      `k=the&ord=k1&sort=date&st=${state}`,
      `k=harbor&ord=k1&sort=date&t=${title}&d=01/01/1855-12/31/1879&m=between`,
      `k=the&n=wheat&ord=k1,n1&sort=date&st=${state}`, // a None word is kept out of the walk's pages too
    ];
    let walked = 0;
    let walkedPlaces = 0;
    let sought = 0; // walks that began at the year of their page (a deep page: at most 30 rows to test here)
    const seeking = () => ({ ...store, search: pgSearch(spy(store.pg), { dateWalkRows: 30 }) }) as Store;
    for (const [q, engine] of dated.flatMap((d) => [[d, withLists] as const, [d, seeking] as const])) {
      const first = await runSearch(fullRanking(), siteId, parseSearchParams(q));
      expect(first.total).toBeGreaterThan(q.includes('&n=') ? 5 : 40);
      for (let page = 1; (page - 1) * first.pageSize < first.total + 20; page++) {
        seen.length = 0;
        const a = await runSearch(engine(), siteId, parseSearchParams(`${q}&p=${page}`));
        const b = await runSearch(fullRanking(), siteId, parseSearchParams(`${q}&p=${page}`));
        expect(
          a.results.map((r) => r.pageUid),
          `${q} p${page}`,
        ).toEqual(b.results.map((r) => r.pageUid));
        const walk = seen.find((sql) => sql.includes('tsv @@') && sql.includes('ORDER BY date_issued, title_id, sequence LIMIT') && !sql.includes('FROM m'));
        if (walk) walked++;
        // Under a place or titles: a walk per title (each title's pages in date order, tested for the word).
        if (seen.some((sql) => sql.includes('p.title_id = t.id') && sql.includes('LIMIT'))) walkedPlaces++;
        if (walk && engine === seeking && page > 2) sought++;
      }
    }
    expect(walked).toBeGreaterThan(5);
    expect(sought).toBeGreaterThan(5);
    expect(walkedPlaces).toBeGreaterThan(4);
  });

  it('are not used once the archive changed', async () => {
    await buildPgRankLists(store.pg, { minPages: 20, keep: 45, cellsMinPages: 20, force: true });
    const before = (await withLists().search.count(filterOf('k=wheat&ord=k1'))).total;
    await addIssue('sn2', '1898-06-30', ['wheat the wheat']);
    seen.length = 0;
    const after = await withLists().search.count(filterOf('k=wheat&ord=k1'));
    expect(after.total).toBe(before + 1);
    expect(seen.some((sql) => sql.includes('COUNT(*)::int AS count FROM pages p'))).toBe(true); // counted from the index
  });
});

describe('relevance of phrases with the RUM index', () => {
  // Pages in RUM's order of the phrase's words (rankTsquery), ties by date and id, read page after page:
  // the same as sorting every match by that distance in SQL, and no ts_rank_cd pass over every match;
  // both when the phrase's pages are few (ordered from their tsvectors) and when RUM's ordered scan is used.
  // An OR of words ties often (one occurrence of either word): its long tie runs are ordered in one pass
  // when fetching them row by row would take more rows than longRunRows (1 here, 640 by default).
  // (A two-word phrase alone ranks by how often a page holds it: pg-phrase-order.test.ts.)
  const queries = [
    'e=harbor the council&ord=e1',
    'e=the council&k=mayor&ord=e1&d=01/01/1860-12/31/1879&m=between',
    'e="mayor wheat"~3&ord=e1',
    'o=harbor wheat&ord=o1',
  ];
  // At most 45: the phrase's words are each on more pages, so the counting pass (which orders the matches
  // itself when they are at most 45) gives way to RUM's ordered scan, or for proximity (no pairs) both run
  // side by side and either may answer. At most 0, an OR's first fetch takes 20 spare rows (200 by default),
  // so its tie run outgrows the fetch and is ordered in one pass.
  it.each(queries.flatMap((q) => [0, 45, 300].map((few) => [q, few] as const)))('%s (few pages: at most %i)', async (q, few) => {
    const [{ rum }] = await store.pg.q<{ rum: boolean }>("SELECT to_regclass('pages_rum') IS NOT NULL AS rum");
    if (!rum) return; // GIN ranks phrases with ts_rank_cd (tested above through full ranking)
    const first = await runSearch(fullRanking(), siteId, parseSearchParams(q));
    expect(first.total).toBeGreaterThan(40);
    const shown: string[] = [];
    let onePass = 0; // pages ordered in one pass over a tie run's matches
    for (let page = 1; (page - 1) * first.pageSize < first.total; page++) {
      seen.length = 0;
      const search = pgSearch(spy(store.pg), { fewPhrasePages: few, fewPairPages: few, longRunRows: few ? 640 : 1, orSpareRows: few ? undefined : 20 });
      const r = await runSearch({ ...store, search } as Store, siteId, parseSearchParams(`${q}&p=${page}`));
      expect(r.total).toBe(first.total);
      expect(seen.some((sql) => sql.includes('ts_rank_cd'))).toBe(false);
      if (seen.some((sql) => sql.includes('p.date_issued, p.tsv <=>') && !sql.includes('ANY('))) onePass++;
      if (q.startsWith('e=') && few !== 45) expect(seen.some((sql) => sql.includes('ORDER BY p.tsv <=>'))).toBe(few === 0); // RUM's ordered scan
      shown.push(...r.results.map((x) => x.pageUid));
    }
    const { rows } = parseSearchParams(q);
    const plan = planText(rows, new Map(), false);
    if (plan.kind !== 'groups') throw new Error('no plan');
    const dated = q.includes('&d=') ? "AND date_issued BETWEEN '1860-01-01' AND '1879-12-31'" : '';
    const expected = (
      await store.pg.q<{ uid: string }>(
        `SELECT uid FROM pages WHERE tsv @@ to_tsquery('simple', $1) ${dated} ORDER BY tsv <=> to_tsquery('simple', $2), date_issued, id`,
        [planTsquery(plan.groups), rankTsquery(plan.groups)],
      )
    ).map((r) => r.uid);
    expect(shown).toEqual(expected);
    if (q.startsWith('o=')) expect(onePass > 0).toBe(few === 0);
  });
});

describe('phrases from the pairs index (migration 013)', () => {
  // A page holds a phrase exactly when it holds the phrase's adjacent pairs in order: two-word phrases are
  // answered from the pairs alone (no tsvector condition), longer ones and phrases beside other words are
  // narrowed by their pairs and then tested in full. Either way the pages are those of tsv's phrase operator.
  const queries = [
    ['e=harbor the&ord=e1', true],
    ['e=the harbor the&ord=e1', false],
    ['e=wheat wheat&ord=e1', true],
    ['e=the council&k=mayor&ord=e1', false],
    ['e=the council&n=railway&ord=e1', false],
    ['e=council the&ord=e1&sort=date', true],
    ['e=harbor the&ord=e1&d=01/01/1860-12/31/1879&m=between', true],
  ] as const;
  it.each(queries)('%s', async (q, exact) => {
    const { rows } = parseSearchParams(q);
    const plan = planText(rows, new Map(), false);
    if (plan.kind !== 'groups') throw new Error('no plan');
    const dated = q.includes('&d=') ? "AND date_issued BETWEEN '1860-01-01' AND '1879-12-31'" : '';
    const expected = (
      await store.pg.q<{ n: number }>(`SELECT COUNT(*)::int AS n FROM pages WHERE tsv @@ to_tsquery('simple', $1) ${dated}`, [planTsquery(plan.groups)])
    )[0].n;
    seen.length = 0;
    const r = await runSearch({ ...store, search: pgSearch(spy(store.pg), { rankLists: false }) } as Store, siteId, parseSearchParams(q));
    expect(r.total).toBe(expected);
    const counting = seen.filter((sql) => sql.includes('tsv_pairs(p.tsv) @@'));
    expect(counting.length).toBeGreaterThan(0);
    // Exact pairs leave the tsvector out of the counting pass.
    expect(counting.some((sql) => sql.includes('p.tsv @@'))).toBe(!exact);
  });
  it('is an index of the pairs of every page, kept as pages are written', async () => {
    const [{ def }] = await store.pg.q<{ def: string }>("SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'pages_pairs'");
    expect(def).toMatch(/USING gin \(tsv_pairs\(tsv\)\)/);
    const [{ pairs }] = await store.pg.q<{ pairs: string }>("SELECT tsv_pairs(to_tsvector('simple', 'the harbor the harbor mayor'))::text AS pairs");
    // A pair a page holds k times is also "pair#2" ... "pair#k" (migration 015).
    expect(pairs).toBe("'harbor mayor' 'harbor the' 'the harbor' 'the harbor#2'");
  });
});

describe('the full-text index', () => {
  it('is RUM where the rum extension is installed, GIN otherwise', async () => {
    const [{ rum }] = await store.pg.q<{ rum: boolean }>("SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') AS rum");
    const indexes = (await store.pg.q<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'pages'")).map((r) => r.indexname);
    expect(indexes.filter((i) => i === 'pages_rum' || i === 'pages_tsv')).toEqual([rum ? 'pages_rum' : 'pages_tsv']);
  });

  it('is created by a user who may not create extensions too (GIN then), and search works on it', async () => {
    const admin = inject('pgAdminUrl');
    const role = `plain_${Date.now().toString(36)}`;
    const url = await createDatabase(admin);
    const dbName = new URL(url).pathname.slice(1);
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE ROLE ${role} LOGIN`);
    await c.query(`ALTER DATABASE ${dbName} OWNER TO ${role}`);
    await c.end();
    const asPlain = url.replace('//app@', `//${role}@`);
    const plain = await createPostgresStore(asPlain);
    try {
      const indexes = (await plain.pg.q<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'pages'")).map((r) => r.indexname);
      expect(indexes).toContain('pages_tsv');
      expect(indexes).not.toContain('pages_rum');
      const site = await plain.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['127.0.0.1'] });
      await plain.ingest.upsertTitle({ lccn: 'sn1', name: 'T', place: { country: 'C', state: 'S', city: 'Ci' }, source: 'marc' });
      const b = await plain.ingest.beginBatch('b', null);
      await plain.ingest.writeIssue(b, {
        lccn: 'sn1',
        dateIssued: '1880-01-01',
        edition: 1,
        pages: [{ sequence: 1, width: 1, height: 1, imagePath: null, pdfPath: null, altoPath: null, ocrText: 'the harbor master', words: [] }],
      });
      const r = await runSearch(plain, site.id, parseSearchParams('e=harbor master&ord=e1'));
      expect(r.total).toBe(1);
    } finally {
      await plain.close();
    }
  });
});
