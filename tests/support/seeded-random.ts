/** A repeatable random sequence in [0, 1) (a linear congruential generator): a failing random case can be replayed. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}
