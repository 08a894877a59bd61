// Fast alphabetical order of many folded strings. A comparator sort of 150k titles costs ~250 ms here,
// mostly because thousands share long prefixes ('the daily ...'). Instead: an MSD radix sort by chunks of
// characters. Each string's next chunk is packed (order-preserving, 6 bits a character) together with its
// position into one exact integer below 2^53, a run is sorted natively as a Float64Array, and runs that
// still share the chunk go on with the following chunk.

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

const byString = (keys: readonly string[]) => (a: number, b: number) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b);

/**
 * Sorts order[start, end) (positions into keys), all sharing their first `depth` characters.
 * Groups whose chunk holds characters the 6-bit code cannot tell apart are compared in full instead.
 */
function sortRun(keys: readonly string[], order: Int32Array, start: number, end: number, depth: number, prefixes: Float64Array) {
  const n = end - start;
  if (n < 2) return;
  if (n < 32) {
    order.set(Array.from(order.subarray(start, end)).sort(byString(keys)), start);
    return;
  }
  const positionBits = Math.ceil(Math.log2(n + 1));
  const chars = Math.floor((53 - positionBits) / 6);
  const scale = 2 ** positionBits;
  const packed = new Float64Array(n);
  const lossy = new Uint8Array(n);
  let allEnded = true;
  for (let k = 0; k < n; k++) {
    const s = keys[order[start + k]];
    let key = 0;
    for (let j = depth; j < depth + chars; j++) {
      // After a lossy character the rest of the chunk says nothing reliable: it is left 0.
      const r = j < s.length && !lossy[k] ? rank(s.charCodeAt(j)) : 0;
      if (isLossy(r)) lossy[k] = 1;
      key = key * 64 + r;
    }
    if (s.length > depth + chars) allEnded = false;
    prefixes[k] = key;
    packed[k] = key * scale + k; // k keeps the incoming (stable) order among equal chunks
  }
  packed.sort();
  const run = order.slice(start, end);
  const chunk = prefixes.slice(0, n);
  const sortedChunk = new Float64Array(n);
  const sortedLossy = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const local = packed[k] % scale;
    order[start + k] = run[local];
    sortedChunk[k] = chunk[local];
    sortedLossy[k] = lossy[local];
  }
  for (let a = 0; a < n; ) {
    let b = a + 1;
    let anyLossy = sortedLossy[a];
    while (b < n && sortedChunk[b] === sortedChunk[a]) anyLossy |= sortedLossy[b++];
    // Equal codes with a lossy character may still differ: compare those few strings in full.
    if (b - a > 1 && anyLossy) order.set(Array.from(order.subarray(start + a, start + b)).sort(byString(keys)), start + a);
    // Every string ended inside this chunk: equal chunks are equal strings, already in stable order.
    else if (b - a > 1 && !allEnded) sortRun(keys, order, start + a, start + b, depth + chars, prefixes);
    a = b;
  }
}

/** Positions of `keys` in ascending code-unit order of the strings (stable for equal strings). */
export function sortedOrder(keys: readonly string[]): Int32Array {
  const order = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) order[i] = i;
  sortRun(keys, order, 0, keys.length, 0, new Float64Array(keys.length));
  return order;
}
