// Fast alphabetical order of many folded strings. A comparator sort of 150k titles costs 250-350 ms here,
// mostly because thousands share long prefixes ('the daily ...'). Instead: an MSD radix sort by chunks of
// characters. Each string's next chunk is packed (order-preserving, 6 bits a character) together with its
// position into one exact integer below 2^53, a run is sorted natively as a Float64Array, and groups that
// still share the chunk go on with the following chunk. Scratch arrays are allocated once per depth.

/**
 * Order-preserving (never decreasing) 6-bit code of a UTF-16 unit; 0 is 'end of string'. Space,
 * punctuation, digits and a-z are exact; the rest share a code ('lossy') and are settled by comparison.
 */
function rank(c: number): number {
  if (c < 32) return 1; // lossy
  if (c <= 64) return 2 + (c - 32); // space .. '@', digits included: 2..34
  if (c < 97) return 35; // upper case (folded away before) and '[' .. '`': lossy
  if (c < 123) return 36 + (c - 97); // a..z: 36..61
  return c < 128 ? 62 : 63; // lossy
}
const isLossy = (r: number) => r === 1 || r === 35 || r >= 62;

interface Scratch {
  packed: Float64Array;
  chunk: Float64Array;
  lossy: Uint8Array;
  run: Int32Array;
}

/** Insertion sort of order[start, end) by full string comparison (small or lossy groups). */
function compareSort(keys: readonly string[], order: Int32Array, start: number, end: number) {
  for (let i = start + 1; i < end; i++) {
    const v = order[i];
    const s = keys[v];
    let j = i - 1;
    while (j >= start && (keys[order[j]] > s || (keys[order[j]] === s && order[j] > v))) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = v;
  }
}

function sortRun(keys: readonly string[], order: Int32Array, start: number, end: number, depth: number, level: number, scratch: Scratch[]) {
  const n = end - start;
  if (n < 2) return;
  if (n < 24) return compareSort(keys, order, start, end);
  const total = keys.length;
  const sc = (scratch[level] ??= { packed: new Float64Array(total), chunk: new Float64Array(total), lossy: new Uint8Array(total), run: new Int32Array(total) });
  const positionBits = Math.ceil(Math.log2(n + 1));
  const chars = Math.floor((53 - positionBits) / 6);
  const scale = 2 ** positionBits;
  let allEnded = true;
  let anyLossyInRun = false;
  for (let k = 0; k < n; k++) {
    const s = keys[order[start + k]];
    let key = 0;
    let lossy = false;
    for (let j = depth; j < depth + chars; j++) {
      // After a lossy character the rest of the chunk says nothing reliable: it is left 0.
      const r = j < s.length && !lossy ? rank(s.charCodeAt(j)) : 0;
      if (isLossy(r)) lossy = true;
      key = key * 64 + r;
    }
    if (s.length > depth + chars) allEnded = false;
    anyLossyInRun ||= lossy;
    sc.lossy[k] = lossy ? 1 : 0;
    sc.chunk[k] = key;
    sc.packed[k] = key * scale + k; // k keeps the incoming (stable) order among equal chunks
  }
  const packed = sc.packed.subarray(0, n).sort();
  sc.run.set(order.subarray(start, end));
  // Reorder in place: order, chunk and lossy follow the sorted packed keys (chunk/lossy via packed).
  for (let k = 0; k < n; k++) order[start + k] = sc.run[packed[k] % scale];
  for (let a = 0; a < n;) {
    const chunk = Math.floor(packed[a] / scale);
    let b = a + 1;
    let groupLossy = anyLossyInRun && sc.lossy[packed[a] % scale] === 1;
    while (b < n && Math.floor(packed[b] / scale) === chunk) {
      if (anyLossyInRun && sc.lossy[packed[b] % scale] === 1) groupLossy = true;
      b++;
    }
    // Equal codes with a lossy character may still differ: compare those strings in full.
    if (b - a > 1 && groupLossy) compareGroup(keys, order, start + a, start + b);
    // When every string ended inside this chunk, equal chunks are equal strings, already stable.
    else if (b - a > 1 && !allEnded) sortRun(keys, order, start + a, start + b, depth + chars, level + 1, scratch);
    a = b;
  }
}

function compareGroup(keys: readonly string[], order: Int32Array, start: number, end: number) {
  if (end - start < 64) return compareSort(keys, order, start, end);
  const sorted = Array.from(order.subarray(start, end)).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b));
  order.set(sorted, start);
}

/** Positions of `keys` in ascending code-unit order of the strings (stable for equal strings). */
export function sortedOrder(keys: readonly string[]): Int32Array {
  const order = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) order[i] = i;
  sortRun(keys, order, 0, keys.length, 0, 0, []);
  return order;
}
