// Sign-in throttling (issue #14.3). The old rule locked an account for everyone after five failures from
// anywhere, so anyone could lock out any admin. Now failures are counted per (account, address) with
// delays that grow, plus a cap per address over all accounts; a correct password from another address is
// never held up by someone else's failures.

export interface ThrottleRules {
  /** Failures per (account, address) answered without any delay. */
  freeFailures: number;
  /** The first delay; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures per address over every account within addressWindowMs before that address must wait. */
  addressFailures: number;
  addressWindowMs: number;
  /** Entries idle this long are forgotten; at most maxEntries are kept (oldest dropped first). */
  forgetAfterMs: number;
  maxEntries: number;
}

export const DEFAULT_THROTTLE: ThrottleRules = {
  freeFailures: 3,
  baseDelayMs: 2_000,
  maxDelayMs: 15 * 60_000,
  addressFailures: 20,
  addressWindowMs: 15 * 60_000,
  forgetAfterMs: 24 * 3600_000,
  maxEntries: 50_000,
};

export type ThrottleScope = 'account-address' | 'address';

export type ThrottleVerdict = { allowed: true } | { allowed: false; scope: ThrottleScope; retryAfterSeconds: number };

/** What a failure started: no wait, or a wait of `seconds` (to be written to the audit log). */
export interface FailureOutcome {
  scope: ThrottleScope | null;
  seconds: number;
  failures: number;
}

interface Entry {
  failures: number;
  /** Until when attempts are refused (epoch ms). */
  until: number;
  /** Start of the counting window (address entries) or time of the last failure (pair entries). */
  since: number;
}

/**
 * In memory, per server process: a restart forgets the counts (the per-address request rate limit and
 * scrypt's cost still bound guessing). Keys never hold passwords.
 */
export class SignInThrottle {
  private readonly pairs = new Map<string, Entry>();
  private readonly addresses = new Map<string, Entry>();

  constructor(
    readonly rules: ThrottleRules = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  private static pairKey = (username: string, ip: string) => `${username.trim().toLowerCase()}\u0000${ip}`;

  /** Whether this address may try this account now. Checked before the password is hashed. */
  check(username: string, ip: string): ThrottleVerdict {
    const t = this.now();
    const addr = this.addresses.get(ip);
    if (addr && addr.until > t) return { allowed: false, scope: 'address', retryAfterSeconds: Math.ceil((addr.until - t) / 1000) };
    const pair = this.pairs.get(SignInThrottle.pairKey(username, ip));
    if (pair && pair.until > t) return { allowed: false, scope: 'account-address', retryAfterSeconds: Math.ceil((pair.until - t) / 1000) };
    return { allowed: true };
  }

  /** Counts a wrong password (or unknown name: both are counted alike, so names cannot be probed). */
  failed(username: string, ip: string): FailureOutcome {
    const t = this.now();
    this.sweep(t);
    const r = this.rules;
    const key = SignInThrottle.pairKey(username, ip);
    const pair = this.touch(this.pairs, key, this.pairs.get(key) ?? { failures: 0, until: 0, since: t });
    pair.failures++;
    pair.since = t;
    let outcome: FailureOutcome = { scope: null, seconds: 0, failures: pair.failures };
    if (pair.failures >= r.freeFailures) {
      const delay = Math.min(r.maxDelayMs, r.baseDelayMs * 2 ** (pair.failures - r.freeFailures));
      pair.until = t + delay;
      outcome = { scope: 'account-address', seconds: Math.ceil(delay / 1000), failures: pair.failures };
    }
    let addr = this.addresses.get(ip);
    if (!addr || t - addr.since > r.addressWindowMs) addr = { failures: 0, until: 0, since: t };
    addr = this.touch(this.addresses, ip, addr);
    addr.failures++;
    if (addr.failures >= r.addressFailures && addr.until <= t) {
      addr.until = addr.since + r.addressWindowMs;
      outcome = { scope: 'address', seconds: Math.ceil((addr.until - t) / 1000), failures: addr.failures };
    }
    return outcome;
  }

  /** A correct password clears this pair's count (the address count keeps running for its window). */
  succeeded(username: string, ip: string) {
    this.pairs.delete(SignInThrottle.pairKey(username, ip));
  }

  /** Re-inserts the entry so Map order is least-recently-used first, and caps the size. */
  private touch(map: Map<string, Entry>, key: string, entry: Entry): Entry {
    map.delete(key);
    map.set(key, entry);
    while (map.size > this.rules.maxEntries) map.delete(map.keys().next().value!);
    return entry;
  }

  private sweep(t: number) {
    for (const map of [this.pairs, this.addresses]) {
      for (const [k, e] of map) {
        if (t - e.since <= this.rules.forgetAfterMs || e.until > t) break; // oldest first: stop at the first live one
        map.delete(k);
      }
    }
  }
}
