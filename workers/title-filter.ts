// Title filtering for the 'Search By Title' box (spec 2.4: filters as the visitor types, by substring).
// The folded titles are joined into one string once, so each keystroke is one indexOf scan over
// contiguous memory instead of 150k separate string calls. A query that extends the previous one only
// re-checks the previous matches.
import { foldText } from '../contract/fold';

export interface TitleLike {
  title: string;
}

export interface TitleIndex {
  /** All folded titles joined with '\n' (never inside a folded title). */
  readonly haystack: string;
  /** starts[i] = offset of title i in haystack; starts[length] = haystack.length + 1. */
  readonly starts: Int32Array;
  readonly folded: string[];
  readonly size: number;
}

export interface FilterResult {
  query: string;
  /** Positions (into the indexed list) of matching titles, ascending. */
  matches: Int32Array;
}

export function buildTitleIndex(titles: readonly TitleLike[]): TitleIndex {
  const folded = titles.map((t) => foldText(t.title).replace(/\n/g, ' '));
  const starts = new Int32Array(folded.length + 1);
  let offset = 0;
  for (let i = 0; i < folded.length; i++) {
    starts[i] = offset;
    offset += folded[i].length + 1;
  }
  starts[folded.length] = offset;
  return { haystack: folded.join('\n'), starts, folded, size: folded.length };
}

const everything = (size: number) => {
  const all = new Int32Array(size);
  for (let i = 0; i < size; i++) all[i] = i;
  return all;
};

/**
 * Titles whose folded name contains the folded query. Pass the previous result to narrow it when the
 * new query contains the old one (typing forward); otherwise the whole index is scanned.
 */
export function filterTitles(index: TitleIndex, rawQuery: string, previous?: FilterResult): FilterResult {
  const query = foldText(rawQuery.trim()).replace(/\n/g, ' ');
  if (!query) return { query, matches: everything(index.size) };
  if (previous && previous.query && query.includes(previous.query)) {
    const out = new Int32Array(previous.matches.length);
    let n = 0;
    for (const i of previous.matches) if (index.folded[i].includes(query)) out[n++] = i;
    return { query, matches: out.slice(0, n) };
  }
  const { haystack, starts, size } = index;
  const out = new Int32Array(size);
  let n = 0;
  let i = 0; // hits come in increasing order, so the owning title is found by walking forward
  for (let from = 0; ;) {
    const at = haystack.indexOf(query, from);
    if (at < 0) break;
    while (starts[i + 1] <= at) i++;
    out[n++] = i;
    from = starts[++i]; // one hit per title: continue at the next title
  }
  return { query, matches: out.slice(0, n) };
}
