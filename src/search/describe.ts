// Words for a search: the results heading ('harvest', 'Browsing The Harvest Gazette, 1890s') and the label
// of a recently seen search. Titles are named from the answer's facets or the titles this device keeps.
import type { SearchQuery, SortOrder } from '../../contract/search/query';

/** A title's name by id, or undefined when not known here. */
export type TitleNames = (id: number) => string | undefined;

const SORT_WORDS: Record<SortOrder, string> = { relevance: '', date: 'oldest first', 'date-desc': 'newest first' };

export function describeWords(q: SearchQuery): string {
  return q.rows
    .map((r, i) => {
      const text = r.type === 'exact' ? `“${r.text}”` : r.type === 'none' ? `not ${r.text}` : r.type === 'any' ? `any of ${r.text}` : r.text;
      return i === 0 ? text : `${r.op === 'or' ? 'or' : 'and'} ${text}`;
    })
    .join(' ');
}

/** What is browsed: the titles by name (or 'Title 5' when no name is known), then the year or decades. */
export function describeScope(q: SearchQuery, names: TitleNames = () => undefined): string {
  const parts = q.titleIds.map((id) => names(id) ?? `Title ${id}`);
  if (q.year != null) parts.push(String(q.year));
  else parts.push(...q.decades.map((d) => `${d}s`));
  return parts.join(', ');
}

/** The results heading's line: the words searched, or what is browsed. */
export function describeQuery(q: SearchQuery, names?: TitleNames): string {
  if (q.rows.length) return describeWords(q);
  const scope = describeScope(q, names);
  return scope ? `Browsing ${scope}` : 'Browsing';
}

/** A search in a list of recently seen ones: words or scope, then the page and the order when not the first/default. */
export function describeSeenSearch(q: SearchQuery, names?: TitleNames): string {
  const extra: string[] = [];
  if (q.rows.length) {
    const scope = describeScope(q, names);
    if (scope) extra.push(scope);
  }
  if (q.page > 1) extra.push(`page ${q.page}`);
  if (SORT_WORDS[q.sort]) extra.push(SORT_WORDS[q.sort]);
  const head = describeQuery(q, names);
  return extra.length ? `${head} — ${extra.join(', ')}` : head;
}
