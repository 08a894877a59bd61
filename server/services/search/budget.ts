// Every search has a time budget (SEARCH_TIME_BUDGET_MS): past it the visitor gets a 503 with Retry-After and
// the search stops, rather than holding a search worker (or, for the viewer's page search, the main thread)
// for as long as the words make it run. The work checks its deadline between steps and while it scans the
// vocabulary; a worker thread that does not answer shortly after its deadline is stopped and replaced (pool.ts).
import { HttpError } from '../../errors';

/** The default budget: a search at 100,000 pages answers in well under a second; this is many times that. */
export const DEFAULT_SEARCH_BUDGET_MS = 5000;
/** How long a visitor is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** The 503 a search over its budget answers. */
export class SearchTimeout extends HttpError {
  constructor() {
    super(
      503,
      'This search took longer than the archive allows: narrow it (fewer words, fewer * ? or ~, a shorter date range or some titles) or try again in a moment.',
      { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    );
    this.name = 'SearchTimeout';
  }
}

/** A point in time (epoch milliseconds, the same clock in every thread) after which a search gives up. */
export class Deadline {
  private calls = 0;
  constructor(readonly at: number) {}

  static after(ms: number): Deadline {
    return new Deadline(Date.now() + ms);
  }

  get remaining(): number {
    return this.at - Date.now();
  }

  /** Throws SearchTimeout once the deadline has passed. */
  check(): void {
    if (Date.now() > this.at) throw new SearchTimeout();
  }

  /** check() for a tight loop: reads the clock on one call in 64. */
  tick(): void {
    if ((++this.calls & 63) === 0) this.check();
  }
}
