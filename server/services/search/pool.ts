// Where searches run. On a file-backed SQLite archive, in a small pool of worker threads (worker.ts), each
// with its own connection: better-sqlite3 is synchronous, and a search over a frequent phrase can take a
// few hundred milliseconds that the main thread would otherwise spend blocked. A search for the same words
// goes to the same worker, whose memos (matches, scores, counts) then serve paging and narrowing. On
// PostgreSQL (already asynchronous) or an in-memory database (tests), searches run in the main thread.
// Every search has a time budget (budget.ts): past it the caller gets a SearchTimeout (503) at once, and a
// worker still busy with it a moment later is stopped and replaced, its other searches sent to the new one.
import { Worker } from 'node:worker_threads';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryError, type SearchQuery, type SearchResponse } from '../../../contract/search/query';
import type { Store } from '../../store';
import type { SqliteStore } from '../../store/sqlite';
import { runSearch } from './service';
import { DEFAULT_SEARCH_BUDGET_MS, Deadline, SearchTimeout } from './budget';

export interface RunnerOptions {
  /** When the search must have answered (default: the runner's budget from now). IIIF content search gives
   *  one deadline to the several searches of one request. */
  deadline?: Deadline;
}

export interface SearchRunner {
  run(siteId: number, query: SearchQuery, opts?: RunnerOptions): Promise<SearchResponse>;
  close(): Promise<void>;
  readonly threads: number;
  /** Each search's time budget in milliseconds. */
  readonly budgetMs: number;
}

const here = dirname(fileURLToPath(import.meta.url));

/** How long a worker may go on past a search's deadline before it is stopped: its own checks end a search
 *  between steps; only one statement that runs on (better-sqlite3 cannot interrupt one) outlasts this. */
const STOP_AFTER_MS = 1000;

export function createSearchRunner(store: Store, threads: number, budgetMs = DEFAULT_SEARCH_BUDGET_MS): SearchRunner {
  const file = store.kind === 'sqlite' ? (store as SqliteStore).db.name : ':memory:';
  if (threads < 1 || file === ':memory:' || file === '') {
    return {
      threads: 0,
      budgetMs,
      run: (siteId, query, opts = {}) => withinBudget(opts.deadline ?? Deadline.after(budgetMs), (deadline) => runSearch(store, siteId, query, { deadline })),
      close: async () => {},
    };
  }
  return workerPool(dirname(file), threads, budgetMs);
}

/** The search's answer, or a SearchTimeout at its deadline when it runs on asynchronously (PostgreSQL). */
function withinBudget<T>(deadline: Deadline, work: (deadline: Deadline) => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SearchTimeout()), Math.max(0, deadline.remaining));
  });
  const answer = work(deadline);
  answer.catch(() => undefined); // reported by the race below
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

interface Pending {
  resolve: (a: SearchResponse) => void;
  reject: (e: Error) => void;
  id: number;
  siteId: number;
  query: SearchQuery;
  /** Set when the search is sent to a worker that is ready (the caller's own, or the budget from then). */
  deadline?: Deadline;
  timer?: NodeJS.Timeout;
  /** Already answered with a SearchTimeout: the worker is still at it. */
  late?: boolean;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  /** The worker has opened the archive: searches sent before wait (a worker's start is no search's time). */
  ready?: boolean;
  /** Set when the pool stops this worker itself (a search past its deadline): its searches move on. */
  stopping?: boolean;
}

/** The pool itself; `entry` is the worker's module (tests give a stand-in that can be made to hang). */
export function workerPool(dataDir: string, size: number, budgetMs: number, entry = join(here, 'worker.ts')): SearchRunner {
  let nextId = 1;
  let closed = false;
  const slots: Slot[] = [];

  const dispatch = (slot: Slot, p: Pending) => {
    p.deadline ??= Deadline.after(budgetMs);
    p.timer = setTimeout(() => overdue(p.id), Math.max(0, p.deadline.remaining));
    slot.worker.postMessage({ id: p.id, siteId: p.siteId, query: p.query, deadline: p.deadline.at });
  };
  const send = (slot: Slot, p: Pending) => {
    slot.pending.set(p.id, p);
    if (slot.ready) dispatch(slot, p);
  };

  const start = (i: number, carried: Pending[] = []) => {
    const worker = new Worker(join(here, 'worker-boot.mjs'), { workerData: { entry, dataDir } });
    const slot: Slot = { worker, pending: new Map() };
    slots[i] = slot;
    for (const p of carried) send(slot, p);
    worker.on('message', (m: { id?: number; ready?: boolean; answer?: SearchResponse; error?: { name: string; message: string; stack?: string } }) => {
      if (m.ready) {
        slot.ready = true;
        for (const p of slot.pending.values()) dispatch(slot, p);
        return;
      }
      if (m.id == null) return;
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      clearTimeout(p.timer);
      if (p.late) return; // answered already
      if (m.answer) p.resolve(m.answer);
      else if (m.error?.name === 'QueryError')
        p.reject(new QueryError(m.error.message)); // the client's mistake: a 400
      else if (m.error?.name === 'SearchTimeout') p.reject(new SearchTimeout());
      else p.reject(Object.assign(new Error(m.error?.message ?? 'search failed'), { stack: m.error?.stack }));
    });
    const fail = (e: Error) => {
      if (slots[i] !== slot) return;
      const waiting = [...slot.pending.values()].filter((p) => !p.late);
      for (const p of slot.pending.values()) clearTimeout(p.timer);
      slot.pending.clear();
      if (closed) return;
      if (slot.stopping) {
        start(i, waiting); // stopped by the pool: the other searches run again on the new worker
      } else {
        for (const p of waiting) p.reject(e);
        start(i); // a crashed worker is replaced
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!closed) fail(new Error(`search worker stopped (exit code ${code})`));
    });
  };
  for (let i = 0; i < size; i++) start(i);

  /** The deadline passed: answer 503 now; stop the worker if it is still at this search a moment later. */
  const overdue = (id: number) => {
    const slot = slots.find((s) => s.pending.has(id));
    const p = slot?.pending.get(id);
    if (!slot || !p || p.late) return;
    p.late = true;
    p.reject(new SearchTimeout());
    p.timer = setTimeout(() => {
      if (closed || !slot.pending.has(id) || slot.stopping) return;
      slot.stopping = true;
      void slot.worker.terminate();
    }, STOP_AFTER_MS);
  };

  /**
   * The same words (and place, date, titles) go to the same worker; pages and sort orders do not matter.
   * But not behind a queue longer than another worker's by more than one: after a deploy or an ingest the
   * result cache is empty and many new searches arrive at once, and a search waiting in the longer queue
   * is worse than one that misses the other worker's memos.
   */
  const slotFor = (query: SearchQuery) => {
    const key = JSON.stringify([query.rows, query.mode, query.start, query.end]);
    let h = 0;
    for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
    const preferred = slots[Math.abs(h) % slots.length];
    let least = preferred;
    for (const s of slots) if (s.pending.size < least.pending.size) least = s;
    return preferred.pending.size <= least.pending.size + 1 ? preferred : least;
  };

  return {
    threads: size,
    budgetMs,
    run(siteId, query, opts = {}) {
      if (closed) return Promise.reject(new Error('the search pool is closed'));
      const slot = slotFor(query);
      const id = nextId++;
      return new Promise<SearchResponse>((resolve, reject) => send(slot, { resolve, reject, id, siteId, query, deadline: opts.deadline }));
    },
    async close() {
      closed = true;
      for (const s of slots) for (const p of s.pending.values()) clearTimeout(p.timer);
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
