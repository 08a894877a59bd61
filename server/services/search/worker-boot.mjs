// Entry of a search worker thread: the server runs TypeScript through tsx, whose loader worker threads do
// not inherit, so the worker imports its TypeScript entry through tsx's API.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
