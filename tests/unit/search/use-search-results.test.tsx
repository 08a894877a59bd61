// @vitest-environment happy-dom
// The results hook with the real seen store (fake-indexeddb) and the network stood in for by fetch: a kept
// answer shows stamped while offline and while it is asked for again; only the fresh answer shows unstamped.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor, cleanup } from '@testing-library/react';
import type { SearchResponse } from '../../../contract/search/query';
import { keepSearchAnswer } from '../../../src/search/seen-searches';
import { useSearchResults, type SearchState } from '../../../src/search/use-search-results';

const answer = (total: number): SearchResponse => ({
  total,
  page: 1,
  pageSize: 20,
  sort: 'relevance',
  results: [],
  facets: { titles: [], decades: [], years: [], countries: [], states: [], cities: [] },
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

describe('useSearchResults', () => {
  it('offline: the kept answer, stamped; back online: stamped until the fresh answer replaces it', async () => {
    const query = 'i=f&k=hook-kept&ord=k1';
    await keepSearchAnswer(query, answer(7));
    setOnline(false);
    let network: 'down' | 'up' = 'down';
    vi.stubGlobal('fetch', async () => {
      if (network === 'down') throw new TypeError('Failed to fetch');
      await new Promise((r) => setTimeout(r, 50)); // a network takes time: the screen renders meanwhile
      return new Response(JSON.stringify(answer(9)), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const states: SearchState[] = [];
    const { result } = renderHook(() => {
      const s = useSearchResults(query);
      states.push(s);
      return s;
    });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'kept', offline: true }));
    expect(result.current.status === 'kept' && result.current.response.total).toBe(7);
    const from = states.length - 1;

    network = 'up';
    setOnline(true);
    await waitFor(() => expect(result.current).toMatchObject({ status: 'done', response: { total: 9 } }));
    // Between the two, the kept answer was never shown as if it were fresh.
    for (const s of states.slice(from)) {
      if (s.status === 'done') expect(s.response.total).toBe(9);
      else expect(s.status).toBe('kept');
    }
  });

  it('offline and never seen: says so (no answer at all)', async () => {
    setOnline(false);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { result } = renderHook(() => useSearchResults('i=f&k=never-seen-here&ord=k1'));
    await waitFor(() => expect(result.current.status).toBe('offline'));
  });

  it("a search over the server's time budget (503 with Retry-After) shows the server's message, not offline", async () => {
    setOnline(true);
    const message =
      'This search took longer than the archive allows: narrow it (fewer words, fewer * ? or ~, a shorter date range or some titles) or try again in a moment.';
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ error: message }), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '5' } }),
    );
    const { result } = renderHook(() => useSearchResults('i=f&k=hook-budget~&ord=k1'));
    await waitFor(() => expect(result.current).toEqual({ status: 'error', message }));
  });
});
