// Matching titles grouped under their index letter for a virtual list (spec 2.4 'What' list): one flat
// Int32Array where i >= 0 is a position in the title list and a negative value -(1 + g) is the heading of
// group g (0-25 = A-Z, 26 = '#'). List order is kept inside a group (the server sends titles sorted).
import { initialLetter } from '../contract/fold';

export const OTHER_GROUP_NUMBER = 26;

export interface TitleGroups {
  rows: Int32Array;
  /** How many titles matched. */
  count: number;
  /** Letters A-Z that some matching title starts with. */
  present: string[];
}

/** Group number (0-25 for A-Z, 26 for the rest) of each title, computed once per list. */
export function titleGroupNumbers(titles: ReadonlyArray<{ title: string }>): Uint8Array {
  const out = new Uint8Array(titles.length);
  for (let i = 0; i < titles.length; i++) {
    const l = initialLetter(titles[i].title);
    out[i] = l === '#' ? OTHER_GROUP_NUMBER : l.charCodeAt(0) - 65;
  }
  return out;
}

export function groupMatches(groupOf: Uint8Array, matches: Int32Array): TitleGroups {
  const counts = new Uint32Array(27);
  for (const i of matches) counts[groupOf[i]]++;
  let groups = 0;
  for (const c of counts) if (c) groups++;
  const rows = new Int32Array(matches.length + groups);
  const offset = new Uint32Array(27);
  let at = 0;
  for (let g = 0; g < 27; g++) {
    if (!counts[g]) continue;
    rows[at] = -(g + 1);
    offset[g] = at + 1;
    at += counts[g] + 1;
  }
  for (const i of matches) rows[offset[groupOf[i]]++] = i;
  const present: string[] = [];
  for (let g = 0; g < 26; g++) if (counts[g]) present.push(String.fromCharCode(65 + g));
  return { rows, count: matches.length, present };
}
