import { basename, resolve } from 'node:path';
import type { JobRow, Store } from '../store/types';

/** Runs one queued job through the same code path as `npm run ingest`. */
export async function runIngestJob(
  store: Store,
  dataDir: string,
  job: JobRow,
  ctx: { onProgress: (p: Record<string, unknown>) => void; signal: AbortSignal },
): Promise<Record<string, unknown>> {
  const ingest = await import('../ingest');
  if (job.kind === 'purge') {
    const res = await ingest.purgeBatch(store, dataDir, job.sourcePath);
    return { purged: job.sourcePath, ...(res ?? {}) };
  }
  if (job.kind === 'audio') {
    return (await ingest.ingestAudio(store, dataDir, resolve(job.sourcePath))) as unknown as Record<string, unknown>;
  }
  const started = Date.now();
  const report = await ingest.ingestBatch(store, dataDir, resolve(job.sourcePath), {
    marcDir: job.marcPath ? resolve(job.marcPath) : undefined,
    signal: ctx.signal,
    onProgress: (p) => {
      const seconds = (Date.now() - started) / 1000;
      ctx.onProgress({ batch: basename(job.sourcePath), ...p, elapsedSeconds: Math.round(seconds), pagesPerSecond: seconds > 0 ? p.pagesDone / seconds : 0 });
    },
  });
  return report as unknown as Record<string, unknown>;
}
