// A page of results by FTS5's BM25 over every match, or by date over the filtered matches, and the counts.
import type { SearchCounts } from '../../types';
import type { PageMeta } from '../search-meta';

/** One page by BM25 (lower is better in FTS5) of the matches that pass the filters: positions in ids/scores
 *  that `pass`, cut to the best offset + limit, then sorted by score and id. */
export function byScore(ids: Int32Array, scores: Float64Array, pass: (id: number) => boolean, offset: number, limit: number): number[] {
  const keep: number[] = []; // positions in ids/scores that pass the filters
  for (let i = 0; i < ids.length; i++) if (pass(ids[i])) keep.push(i);
  const need = offset + limit;
  let chosen = keep;
  if (keep.length > need * 4) {
    // BM25 in FTS5 is lower-is-better: the need-th smallest score is the cut.
    const cut = Float64Array.from(keep, (i) => scores[i]).sort()[need - 1];
    chosen = keep.filter((i) => scores[i] <= cut);
  }
  return chosen
    .sort((a, b) => scores[a] - scores[b] || ids[a] - ids[b])
    .slice(offset, need)
    .map((i) => ids[i]);
}

/** One page of ids by date: a numeric sort key per id (date, then title, then sequence). `ids` is left as it is. */
export function byDate(meta: PageMeta, ids: number[], desc: boolean, offset: number, limit: number): number[] {
  const key = (id: number) => (desc ? 99999999 - meta.date[id] : meta.date[id]) * 2 ** 26 + (meta.title[id] & 0xffff) * 1024 + Math.min(meta.seq[id], 1023);
  const need = offset + limit;
  let some: number[];
  if (ids.length > need * 4) {
    // Only the first `need` matter: find the need-th smallest key with a native sort, keep those below it.
    const keys = Float64Array.from(ids, key).sort();
    const cut = keys[need - 1];
    some = ids.filter((id) => key(id) <= cut);
  } else some = ids.slice();
  return some.sort((a, b) => key(a) - key(b) || a - b).slice(offset, need);
}

/** The counts of these pages (the matches that pass the filters), per title and year. */
export function countCells(meta: PageMeta, ids: number[]): SearchCounts {
  const cells = new Map<number, SearchCounts['cells'][number]>();
  for (const id of ids) {
    const k = meta.title[id] * 10000 + meta.year[id];
    const c = cells.get(k);
    if (c) c.count++;
    else cells.set(k, { titleId: meta.title[id], year: meta.year[id], count: 1 });
  }
  return { total: ids.length, cells: [...cells.values()] };
}
