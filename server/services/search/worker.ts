// A search worker thread: its own connection to the SQLite archive, answering runSearch requests from the
// server's main thread (pool.ts), so a search that scores many pages never holds the event loop that
// serves pages, tiles and the Home API.
import { parentPort, workerData } from 'node:worker_threads';
import { createSqliteStore } from '../../store/sqlite';
import { runSearch } from './service';
import { Deadline } from './budget';
import type { SearchQuery } from '../../../contract/search/query';

export interface SearchRequest {
  id: number;
  siteId: number;
  query: SearchQuery;
  /** When the search must have answered (epoch ms): it gives up past it (a SearchTimeout). */
  deadline: number;
}

const store = createSqliteStore(workerData.dataDir as string);
parentPort!.on('message', async ({ id, siteId, query, deadline }: SearchRequest) => {
  try {
    parentPort!.postMessage({ id, answer: await runSearch(store, siteId, query, { deadline: new Deadline(deadline) }) });
  } catch (e) {
    const err = e as Error;
    parentPort!.postMessage({ id, error: { name: err.name, message: err.message, stack: err.stack } });
  }
});
parentPort!.postMessage({ ready: true });
