// Builds bulk-data dumps in the background, never per request: a second after start and then every interval,
// the batches loaded completely since their last dump (or never dumped) get one, one batch at a time. An
// ingest (CLI or admin job) marks its batch complete when it ends, so its dump follows within an interval.
import type { Store } from '../../store/types';
import { buildBatchDump } from './build';

export interface DumpUpkeep {
  /** Checks now (and waits for the builds it starts); the timer calls this too. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startDumpUpkeep(store: Store, dataDir: string, opts: { intervalMs?: number; log?: (line: string) => void; timer?: boolean } = {}): DumpUpkeep {
  const log = opts.log ?? ((line) => console.log(line));
  const abort = new AbortController();
  let running: Promise<number> | null = null;
  const failed = new Map<number, string>(); // batch id → the finished_at whose build failed (not retried until it changes)

  // Another server building (PostgreSQL) leaves the work to it: this one looks again at the next interval.
  const check = async (): Promise<number> => (await store.dumps.whileBuilding(buildMissing)) ?? 0;
  const buildMissing = async (): Promise<number> => {
    let built = 0;
    for (const batch of await store.dumps.batchesToDump()) {
      if (abort.signal.aborted) break;
      if (failed.get(batch.id) === batch.finishedAt) continue;
      try {
        const started = performance.now();
        const r = await buildBatchDump(store, dataDir, batch, abort.signal);
        built++;
        const bytes = r.files.reduce((n, f) => n + f.bytes, 0);
        log(`Bulk data: dump of batch ${batch.name} built (${r.pages} pages, ${bytes} bytes) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      } catch (e) {
        if (abort.signal.aborted) break;
        failed.set(batch.id, batch.finishedAt);
        log(`Bulk data: the dump of batch ${batch.name} could not be built: ${(e as Error).message}`);
      }
    }
    return built;
  };
  const runOnce = () => {
    if (!running) {
      running = check()
        .catch((e: Error) => {
          if (!abort.signal.aborted) log(`Bulk data: cannot look for batches to dump: ${e.message}`);
          return 0;
        })
        .finally(() => {
          running = null;
        });
    }
    return running;
  };
  const timers: NodeJS.Timeout[] = [];
  if (opts.timer !== false) {
    const interval = setInterval(() => void runOnce(), opts.intervalMs ?? 30_000);
    interval.unref();
    const soon = setTimeout(() => void runOnce(), 1_000);
    soon.unref();
    timers.push(interval, soon);
  }
  return {
    runOnce,
    async stop() {
      for (const t of timers) clearTimeout(t);
      abort.abort();
      await running;
    },
  };
}
