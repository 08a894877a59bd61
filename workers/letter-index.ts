// The 'What' list's letter groups (spec 2.4): titles grouped under upper-case initials, sorted within
// each group, and which of A-Z are present. Titles are folded once and sorted by code unit order of the
// folded text (sortedOrder), not localeCompare, so 150k titles fit the 200 ms budget.
import { foldText } from '../contract/fold';
import { sortedOrder } from './sort-keys';
import type { TitleLike } from './title-filter';

export const INDEX_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

export interface LetterGroup {
  letter: string;
  /** Positions into the given title list, in alphabetical order of title. */
  indices: number[];
}

export interface LetterIndex {
  groups: LetterGroup[];
  /** The letters A-Z that some title starts with. */
  present: string[];
}

export function buildLetterIndex(titles: readonly TitleLike[]): LetterIndex {
  // Leading quotes and brackets do not count: '"Freedom's journal"' files under F.
  const keys = titles.map((t) => foldText(t.title).replace(/^[^a-z0-9]+/, ''));
  const order = sortedOrder(keys);
  // Bucket 0 is '#' (digits and other signs), buckets 1..26 are A-Z: '#' comes first.
  const buckets: number[][] = Array.from({ length: 27 }, () => []);
  for (const i of order) {
    const c = keys[i].charCodeAt(0);
    buckets[c >= 97 && c <= 122 ? c - 96 : 0].push(i);
  }
  const groups: LetterGroup[] = [];
  buckets.forEach((indices, b) => {
    if (indices.length) groups.push({ letter: b === 0 ? '#' : INDEX_LETTERS[b - 1], indices });
  });
  return { groups, present: groups.map((g) => g.letter).filter((l) => l !== '#') };
}
