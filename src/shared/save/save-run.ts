// The save loop shared by "Save issue for offline" and "Save these results for offline": page after page,
// each page wholly on the device (data, tiles, PDF if asked) before it counts as done; progress after each.
// Cancel stops between requests and keeps what was fetched; a lost connection stops the same way and the
// caller resumes after the pages already done; a full quota stops with the pages saved so far.
import { isQuotaError } from '../../../device-db/pinned-write';

export interface SaveProgress {
  pagesDone: number;
  pagesTotal: number;
  bytes: number;
}

export type SaveOutcome =
  | { status: 'saved' }
  | { status: 'cancelled' }
  | { status: 'quota' }
  /** The network (or the server) failed: resume later, on 'online' or when asked. */
  | { status: 'interrupted'; message: string };

export interface SaveTarget {
  /** Every page to save, in order, and those already on the device. */
  pages: string[];
  done: string[];
  /** Bytes already saved (a resumed save counts on from here). */
  bytes: number;
  /** Saves one page wholly; resolves with the bytes it kept. Throws SaveQuotaError when the device is full. */
  savePage(uid: string, signal: AbortSignal): Promise<number>;
  /** Records that a page is wholly on the device (after its data, tiles and PDF). */
  markDone(uid: string, bytes: number): Promise<void>;
  /** Every page is done: the saved thing may now be shown as saved. */
  finish(): Promise<void>;
}

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

export async function runSave(target: SaveTarget, signal: AbortSignal, onProgress: (p: SaveProgress) => void = () => undefined): Promise<SaveOutcome> {
  const done = new Set(target.done);
  let bytes = target.bytes;
  const report = () => onProgress({ pagesDone: target.pages.filter((p) => done.has(p)).length, pagesTotal: target.pages.length, bytes });
  report();
  try {
    for (const uid of target.pages) {
      if (done.has(uid)) continue;
      if (signal.aborted) return { status: 'cancelled' };
      const pageBytes = await target.savePage(uid, signal);
      if (signal.aborted) return { status: 'cancelled' };
      await target.markDone(uid, pageBytes);
      done.add(uid);
      bytes += pageBytes;
      report();
    }
    await target.finish();
    return { status: 'saved' };
  } catch (error) {
    if (signal.aborted || isAbort(error)) return { status: 'cancelled' };
    if (isQuotaError(error)) return { status: 'quota' };
    console.warn('[save] stopped', error);
    return { status: 'interrupted', message: error instanceof Error ? error.message : String(error) };
  }
}
