// Filtering and letter grouping of the title list (spec 2.4 'What' list). Pure and allocation-light so it
// runs the same in the worker (150,000 titles) and, as a fallback, on the main thread.

export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
/** Group of titles that do not start with A-Z (digits, quotes). */
export const OTHER_GROUP = '#';

export interface TitleGroups {
  /** Flattened rows for a virtual list: i >= 0 is an index into the titles; a negative value is a
   *  group heading, -(1 + group number) with group numbers 0-25 = A-Z and 26 = '#'. */
  rows: Int32Array;
  /** How many titles matched. */
  count: number;
  /** Letters A-Z that some matching title starts with. */
  present: string[];
}

export const groupLabel = (row: number) => {
  const g = -row - 1;
  return g < 26 ? LETTERS[g] : OTHER_GROUP;
};

/** Prepared list: lower-cased names and each title's group number, computed once per list. */
export interface PreparedTitles {
  lower: string[];
  group: Uint8Array;
}

export function prepareTitles(names: string[]): PreparedTitles {
  const lower = new Array<string>(names.length);
  const group = new Uint8Array(names.length);
  for (let i = 0; i < names.length; i++) {
    const name = names[i] ?? '';
    lower[i] = name.toLowerCase();
    const c = name.trimStart().charCodeAt(0) & ~32; // upper-case an ASCII letter
    group[i] = c >= 65 && c <= 90 ? c - 65 : 26;
  }
  return { lower, group };
}

/** Titles whose name contains the query (case-insensitive), grouped A-Z then '#', list order kept. */
export function groupTitles(p: PreparedTitles, query: string): TitleGroups {
  const q = query.trim().toLowerCase();
  const n = p.lower.length;
  const counts = new Uint32Array(27);
  const match = new Uint8Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (q && !p.lower[i].includes(q)) continue;
    match[i] = 1;
    counts[p.group[i]]++;
    count++;
  }
  const groups = counts.reduce((k, c) => k + (c ? 1 : 0), 0);
  const rows = new Int32Array(count + groups);
  const offset = new Uint32Array(27);
  let at = 0;
  for (let g = 0; g < 27; g++) {
    if (!counts[g]) continue;
    rows[at] = -(g + 1);
    offset[g] = at + 1;
    at += counts[g] + 1;
  }
  for (let i = 0; i < n; i++) if (match[i]) rows[offset[p.group[i]]++] = i;
  const present = LETTERS.filter((_, g) => counts[g] > 0);
  return { rows, count, present };
}

/** Decades matching 'Search By Decade' (prefix or substring of the decade's text, e.g. '188' or '1880s'). */
export function filterByText<T>(items: T[], text: (item: T) => string, query: string): T[] {
  const q = query.trim().toLowerCase().replace(/s$/, '');
  if (!q) return items;
  return items.filter((item) => text(item).toLowerCase().includes(q));
}
