// Where searches run. On a file-backed SQLite archive, in a small pool of worker threads (worker.ts), each
// with its own connection: better-sqlite3 is synchronous, and a search over a frequent phrase can take a
// few hundred milliseconds that the main thread would otherwise spend blocked. A search for the same words
// goes to the same worker, whose memos (matches, scores, counts) then serve paging and narrowing. On
// PostgreSQL (already asynchronous) or an in-memory database (tests), searches run in the main thread.
import { Worker } from 'node:worker_threads';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryError, type SearchQuery, type SearchResponse } from '../../../contract/search/query';
import type { Store } from '../../store';
import type { SqliteStore } from '../../store/sqlite';
import { runSearch } from './service';

export interface SearchRunner {
  run(siteId: number, query: SearchQuery): Promise<SearchResponse>;
  close(): Promise<void>;
  readonly threads: number;
}

const here = dirname(fileURLToPath(import.meta.url));

export function createSearchRunner(store: Store, threads: number): SearchRunner {
  const file = store.kind === 'sqlite' ? (store as SqliteStore).db.name : ':memory:';
  if (threads < 1 || file === ':memory:' || file === '') {
    return { threads: 0, run: (siteId, query) => runSearch(store, siteId, query), close: async () => {} };
  }
  return workerPool(dirname(file), threads);
}

type Pending = { resolve: (a: SearchResponse) => void; reject: (e: Error) => void };

function workerPool(dataDir: string, size: number): SearchRunner {
  let nextId = 1;
  let closed = false;
  const slots: { worker: Worker; pending: Map<number, Pending> }[] = [];

  const start = (i: number) => {
    const worker = new Worker(join(here, 'worker-boot.mjs'), { workerData: { entry: join(here, 'worker.ts'), dataDir } });
    const slot = { worker, pending: new Map<number, Pending>() };
    slots[i] = slot;
    worker.on('message', (m: { id?: number; answer?: SearchResponse; error?: { name: string; message: string; stack?: string } }) => {
      if (m.id == null) return;
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      if (m.answer) p.resolve(m.answer);
      else if (m.error?.name === 'QueryError')
        p.reject(new QueryError(m.error.message)); // the client's mistake: a 400
      else p.reject(Object.assign(new Error(m.error?.message ?? 'search failed'), { stack: m.error?.stack }));
    });
    const fail = (e: Error) => {
      for (const p of slot.pending.values()) p.reject(e);
      slot.pending.clear();
      if (!closed && slots[i] === slot) start(i); // a crashed worker is replaced
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!closed) fail(new Error(`search worker stopped (exit code ${code})`));
    });
  };
  for (let i = 0; i < size; i++) start(i);

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
    run(siteId, query) {
      if (closed) return Promise.reject(new Error('the search pool is closed'));
      const slot = slotFor(query);
      const id = nextId++;
      return new Promise<SearchResponse>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        slot.worker.postMessage({ id, siteId, query });
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
