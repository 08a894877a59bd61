// Sign-in throttling (issue #14.3, #34). Failures are counted per (account, address) with delays that
// grow, plus a cap per address over all accounts; a correct password from another address is never held up
// by someone else's failures. Every attempt is counted before its password is hashed and taken back when the
// password was right, so a burst of parallel guesses cannot all pass the check while the first ones are
// still hashing. The counts live in the store (SQLite or PostgreSQL): every API server reads and writes the
// same counts, in one atomic step per attempt, and a restart forgets none.
import { createHash } from 'node:crypto';
import type { Store } from '../store';
import type { ThrottleChange, ThrottleEntry } from '../store/types';
import { addressKey } from '../lib/client-address';

export interface ThrottleRules {
  /** Failures per (account, address) answered without any delay. */
  freeFailures: number;
  /** The first delay; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures per address over every account within addressWindowMs before that address must wait. */
  addressFailures: number;
  addressWindowMs: number;
  /** Entries idle this long are forgotten; at most maxEntries are kept (waiting ones first, then the newest). */
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

/** How often one server clears idle entries out of the store. */
const SWEEP_EVERY_MS = 10 * 60_000;

export type ThrottleScope = 'account-address' | 'address';

/** What counting a failure started: no wait, or a wait of `seconds` (to be written to the audit log). */
export interface FailureOutcome {
  scope: ThrottleScope | null;
  seconds: number;
  failures: number;
}

export type AttemptVerdict =
  | { allowed: true; /** The wait this attempt starts if its password turns out wrong. */ outcome: FailureOutcome }
  | { allowed: false; scope: ThrottleScope; retryAfterSeconds: number };

/** The pure rules: one attempt against the address's and the pair's entries at time t. */
export function attemptStep(r: ThrottleRules, t: number, [addr, pair]: (ThrottleEntry | null)[]): ThrottleChange<AttemptVerdict> {
  const refuse = (scope: ThrottleScope, until: number): ThrottleChange<AttemptVerdict> => ({
    entries: [addr, pair],
    result: { allowed: false, scope, retryAfterSeconds: Math.ceil((until - t) / 1000) },
  });
  if (addr && addr.until > t) return refuse('address', addr.until);
  if (pair && pair.until > t) return refuse('account-address', pair.until);

  const known = pair && t - pair.since <= r.forgetAfterMs ? pair : null;
  const p: ThrottleEntry = { failures: (known?.failures ?? 0) + 1, until: 0, since: t };
  let outcome: FailureOutcome = { scope: null, seconds: 0, failures: p.failures };
  if (p.failures >= r.freeFailures) {
    const delay = Math.min(r.maxDelayMs, r.baseDelayMs * 2 ** (p.failures - r.freeFailures));
    p.until = t + delay;
    outcome = { scope: 'account-address', seconds: Math.ceil(delay / 1000), failures: p.failures };
  }
  const a: ThrottleEntry = !addr || t - addr.since > r.addressWindowMs ? { failures: 0, until: 0, since: t } : { ...addr };
  a.failures++;
  if (a.failures >= r.addressFailures) {
    a.until = a.since + r.addressWindowMs;
    outcome = { scope: 'address', seconds: Math.ceil((a.until - t) / 1000), failures: a.failures };
  }
  return { entries: [a, p], result: { allowed: true, outcome } };
}

/** A correct password: the pair's count is cleared, and the attempt is taken back from the address's count. */
export function successStep(r: ThrottleRules, t: number, [addr]: (ThrottleEntry | null)[]): ThrottleChange<void> {
  let a = addr;
  if (a) {
    const failures = Math.max(0, a.failures - 1);
    // A wait that only this attempt's count started is lifted: the attempt was no failure.
    a = { ...a, failures, until: failures < r.addressFailures && a.until > t ? 0 : a.until };
  }
  return { entries: [a, null], result: undefined };
}

export class SignInThrottle {
  private lastSweep = 0;

  constructor(
    private readonly store: Store,
    readonly rules: ThrottleRules = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Store keys: the address's, then the pair's (this order everywhere). The name is hashed: a key never
   *  holds what someone typed, which may be a password typed into the wrong field. */
  private static keys(username: string, ip: string): string[] {
    const address = addressKey(ip);
    const name = createHash('sha256').update(username.trim().toLowerCase()).digest('base64url');
    return [`a:${address}`, `p:${address}:${name}`];
  }

  /**
   * Whether this address may try this account now; if so the attempt is counted as a failure at once,
   * before the password is hashed. Call succeeded() when the password was right.
   */
  async attempt(username: string, ip: string): Promise<AttemptVerdict> {
    const t = this.now();
    await this.sweep(t);
    return this.store.admin.throttleStep(SignInThrottle.keys(username, ip), (entries) => attemptStep(this.rules, t, entries));
  }

  /** A correct password clears this pair's count (the address count keeps its failures for their window). */
  async succeeded(username: string, ip: string): Promise<void> {
    const t = this.now();
    await this.store.admin.throttleStep(SignInThrottle.keys(username, ip), (entries) => successStep(this.rules, t, entries));
  }

  /** Clears idle entries now and then (each server on its own clock; the store keeps the count bounded). */
  async sweep(t = this.now(), force = false): Promise<number> {
    if (!force && t - this.lastSweep < SWEEP_EVERY_MS) return 0;
    this.lastSweep = t;
    return this.store.admin.forgetThrottle(t - this.rules.forgetAfterMs, t, this.rules.maxEntries);
  }
}
