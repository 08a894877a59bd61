// "Search this issue" and "Search this title": the /search address of the viewer's issue or title, carrying
// the words the visitor is looking at (the search the page was opened from, else the words searched inside
// the page). Without words the results screen opens its search box for them (#edit).
import { searchUrl } from '../../../contract/search/url';

/** The parameters of a search's words: rows, their order, and the OCR-tolerant switch with its exclusions. */
const WORD_KEYS = ['k', 'e', 'o', 'n', 'ord', 'fz', 'fzx'];

export interface WithinPage {
  issueUid: string;
  titleId?: number;
}

export function searchWithinHref(scope: 'issue' | 'title', page: WithinPage, viewerParams: URLSearchParams, pageText: string, exact: boolean): string {
  const next = new URLSearchParams();
  for (const key of WORD_KEYS) {
    const value = viewerParams.get(key);
    if (value) next.set(key, value);
  }
  const words = pageText.replace(/[,_]+/g, ' ').trim();
  if (!['k', 'e', 'o'].some((k) => next.has(k)) && words) {
    next.set(exact ? 'e' : 'k', words);
    next.set('ord', exact ? 'e1' : 'k1');
  }
  // The title stays named with the issue: removing the issue's chip widens to the title, not to everything.
  if (page.titleId) next.set('t', String(page.titleId));
  if (scope === 'issue') next.set('iss', page.issueUid);
  const hasWords = ['k', 'e', 'o', 'n'].some((k) => next.has(k));
  return searchUrl(next) + (hasWords ? '' : '#edit');
}
