// The worker client under Node: no real Worker here, so this covers the main-thread fallback, a Worker
// that cannot start, one that dies after starting, and cancellation. The worker itself runs in the
// browser tests and the bench.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { archiveWorkerKind, callArchiveWorker, filterTitlesOffThread, resetArchiveWorkerForTests } from '../../../src/shared/lib/worker-client';

afterEach(() => {
  resetArchiveWorkerForTests();
  vi.unstubAllGlobals();
});

const titles = [{ title: 'Omaha Daily Bee' }, { title: 'Evening Star' }, { title: 'Daily Missourian' }];

describe('archive worker client', () => {
  it('starts nothing until the first call, then runs on the main thread when there is no Worker', async () => {
    expect(await archiveWorkerKind()).toBe('not-started');
    expect(await callArchiveWorker('homeLinks', [{ MinDate: 1880, MaxDate: 1890, DecadeList: [{ Decade: 1880, Years: '1887' }] }])).toMatchObject({
      yearLinks: { 1887: '/search?i=f&by=1887&bdd=1880&d=01/01/1887-12/31/1887&bcn=1' },
    });
    expect(await archiveWorkerKind()).toBe('main-thread');
  });

  it('falls back when constructing the Worker throws (e.g. blocked by policy)', async () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new Error('blocked');
        }
      },
    );
    expect([...(await filterTitlesOffThread('s', titles, 'daily'))]).toEqual([0, 2]);
    expect(await archiveWorkerKind()).toBe('main-thread');
  });

  it('moves calls in flight to the main thread when the worker fails to load', async () => {
    class DyingWorker extends EventTarget {
      constructor() {
        super();
        // The script fails to load: 'error' fires and no answer ever comes.
        setTimeout(() => this.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message: 'load failed' })), 5);
      }
      postMessage() {}
      terminate() {}
    }
    vi.stubGlobal('Worker', DyingWorker);
    const url = await callArchiveWorker('applyBrowseUrl', ['titles', [4], [1880], { minYear: 1859, maxYear: 1920 }]);
    expect(url).toEqual({ ok: true, value: '/search?i=f&t=4&bdd=1880&d=01/01/1880-12/31/1889&bcn=1&p=1' });
    expect(await archiveWorkerKind()).toBe('main-thread');
  });

  it('an aborted call rejects with AbortError at once; a signal aborted before the call never runs it', async () => {
    const controller = new AbortController();
    const pending = filterTitlesOffThread('k', titles, 'star', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(callArchiveWorker('yearRange', [1900], { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    // The next call with a live signal works.
    expect([...(await filterTitlesOffThread('k', titles, 'star', { signal: new AbortController().signal }))]).toEqual([1]);
  });

  it('re-sends the list when it changes under the same key', async () => {
    expect([...(await filterTitlesOffThread('site', titles, 'evening'))]).toEqual([1]);
    const other = [{ title: 'Evening Post' }, { title: 'Morning Call' }, { title: 'The Evening Bulletin' }];
    expect([...(await filterTitlesOffThread('site', other, 'evening'))]).toEqual([0, 2]);
  });
});
