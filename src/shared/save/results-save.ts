// "Save these results for offline": the search answer on screen is pinned (the same 'search' record the
// results screen keeps, so the list reopens offline as it was) and the first N pages are saved like an
// issue's pages. The pages done are remembered while the app runs; a save started again after a reload
// fetches the pages once more (their tiles come from the cache at once).
import { searchUrl } from '../../../contract/search/url';
import type { SearchResponse } from '../../../contract/search/query';
import type { ArchiveDatabase } from '../db';
import { writePinned } from '../../../device-db/pinned-write';
import type { SaveTarget } from './save-run';

export interface ResultsSaveRequest {
  /** canonicalSearchKey of the query (src/search/seen-searches.ts). */
  key: string;
  /** The /search query string as opened (without '?'). */
  query: string;
  response: SearchResponse;
  label: string;
  count: number;
}

const doneByKey = new Map<string, { done: string[]; bytes: number }>();

/** The first `count` distinct pages of the answer, in its order. */
export const resultPages = (response: SearchResponse, count: number) => [...new Set(response.results.map((r) => r.pageUid))].slice(0, count);

export async function beginResultsSave(db: ArchiveDatabase, site: string, request: ResultsSaveRequest, savePage: SaveTarget['savePage']): Promise<SaveTarget> {
  const pages = resultPages(request.response, request.count);
  // The pages are named in the record (savedPages): a saved issue that shares one of them, when removed,
  // leaves it for this search (src/saved/saved-items.ts).
  const before = (await db.seen.get([site, 'search', request.key]).catch(() => undefined))?.value as { savedPages?: string[] } | undefined;
  const savedPages = [...new Set([...(before?.savedPages ?? []), ...pages])];
  await writePinned(
    db,
    site,
    'search',
    request.key,
    { query: request.query, response: request.response, savedPages },
    { label: request.label, href: searchUrl(new URLSearchParams(request.query)) },
  );
  const so = doneByKey.get(request.key) ?? { done: [], bytes: 0 };
  doneByKey.set(request.key, so);
  return {
    pages,
    done: so.done.filter((uid) => pages.includes(uid)),
    bytes: so.bytes,
    savePage,
    markDone: async (uid, bytes) => {
      so.done.push(uid);
      so.bytes += bytes;
    },
    finish: async () => undefined,
  };
}
