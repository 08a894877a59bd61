import type { Pg } from './db';
import type { SearchCounts, SearchFilter, SearchPageRow, SearchRepo, TitlePlace } from '../types';
import { WORDS_WITH_CORRECTIONS } from '../viewer-rows';
import { plainWords, type Clause, type TextPlan } from '../../../contract/search/plan';
import { RANGE_END, type VocabularyWord } from '../../../contract/search/expand';
import { reversed } from '../../../contract/search/ocr-distance';
import { learnPgConfusions, pgConfusionsReader } from './ocr-confusions';
import { anyClauseTsquery, clauseTsquery, pairLevelTsquery, pairsTsquery, planTsquery, rankTsquery, twoWordPhrase } from './tsquery';

/** Conditions over `pages p` for a search; parameters are numbered after `params` (from 1 by default).
 *  `siteTitles` is the site's collection (empty = every title), looked up first so the planner sees a
 *  plain array condition. `text: false` leaves out the full-text condition (the caller has its own).
 *  Phrases are found from the pairs index (migration 013), alone when the pairs are exact, unless `pairs:
 *  false` (RUM's ordered scan needs the condition on tsv: the pairs would be computed row by row there). */
function where(
  f: SearchFilter,
  siteTitles: number[],
  opts: { params?: unknown[]; text?: boolean; pairs?: boolean } = {},
): { sql: string; params: unknown[]; tsquery: string | null; byPairs: boolean } {
  const sql: string[] = [];
  const params: unknown[] = [...(opts.params ?? [])];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    sql.push(clause(`$${params.length}`));
  };
  const tsquery = f.text.kind === 'groups' ? planTsquery(f.text.groups) : null;
  const pairs = tsquery && opts.text !== false && opts.pairs !== false && f.text.kind === 'groups' ? pairsTsquery(f.text.groups) : null;
  if (tsquery && opts.text !== false && !pairs?.exact) add((n) => `p.tsv @@ to_tsquery('simple', ${n})`, tsquery);
  // The expression is the index's own (013_phrase_pairs.sql), so the planner matches it to the index.
  if (pairs) add((n) => `tsv_pairs(p.tsv) @@ ${n}::tsquery`, pairs.query);
  if (siteTitles.length) add((n) => `p.title_id = ANY(${n}::int[])`, siteTitles);
  if (f.titleIds.length) add((n) => `p.title_id = ANY(${n}::int[])`, f.titleIds);
  if (f.cityId) add((n) => `p.title_id IN (SELECT id FROM titles WHERE city_id = ${n})`, f.cityId);
  else if (f.stateId) add((n) => `p.title_id IN (SELECT t.id FROM titles t JOIN cities ci ON ci.id = t.city_id WHERE ci.state_id = ${n})`, f.stateId);
  else if (f.countryId) {
    add(
      (n) => `p.title_id IN (SELECT t.id FROM titles t JOIN cities ci ON ci.id = t.city_id JOIN states s ON s.id = ci.state_id WHERE s.country_id = ${n})`,
      f.countryId,
    );
  }
  if (f.dateFrom) add((n) => `p.date_issued >= ${n}`, f.dateFrom);
  if (f.dateTo) add((n) => `p.date_issued <= ${n}`, f.dateTo);
  if (f.decades.length) add((n) => `p.decade = ANY(${n}::int[])`, f.decades);
  if (f.year != null) add((n) => `p.year = ${n}`, f.year);
  if (f.issueUid) add((n) => `p.issue_id = (SELECT id FROM issues WHERE uid = ${n})`, f.issueUid);
  return { sql: sql.length ? `WHERE ${sql.join(' AND ')}` : '', params, tsquery, byPairs: pairs !== null };
}

/** The one word a relevance search ranks by, when ranking lists can answer it (None words allowed:
 *  they do not change ts_rank_cd). */
function singleWord(text: TextPlan): { word: string; exclude: Clause[] } | null {
  const words = plainWords(text);
  return words?.terms.length === 1 ? { word: words.terms[0], exclude: words.exclude } : null;
}

const ONE_PASS_MS = 2_000;
/** What one statement of a search found for a later call of the same search (count(), rows()): taken once, and
 *  only within ONE_PASS_MS; the newest 100 are kept. */
function handOff<T>() {
  const kept = new Map<string, { at: number; value: T }>();
  return {
    put(key: string, value: T) {
      kept.set(key, { at: Date.now(), value });
      if (kept.size > 100) kept.delete(kept.keys().next().value!);
    },
    take(key: string): T | undefined {
      const k = kept.get(key);
      kept.delete(key);
      return k && Date.now() - k.at < ONE_PASS_MS ? k.value : undefined;
    },
  };
}
/** A result row's fields (SearchPageRow) and their expressions over pages p, titles t and page_words w (left-joined). */
const ROW_FIELDS: [keyof SearchPageRow, string][] = [
  ['id', 'p.id'],
  ['uid', 'p.uid'],
  ['titleId', 'p.title_id'],
  ['title', 't.name'],
  ['date', 'p.date_issued'],
  ['sequence', 'p.sequence'],
  ['number', 'p.number'],
  ['width', 'p.width'],
  ['height', 'p.height'],
  ['words', WORDS_WITH_CORRECTIONS],
  ['text', "CASE WHEN w.words IS NULL THEN p.ocr_text ELSE '' END"],
];
const ROW_COLUMNS = ROW_FIELDS.map(([name, expr]) => `${expr} AS "${name}"`).join(', ');
const ROW_JOINS = 'JOIN titles t ON t.id = p.title_id LEFT JOIN page_words w ON w.page_id = p.id';
/** A full-text condition of more alternatives than this is planned without a sequential scan (db.ts noSeqScan):
 *  16 forms were still planned as a bitmap scan at 100,000 pages, 50 (an OCR-tolerant word's) as a sequential one. */
const MANY_ALTERNATIVES = 8;
/** Read options for a statement over every match of `tsquery`. */
const matchesOpts = (tsquery: string | null) => (tsquery && (tsquery.match(/\|/g)?.length ?? 0) >= MANY_ALTERNATIVES ? { noSeqScan: true } : undefined);
/** A single word's date-sorted page walks the date index when that should test at most this many pages. */
const DATE_WALK_ROWS = 3_000;
/** A phrase on at most this many pages is ordered from their tsvectors (below: search.ts, phrases). */
const FEW_PHRASE_PAGES = 300;
/** With the pairs index, a phrase on at most this many pages is ordered from their tsvectors. */
const FEW_PAIR_PAGES = 500;
/** The levels (times a page holds a two-word phrase) probed at once by phrasePage: every one up to 8, then
 *  sparser (a pair's count is at most 256, as a word's positions in a tsvector). Probing a level no page
 *  reaches reads one missing index key. */
const PAIR_LEVELS = [2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 257];
/** Rows past the page an OR's first ordered fetch takes (20 for other queries). */
const OR_SPARE_ROWS = 200;
/** A run of pages tied on RUM's distance that would need this many rows fetched is ordered in one pass
 *  instead, when the matches are at most LONG_RUN_ONE_PASS (search.ts rumPage). */
const LONG_RUN_ROWS = 160;
const LONG_RUN_ONE_PASS = 10_000;
/** What the next ordered fetch is expected to cost, in rows of the one pass: a row of RUM's ordered scan
 *  costs ~5 (58 against 11 µs a row cached at 100,000 pages: the scan re-reads each row's tsvector in index
 *  order, the pass in table order), and a run that outgrew one fetch often outgrows the next (each fetch
 *  reads again from the start): twice that. */
const ORDERED_ROW_COST = 10;

export interface PgSearchOptions {
  /** Use the ranking lists of frequent words (rank-lists.ts) when they are current. Default true. */
  rankLists?: boolean;
  /** A phrase on at most this many pages is ordered from their tsvectors, not RUM's ordered scan. Default 300. */
  fewPhrasePages?: number;
  /** The same, when the pairs index found the phrase's pages (migration 013). Default 500. */
  fewPairPages?: number;
  /** Rows past the page an OR's first ordered fetch takes. Default 200. */
  orSpareRows?: number;
  /** RUM's ordered page: a tie run that would need this many rows may be ordered in one pass instead. Default 160. */
  longRunRows?: number;
  /** A word's date-ordered page walks the date index when that should test at most this many rows. Default 3,000. */
  dateWalkRows?: number;
}

export function pgSearch(db: Pg, opts: PgSearchOptions = {}): SearchRepo {
  // Ranking needs words that must occur in every group (a group that only excludes has nothing to rank by).
  const canRank = (text: TextPlan) => text.kind === 'groups' && text.groups.every((g) => g.must.length > 0);
  /** A page of a single-word relevance search from the word's ranking list, or null when there is no
   *  current list or fewer listed pages pass the filters than the page needs (full ranking then). */
  const fromRankList = async (
    f: SearchFilter,
    titles: number[],
    one: { word: string; exclude: Clause[] },
    offset: number,
    limit: number,
    list: { pages: number; kept: number },
    startCount: () => void,
  ) => {
    startCount(); // the list gives no counts: they are counted meanwhile
    const w = where(f, titles, { params: [one.word], text: false });
    const conds = [w.sql.replace(/^WHERE /, '')].filter(Boolean);
    // The pages table is joined only for filters on it: a current list holds only existing pages.
    const join = conds.length ? 'JOIN pages p ON p.id = r.id' : '';
    if (one.exclude.length) {
      // Pages holding a None word, from the full-text index (exact for plain words: no tsvector is read),
      // taken off the list's ids before any join (on p.id the planner anti-joined every page: 65 ms, not 22).
      w.params.push(anyClauseTsquery(one.exclude));
      conds.push(`r.id NOT IN (SELECT x.id FROM pages x WHERE x.tsv @@ to_tsquery('simple', $${w.params.length}))`);
    }
    const n = w.params.length;
    const rows = await db.read<{ id: number }>(
      `SELECT r.id FROM search_rank_lists l CROSS JOIN LATERAL unnest(l.ids) WITH ORDINALITY AS r(id, ord) ${join}
        WHERE l.term = $1 ${conds.length ? `AND ${conds.join(' AND ')}` : ''}
        ORDER BY r.ord LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...w.params, limit, offset],
    );
    // Exact when the page is full (the pages before it in the list are the best ones overall) or when
    // the list holds every page of the word.
    return rows.length === limit || list.kept === list.pages ? rows.map((r) => r.id) : null;
  };
  // Counts found by the pass that made a page of results, or started beside it on another connection,
  // for the count() that follows it in a search. Taken once, and only while fresh, so a later count after
  // an ingest is never answered from here.
  const onePass = handOff<Promise<SearchCounts>>();
  const remember = (f: SearchFilter, counts: Promise<SearchCounts>) => {
    counts.catch(() => undefined); // a failure is reported to the count() that takes it, not as unhandled
    onePass.put(JSON.stringify(f), counts);
  };
  // The page's rows read by the same pass (a rare word's search: the round trip for them was a third of its
  // time), for the rows() that follows in the search; by the page's ids.
  const passRows = handOff<SearchPageRow[]>();
  /** `hasCells: false` when the caller already knows the word has no current cells (no lookup for them then). */
  const countNow = async (f: SearchFilter, titles: number[], hasCells?: boolean): Promise<SearchCounts> => {
    const fromCells = opts.rankLists !== false && hasCells !== false ? await cellsCount(f, titles) : null;
    if (fromCells) return fromCells;
    const w = where(f, titles);
    const cells = await db.read<SearchCounts['cells'][number]>(
      `SELECT p.title_id AS "titleId", p.year, COUNT(*)::int AS count FROM pages p ${w.sql} GROUP BY p.title_id, p.year`,
      w.params,
      matchesOpts(w.tsquery),
    );
    return { total: cells.reduce((n, c) => n + c.count, 0), cells };
  };
  /**
   * The counts of a single-word search (with any None words) from the word's cells (rank-lists.ts: its
   * pages per title and year, kept for words on thousands of pages), when they are current and the filters
   * are ones cells can apply: titles, places (as titles), decades, a year, and dates that are whole years.
   * None words: the pages holding the word and any None word are counted from the index (few, usually) and
   * taken off. Null when the cells cannot answer (the caller counts from the index).
   */
  /** Dates cells can apply: none, or whole years (from a 1 January, to a 31 December). */
  const wholeYears = (f: SearchFilter) => (!f.dateFrom || /^\d{4}-01-01$/.test(f.dateFrom)) && (!f.dateTo || /^\d{4}-12-31$/.test(f.dateTo));
  const cellsCount = async (f: SearchFilter, titles: number[]): Promise<SearchCounts | null> => {
    const one = singleWord(f.text);
    if (!one || f.issueUid) return null;
    const from = f.dateFrom ? /^(\d{4})-01-01$/.exec(f.dateFrom) : null;
    const to = f.dateTo ? /^(\d{4})-12-31$/.exec(f.dateTo) : null;
    if ((f.dateFrom && !from) || (f.dateTo && !to)) return null;
    // The cells as rows of `p` (title_id, year, decade, n), filtered by the same conditions as pages.
    const w = where({ ...f, dateFrom: null, dateTo: null }, titles, { params: [one.word], text: false });
    const conds = [w.sql.replace(/^WHERE /, '')].filter(Boolean);
    if (from) conds.push(`p.year >= ${Number(from[1])}`);
    if (to) conds.push(`p.year <= ${Number(to[1])}`);
    const rows = await db.read<{ titleId: number; year: number; count: number; listed: boolean }>(
      // The array is read once (unnest); subscripting it per cell would read the whole stored array each time.
      `WITH l AS MATERIALIZED (SELECT cells FROM search_rank_lists WHERE term = $1 AND cells IS NOT NULL
                     AND fingerprint = (SELECT value FROM meta WHERE key = 'pages_version')),
            c AS (SELECT (k - 1) / 3 AS cell, MAX(x) FILTER (WHERE k % 3 = 1) AS title_id, MAX(x) FILTER (WHERE k % 3 = 2) AS year,
                         MAX(x) FILTER (WHERE k % 3 = 0) AS n
                    FROM l CROSS JOIN LATERAL unnest(l.cells) WITH ORDINALITY AS a(x, k) GROUP BY 1)
       SELECT p.title_id AS "titleId", p.year, p.n AS count, true AS listed
         FROM (SELECT title_id, year, year / 10 * 10 AS decade, n FROM c) p
        ${conds.length ? `WHERE ${conds.join(' AND ')}` : ''}
       UNION ALL SELECT 0, 0, 0, false WHERE EXISTS (SELECT 1 FROM l)`,
      w.params,
    );
    if (!rows.length) return null; // no current cells for this word
    const cells = rows.filter((r) => r.listed).map(({ titleId, year, count }) => ({ titleId, year, count }));
    if (one.exclude.length) {
      // Pages holding the word and a None word, counted from the index with the same filters, taken off.
      const x = where(f, titles, { text: false });
      x.params.push(`${clauseTsquery({ kind: 'all', tokens: [one.word] })} & (${anyClauseTsquery(one.exclude)})`);
      const both = await db.read<SearchCounts['cells'][number]>(
        `SELECT p.title_id AS "titleId", p.year, COUNT(*)::int AS count FROM pages p
          WHERE p.tsv @@ to_tsquery('simple', $${x.params.length}) ${x.sql ? `AND ${x.sql.replace(/^WHERE /, '')}` : ''}
          GROUP BY p.title_id, p.year`,
        x.params,
      );
      const off = new Map(both.map((c) => [`${c.titleId}:${c.year}`, c.count]));
      for (const c of cells) c.count -= off.get(`${c.titleId}:${c.year}`) ?? 0;
    }
    const kept = cells.filter((c) => c.count > 0);
    return { total: kept.reduce((n, c) => n + c.count, 0), cells: kept };
  };
  // Whether the full-text index is RUM (migration 006 makes it so where the extension is installed).
  let rum: Promise<boolean> | null = null;
  const rumIndex = () => (rum ??= db.read<{ ok: boolean }>("SELECT to_regclass('pages_rum') IS NOT NULL AS ok").then((r) => r[0].ok));
  /**
   * One page of a relevance search in RUM's order: distance, then date, then id. The ordered index scan
   * gives ids by distance without reading tsvectors. Reading a distance reads that page's tsvector, so
   * only a few are read: the page's own rows, and a binary search on each side for where the runs of equal
   * distance that cross the page's first and last rows begin and end (equal distances are common: every
   * page holding a word once ties). Every row of such a run has the edge's distance; the run is then
   * sorted by date and id, read from the table without tsvectors.
   */
  const rumPage = async (
    whereSql: string,
    whereParams: unknown[],
    rankQuery: string,
    offset: number,
    limit: number,
    total: Promise<number>,
    spare = 20,
  ): Promise<number[]> => {
    // The order's query is the last parameter: the matching query itself, or for phrases its words (rankTsquery).
    const params = [...whereParams, rankQuery];
    const q = `to_tsquery('simple', $${params.length})`;
    const n = params.length;
    let want = offset + limit + spare;
    const known = new Map<number, number>();
    let ids: number[] = [];
    const measure = async (positions: number[]) => {
      const missing = [...new Set(positions.map((i) => ids[i]).filter((id) => id !== undefined && !known.has(id)))];
      if (!missing.length) return;
      const rows = await db.read<{ id: number; d: number }>(`SELECT p.id, p.tsv <=> to_tsquery('simple', $1) AS d FROM pages p WHERE p.id = ANY($2::int[])`, [
        rankQuery,
        missing,
      ]);
      for (const r of rows) known.set(r.id, r.d);
    };
    const d = async (i: number) => {
      await measure([i]);
      return known.get(ids[i])!;
    };
    /** The first position in [from, to) whose distance is above `limitD` (or `to`): distances never fall. */
    const firstAbove = async (from: number, to: number, limitD: number, orEqual = false) => {
      while (from < to) {
        const mid = (from + to) >> 1;
        const v = await d(mid);
        if (v > limitD || (orEqual && v === limitD)) to = mid;
        else from = mid + 1;
      }
      return from;
    };
    // The index may list rows of equal distance in another order on each scan: every step below depends
    // only on distances by position, which are the same in every such order.
    for (;;) {
      ids = (
        await db.read<{ id: number }>(`SELECT p.id FROM pages p ${whereSql} ORDER BY p.tsv <=> ${q} LIMIT $${n + 1}`, [...params, want], {
          orderedIndexScan: true,
        })
      ).map((r) => r.id);
      if (ids.length <= offset) return [];
      const end = Math.min(ids.length, offset + limit);
      await measure(Array.from({ length: end - offset }, (_, k) => offset + k));
      const first = known.get(ids[offset])!;
      const last = known.get(ids[end - 1])!;
      // Where the run at the page's last distance ends; when it reaches the rows fetched, fetch more.
      if (ids.length === want && (await d(ids.length - 1)) === last) {
        // A run of equal distance longer than the rows fetched. Every row the ordered scan returns re-reads
        // its tsvector (RUM rechecks it), in index order: fetching 4x more rows again and again costs
        // seconds when most matches tie (an OR of two words each found once on thousands of pages). When
        // the matches are not too many, one pass reading their tsvectors in table order gives the same
        // order (distance, date, id) at once.
        // The pass is taken when it costs less than the fetches it saves: 1,391 phrase matches are one pass
        // (15-30 ms) rather than 160 and then 640 ordered rows; 9,570 OR matches after 640 ordered rows.
        const matches = await total;
        if (want * 4 >= (opts.longRunRows ?? LONG_RUN_ROWS) && matches <= Math.min(LONG_RUN_ONE_PASS, want * 4 * ORDERED_ROW_COST)) {
          const rows = await db.read<{ id: number }>(
            `WITH m AS MATERIALIZED (SELECT p.id, p.date_issued, p.tsv <=> ${q} AS d FROM pages p ${whereSql})
             SELECT id FROM m ORDER BY d, date_issued, id LIMIT $${n + 1} OFFSET $${n + 2}`,
            [...params, limit, offset],
            matchesOpts(rankQuery),
          );
          return rows.map((r) => r.id);
        }
        want *= 4;
        continue;
      }
      const hi = await firstAbove(end, ids.length, last);
      const lo = await firstAbove(0, offset, first, true); // the first position at the page's first distance
      const run = ids.slice(lo, hi);
      const dates = new Map(
        (await db.read<{ id: number; date: string }>('SELECT id, date_issued AS date FROM pages WHERE id = ANY($1::int[])', [run])).map((r) => [r.id, r.date]),
      );
      const rows = run.map((id, k) => {
        const at = lo + k;
        return { id, d: at < offset ? first : at >= end ? last : known.get(id)!, date: dates.get(id)! };
      });
      rows.sort((a, b) => a.d - b.d || (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
      return rows.slice(offset - lo, offset - lo + limit).map((r) => r.id);
    }
  };
  /** How many pages hold a word (search_words), and its current ranking list if it has one; with `siteId`, that
   *  site's titles too (as siteTitles): one statement. */
  const wordInfo = async (word: string, siteId?: number) =>
    (
      await db.read<{
        pages: number | null;
        list: { pages: number; kept: number; cells: boolean } | null;
        archivePages: number;
        titles: number[] | null;
      }>(
        `SELECT (SELECT pages FROM search_words WHERE term = $1) AS pages,
                (SELECT json_build_object('pages', l.pages, 'kept', cardinality(l.ids), 'cells', l.cells IS NOT NULL) FROM search_rank_lists l
                  WHERE l.term = $1 AND l.fingerprint = (SELECT value FROM meta WHERE key = 'pages_version')) AS list,
                (SELECT GREATEST(reltuples, 0)::int FROM pg_class WHERE oid = 'pages'::regclass) AS "archivePages",
                (SELECT array_agg(title_id) FROM site_titles WHERE site_id = $2) AS titles`,
        [word, siteId ?? null],
      )
    )[0];
  /** A single-word search whose word is on fewer than 1,000 pages (search_words keeps the counts). */
  const fewPages = async (text: TextPlan, known?: { pages: number | null }) => {
    const one = singleWord(text);
    if (!one) return false;
    return ((known ?? (await wordInfo(one.word))).pages ?? 0) < 1_000;
  };
  /** Whether a phrase search may be on more than `few` pages: false when a word it requires (a
   *  must-clause of 'all', 'phrase' or 'near' words) is on at most `few` pages, as search_words counts. */
  const phraseMayBeCommon = async (text: TextPlan, few: number) => {
    if (text.kind !== 'groups' || text.groups.length !== 1) return true;
    const required = text.groups[0].must.flatMap((c) => (c.kind === 'all' || c.kind === 'phrase' || c.kind === 'near' ? c.tokens : []));
    if (!required.length) return true;
    // A required word missing from search_words is on no page: the phrase is on none.
    const [r] = await db.read<{ pages: number; n: number }>(
      'SELECT COALESCE(MIN(pages), 0)::int AS pages, COUNT(*)::int AS n FROM search_words WHERE term = ANY($1::text[])',
      [required],
    );
    return r.n === new Set(required).size && r.pages > few;
  };
  /** The pages holding the words a plan requires or offers (search_words), summed: at least its matches for an OR. */
  const wordsPages = async (text: TextPlan) => {
    const tokens = (c: Clause): string[] => (c.kind === 'or' ? c.clauses.flatMap(tokens) : c.tokens);
    const words = text.kind === 'groups' ? text.groups.flatMap((g) => g.must.flatMap(tokens)) : [];
    const [r] = await db.read<{ pages: number }>('SELECT COALESCE(SUM(pages), 0)::int AS pages FROM search_words WHERE term = ANY($1::text[])', [
      [...new Set(words)],
    ]);
    return r.pages;
  };
  /**
   * One page of a relevance search for a two-word phrase alone, in its order: how many times the page holds
   * the phrase (more first), then date and id. RUM's ordered scan of the two words walked both words' whole
   * position lists (80-130 ms at 100,000 pages for "would have"), and reading the matches' tsvectors costs
   * ~17 µs a page. The pairs index (migration 015) keeps the pages holding the phrase at least k times as one
   * posting list ("a b#k"), so the order needs no tsvector: with n(k) the pages at level k or more, the
   * page of results lies in the highest level K with n(K) >= offset + limit and the levels above it. Those
   * above (fewer than offset + limit pages) are read with their levels; level K's pages (exactly K times)
   * are read in date order, as far as the page needs. Levels are counted up to offset + limit (a capped
   * count reads at most that many rows), all the probed levels in one statement. The counts (cells) are
   * the pairs index's pass, on another connection meanwhile, as for other phrases.
   */
  const phrasePage = async (f: SearchFilter, titles: number[], pair: [string, string], offset: number, limit: number): Promise<number[]> => {
    const w = where(f, titles);
    const counts = db
      .read<{ cells: [number, number, number][] | null }>(
        `SELECT json_agg(json_build_array(title_id, year, count)) AS cells
           FROM (SELECT p.title_id, p.year, COUNT(*)::int AS count FROM pages p ${w.sql} GROUP BY p.title_id, p.year) c`,
        w.params,
        { pairsIndex: true },
      )
      .then(([r]) => {
        const cells = (r.cells ?? []).map(([titleId, year, count]) => ({ titleId, year, count }));
        return { total: cells.reduce((t, c) => t + c.count, 0), cells };
      });
    remember(f, counts);
    const need = offset + limit;
    const x = where(f, titles, { text: false }); // the filters alone: the levels' conditions are added here
    const n = x.params.length;
    const filters = x.sql ? `AND ${x.sql.replace(/^WHERE /, '')}` : '';
    /** Pages at each level (or more), counted up to `need`: exact below it. */
    const probe = async (levels: number[]) =>
      new Map(
        (
          await db.read<{ k: number; n: number }>(
            `SELECT l.k::int AS k, (SELECT COUNT(*)::int FROM (SELECT 1 FROM pages p WHERE tsv_pairs(p.tsv) @@ l.q::tsquery ${filters} LIMIT $${n + 3}) m) AS n
               FROM unnest($${n + 1}::text[], $${n + 2}::int[]) AS l(q, k)`,
            [...x.params, levels.map((k) => pairLevelTsquery(pair, k)), levels, need],
            { pairsIndex: true },
          )
        ).map((r) => [r.k, r.n]),
      );
    const reached = await probe(PAIR_LEVELS);
    // K: the highest level reached by `need` pages (1 when none is: then the matches may end on this page).
    let lo = 1;
    let hi = PAIR_LEVELS[PAIR_LEVELS.length - 1];
    for (const k of PAIR_LEVELS) {
      if (reached.get(k)! >= need) lo = k;
      else if (k > lo) {
        hi = k;
        break;
      }
    }
    if (hi > lo + 1) {
      const between = Array.from({ length: hi - lo - 1 }, (_, i) => lo + 1 + i);
      for (const [k, v] of await probe(between)) reached.set(k, v);
      lo = Math.max(lo, ...between.filter((k) => reached.get(k)! >= need));
    }
    const top = lo;
    const above = reached.get(top + 1) ?? 0; // pages holding the phrase more than `top` times: fewer than need
    // Highest level any page reaches: the levels above `top` to read (each probed level says whether it is reached).
    const levels: number[] = [];
    for (let k = top + 1; (reached.get(k) ?? 1) > 0 && k <= 256; k++) levels.push(k);
    const unprobed = levels.filter((k) => !reached.has(k));
    if (unprobed.length) for (const [k, v] of await probe(unprobed)) reached.set(k, v);
    const aboveLevels = levels.filter((k) => reached.get(k)! > 0);
    const [high, level] = await Promise.all([
      aboveLevels.length && offset < above
        ? db.read<{ id: number }>(
            `SELECT m.id FROM unnest($${n + 1}::text[], $${n + 2}::int[]) AS l(q, k)
               CROSS JOIN LATERAL (SELECT p.id, p.date_issued FROM pages p WHERE tsv_pairs(p.tsv) @@ l.q::tsquery ${filters}) m
              GROUP BY m.id, m.date_issued ORDER BY MAX(l.k) DESC, m.date_issued, m.id`,
            [...x.params, aboveLevels.map((k) => pairLevelTsquery(pair, k)), aboveLevels],
            { pairsIndex: true },
          )
        : Promise.resolve([]),
      need > above
        ? db.read<{ id: number }>(
            `SELECT p.id FROM pages p WHERE tsv_pairs(p.tsv) @@ $${n + 1}::tsquery ${filters}
              ORDER BY p.date_issued, p.id LIMIT $${n + 2} OFFSET $${n + 3}`,
            [...x.params, pairLevelTsquery(pair, top, true), need - Math.max(offset, above), Math.max(0, offset - above)],
            { pairsIndex: true },
          )
        : Promise.resolve([]),
    ]);
    return [...high.slice(offset, need), ...level].map((r) => r.id).slice(0, limit);
  };
  /** The titles a filter allows: the site's collection (`titles`, empty = all), ∩ the chosen titles, ∩ the place's. */
  const titleScope = async (f: SearchFilter, titles: number[]) => {
    const place = f.cityId || f.stateId || f.countryId; // none is 0 or null
    const sets = [titles, f.titleIds].filter((t) => t.length);
    if (place) {
      sets.push(
        (
          await db.read<{ id: number }>(
            `SELECT t.id FROM titles t JOIN cities ci ON ci.id = t.city_id JOIN states s ON s.id = ci.state_id
              WHERE ${f.cityId ? 'ci.id = $1' : f.stateId ? 's.id = $1' : 's.country_id = $1'}`,
            [place],
          )
        ).map((r) => r.id),
      );
    }
    return sets.reduce((a, b) => a.filter((id) => b.includes(id)));
  };
  const siteTitles = async (siteId: number) =>
    (await db.read<{ title_id: number }>('SELECT title_id FROM site_titles WHERE site_id = $1', [siteId])).map((r) => r.title_id);
  return {
    canRank,
    async count(f) {
      return onePass.take(JSON.stringify(f)) ?? countNow(f, await siteTitles(f.siteId));
    },
    async pageIds(f, sort, offset, limit, after) {
      const one = sort !== 'date-desc' && opts.rankLists !== false ? singleWord(f.text) : null;
      // The site's titles (and the word's count and list) in one small statement, beside the caller's version
      // read (`after`), which every statement below waits for.
      const [info, siteOnly] = await Promise.all([one ? wordInfo(one.word, f.siteId) : undefined, one ? undefined : siteTitles(f.siteId), after]);
      const titles = info ? (info.titles ?? []) : siteOnly!;
      // A page from a ranking list, RUM's ordered scan or the date index leaves the counting to a statement
      // of its own: it runs at once, on a second connection, while the page is found (count() takes it).
      let counting: Promise<SearchCounts> | null = null;
      const startCount = () => {
        if (!counting) remember(f, (counting = countNow(f, titles, info ? Boolean(info.list?.cells) : undefined)));
        return counting;
      };
      if (f.text.kind !== 'groups') startCount();
      // Filters the date index cannot narrow (titles, places, decades, a year) could make its walk pass
      // over most of the archive: those pages are found by collecting the matches (below), or under titles
      // or a place by a walk per title (next).
      const narrowed = titles.length > 0 || f.titleIds.length > 0 || Boolean(f.countryId || f.stateId || f.cityId);
      const onlyDates = !narrowed && !f.decades.length && f.year == null && !f.issueUid;
      if (
        sort === 'date' &&
        one &&
        narrowed &&
        !f.decades.length &&
        f.year == null &&
        !f.issueUid &&
        info?.list?.cells &&
        info.pages &&
        info.archivePages > 0
      ) {
        // A frequent word under titles or a place, by date: each title's pages are walked in date order
        // (pages_search_cover: title, year, decade, date) testing each for the word, up to offset + limit
        // matches a title, and the titles' pages merged. Collecting every match instead read the word's whole
        // posting list once per title (`that` in a state of two titles: 58 ms); one walk of the date index
        // for all titles passed every other title's rows, testing them for the word first (150-190 ms).
        const scope = await titleScope(f, titles);
        const tested = (scope.length * (offset + limit) * info.archivePages) / info.pages; // rows tested, about
        if (!scope.length || tested <= (opts.dateWalkRows ?? DATE_WALK_ROWS)) {
          startCount();
          if (!scope.length) return [];
          // The dates (and the word, below) only: the titles are the walks'.
          const w = where({ ...f, titleIds: [], countryId: 0, stateId: 0, cityId: 0 }, [], { text: false });
          const n = w.params.length;
          const rows = await db.read<{ id: number }>(
            `SELECT x.id FROM unnest($${n + 1}::int[]) AS t(id) CROSS JOIN LATERAL (
                SELECT p.id, p.date_issued, p.title_id, p.sequence FROM pages p
                 WHERE p.title_id = t.id AND ts_match_vq(p.tsv, to_tsquery('simple', $${n + 5})) ${w.sql.replace(/^WHERE /, 'AND ')}
                 ORDER BY p.year, p.decade, p.date_issued, p.sequence LIMIT $${n + 2}) x
              ORDER BY x.date_issued, x.title_id, x.sequence LIMIT $${n + 3} OFFSET $${n + 4}`,
            // The whole text (the word and any None words), as the date index's walk has it.
            [...w.params, scope, offset + limit, limit, offset, f.text.kind === 'groups' ? planTsquery(f.text.groups) : one.word],
            { titleWalk: true },
          );
          return rows.map((r) => r.id);
        }
      }
      if (sort === 'date' && one && onlyDates && info?.list?.cells && info.pages && info.archivePages > 0) {
        // A word on a large share of the pages, by date: walking the date index and testing each page for
        // the word finds the page after about (rows to skip + limit) / share rows, where collecting every
        // match first reads them all (50 ms for a word on 87,000 pages); the word's cells count meanwhile.
        // (archivePages is pg_class's estimate: unknown, 0, before the table was first analysed.)
        const share = info.archivePages / info.pages;
        let skip = offset;
        let from = f.dateFrom;
        if ((offset + limit) * share > (opts.dateWalkRows ?? DATE_WALK_ROWS) && wholeYears(f)) {
          // A deep page: the cells say in which year it begins (every page of an earlier year comes first in
          // date order) and how many matches come before that year, so the walk starts at that year.
          const counts = await startCount();
          const perYear = new Map<number, number>();
          for (const c of counts.cells) perYear.set(c.year, (perYear.get(c.year) ?? 0) + c.count);
          const years = [...perYear].sort((x, y) => x[0] - y[0]);
          const at = years.findIndex(([, n]) => (skip < n ? true : ((skip -= n), false)));
          if (at < 0) return []; // past the last match
          const start = `${String(years[at][0]).padStart(4, '0')}-01-01`;
          if (!from || start > from) from = start;
        } else startCount();
        if ((skip + limit) * share <= (opts.dateWalkRows ?? DATE_WALK_ROWS)) {
          const w = where({ ...f, dateFrom: from }, titles);
          const rows = await db.read<{ id: number }>(
            `SELECT p.id FROM pages p ${w.sql} ORDER BY date_issued, title_id, sequence LIMIT $${w.params.length + 1} OFFSET $${w.params.length + 2}`,
            [...w.params, limit, skip],
            { dateIndexScan: true },
          );
          return rows.map((r) => r.id);
        }
      }
      if (one && sort === 'relevance' && info?.list) {
        const listed = await fromRankList(f, titles, one, offset, limit, info.list, startCount);
        if (listed) return listed;
      }
      const w = where(f, titles);
      const n = w.params.length;
      const ranked = sort === 'relevance' && w.tsquery && canRank(f.text);
      const pair = ranked && f.text.kind === 'groups' ? twoWordPhrase(f.text.groups) : null;
      if (pair) return phrasePage(f, titles, pair, offset, limit);
      // Unqualified columns: the same order applies to the matches (m) and to the page taken from them.
      const order = ranked ? 'r DESC, date_issued, id' : sort === 'date-desc' ? 'date_issued DESC, title_id, sequence' : 'date_issued, title_id, sequence';
      if (!w.tsquery) {
        // A browse: the date index gives the page without touching every row; counting is separate.
        const rows = await db.read<{ id: number }>(`SELECT p.id FROM pages p ${w.sql} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`, [
          ...w.params,
          limit,
          offset,
        ]);
        return rows.map((r) => r.id);
      }
      // A word on few pages stays on one ts_rank_cd pass (cheap); for one word ts_rank_cd's order is RUM's
      // order (and the lists'), so either way gives the same pages.
      if (ranked && (await rumIndex()) && !(await fewPages(f.text, info))) {
        // With the RUM index, relevance is RUM's distance (tsv <=> query), computed inside the index from
        // the positions it keeps: the ordered index scan gives the page without reading every match's
        // tsvector (ts_rank_cd detoasts ~16 KB per match: seconds for a phrase or two words on thousands
        // of pages). Phrases and proximity are ordered by the distance of their words (rankTsquery): the
        // phrase's own in-index distance disagrees with the one read from a tsvector now and then. The
        // counts come from the same index (exact for words, phrases, AND, OR and NOT with RUM: no tsvector
        // read either), on a second connection while the page is found. For one word the distance falls
        // as the word's count rises, equal counts tie, so the order is the ranking lists' (rank-lists.ts).
        const phrase = w.tsquery.includes('<');
        const rankQuery = phrase && f.text.kind === 'groups' ? (rankTsquery(f.text.groups) ?? w.tsquery) : w.tsquery;
        if (!phrase) {
          // An OR ties often (every page holding either word once has the same distance). When its pages may
          // be more than a first tie run would order in one pass (the words' pages summed, from search_words),
          // its first fetch takes the rows a second would (each ~0.1 ms), rather than a second scan that sorts
          // every match again (~20 ms at 100,000 pages: OR p95 90 → 45 ms; 400 rows made p50 47 ms). Fewer
          // pages: a tie run is ordered in one pass over them (rumPage), cheaper than 240 ordered rows.
          const spare = rankQuery.includes('|') && (await wordsPages(f.text)) > (offset + limit + 20) * 4 * ORDERED_ROW_COST;
          return rumPage(
            w.sql,
            w.params,
            rankQuery,
            offset,
            limit,
            startCount().then((c) => c.total),
            spare ? (opts.orSpareRows ?? OR_SPARE_ROWS) : 20,
          );
        }
        // A phrase's ordered scan walks the whole position lists of its words whatever few pages hold the
        // phrase (70-110 ms for two common words found together on 2 pages). So the phrase's pages are
        // counted in one pass that also returns their ids when they are few; those few are then ordered by
        // the same distance read from their tsvectors (equal to the index's for words). With the pairs index
        // (migration 013, where()) that pass reads one posting list per pair (3-12 ms at 100,000 pages, where
        // the full-text index took 15-50), so it runs first, alone: up to 500 pages are ordered from their
        // tsvectors, more by RUM's ordered scan, with the phrase as a condition on tsv (wt: the pairs would be
        // computed row by row there). Reading tsvectors took 17 µs a page from shared buffers (1,668 pages, 28 ms)
        // and 40 from the file cache (66 ms); with 1,000 pages ordered that way the phrase class's p50 was
        // 89-97 ms at 100,000 pages, against 36-39 with 500-600 (bench/search-engines.ts).
        // Without pairs (a phrase inside an OR, proximity), when the phrase may be on many pages (each of its
        // words is), the ordered scan runs at the same time on another connection: whichever gives the page
        // first gives it (the same page either way).
        const byPairs = w.byPairs;
        const wt = byPairs ? where(f, titles, { pairs: false }) : w;
        const few = Number(byPairs ? (opts.fewPairPages ?? FEW_PAIR_PAGES) : (opts.fewPhrasePages ?? FEW_PHRASE_PAGES));
        const counted = db
          .read<{ cells: [number, number, number][] | null; ids: number[] | null }>(
            `WITH m AS MATERIALIZED (SELECT p.id, p.title_id, p.year FROM pages p ${w.sql})
           SELECT (SELECT json_agg(json_build_array(title_id, year, count)) FROM (SELECT title_id, year, COUNT(*)::int AS count FROM m GROUP BY title_id, year) c) AS cells,
                  (SELECT CASE WHEN COUNT(*) <= ${few} THEN COALESCE(array_agg(id), '{}') END FROM m) AS ids`,
            w.params,
          )
          .then(([m]) => {
            const cells = (m.cells ?? []).map(([titleId, year, count]) => ({ titleId, year, count }));
            return { ids: m.ids, counts: { total: cells.reduce((t, c) => t + c.count, 0), cells } };
          });
        remember(
          f,
          counted.then((c) => c.counts),
        );
        const total = counted.then((c) => c.counts.total);
        // The counted pages, when few, ordered by the same distance read from their tsvectors (null: too many).
        const fromCounted = counted.then(async ({ ids }) => {
          if (!ids) return null;
          if (!ids.length) return [];
          const rows = await db.read<{ id: number }>(
            `WITH m AS MATERIALIZED (SELECT p.id, p.date_issued, p.tsv <=> to_tsquery('simple', $1) AS d FROM pages p WHERE p.id = ANY($2::int[]))
             SELECT id FROM m ORDER BY d, date_issued, id LIMIT $3 OFFSET $4`,
            [rankQuery, ids, limit, offset],
          );
          return rows.map((r) => r.id);
        });
        const scan = !byPairs && (await phraseMayBeCommon(f.text, few)) ? rumPage(wt.sql, wt.params, rankQuery, offset, limit, total) : null;
        scan?.catch(() => undefined); // when the counted pages answer first, the scan's outcome is not needed
        fromCounted.catch(() => undefined);
        // Whichever gives the page first (the same page either way); the counted way gives up when too many.
        const first = await (scan ? Promise.race([fromCounted, scan]) : fromCounted);
        return first ?? scan ?? rumPage(wt.sql, wt.params, rankQuery, offset, limit, total);
      }
      // A text search finds every match once: the page and the counts come from the same pass, so a
      // phrase (whose matches the GIN index can only confirm by reading each candidate's tsvector) or a
      // ranking reads the tsvectors once, not again for the count that follows (count() takes it).
      // A word on few pages (search_words) has a small page: its rows come back from the same statement, one
      // per result after a head row that carries the counts, and rows() takes them. (Rows of a frequent word's
      // page, 20 pages of OCR, are read beside the counts instead, where they cost no round trip of their own.)
      const withRows = one != null && (await fewPages(f.text, info));
      const head = `SELECT (SELECT array_agg(id ORDER BY ${order}) FROM page) AS ids,
                  (SELECT json_agg(json_build_array(title_id, year, count)) FROM (SELECT title_id, year, COUNT(*)::int AS count FROM m GROUP BY title_id, year) c) AS cells`;
      const res = await db.read<{ k: number; ids: number[] | null; cells: [number, number, number][] | null } & SearchPageRow>(
        `WITH m AS MATERIALIZED (
             SELECT p.id, p.title_id, p.year, p.date_issued, p.sequence${ranked ? `, ts_rank_cd(p.tsv, to_tsquery('simple', $1)) AS r` : ''}
               FROM pages p ${w.sql}),
           page AS (SELECT * FROM m ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2})
         ${
           withRows
             ? `SELECT 1 AS k, NULL AS ids, NULL AS cells, ${ROW_COLUMNS} FROM page x JOIN pages p ON p.id = x.id ${ROW_JOINS}
           UNION ALL SELECT 0, h.ids, h.cells, ${ROW_FIELDS.map(() => 'NULL').join(', ')} FROM (${head}) h
           ORDER BY k`
             : `SELECT 0 AS k, h.* FROM (${head}) h`
         }`,
        [...w.params, limit, offset],
        matchesOpts(w.tsquery),
      );
      const [{ ids, cells: found }] = res; // the head row (k = 0) first
      const cells = (found ?? []).map(([titleId, year, count]) => ({ titleId, year, count }));
      remember(f, Promise.resolve({ total: cells.reduce((t, c) => t + c.count, 0), cells }));
      if (withRows && ids?.length)
        passRows.put(
          ids.join(','),
          res.slice(1).map(({ k: _k, ids: _i, cells: _c, ...row }) => row),
        );
      return ids ?? [];
    },
    async rows(ids) {
      if (!ids.length) return [];
      return passRows.take(ids.join(',')) ?? db.read<SearchPageRow>(`SELECT ${ROW_COLUMNS} FROM pages p ${ROW_JOINS} WHERE p.id = ANY($1::int[])`, [ids]);
    },
    async vocabularyRanges(prefixes, lengths, limit) {
      // An OCR-tolerant word reads ~75 ranges (fuzzyPrefixes): one statement, not 75 round trips.
      const rows = await db.read<{ i: number; term: string; pages: number }>(
        `SELECT r.i::int AS i, w.term, w.pages FROM unnest($1::text[]) WITH ORDINALITY AS r(prefix, i)
           CROSS JOIN LATERAL (SELECT term, pages FROM search_words WHERE term >= r.prefix AND term < r.prefix || $2 AND pages > 0
                                 AND char_length(term) BETWEEN $3 AND $4 ORDER BY term LIMIT $5) w
          ORDER BY r.i, w.term`,
        [prefixes, RANGE_END, lengths.min, lengths.max, limit],
      );
      const out: VocabularyWord[][] = prefixes.map(() => []);
      for (const r of rows) out[r.i - 1].push({ term: r.term, pages: r.pages });
      return out;
    },
    async vocabularyEnding(ending, lengths, limit) {
      // The expression and collation are the index's (014_vocab_endings.sql): one range of it.
      const start = reversed(ending);
      return db.read<VocabularyWord>(
        `SELECT term, pages FROM search_words
          WHERE (reverse(term) COLLATE "C") >= $1 AND (reverse(term) COLLATE "C") < $1 || $2 AND pages > 0
            AND char_length(term) BETWEEN $3 AND $4
          ORDER BY reverse(term) COLLATE "C" LIMIT $5`,
        [start, RANGE_END, lengths.min, lengths.max, limit],
      );
    },
    async vocabularyTerms(terms) {
      if (!terms.length) return [];
      return db.read<VocabularyWord>('SELECT term, pages FROM search_words WHERE term = ANY($1::text[]) AND pages > 0 ORDER BY term', [[...new Set(terms)]]);
    },
    ocrConfusions: pgConfusionsReader(db),
    async learnOcrConfusions() {
      return learnPgConfusions(db);
    },
    async vocabulary(pattern, limit) {
      const { min, max } = pattern.lengths ?? { min: 0, max: 1_000_000 };
      return db.read<VocabularyWord>(
        `SELECT term, pages FROM search_words WHERE term >= $1 AND term < $1 || $2 AND term LIKE $3 AND pages > 0
            AND char_length(term) BETWEEN $5 AND $6 ORDER BY term LIMIT $4`,
        [pattern.prefix, RANGE_END, pattern.like, limit, min, max],
      );
    },
    async titlePlaces(titleIds) {
      if (!titleIds.length) return [];
      return db.read<TitlePlace>(
        `SELECT t.id, t.name, ci.id AS "cityId", ci.name AS "cityName", s.id AS "stateId", s.name AS "stateName",
                co.id AS "countryId", co.name AS "countryName"
           FROM titles t LEFT JOIN cities ci ON ci.id = t.city_id LEFT JOIN states s ON s.id = ci.state_id
           LEFT JOIN countries co ON co.id = s.country_id
          WHERE t.id = ANY($1::int[])`,
        [titleIds],
      );
    },
  };
}

/** For research queries (research.ts): the same conditions a search counts by. */
export { where as searchWhere };
