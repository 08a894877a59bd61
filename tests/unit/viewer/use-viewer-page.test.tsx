// @vitest-environment happy-dom
// The page on screen in the viewer: a quiet refresh that finds neither the network nor a kept copy (the copy
// may still be on its way into the device's store) leaves the page where it is, so a reader typing a
// correction does not lose the page and the editor under their hands; a page never shown says it is not here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ViewerPageResponse } from '../../../contract/viewer';
import { ApiRequestError } from '../../../src/shared/data/http';

const fetchViewerPage = vi.fn<(uid: string) => Promise<ViewerPageResponse>>();
const readPage = vi.fn<(uid: string) => Promise<null>>();
vi.mock('../../../src/viewer/common/viewer-api', async (actual) => ({
  ...(await actual<object>()),
  fetchViewerPage: (uid: string) => fetchViewerPage(uid),
}));
vi.mock('../../../src/viewer/common/seen-page', async (actual) => ({
  ...(await actual<object>()),
  readPage: (uid: string) => readPage(uid),
  keepPage: async () => undefined,
}));

const { useViewerPage } = await import('../../../src/viewer/common/use-viewer-data');

const page = (uid: string) => ({ uid, words: [] }) as unknown as ViewerPageResponse;
const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};
const offlineError = () => new ApiRequestError('The archive cannot be reached.', 0, true);

beforeEach(() => {
  readPage.mockReset();
  readPage.mockResolvedValue(null);
  fetchViewerPage.mockReset();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useViewerPage', () => {
  it('keeps the page on screen when a refresh fails as offline and the device has no copy yet', async () => {
    setOnline(true);
    fetchViewerPage.mockResolvedValueOnce(page('p1'));
    const { result } = renderHook(() => useViewerPage('p1'));
    await waitFor(() => expect(result.current.data?.uid).toBe('p1'));

    fetchViewerPage.mockRejectedValueOnce(offlineError());
    act(() => result.current.reload());
    await waitFor(() => expect(fetchViewerPage).toHaveBeenCalledTimes(2));
    await act(async () => {});
    expect(result.current).toMatchObject({ data: { uid: 'p1' }, error: null, notOnDevice: false });
  });

  it('keeps the page on screen when asked again offline with no copy on the device', async () => {
    setOnline(true);
    fetchViewerPage.mockResolvedValueOnce(page('p1'));
    const { result } = renderHook(() => useViewerPage('p1'));
    await waitFor(() => expect(result.current.data?.uid).toBe('p1'));

    act(() => setOnline(false));
    act(() => result.current.reload());
    await waitFor(() => expect(readPage).toHaveBeenCalledTimes(2));
    await act(async () => {});
    expect(result.current).toMatchObject({ data: { uid: 'p1' }, error: null });
    expect(fetchViewerPage).toHaveBeenCalledTimes(1);
  });

  it('offline, a page never shown and not on the device says so', async () => {
    setOnline(false);
    const { result } = renderHook(() => useViewerPage('p2'));
    await waitFor(() => expect(result.current.notOnDevice).toBe(true));
    expect(result.current).toMatchObject({ data: null, error: 'This page is not on this device.' });
  });

  it('another page that cannot be fetched replaces the one on screen with the reason', async () => {
    setOnline(true);
    fetchViewerPage.mockResolvedValueOnce(page('p1'));
    const { result, rerender } = renderHook(({ uid }) => useViewerPage(uid), { initialProps: { uid: 'p1' } });
    await waitFor(() => expect(result.current.data?.uid).toBe('p1'));
    fetchViewerPage.mockRejectedValueOnce(offlineError());
    rerender({ uid: 'p3' });
    await waitFor(() => expect(result.current.error).toBe('The archive cannot be reached.'));
    expect(result.current).toMatchObject({ data: null, notOnDevice: true });
  });
});
