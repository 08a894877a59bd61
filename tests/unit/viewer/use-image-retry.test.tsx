// @vitest-environment happy-dom
// The page image's retries: a failed open is remembered until the connection comes back (offline, no timed
// tries), a few timed tries while online then it waits for the reader, and another page starts afresh.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useImageRetry } from '../../../src/viewer/page/use-image-retry';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

describe('useImageRetry', () => {
  it('offline, waits for the connection: no timed tries, then one new attempt when it comes back', () => {
    vi.useFakeTimers();
    setOnline(false);
    const { result } = renderHook(() => useImageRetry('p1'));
    act(() => result.current.onFailed());
    expect(result.current).toMatchObject({ failed: true, attempt: 0 });
    act(() => void vi.advanceTimersByTime(60_000));
    expect(result.current).toMatchObject({ failed: true, attempt: 0 });
    act(() => setOnline(true));
    expect(result.current).toMatchObject({ failed: false, attempt: 1 });
  });

  it('online, tries again by itself three times, then leaves it to the reader', () => {
    vi.useFakeTimers();
    setOnline(true);
    const { result } = renderHook(() => useImageRetry('p1'));
    for (const wait of [2_000, 5_000, 15_000]) {
      act(() => result.current.onFailed());
      act(() => void vi.advanceTimersByTime(wait - 1));
      expect(result.current.failed).toBe(true);
      act(() => void vi.advanceTimersByTime(1));
      expect(result.current.failed).toBe(false);
    }
    expect(result.current.attempt).toBe(3);
    act(() => result.current.onFailed());
    act(() => void vi.advanceTimersByTime(120_000));
    expect(result.current).toMatchObject({ failed: true, attempt: 3 });
    act(() => result.current.retry());
    expect(result.current).toMatchObject({ failed: false, attempt: 4 });
  });

  it('another page starts with no failure remembered', () => {
    setOnline(false);
    const { result, rerender } = renderHook(({ uid }) => useImageRetry(uid), { initialProps: { uid: 'p1' } });
    act(() => result.current.onFailed());
    expect(result.current.failed).toBe(true);
    rerender({ uid: 'p2' });
    expect(result.current).toMatchObject({ failed: false, attempt: 0 });
  });
});
