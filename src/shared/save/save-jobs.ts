// Saves in progress, kept outside React so that moving between pages of the viewer (or to another screen)
// does not stop them. One job per saved thing ('issue:{uid}', 'search:{key}'); screens subscribe to theirs.
// A job stopped by a lost connection resumes on 'online' (after the pages already done); one stopped while the
// browser still says it is online (a connection that flaps, a request lost as the network came back, a server
// restarting) is tried again a few times after short waits.
import { isQuotaError } from '../../../device-db/pinned-write';
import { runSave, type SaveOutcome, type SaveProgress, type SaveTarget } from './save-run';

export type JobStatus = 'saving' | 'saved' | 'cancelled' | 'quota' | 'interrupted';

export interface SaveJob {
  status: JobStatus;
  progress: SaveProgress;
  /** What the network said when it stopped the save (interrupted). */
  message?: string;
}

interface Entry {
  job: SaveJob;
  abort?: AbortController;
  /** Builds the target again from what the device holds (a resume continues after `done`). */
  prepare: () => Promise<SaveTarget>;
  /** Tries made after waits since the save last moved on (RETRY_WAITS_MS). */
  retries: number;
  retryTimer?: ReturnType<typeof setTimeout>;
}

/** The waits before each new try of a save interrupted while online; then it waits for 'online' or the reader. */
export const RETRY_WAITS_MS = [2_000, 5_000, 15_000];

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function subscribeSaveJobs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const saveJob = (id: string): SaveJob | undefined => entries.get(id)?.job;

function set(id: string, job: SaveJob) {
  const entry = entries.get(id);
  if (!entry) return;
  entry.job = job;
  notify();
}

const statusOf = (outcome: SaveOutcome): JobStatus => outcome.status;

/** Starts (or resumes) a save; a save already running for `id` is left alone. Resolves when it stops. */
export async function startSave(id: string, prepare: () => Promise<SaveTarget>): Promise<SaveJob | undefined> {
  const running = entries.get(id);
  if (running?.job.status === 'saving') return running.job;
  if (running?.retryTimer) clearTimeout(running.retryTimer);
  const abort = new AbortController();
  const entry: Entry = {
    job: { status: 'saving', progress: running?.job.progress ?? { pagesDone: 0, pagesTotal: 0, bytes: 0 } },
    abort,
    prepare,
    retries: running?.retries ?? 0,
  };
  entries.set(id, entry);
  notify();
  let progress = entry.job.progress;
  let outcome: SaveOutcome;
  try {
    const target = await prepare();
    outcome = await runSave(target, abort.signal, (p) => {
      if (p.pagesDone > progress.pagesDone) entry.retries = 0;
      progress = p;
      set(id, { status: 'saving', progress });
    });
  } catch (error) {
    // Preparing failed (the page list, the first record): same outcomes as the loop's.
    outcome = isQuotaError(error)
      ? { status: 'quota' }
      : abort.signal.aborted
        ? { status: 'cancelled' }
        : { status: 'interrupted', message: error instanceof Error ? error.message : String(error) };
  }
  entry.abort = undefined;
  set(id, { status: statusOf(outcome), progress, message: outcome.status === 'interrupted' ? outcome.message : undefined });
  if (outcome.status === 'interrupted') retryLater(id);
  return entries.get(id)?.job;
}

function retryLater(id: string) {
  const entry = entries.get(id);
  const wait = entry && RETRY_WAITS_MS[entry.retries];
  if (!entry || wait === undefined || !navigator.onLine) return; // offline: 'online' resumes it
  entry.retries += 1;
  entry.retryTimer = setTimeout(() => {
    if (entries.get(id) === entry && entry.job.status === 'interrupted') void startSave(id, entry.prepare);
  }, wait);
}

/** Stops a save between two requests; what was fetched stays on the device. */
export function cancelSave(id: string): void {
  const entry = entries.get(id);
  entry?.abort?.abort();
  if (entry?.retryTimer) clearTimeout(entry.retryTimer);
}

/** Forgets a finished job's state (e.g. after the saved thing was removed elsewhere). */
export function forgetSaveJob(id: string): void {
  cancelSave(id);
  entries.delete(id);
  notify();
}

// Back online: saves that the network stopped carry on where they were.
if (typeof window !== 'undefined')
  window.addEventListener('online', () => {
    for (const [id, entry] of entries)
      if (entry.job.status === 'interrupted') {
        entry.retries = 0;
        void startSave(id, entry.prepare);
      }
  });
