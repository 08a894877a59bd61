// The one way the app talks to the archive worker (workers/archive.worker.ts). The worker starts lazily on
// the first call; each call can be cancelled with an AbortSignal (the caller's promise rejects with an
// AbortError at once and its answer is dropped); when a worker cannot start (no Worker, blocked script,
// crash) the same API runs on the main thread, so callers never need to know.
import { wrap, type Remote } from 'comlink';
import type { ArchiveApi } from '../../../workers/archive-api';
import type { TitleLike } from '../../../workers/title-filter';

type Method = keyof ArchiveApi;
type Args<M extends Method> = Parameters<ArchiveApi[M]>;
type Result<M extends Method> = Awaited<ReturnType<ArchiveApi[M]>>;

interface Backend {
  kind: 'worker' | 'main-thread';
  run<M extends Method>(method: M, args: Args<M>): Promise<Result<M>>;
}

let backend: Promise<Backend> | null = null;
let fallback: Promise<Backend> | null = null;

function mainThread(): Promise<Backend> {
  if (!fallback) {
    fallback = import('../../../workers/archive-api').then(({ createArchiveApi }): Backend => {
      const api = createArchiveApi();
      return {
        kind: 'main-thread',
        run: <M extends Method>(method: M, args: Args<M>): Promise<Result<M>> =>
          Promise.resolve((api[method] as unknown as (...a: Args<M>) => Result<M>)(...args)),
      };
    });
  }
  return fallback;
}

function startWorker(): Promise<Backend> {
  if (typeof Worker === 'undefined') return mainThread();
  let worker: Worker;
  try {
    worker = new Worker(new URL('../../../workers/archive.worker.ts', import.meta.url), { type: 'module', name: 'archive' });
  } catch {
    return mainThread();
  }
  const remote: Remote<ArchiveApi> = wrap<ArchiveApi>(worker);
  // A worker whose script fails to load or crashes fires 'error': every call in flight, and every later
  // call, moves to the main thread.
  let failed: (() => void) | null = null;
  const broken = new Promise<void>((resolve) => (failed = resolve));
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    console.warn('[archive worker] could not run; using the main thread instead.', event.message);
    worker.terminate();
    backend = mainThread();
    failed?.();
  });
  return Promise.resolve({
    kind: 'worker',
    async run<M extends Method>(method: M, args: Args<M>): Promise<Result<M>> {
      const call = (remote[method] as unknown as (...a: Args<M>) => Promise<Result<M>>)(...args);
      const moved = broken.then(async () => (await mainThread()).run(method, args));
      return Promise.race([call, moved]);
    },
  });
}

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/** Calls `method` of the archive API off the main thread (or on it, as a fallback). */
export async function callArchiveWorker<M extends Method>(method: M, args: Args<M>, options: { signal?: AbortSignal } = {}): Promise<Result<M>> {
  const { signal } = options;
  if (signal?.aborted) throw abortError();
  backend ??= startWorker();
  const work = backend.then((b) => b.run(method, args));
  if (!signal) return work;
  return new Promise<Result<M>>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Where calls run now ('worker' or 'main-thread'); starts nothing. */
export async function archiveWorkerKind(): Promise<Backend['kind'] | 'not-started'> {
  return backend ? (await backend).kind : 'not-started';
}

const indexed = new Map<string, TitleLike[]>();

/**
 * Filters a title list by a typed query: the list is sent to the worker once per (key, list), then each
 * keystroke sends only the query. Returns positions into `titles`.
 */
export async function filterTitlesOffThread(key: string, titles: TitleLike[], query: string, options: { signal?: AbortSignal } = {}): Promise<Int32Array> {
  if (indexed.get(key) !== titles || !(await callArchiveWorker('hasIndex', [key], options))) {
    await callArchiveWorker('indexTitles', [key, titles.map((t) => ({ title: t.title }))], options);
    indexed.set(key, titles);
  }
  return callArchiveWorker('filterTitles', [key, query], options);
}

/** Test hook: forget the running backend (the next call starts again). */
export function resetArchiveWorkerForTests() {
  backend = null;
  fallback = null;
  indexed.clear();
}
