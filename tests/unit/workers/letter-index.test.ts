import { describe, expect, it } from 'vitest';
import { buildLetterIndex } from '../../../workers/letter-index';

describe('buildLetterIndex', () => {
  const titles = [
    { title: 'omaha daily bee' },
    { title: 'The Evening Star' },
    { title: '"Freedom\'s journal"' },
    { title: 'Évangéline' },
    { title: '1776 gazette' },
    { title: 'Evening bulletin' },
  ];
  const { groups, present } = buildLetterIndex(titles);
  const byLetter = Object.fromEntries(groups.map((g) => [g.letter, g.indices.map((i) => titles[i].title)]));

  it('groups under upper-case initials, diacritics folded and leading quotes skipped', () => {
    expect(byLetter.E).toEqual(['Évangéline', 'Evening bulletin']);
    expect(byLetter.F).toEqual(['"Freedom\'s journal"']);
    expect(byLetter.O).toEqual(['omaha daily bee']);
    expect(byLetter.T).toEqual(['The Evening Star']);
    expect(byLetter['#']).toEqual(['1776 gazette']);
  });

  it('lists the present letters A-Z only, in order, with other signs first among groups', () => {
    expect(present).toEqual(['E', 'F', 'O', 'T']);
    expect(groups.map((g) => g.letter)).toEqual(['#', 'E', 'F', 'O', 'T']);
  });

  it('places every title exactly once', () => {
    const all = groups.flatMap((g) => g.indices).sort();
    expect(all).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('sortedOrder (packed-prefix sort used by the letter index)', () => {
  it('orders exactly like a plain string comparison, including long shared prefixes and ties', async () => {
    const { sortedOrder } = await import('../../../workers/sort-keys');
    const keys = [
      'the evening star',
      'the evening',
      'the eve',
      'the',
      '',
      'a',
      'the evening star',
      'zeit',
      '1776',
      'the evening bulletin',
      'cafe',
      'café',
      'the  x',
      'the-x',
    ];
    const expected = keys.map((_, i) => i).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b));
    expect([...sortedOrder(keys)]).toEqual(expected);
  });
});

describe('sortedOrder on many strings with long shared prefixes', () => {
  it('matches a comparator sort on 5,000 generated titles', async () => {
    const { sortedOrder } = await import('../../../workers/sort-keys');
    const words = ['the', 'daily', 'evening', 'star', 'news', 'herald', '1776', 'gazette', 'café', 'x-ray', 'zeitung', 'a'];
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const keys = Array.from({ length: 5000 }, () =>
      Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => words[Math.floor(rnd() * words.length)]).join(rnd() < 0.9 ? ' ' : '-'),
    );
    const expected = keys.map((_, i) => i).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b));
    expect([...sortedOrder(keys)]).toEqual(expected);
  });
});

describe('sortedOrder with characters the packed code cannot tell apart', () => {
  it('still orders exactly like a string comparison', async () => {
    const { sortedOrder } = await import('../../../workers/sort-keys');
    const base = ['газета', 'газетб', 'the: x', 'the; y', 'the:a', 'a\u0001b', 'a\u0002a', 'זמן', 'ab{c', 'ab|a', 'ab~'];
    const keys = Array.from({ length: 400 }, (_, i) => base[i % base.length] + (i % 3 === 0 ? '' : String.fromCharCode(97 + (i % 26))));
    const expected = keys.map((_, i) => i).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b));
    expect([...sortedOrder(keys)]).toEqual(expected);
  });
});
