// One query word through the real search service (runSearch: expansion, plan, engine), every results page
// read: the pages it returned and the words it searched (the word, or the word and its forms with fz=1).
import { parseSearchParams, SEARCH_PAGE_SIZE } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import type { createSqliteStore } from '../../server/store/sqlite';

export async function searchWord(
  store: ReturnType<typeof createSqliteStore>,
  siteId: number,
  word: string,
  fuzzy: boolean,
): Promise<{ pages: string[]; words: Set<string> }> {
  const pages: string[] = [];
  let words = new Set([word]);
  for (let page = 1; ; page++) {
    const r = await runSearch(store, siteId, parseSearchParams(`k=${word}&ord=k1&sort=date&p=${page}${fuzzy ? '&fz=1' : ''}`));
    pages.push(...r.results.map((x) => x.pageUid));
    const e = r.expansions?.find((x) => x.term === `${word}~`);
    if (e) words = new Set(e.words);
    if (page * SEARCH_PAGE_SIZE >= r.total) break;
  }
  return { pages, words };
}
