import { describe, expect, it } from 'vitest';
import { filterDecades, decadeYears, filterYears } from '../../../src/components/home/list-ops';
import { groupLabel, groupTitles, prepareTitles } from '../../../src/components/home/title-groups';

const names = ['The Sun', 'evening star', 'Omaha daily bee', '"Der" Anzeiger', 'Alpha', 'the Tribune', 'Zeitung', '1776 Gazette'];
const view = (query: string) => {
  const g = groupTitles(prepareTitles(names), query);
  return { rows: [...g.rows].map((r) => (r < 0 ? `[${groupLabel(r)}]` : names[r])), count: g.count, present: g.present };
};

describe('title grouping of the What list (spec 2.4)', () => {
  it('groups under upper-case initial letters A-Z, keeping list order, others under #', () => {
    expect(view('').rows).toEqual(['[A]', 'Alpha', '[E]', 'evening star', '[O]', 'Omaha daily bee', '[T]', 'The Sun', 'the Tribune', '[Z]', 'Zeitung', '[#]', '"Der" Anzeiger', '1776 Gazette']);
  });
  it('marks the letters present', () => {
    expect(view('').present).toEqual(['A', 'E', 'O', 'T', 'Z']);
    expect(view('tribune').present).toEqual(['T']);
  });
  it('filters by case-insensitive substring and counts the matches', () => {
    expect(view('STAR')).toEqual({ rows: ['[E]', 'evening star'], count: 1, present: ['E'] });
    expect(view(' the ').rows).toEqual(['[T]', 'The Sun', 'the Tribune']);
    expect(view('zzz')).toEqual({ rows: [], count: 0, present: [] });
  });
});

describe('decade and year lists', () => {
  const decades = [{ Decade: 1880, count: 3, Years: '1881, 1887,1889' }, { Decade: '1890-x', count: 1, Years: '' }, { Decade: 1900, count: 2, Years: '1900' }];
  it("'Search By Decade' matches the decade's text, with or without the s", () => {
    expect(filterDecades(decades, '188').map((d) => d.Decade)).toEqual([1880]);
    expect(filterDecades(decades, '1890s').map((d) => d.Decade)).toEqual(['1890-x']);
    expect(filterDecades(decades, '')).toHaveLength(3);
  });
  it('reads the comma-separated years of a decade', () => {
    expect(decadeYears(decades[0])).toEqual([1881, 1887, 1889]);
    expect(decadeYears(decades[1])).toEqual([]);
    expect(filterYears([1881, 1887, 1889], '87')).toEqual([1887]);
  });
});
