// IIIF Content Search over one issue, answered by the site's search engine: the engine finds the issue's
// pages that match (the same search as /Api/Search, run where it runs: in the worker pool on SQLite), the
// search module's word matcher finds the words on each page, and the hits become IIIF answers in both
// versions:
//   2.0: an AnnotationPage of 'highlighting' annotations plus 'contextualizing' ones with the words around
//   1.0: an sc:AnnotationList with resources and search:Hit entries (match, before, after), which is what
//        Mirador and the Universal Viewer read.
// q is a space-separated list of words (a page hit for any of them); a quoted q is one phrase. The row syntax
// of /search applies: wash* and wom?n find the words they stand for, senate~ also its likely OCR misreadings.
import { emptyQuery, type SearchQuery, type SearchRow } from '../../contract/search/query';
import { highlightTerms, planText, type Expansion } from '../../contract/search/plan';
import type { SearchRunner } from '../services/search/pool';
import { Deadline } from '../services/search/budget';
import { matchWords, pageWords } from '../../contract/search/words';
import { parseRowText } from '../../contract/search/syntax';
import type { Store, ViewerIssue } from '../store/types';
import { canvasId, searchService, searchService1 } from './urls';

export const MAX_ANNOTATIONS = 2000;
/** Parameters of both Search API versions that this service does not filter on. */
const UNSUPPORTED = ['motivation', 'date', 'user'];
const CONTEXT_WORDS = 6;

type Box = [x: number, y: number, w: number, h: number];

export interface IssueHit {
  pageUid: string;
  /** The matched words as printed. */
  match: string;
  before: string;
  after: string;
  /** One box per OCR word of the match (a hyphenated word has two). */
  boxes: Box[];
}

export function queryRows(q: string): SearchRow[] {
  const trimmed = q.trim();
  const quoted = /^"(.*)"$/.exec(trimmed);
  return [{ type: quoted ? 'exact' : 'any', text: quoted ? quoted[1] : trimmed, op: 'and' }];
}

/** The request's parameters this service ignores, as both versions list them. */
export const ignoredParams = (query: Record<string, unknown>, extra: string[] = []) => [...UNSUPPORTED, ...extra].filter((p) => query[p] !== undefined);

/** Matched word indices as hits: a phrase occurrence (consecutive words) is one hit, else each word. */
function groupHits(indices: number[], phrase: boolean): number[][] {
  const hits: number[][] = [];
  for (const i of indices) {
    const last = hits[hits.length - 1];
    if (phrase && last && last[last.length - 1] === i - 1) last.push(i);
    else hits.push([i]);
  }
  return hits;
}

/**
 * The issue's pages the search engine finds for the rows (iss=: this issue only, in the request's site),
 * and the index words each pattern (wash*) or OCR-tolerant word (senate~) stood for, so the boxes drawn
 * are those of the words the engine matched.
 */
async function matchingPages(runner: SearchRunner, siteId: number, issue: ViewerIssue, rows: SearchRow[]) {
  const query: SearchQuery = { ...emptyQuery(), rows, issueUid: issue.uid, sort: 'date' };
  const found = new Set<string>();
  const expansions = new Map<string, Expansion>();
  // One time budget for the request's searches together: the same answer runs a search a page of results at a time.
  const deadline = Deadline.after(runner.budgetMs);
  // A page of results at a time; an issue's pages are few.
  for (let page = 1; page <= 50; page++) {
    const answer = await runner.run(siteId, { ...query, page }, { deadline });
    for (const r of answer.results) found.add(r.pageUid);
    for (const e of answer.expansions ?? []) expansions.set(e.term, e);
    if (page * answer.pageSize >= answer.total) break;
  }
  return { found, expansions };
}

/** Every hit of q in the issue, page by page in reading order; nothing when q has no searchable word. */
export async function searchIssue(runner: SearchRunner, store: Store, siteId: number, issue: ViewerIssue, q: string): Promise<IssueHit[]> {
  const rows = queryRows(q);
  // Syntax the visitor got wrong (a lone *, ~99) is a QueryError: a 400 with its message.
  if (!parseRowText(rows[0].text, rows[0].type).length) return [];
  const { found, expansions } = await matchingPages(runner, siteId, issue, rows);
  if (!found.size) return [];
  const text = planText(rows, expansions);
  const terms = highlightTerms(text);
  const phrase = rows[0].type === 'exact';
  const hits: IssueHit[] = [];
  for (const page of await store.viewer.issueWords(issue.uid)) {
    if (!found.has(page.pageUid)) continue;
    const { words, boxesOf } = pageWords(page.words);
    const span = (from: number, to: number) =>
      words
        .slice(Math.max(0, from), Math.max(0, to))
        .map((w) => w.text)
        .join(' ');
    for (const hit of groupHits(
      [...matchWords(words, terms)].sort((a, b) => a - b),
      phrase,
    )) {
      const first = hit[0];
      const last = hit[hit.length - 1];
      const boxes = hit.flatMap((i) => boxesOf(words[i]));
      if (!boxes.length) continue; // a page without word boxes has nothing to point at on the canvas
      hits.push({
        pageUid: page.pageUid,
        match: span(first, last + 1),
        before: span(first - CONTEXT_WORDS, first),
        after: span(last + 1, last + 1 + CONTEXT_WORDS),
        boxes,
      });
    }
  }
  return hits;
}

/** Hits that fit in one answer: whole hits, at most MAX_ANNOTATIONS word annotations. */
function capped(hits: IssueHit[]): IssueHit[] {
  const out: IssueHit[] = [];
  let n = 0;
  for (const h of hits) {
    if (n + h.boxes.length > MAX_ANNOTATIONS) break;
    n += h.boxes.length;
    out.push(h);
  }
  return out;
}

const xywh = (b: Box) => `#xywh=${b.join(',')}`;

/** Content Search 2.0: highlighting annotations, and one contextualizing annotation per hit. */
export function buildSearch2(origin: string, issueUid: string, q: string, all: IssueHit[], ignored: string[]) {
  const searchId = origin + searchService(issueUid);
  const hits = capped(all);
  const items: unknown[] = [];
  const contexts: unknown[] = [];
  for (const [h, hit] of hits.entries()) {
    const canvas = origin + canvasId(issueUid, hit.pageUid);
    const ids = hit.boxes.map((box, b) => {
      const id = `${searchId}/annotation/${h}/${b}`;
      items.push({
        id,
        type: 'Annotation',
        motivation: 'highlighting',
        label: { en: [hit.match] },
        body: { type: 'TextualBody', value: hit.match, format: 'text/plain' },
        target: canvas + xywh(box),
      });
      return id;
    });
    const quote = { type: 'TextQuoteSelector', prefix: hit.before && `${hit.before} `, exact: hit.match, suffix: hit.after && ` ${hit.after}` };
    contexts.push({
      id: `${searchId}/context/${h}`,
      type: 'Annotation',
      motivation: 'contextualizing',
      target: ids.map((source) => ({ type: 'SpecificResource', source, selector: [quote] })),
    });
  }
  const self = `${searchId}?q=${encodeURIComponent(q)}`;
  return {
    '@context': 'http://iiif.io/api/search/2/context.json',
    id: self,
    type: 'AnnotationPage',
    ...(ignored.length ? { ignored } : {}),
    partOf: { id: self, type: 'AnnotationCollection', total: all.length },
    items,
    annotations: [{ id: `${searchId}/context?q=${encodeURIComponent(q)}`, type: 'AnnotationPage', items: contexts }],
  };
}

/** Content Search 1.0: an AnnotationList of the matched words and search:Hit entries with the words around. */
export function buildSearch1(origin: string, issueUid: string, q: string, all: IssueHit[], ignored: string[]) {
  const searchId = origin + searchService1(issueUid);
  const hits = capped(all);
  const resources: unknown[] = [];
  const hitList: unknown[] = [];
  for (const [h, hit] of hits.entries()) {
    const canvas = origin + canvasId(issueUid, hit.pageUid);
    const ids = hit.boxes.map((box, b) => {
      const id = `${searchId}/annotation/${h}/${b}`;
      resources.push({
        '@id': id,
        '@type': 'oa:Annotation',
        motivation: 'sc:painting',
        resource: { '@type': 'cnt:ContentAsText', chars: hit.match },
        on: canvas + xywh(box),
      });
      return id;
    });
    hitList.push({ '@type': 'search:Hit', annotations: ids, match: hit.match, before: hit.before && `${hit.before} `, after: hit.after && ` ${hit.after}` });
  }
  return {
    '@context': ['http://iiif.io/api/presentation/2/context.json', 'http://iiif.io/api/search/1/context.json'],
    '@id': `${searchId}?q=${encodeURIComponent(q)}`,
    '@type': 'sc:AnnotationList',
    within: { '@type': 'sc:Layer', total: all.length, ...(ignored.length ? { ignored } : {}) },
    startIndex: 0,
    resources,
    hits: hitList,
  };
}
