// What the device's search gives back for the pages it found: each result (snippet and word boxes, read again for
// the shown pages only) and the facets' counts. The same shapes as the server's answer (contract/search/query.ts).
import type { FacetCount, SearchQuery, SearchResponse, SearchResult } from '../contract/search/query';
import type { highlightTerms } from '../contract/search/plan';
import { resultThumbnailPath } from '../contract/saved-files';
import { buildSnippet, matchWords, pageWords, MAX_BOXES } from '../contract/search/words';
import type { Box } from '../contract/viewer';
import type { DeviceIndex, IndexedPage } from './device-index';

export function result(p: IndexedPage, terms: ReturnType<typeof highlightTerms>): SearchResult {
  // Logical words again for the shown pages only: keeping them for every page would double the index's memory.
  const { words, boxesOf } = pageWords(p.page.words);
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
    thumbnail: resultThumbnailPath(p.page.uid),
    width: p.page.width,
    height: p.page.height,
    boxes,
  };
}

/** Title, decade and year counts of the pages found (places are not kept with a page). */
export function facets(index: DeviceIndex, found: number[], q: SearchQuery): SearchResponse['facets'] {
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
