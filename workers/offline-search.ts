// Offline search over the viewer pages kept on this device (issue #17): the same query language as the
// server, read by the same contract code. The URL is parsed by contract/search/query.ts, the row text by
// contract/search/syntax.ts and planned by contract/search/plan.ts (OR of AND-groups, None rows excluded);
// words are folded by contract/search/tokens.ts and joined across OCR hyphenation by contract/search/words.ts,
// as the server's index reads them; patterns (wash*) and OCR-tolerant words (harvest~) are expanded from this
// index's own vocabulary with the server's rules (contract/search/expand.ts); snippets and boxes are the
// server's (matchWords, buildSnippet). The index is a plain positional inverted index: phrases and "a b"~N
// need word positions, which neither MiniSearch nor FlexSearch keeps (docs/offline.md, "Offline search").
import { SEARCH_PAGE_SIZE, queryDateBounds, type SearchQuery, type SearchResponse } from '../contract/search/query';
import { highlightTerms, planText, type Clause, type Expansion, type TextPlan } from '../contract/search/plan';
import { RANGE_END, expansionNotice, rangeStart, type VocabularyWord } from '../contract/search/expand';
import { expandTermsSync, type Lengths, type VocabularySource } from '../contract/search/expand-terms';
import { reversed, type Confusion } from '../contract/search/ocr-distance';
import { confusionTable } from '../contract/search/confusions';
import { foldToken, tokenize } from '../contract/search/tokens';
import { pageWords } from '../contract/search/words';
import { facets, result } from './offline-results';
import type { DeviceIndex, DevicePage, IndexedPage } from './device-index';
import { buildTrend, type PeriodCell, type TrendOptions, type TrendResponse } from '../contract/search/research';

export type { DeviceIndex, DevicePage, IndexedPage } from './device-index';

const ASCII = /^[\x00-\x7f]*$/;
const ASCII_WORD = /[a-z0-9]+/g;
/** tokenize() with a fast path for ASCII words (most OCR): the same tokens, without Unicode normalisation. */
const tokensOf = (text: string): string[] => (ASCII.test(text) ? (text.toLowerCase().match(ASCII_WORD) ?? []) : tokenize(text));

/** Builds the index of a set of pages (once per change of the set: the worker caches it). */
export function indexPages(pages: DevicePage[]): DeviceIndex {
  const ids = new Map<string, number>();
  const words: string[] = [];
  const pagesOf: number[][] = [];
  const lastPage: number[] = [];
  const indexed: IndexedPage[] = [];
  let buffer = new Int32Array(4096);
  for (const page of pages) {
    if (!Array.isArray(page.words)) continue;
    const d = indexed.length;
    let n = 0;
    for (const word of pageWords(page.words).words) {
      for (const token of tokensOf(word.text)) {
        let id = ids.get(token);
        if (id === undefined) {
          id = words.length;
          ids.set(token, id);
          words.push(token);
          pagesOf.push([]);
          lastPage.push(-1);
        }
        if (lastPage[id] !== d) {
          lastPage[id] = d;
          pagesOf[id].push(d);
        }
        if (n === buffer.length) {
          const bigger = new Int32Array(buffer.length * 2);
          bigger.set(buffer);
          buffer = bigger;
        }
        buffer[n++] = id;
      }
    }
    indexed.push({ page, tokens: buffer.slice(0, n), year: Number(page.date.slice(0, 4)), titleKey: foldToken(page.title.trim()) });
  }
  const vocabulary = [...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { pages: indexed, ids, words, pagesOf, vocabulary, expansions: new Map() };
}

/** Words of the vocabulary from `prefix` on that pass `test`, at most `limit`, with how many pages hold each. */
function vocabularyRange(index: DeviceIndex, prefix: string, test: (t: string) => boolean, limit: number): VocabularyWord[] {
  const v = index.vocabulary;
  const lo = rangeStart(v, prefix, (t) => t);
  const out: VocabularyWord[] = [];
  const end = prefix + RANGE_END;
  for (let i = lo; i < v.length && v[i] < end && out.length < limit; i++) if (test(v[i])) out.push({ term: v[i], pages: pagesHolding(index, v[i]) });
  return out;
}

const pagesHolding = (index: DeviceIndex, term: string) => index.pagesOf[index.ids.get(term)!].length;

/** Whether a word's length (code points) is within the window. */
const within = (lengths: Lengths) => (t: string) => {
  const n = [...t].length;
  return n >= lengths.min && n <= lengths.max;
};

/** This index's vocabulary as the expansion reads it (contract/search/expand-terms.ts), answering at once. */
function deviceVocabulary(index: DeviceIndex, table: ReadonlyArray<Confusion>): VocabularySource {
  return {
    vocabulary(pattern, limit) {
      const fits = pattern.lengths ? within(pattern.lengths) : () => true;
      return vocabularyRange(index, pattern.prefix, (t) => fits(t) && pattern.test(t), limit);
    },
    vocabularyEnding(ending, lengths, limit) {
      // Words ending with `ending`, in order of their reversed spelling (as the engines' vocabularyEnding).
      const v = (index.byEnding ??= index.vocabulary.map((t): [string, string] => [reversed(t), t]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      const start = reversed(ending);
      const lo = rangeStart(v, start, ([key]) => key);
      const fits = within(lengths);
      const out: VocabularyWord[] = [];
      const end = start + RANGE_END;
      for (let i = lo; i < v.length && v[i][0] < end && out.length < limit; i++)
        if (fits(v[i][1])) out.push({ term: v[i][1], pages: pagesHolding(index, v[i][1]) });
      return out;
    },
    vocabularyTerms: (terms) => [...new Set(terms)].sort().flatMap((t) => (index.ids.has(t) ? [{ term: t, pages: pagesHolding(index, t) }] : [])),
    confusions: () => table,
  };
}

/** The server's expansion (expandTerms) over this index's vocabulary: the same bounded choice of words, with the
 *  archive's learned confusions (or the listed ones). */
export function expand(index: DeviceIndex, q: SearchQuery, table: ReadonlyArray<Confusion>): Map<string, Expansion> {
  // Expansions are kept per index for one table: a newer table kept on the device chooses again.
  const tableKey = JSON.stringify(table);
  if (index.expansionsTable !== tableKey) {
    index.expansions.clear();
    index.expansionsTable = tableKey;
  }
  return expandTermsSync(deviceVocabulary(index, table), q.rows, { fuzzy: q.fuzzy, exclude: q.fuzzyExclude, cache: index.expansions });
}

/** What one query reads of the index: which pages hold a token (as a set, made once per token and query). */
class Reader {
  private holders = new Map<string, Set<number>>();
  constructor(private index: DeviceIndex) {}
  id(token: string): number | undefined {
    return this.index.ids.get(token);
  }
  has(token: string, d: number): boolean {
    let set = this.holders.get(token);
    if (!set) {
      const id = this.index.ids.get(token);
      set = new Set(id === undefined ? [] : this.index.pagesOf[id]);
      this.holders.set(token, set);
    }
    return set.has(d);
  }
  /** Positions of each token on page d (one pass over the page). */
  positions(tokens: string[], d: number): number[][] {
    const want = tokens.map((t) => this.index.ids.get(t) ?? -1);
    const lists = tokens.map((): number[] => []);
    const page = this.index.pages[d].tokens;
    for (let pos = 0; pos < page.length; pos++) {
      const k = want.indexOf(page[pos]);
      if (k >= 0) for (let j = k; j < want.length; j++) if (want[j] === page[pos]) lists[j].push(pos);
    }
    return lists;
  }
}

/** Whether the tokens occur within `within` positions of each other (first to last), in any order. */
function near(lists: number[][], within: number): boolean {
  const events: Array<[number, number]> = [];
  lists.forEach((list, t) => list.forEach((p) => events.push([p, t])));
  events.sort((a, b) => a[0] - b[0]);
  const count = new Array<number>(lists.length).fill(0);
  let have = 0;
  let from = 0;
  for (const [p, t] of events) {
    if (count[t]++ === 0) have++;
    while (p - events[from][0] > within) if (--count[events[from++][1]] === 0) have--;
    if (have === lists.length) return true;
  }
  return false;
}

function holds(r: Reader, c: Clause, d: number): boolean {
  switch (c.kind) {
    case 'all':
      return c.tokens.every((t) => r.has(t, d));
    case 'any':
      return c.tokens.some((t) => r.has(t, d));
    case 'or':
      return c.clauses.some((x) => holds(r, x, d));
    case 'phrase': {
      if (!c.tokens.every((t) => r.has(t, d))) return false;
      const lists = r.positions(c.tokens, d);
      const rest = lists.slice(1).map((l) => new Set(l));
      return lists[0].some((p) => rest.every((s, k) => s.has(p + k + 1)));
    }
    case 'near':
      return c.tokens.every((t) => r.has(t, d)) && near(r.positions(c.tokens, d), c.within);
  }
}

function matches(r: Reader, plan: TextPlan, d: number): boolean {
  if (plan.kind === 'none') return true;
  if (plan.kind === 'nothing') return false;
  return plan.groups.some((g) => g.must.every((c) => holds(r, c, d)) && !g.exclude.some((c) => holds(r, c, d)));
}

/** How often the highlighted words occur on a page: the ranking offline (the server ranks by BM25). */
function score(index: DeviceIndex, ids: Set<number>, d: number): number {
  let n = 0;
  for (const id of index.pages[d].tokens) if (ids.has(id)) n++;
  return n;
}

export interface DeviceSearchOptions {
  /** Names of the query's titles (t / ti) as this device knows them: kept pages carry a title name, not an id. */
  titleNames?: Record<number, string>;
  /** The archive's learned OCR confusions as kept on this device (GET /Api/Search/OcrConfusions); the listed ones
   *  when none are kept or the archive has none yet. */
  confusions?: ReadonlyArray<Confusion>;
}

const byDate = (a: IndexedPage, b: IndexedPage) => (a.page.date < b.page.date ? -1 : a.page.date > b.page.date ? 1 : a.page.sequence - b.page.sequence);

/** Runs a parsed query over the index: the same answer shape as GET /Api/Search (title facets by name, id 0). */
export function searchIndex(index: DeviceIndex, q: SearchQuery, options: DeviceSearchOptions = {}): SearchResponse {
  const expansions = expand(index, q, confusionTable(options.confusions ? { confusions: options.confusions } : null));
  const plan = planText(q.rows, expansions, q.fuzzy);
  const sort = q.sort === 'relevance' && !q.rows.length ? 'date' : q.sort;
  const answer: SearchResponse = {
    total: 0,
    page: q.page,
    pageSize: SEARCH_PAGE_SIZE,
    sort,
    results: [],
    facets: { titles: [], decades: [], years: [], countries: [], states: [], cities: [] },
  };
  const notices: string[] = [];
  if (expansions.size) {
    answer.expansions = [...expansions].map(([term, e]) => ({ term, words: e.words, matched: e.matched, limited: e.limited }));
    notices.push(...[...expansions].map(([term, e]) => expansionNotice(term, e)).filter((n): n is string => n !== null));
  }
  if (q.countryId || q.stateId || q.cityId) notices.push('Places are not known for pages on this device: the place filter is not applied.');
  const names = new Set(
    q.titleIds
      .map((id) => options.titleNames?.[id])
      .filter((n): n is string => !!n)
      .map((n) => foldToken(n.trim())),
  );
  if (q.titleIds.length && !names.size) notices.push('The names of the chosen titles are not on this device: the title filter is not applied.');
  if (notices.length) answer.notices = notices;

  const found = matchingPages(index, q, plan, names);
  answer.total = found.length;
  answer.facets = facets(index, found, q);

  const terms = highlightTerms(plan);
  const rankIds = new Set(
    [...terms.words, ...terms.phrases.flat(), ...(terms.near ?? []).flatMap((n) => n.tokens)].map((t) => index.ids.get(t)).filter((id) => id !== undefined),
  );
  const order = found.map((d) => ({ d, s: sort === 'relevance' ? score(index, rankIds, d) : 0 }));
  order.sort((a, b) => {
    const pa = index.pages[a.d];
    const pb = index.pages[b.d];
    if (sort === 'date-desc') return byDate(pb, pa);
    if (sort === 'relevance' && b.s !== a.s) return b.s - a.s;
    return byDate(pa, pb);
  });
  const offset = (q.page - 1) * SEARCH_PAGE_SIZE;
  for (const { d } of order.slice(offset, offset + SEARCH_PAGE_SIZE)) answer.results.push(result(index.pages[d], terms));
  return answer;
}

/** Pages (positions in the index) passing the query's filters and matching `plan`, in index order. */
function matchingPages(index: DeviceIndex, q: SearchQuery, plan: TextPlan, names: Set<string>): number[] {
  const { from, to } = queryDateBounds(q);
  const decades = q.decades.length ? new Set(q.decades) : null;
  const reader = new Reader(index);
  const found: number[] = [];
  for (let d = 0; d < index.pages.length; d++) {
    const p = index.pages[d];
    if (from && p.page.date < from) continue;
    if (to && p.page.date > to) continue;
    if (q.year != null && p.year !== q.year) continue;
    if (decades && !decades.has(Math.floor(p.year / 10) * 10)) continue;
    if (names.size && !names.has(p.titleKey)) continue;
    if (matches(reader, plan, d)) found.push(d);
  }
  return found;
}

/**
 * The trend of a query over the pages on this device (issue #37), as GET /Api/Search/Trend answers it: the
 * pages held are this device's pages within the filters. Kept pages carry a title's name, not its id: the
 * series get ids in order of first appearance (their names are what a chart shows).
 */
export function trendIndex(index: DeviceIndex, q: SearchQuery, opts: TrendOptions, options: DeviceSearchOptions = {}): TrendResponse {
  const expansions = expand(index, q, confusionTable(options.confusions ? { confusions: options.confusions } : null));
  const plan = planText(q.rows, expansions, q.fuzzy);
  const names = new Set(
    q.titleIds
      .map((id) => options.titleNames?.[id])
      .filter((n): n is string => !!n)
      .map((n) => foldToken(n.trim())),
  );
  const titleIds = new Map<string, number>();
  const cells = (found: number[]): PeriodCell[] => {
    const byKey = new Map<string, PeriodCell>();
    for (const d of found) {
      const p = index.pages[d].page;
      let titleId = titleIds.get(p.title);
      if (titleId === undefined) titleIds.set(p.title, (titleId = titleIds.size + 1));
      const period = opts.by === 'month' ? p.date.slice(0, 7) : p.date.slice(0, 4);
      const key = `${titleId}|${period}`;
      const c = byKey.get(key) ?? { titleId, period, count: 0 };
      c.count++;
      byKey.set(key, c);
    }
    return [...byKey.values()];
  };
  const held = cells(matchingPages(index, q, { kind: 'none' }, names));
  const matched = cells(matchingPages(index, q, plan, names));
  const nameOf = new Map([...titleIds].map(([name, id]) => [id, name]));
  const trend = buildTrend(opts.by, matched, held, opts.split, (id) => nameOf.get(id) ?? '');
  const notices = [...expansions].map(([term, e]) => expansionNotice(term, e)).filter((n): n is string => n !== null);
  if (notices.length) trend.notices = notices;
  return trend;
}
