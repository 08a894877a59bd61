// Corrections are written one after another at a bounded rate (CORRECTIONS_PER_SECOND, default 50 per API
// server): a burst of volunteers, or a script, then waits its turn instead of taking the CPU that readers'
// searches need (bench/corrections.ts: flat out, 575 writes/s doubled search p95 on 2 cores; at a bounded
// rate search p95 stays as it was). 50 a second is 180,000 lines an hour per server, a ceiling for bursts
// and scripts rather than for volunteers typing line by line. A request that would wait longer
// than maxWaitMs is answered 503 at once (the visitor's device keeps it in the outbox and sends it again).
import { HttpError } from '../../errors';

export const DEFAULT_CORRECTIONS_PER_SECOND = 50;

export class WritePacer {
  private next = 0;

  constructor(
    /** Writes per second at most; 0 = no pacing. */
    private readonly perSecond: number,
    private readonly maxWaitMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves when this write may run; throws a 503 when the queue is longer than maxWaitMs. */
  async turn(): Promise<void> {
    if (this.perSecond <= 0) return;
    const now = this.now();
    const slot = Math.max(now, this.next);
    const wait = slot - now;
    if (wait > this.maxWaitMs) {
      throw new HttpError(503, 'The archive is receiving many corrections just now: yours is kept and will be sent again in a moment.');
    }
    this.next = slot + 1000 / this.perSecond;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
