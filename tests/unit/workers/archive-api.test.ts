import { describe, expect, it } from 'vitest';
import { createArchiveApi } from '../../../workers/archive-api';

describe('archive worker API (called directly, as the main-thread fallback does)', () => {
  it('filters a list indexed once, by key, keystroke after keystroke', () => {
    const api = createArchiveApi();
    const titles = [{ title: 'Omaha Daily Bee' }, { title: 'Evening Star' }, { title: 'Daily Missourian' }];
    expect(api.indexTitles('site-a', titles)).toBe(3);
    expect([...api.filterTitles('site-a', 'd')]).toEqual([0, 2]);
    expect([...api.filterTitles('site-a', 'dai')]).toEqual([0, 2]);
    expect([...api.filterTitles('site-a', 'daily m')]).toEqual([2]);
    expect([...api.filterTitles('site-a', '')]).toEqual([0, 1, 2]);
  });

  it('keeps lists of different sites apart and says when a list was never indexed', () => {
    const api = createArchiveApi();
    api.indexTitles('a', [{ title: 'Alpha' }]);
    api.indexTitles('b', [{ title: 'Beta' }, { title: 'Alphabet' }]);
    expect([...api.filterTitles('a', 'alpha')]).toEqual([0]);
    expect([...api.filterTitles('b', 'alpha')]).toEqual([1]);
    expect(() => api.filterTitles('c', 'x')).toThrow(/indexTitles/);
  });
});

describe('groupTitles (rows for the virtual "What" list)', () => {
  it('groups matches under A-Z then #, keeping list order, with diacritics and leading quotes folded', () => {
    const api = createArchiveApi();
    const titles = [{ title: 'Évangéline' }, { title: 'Daily Bee' }, { title: '1776 Gazette' }, { title: 'Evening Star' }, { title: '"Der Wanderer"' }];
    api.indexTitles('k', titles);
    const all = api.groupTitles('k', '');
    expect(all.count).toBe(5);
    expect(all.present).toEqual(['D', 'E']);
    // -(1 + 3) = 'D' heading, -(1 + 4) = 'E', -(1 + 26) = '#'
    expect([...all.rows]).toEqual([-4, 1, 4, -5, 0, 3, -27, 2]);
    const some = api.groupTitles('k', 'eva');
    expect([...some.rows]).toEqual([-5, 0]);
    expect(some.present).toEqual(['E']);
  });
});
