// Fixed-window counters per key (an address, an address on a page), in this process's memory: enough
// to keep a vandal slow. Several API servers each count their own share, like @fastify/rate-limit's
// default store. Old windows are dropped as they are passed so the map stays small.
export interface RateLimits {
  /** Corrections per address per window. */
  perAddress: number;
  /** Corrections per address on one page per window. */
  perPage: number;
  windowMs: number;
}

export class WindowLimiter {
  private counts = new Map<string, { start: number; n: number }>();

  constructor(private readonly windowMs: number) {}

  /** Counts one hit for key; returns the seconds to wait when the key has used its `max`, else 0. */
  hit(key: string, max: number, now = Date.now()): number {
    if (this.counts.size > 50_000) this.sweep(now);
    const c = this.counts.get(key);
    if (!c || now - c.start >= this.windowMs) {
      this.counts.set(key, { start: now, n: 1 });
      return 0;
    }
    if (c.n >= max) return Math.ceil((c.start + this.windowMs - now) / 1000);
    c.n++;
    return 0;
  }

  private sweep(now: number) {
    for (const [k, c] of this.counts) if (now - c.start >= this.windowMs) this.counts.delete(k);
  }
}
