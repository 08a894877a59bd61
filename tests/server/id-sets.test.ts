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
  it("unite many lists (a truncated word's forms) as merging them one by one does", () => {
    for (let k = 0; k < 20; k++) {
      const lists = Array.from({ length: 5 + k * 5 }, (_, i) =>
        i % 7 === 3 ? new Int32Array(0) : randomList(k * 1000 + i + 1, 1 + ((i * 37) % 90), 400 + k * 50),
      );
      const expected = [...new Set(lists.flatMap(arr))].sort((x, y) => x - y);
      expect(arr(unionAll(lists))).toEqual(expected);
    }
    // Few ids spread wide, and lists that are all empty.
    const sparse = [Int32Array.from([3, 9_000_000]), Int32Array.from([5]), Int32Array.from([3]), Int32Array.from([7_000_000]), new Int32Array(0)];
    expect(arr(unionAll(sparse))).toEqual([3, 5, 7_000_000, 9_000_000]);
    expect(arr(unionAll(Array.from({ length: 6 }, () => new Int32Array(0))))).toEqual([]);
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
