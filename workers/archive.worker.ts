/// <reference lib="webworker" />
// Worker entry: only exposes the plain API (tests import archive-api.ts, never this file).
import { expose } from 'comlink';
import { createArchiveApi, type ArchiveApi } from './archive-api';

// How many times each method ran here, on the worker's global scope: the browser tests read it (Playwright
// evaluates in the worker) to show that the app's work really ran off the main thread. Nothing else reads it.
const calls: Record<string, number> = {};
(self as unknown as { archiveWorkerCalls: Record<string, number> }).archiveWorkerCalls = calls;

const api = createArchiveApi();
const counted = Object.fromEntries(
  Object.entries(api).map(([name, method]) => [
    name,
    (...args: unknown[]) => {
      calls[name] = (calls[name] ?? 0) + 1;
      return (method as (...a: unknown[]) => unknown)(...args);
    },
  ]),
) as ArchiveApi;

expose(counted);
