// @vitest-environment happy-dom
// Search answers kept for offline reading: one record per question (however the address spells it), named
// for the lists of recently seen searches with the titles' names, and the words of the 'Saved' stamp.
import { describe, expect, it } from 'vitest';
import { parseSearchParams, type SearchResponse } from '../../../contract/search/query';
import { describeQuery, describeSeenSearch } from '../../../src/search/describe';
import { keepSearchAnswer, readSearchAnswer, recentSearches, seenSearchLabel } from '../../../src/search/seen-searches';
import { savedWords } from '../../../src/shared/ui/SavedStamp';

const answer = (total: number, titles: Array<[number, string]> = []): SearchResponse => ({
  total,
  page: 1,
  pageSize: 20,
  sort: 'relevance',
  results: [
    {
      pageUid: 'p1',
      titleId: 5,
      title: 'Gazette',
      date: '1890-05-12',
      sequence: 1,
      pageNumber: '1',
      snippet: 'the <mark>harvest</mark>',
      thumbnail: '',
      width: null,
      height: null,
      boxes: [],
    },
  ],
  facets: { titles: titles.map(([id, name]) => ({ id, name, count: 1 })), decades: [], years: [], countries: [], states: [], cities: [] },
});

describe('kept search answers', () => {
  it('one question spelled two ways is one kept answer, and a different page is another', async () => {
    await keepSearchAnswer('k=Harvest&i=f&ord=k1&t=5,3', answer(42));
    const back = await readSearchAnswer('i=f&t=3,5&k=harvest&ord=k1&p=1');
    expect(back?.value.response.total).toBe(42);
    expect(back?.value.response.results[0].snippet).toBe('the <mark>harvest</mark>');
    // The address as it was opened, written by the one builder (contract/search/url.ts).
    expect(back?.href).toBe('/search?k=Harvest&i=f&ord=k1&t=5,3');
    expect(await readSearchAnswer('i=f&t=3,5&k=harvest&ord=k1&p=2')).toBeUndefined();
  });

  it('an address that cannot be read is neither kept nor found', async () => {
    const before = (await recentSearches(100)).length;
    await keepSearchAnswer('m=sideways&d=99/99/9999', answer(1));
    expect(await readSearchAnswer('m=sideways&d=99/99/9999')).toBeUndefined();
    expect((await recentSearches(100)).length).toBe(before);
  });
});

describe('words for searches', () => {
  const q = (s: string) => parseSearchParams(s);
  it('a browse names its titles, year or decades; an unknown title falls back to its number', () => {
    const names = (id: number) => (id === 5 ? 'The Harvest Gazette' : undefined);
    expect(describeQuery(q('i=f&t=5&bcn=1'), names)).toBe('Browsing The Harvest Gazette');
    expect(describeQuery(q('i=f&t=5,7&bdd=1890'), names)).toBe('Browsing The Harvest Gazette, Title 7, 1890s');
    expect(describeQuery(q('i=f&by=1891'))).toBe('Browsing 1891');
  });

  it('a seen search says its page and order when they are not the first page and relevance', () => {
    expect(describeSeenSearch(q('i=f&k=harvest&ord=k1'))).toBe('harvest');
    expect(describeSeenSearch(q('i=f&k=harvest&ord=k1&p=2&sort=date-desc'))).toBe('harvest — page 2, newest first');
    expect(seenSearchLabel('i=f&k=harvest&ord=k1&t=5', answer(3, [[5, 'The Harvest Gazette']]))).toBe('harvest — The Harvest Gazette');
  });

  it('the stamp says how long ago, in words', () => {
    expect(savedWords(Date.now() - 10_000)).toBe('Saved just now');
    expect(savedWords(Date.now() - 5 * 60_000)).toBe('Saved 5 minutes ago');
    expect(savedWords(Date.now() - 3 * 86_400_000)).toBe('Saved 3 days ago');
  });
});
