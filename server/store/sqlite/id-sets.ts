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

export const unionAll = (lists: Ids[]): Ids => (lists.length === 1 ? lists[0] : lists.reduce((acc, l) => union(acc, l)));
