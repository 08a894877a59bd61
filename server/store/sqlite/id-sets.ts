// Set operations over ascending page-id lists. FTS5 answers a single word with its page ids quickly (it
// reads one doclist), but evaluating an AND of frequent words itself costs it several times more than
// intersecting their lists here, so the search combines words itself and asks FTS5 only for words and
// phrases (bench/search/run.ts: class 'extra: 2 common words AND').
export type Ids = ArrayLike<number>;

export function intersect(a: Ids, b: Ids): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      out[n++] = a[i];
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

export function union(a: Ids, b: Ids): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) out[n++] = a[i++];
    else if (a[i] > b[j]) out[n++] = b[j++];
    else {
      out[n++] = a[i++];
      j++;
    }
  }
  while (i < a.length) out[n++] = a[i++];
  while (j < b.length) out[n++] = b[j++];
  return out.subarray(0, n);
}

/** Ids of `a` not in `b`. */
export function difference(a: Ids, b: Ids): Int32Array {
  const out = new Int32Array(a.length);
  let n = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    while (j < b.length && b[j] < a[i]) j++;
    if (j >= b.length || b[j] !== a[i]) out[n++] = a[i];
  }
  return out.subarray(0, n);
}

/** Intersection of several lists, shortest first (the result can only shrink). */
export const intersectAll = (lists: Ids[]): Ids => [...lists].sort((x, y) => x.length - y.length).reduce((acc, l) => intersect(acc, l));

/**
 * Union of several lists. Many lists (a truncated word's hundred forms) are marked in one array over the
 * id range and read back in order: merging them pairwise would copy the growing result once per list.
 */
export function unionAll(lists: Ids[]): Ids {
  if (lists.length === 1) return lists[0];
  let max = -1;
  let total = 0;
  for (const l of lists) {
    if (l.length) max = Math.max(max, l[l.length - 1]);
    total += l.length;
  }
  // Few lists, or few ids spread over a wide range: merging is cheaper than walking the range.
  if (lists.length <= 4 || total * 8 < max) return lists.reduce((acc, l) => union(acc, l));
  const seen = new Uint8Array(max + 1);
  for (const l of lists) for (let i = 0; i < l.length; i++) seen[l[i]] = 1;
  const out = new Int32Array(Math.min(total, max + 1));
  let n = 0;
  for (let id = 0; id <= max; id++) if (seen[id]) out[n++] = id;
  return out.subarray(0, n);
}
