// The search combines the page lists of words itself (server/store/sqlite/id-sets.ts): checked against
// plain Set arithmetic on random sorted lists, including empty and identical ones.
import { describe, expect, it } from 'vitest';
import { difference, intersect, intersectAll, union, unionAll } from '../../server/store/sqlite/id-sets';

function randomList(seed: number, n: number, max: number): Int32Array {
  let x = seed;
  const s = new Set<number>();
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    s.add(x % max);
  }
  return Int32Array.from([...s].sort((a, b) => a - b));
}
const arr = (a: ArrayLike<number>) => Array.from(a);

describe('id sets', () => {
  it('agree with Set arithmetic', () => {
    for (let k = 0; k < 50; k++) {
      const a = randomList(k + 1, k * 7, 300);
      const b = randomList(k + 101, (k * 13) % 200, 300);
      const c = randomList(k + 201, 150, 300);
      const sa = new Set(arr(a));
      const sb = new Set(arr(b));
      expect(arr(intersect(a, b))).toEqual(arr(a).filter((x) => sb.has(x)));
      expect(arr(union(a, b))).toEqual([...new Set([...arr(a), ...arr(b)])].sort((x, y) => x - y));
      expect(arr(difference(a, b))).toEqual(arr(a).filter((x) => !sb.has(x)));
      expect(arr(intersectAll([a, b, c]))).toEqual(arr(c).filter((x) => sa.has(x) && sb.has(x)));
      expect(arr(unionAll([a, b, c]))).toEqual([...new Set([...arr(a), ...arr(b), ...arr(c)])].sort((x, y) => x - y));
    }
  });
  it('handle empty and identical lists', () => {
    const a = Int32Array.from([1, 5, 9]);
    const none = new Int32Array(0);
    expect(arr(intersect(a, none))).toEqual([]);
    expect(arr(union(none, a))).toEqual([1, 5, 9]);
    expect(arr(difference(a, a))).toEqual([]);
    expect(arr(difference(a, none))).toEqual([1, 5, 9]);
    expect(arr(unionAll([a]))).toEqual([1, 5, 9]);
  });
});
