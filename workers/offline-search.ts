// Offline search over the viewer pages kept on this device (issue #17): the same query language as the
// server, read by the same contract code. The URL is parsed by contract/search-query.ts, the row text by
// contract/search/syntax.ts and planned by contract/search/plan.ts (OR of AND-groups, None rows excluded);
// words are folded by contract/search/tokens.ts and joined across OCR hyphenation by contract/search/words.ts,
// as the server's index reads them; patterns (wash*) and OCR-tolerant words (harvest~) are expanded from this
// index's own vocabulary with the server's rules (contract/search/expand.ts); snippets and boxes are the
// server's (matchWords, buildSnippet). The index is a plain positional inverted index: phrases and "a b"~N
// need word positions, which neither MiniSearch nor FlexSearch keeps (docs/offline.md, "Offline search").
import type { ViewerWord } from '../contract/viewer';
import { SEARCH_PAGE_SIZE, queryDateBounds, type FacetCount, type SearchQuery, type SearchResponse, type SearchResult } from '../contract/search-query';
import { expansionKey, highlightTerms, planText, termsToExpand, type Clause, type Expansion, type TextPlan } from '../contract/search/plan';
import {
  EXPANSION_SCAN,
  FUZZY_SCAN,
  RANGE_END,
  chooseExpansion,
  chooseFuzzy,
  expansionNotice,
  vocabularyPattern,
  type VocabularyWord,
} from '../contract/search/expand';
import { fuzzyBudget, fuzzyPrefixes, ocrDistance } from '../contract/search/ocr-distance';
import { foldToken, tokenize } from '../contract/search/tokens';
import { buildSnippet, matchWords, pageWords, MAX_BOXES } from '../contract/search/words';
import type { Box } from '../contract/viewer';

/** What a kept viewer page gives the index (the rest of ViewerPageResponse is not needed). */
export interface DevicePage {
  uid: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  sequence: number;
  number: string | null;
  width: number | null;
  height: number | null;
  words: ViewerWord[];
}

type PageWords = ReturnType<typeof pageWords>;

interface IndexedPage {
  page: DevicePage;
  /** Logical words (hyphenation joined) and their boxes: built once, used for snippets and boxes. */
  text: PageWords;
  year: number;
  titleKey: string;
}

export interface DeviceIndex {
  pages: IndexedPage[];
  /** token -> page number -> the token's positions on that page (ascending). */
  postings: Map<string, Map<number, number[]>>;
  /** Every token, sorted: patterns and OCR-tolerant words read ranges of it. */
  vocabulary: string[];
}

/** Builds the index of a set of pages (once per change of the set: the worker caches it). */
export function indexPages(pages: DevicePage[]): DeviceIndex {
  const postings = new Map<string, Map<number, number[]>>();
  const indexed: IndexedPage[] = [];
  for (const page of pages) {
    if (!Array.isArray(page.words)) continue;
    const d = indexed.length;
    const text = pageWords(page.words);
    let pos = 0;
    for (const word of text.words) {
      for (const token of tokenize(word.text)) {
        let perPage = postings.get(token);
        if (!perPage) postings.set(token, (perPage = new Map()));
        const list = perPage.get(d);
        if (list) list.push(pos);
        else perPage.set(d, [pos]);
        pos++;
      }
    }
    indexed.push({ page, text, year: Number(page.date.slice(0, 4)), titleKey: foldToken(page.title.trim()) });
  }
  const vocabulary = [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { pages: indexed, postings, vocabulary };
}

/** Words of the vocabulary from `prefix` on that pass `test`, at most `limit`, with how many pages hold each. */
function vocabularyRange(index: DeviceIndex, prefix: string, test: (t: string) => boolean, limit: number): VocabularyWord[] {
  const v = index.vocabulary;
  let lo = 0;
  let hi = v.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: VocabularyWord[] = [];
  const end = prefix + RANGE_END;
  for (let i = lo; i < v.length && v[i] < end && out.length < limit; i++) if (test(v[i])) out.push({ term: v[i], pages: index.postings.get(v[i])!.size });
  return out;
}

/** The server's expandRows over this index's vocabulary: the same bounded choice of words. */
function expand(index: DeviceIndex, q: SearchQuery): Map<string, Expansion> {
  const out = new Map<string, Expansion>();
  const excluded = new Set(q.fuzzyExclude ?? []);
  for (const term of termsToExpand(q.rows, q.fuzzy)) {
    if (term.kind === 'pattern') {
      const p = vocabularyPattern(term.pattern);
      out.set(expansionKey(term)!, chooseExpansion(vocabularyRange(index, p.prefix, p.test, EXPANSION_SCAN + 1)));
    } else if (term.kind === 'fuzzy') {
      const budget = fuzzyBudget(term.token, term.distance);
      const read: VocabularyWord[] = [];
      if (budget > 0) for (const prefix of fuzzyPrefixes(term.token)) read.push(...vocabularyRange(index, prefix, () => true, FUZZY_SCAN));
      const e = chooseFuzzy(term.token, budget, read, ocrDistance);
      out.set(expansionKey(term)!, { ...e, words: e.words.filter((w) => w === term.token || !excluded.has(w)) });
    }
  }
  return out;
}

const positions = (index: DeviceIndex, token: string, d: number): number[] | undefined => index.postings.get(token)?.get(d);

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

function holds(index: DeviceIndex, c: Clause, d: number): boolean {
  switch (c.kind) {
    case 'all':
      return c.tokens.every((t) => positions(index, t, d));
    case 'any':
      return c.tokens.some((t) => positions(index, t, d));
    case 'or':
      return c.clauses.some((x) => holds(index, x, d));
    case 'phrase': {
      const lists = c.tokens.map((t) => positions(index, t, d));
      if (lists.some((l) => !l)) return false;
      const rest = lists.slice(1).map((l) => new Set(l));
      return lists[0]!.some((p) => rest.every((s, k) => s.has(p + k + 1)));
    }
    case 'near': {
      const lists = c.tokens.map((t) => positions(index, t, d));
      return lists.every((l) => l) && near(lists as number[][], c.within);
    }
  }
}

function matches(index: DeviceIndex, plan: TextPlan, d: number): boolean {
  if (plan.kind === 'none') return true;
  if (plan.kind === 'nothing') return false;
  return plan.groups.some((g) => g.must.every((c) => holds(index, c, d)) && !g.exclude.some((c) => holds(index, c, d)));
}

/** How often the highlighted words occur on a page: the ranking offline (the server ranks by BM25). */
function score(index: DeviceIndex, tokens: string[], d: number): number {
  return tokens.reduce((n, t) => n + (positions(index, t, d)?.length ?? 0), 0);
}

export interface DeviceSearchOptions {
  /** Names of the query's titles (t / ti) as this device knows them: kept pages carry a title name, not an id. */
  titleNames?: Record<number, string>;
}

const byDate = (a: IndexedPage, b: IndexedPage) => (a.page.date < b.page.date ? -1 : a.page.date > b.page.date ? 1 : a.page.sequence - b.page.sequence);

/** Runs a parsed query over the index: the same answer shape as GET /Api/Search (title facets by name, id 0). */
export function searchIndex(index: DeviceIndex, q: SearchQuery, options: DeviceSearchOptions = {}): SearchResponse {
  const expansions = expand(index, q);
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

  const { from, to } = queryDateBounds(q);
  const decades = q.decades.length ? new Set(q.decades) : null;
  const found: number[] = [];
  for (let d = 0; d < index.pages.length; d++) {
    const p = index.pages[d];
    if (from && p.page.date < from) continue;
    if (to && p.page.date > to) continue;
    if (q.year != null && p.year !== q.year) continue;
    if (decades && !decades.has(Math.floor(p.year / 10) * 10)) continue;
    if (names.size && !names.has(p.titleKey)) continue;
    if (matches(index, plan, d)) found.push(d);
  }
  answer.total = found.length;
  answer.facets = facets(index, found, q);

  const terms = highlightTerms(plan);
  const rankTokens = [...new Set([...terms.words, ...terms.phrases.flat(), ...(terms.near ?? []).flatMap((n) => n.tokens)])];
  const order = found.map((d) => ({ d, s: sort === 'relevance' ? score(index, rankTokens, d) : 0 }));
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

function result(p: IndexedPage, terms: ReturnType<typeof highlightTerms>): SearchResult {
  const { words, boxesOf } = p.text;
  const hits = matchWords(words, terms);
  const boxes: Box[] = [];
  for (const i of [...hits].sort((a, b) => a - b)) {
    if (boxes.length >= MAX_BOXES) break;
    boxes.push(...boxesOf(words[i]).slice(0, MAX_BOXES - boxes.length));
  }
  return {
    pageUid: p.page.uid,
    titleId: 0,
    title: p.page.title,
    date: p.page.date,
    sequence: p.page.sequence,
    pageNumber: p.page.number,
    snippet: buildSnippet(words, hits),
    thumbnail: `iiif/3/${encodeURIComponent(p.page.uid)}/full/!200,300/0/default.jpg`,
    width: p.page.width,
    height: p.page.height,
    boxes,
  };
}

/** Title, decade and year counts of the pages found (places are not kept with a page). */
function facets(index: DeviceIndex, found: number[], q: SearchQuery): SearchResponse['facets'] {
  const titles = new Map<string, FacetCount>();
  const decades = new Map<number, number>();
  const years = new Map<number, number>();
  for (const d of found) {
    const p = index.pages[d];
    const t = titles.get(p.page.title) ?? { id: 0, name: p.page.title, count: 0 };
    t.count++;
    titles.set(p.page.title, t);
    const decade = Math.floor(p.year / 10) * 10;
    decades.set(decade, (decades.get(decade) ?? 0) + 1);
    years.set(p.year, (years.get(p.year) ?? 0) + 1);
  }
  const oneDecade = q.decades.length === 1 || q.year != null;
  return {
    titles: [...titles.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    decades: [...decades].map(([decade, count]) => ({ decade, count })).sort((a, b) => a.decade - b.decade),
    years: oneDecade ? [...years].map(([year, count]) => ({ year, count })).sort((a, b) => a.year - b.year) : [],
    countries: [],
    states: [],
    cities: [],
  };
}
