import type { JobRow, Store } from '../store/types';

type Progress = Record<string, unknown>;
export type JobWork = (job: JobRow, ctx: { onProgress: (p: Progress) => void; signal: AbortSignal }) => Promise<Record<string, unknown>>;

/**
 * Background ingest jobs: one at a time, in order, kept in the database so a restarted server resumes
 * them (ingest itself skips issues already loaded). The admin screen polls a job for its progress.
 */
export class JobQueue {
  private running: { id: number; abort: AbortController } | null = null;
  private stopped = false;
  private kick: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly work: JobWork,
    private readonly log: { info(msg: string): void; error(obj: unknown, msg?: string): void },
  ) {}

  async start() {
    const resumed = await this.store.admin.requeueRunningJobs();
    if (resumed) this.log.info(`Resuming ${resumed} ingest job(s) left running by the last server.`);
    this.poke();
  }

  /** Wakes the queue; safe to call any time. */
  poke() {
    this.kick = this.kick.then(() => this.drain()).catch((err) => this.log.error({ err }, 'job queue failed'));
  }

  isRunning(id: number) {
    return this.running?.id === id;
  }

  async cancel(id: number): Promise<boolean> {
    const job = await this.store.admin.getJob(id);
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return false;
    if (this.running?.id === id) this.running.abort.abort();
    else await this.store.admin.updateJob(id, { status: 'cancelled', finishedAt: new Date().toISOString() });
    return true;
  }

  async stop() {
    this.stopped = true;
    this.running?.abort.abort();
    await this.kick;
  }

  private async drain() {
    while (!this.stopped && !this.running) {
      const job = await this.store.admin.nextQueuedJob();
      if (!job) return;
      const abort = new AbortController();
      this.running = { id: job.id, abort };
      await this.store.admin.updateJob(job.id, { status: 'running', startedAt: new Date().toISOString(), error: null });
      let last = 0;
      let pending: Progress | null = null;
      const flush = async () => {
        if (pending) await this.store.admin.updateJob(job.id, { progress: pending });
        pending = null;
      };
      try {
        const report = await this.work(job, {
          signal: abort.signal,
          onProgress: (p) => {
            pending = p;
            const now = Date.now();
            if (now - last > 300) {
              last = now;
              void flush();
            }
          },
        });
        await flush();
        const cancelled = abort.signal.aborted;
        await this.store.admin.updateJob(job.id, {
          status: cancelled ? (this.stopped ? 'queued' : 'cancelled') : 'done',
          report,
          finishedAt: cancelled && this.stopped ? null : new Date().toISOString(),
        });
      } catch (err) {
        await flush();
        const cancelled = abort.signal.aborted;
        await this.store.admin.updateJob(job.id, {
          status: cancelled ? (this.stopped ? 'queued' : 'cancelled') : 'failed',
          error: cancelled ? null : (err as Error).message,
          finishedAt: new Date().toISOString(),
        });
      } finally {
        this.running = null;
      }
    }
  }
}
