// @vitest-environment happy-dom
// A save stopped by the network: offline it waits for 'online'; stopped while the browser still says online (a
// request lost as the connection came back, a flapping connection) it is tried again after short waits, a few
// times, then it waits for the connection or the reader. Pages already done are never fetched again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_WAITS_MS, forgetSaveJob, saveJob, startSave } from '../../src/shared/save/save-jobs';
import type { SaveTarget } from '../../src/shared/save/save-run';

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.useFakeTimers();
});
afterEach(() => {
  forgetSaveJob('issue:x');
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Three pages; the network fails the next `failures` page fetches. */
function issue(failures: number) {
  const done: string[] = [];
  const fetched: string[] = [];
  let finished = false;
  const prepare = async (): Promise<SaveTarget> => ({
    pages: ['p1', 'p2', 'p3'],
    done: [...done],
    bytes: 0,
    savePage: async (uid) => {
      fetched.push(uid);
      if (failures > 0) {
        failures -= 1;
        throw new TypeError('Failed to fetch');
      }
      return 10;
    },
    markDone: async (uid) => void done.push(uid),
    finish: async () => void (finished = true),
  });
  return { prepare, fetched, isFinished: () => finished };
}

describe('save jobs', () => {
  it('interrupted while online, tries again after a short wait and finishes', async () => {
    const s = issue(1);
    await startSave('issue:x', s.prepare);
    expect(saveJob('issue:x')?.status).toBe('interrupted');
    await vi.advanceTimersByTimeAsync(RETRY_WAITS_MS[0] - 1);
    expect(saveJob('issue:x')?.status).toBe('interrupted');
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(saveJob('issue:x')?.status).toBe('saved'));
    expect(s.isFinished()).toBe(true);
    expect(s.fetched).toEqual(['p1', 'p1', 'p2', 'p3']);
  });

  it('gives up timed tries after the last wait; the connection coming back resumes it', async () => {
    const s = issue(1 + RETRY_WAITS_MS.length);
    await startSave('issue:x', s.prepare);
    for (const wait of RETRY_WAITS_MS) await vi.advanceTimersByTimeAsync(wait);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saveJob('issue:x')?.status).toBe('interrupted');
    expect(s.fetched).toHaveLength(1 + RETRY_WAITS_MS.length);

    online = false;
    window.dispatchEvent(new Event('offline'));
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(saveJob('issue:x')?.status).toBe('saved'));
  });

  it('offline, no timed tries: it waits for the connection', async () => {
    const s = issue(1);
    online = false;
    await startSave('issue:x', s.prepare);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saveJob('issue:x')?.status).toBe('interrupted');
    expect(s.fetched).toEqual(['p1']);
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(saveJob('issue:x')?.status).toBe('saved'));
  });
});
