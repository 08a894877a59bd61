// The one module through which the home screen filters and groups its lists. Title filtering and letter
// grouping run in the archive worker (src/shared/lib/worker-client.ts: Comlink, main-thread fallback), which keeps
// each list indexed so a keystroke sends only the query: 150,000 titles never block the page.
import { useEffect, useRef, useState } from 'react';
import type { DecadeItem, TitleItem } from '../../contract/api';
import { decadeStart } from '../../contract/search/query';
import { callArchiveWorker } from '../shared/lib/worker-client';
import type { TitleGroups } from '../../workers/title-groups';

export type { TitleGroups };
export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** Label of a heading row: rows hold -(1 + group), groups 0-25 = A-Z, 26 = '#'. */
export const groupLabel = (row: number) => {
  const g = -row - 1;
  return g < 26 ? LETTERS[g] : '#';
};

// One worker index per title list object (the full list, a narrowed list...).
const keys = new WeakMap<TitleItem[], string>();
let nextKey = 0;
const keyOf = (titles: TitleItem[]) => {
  let key = keys.get(titles);
  if (!key) keys.set(titles, (key = `home-titles-${++nextKey}`));
  return key;
};

async function ensureIndexed(titles: TitleItem[], signal?: AbortSignal) {
  const key = keyOf(titles);
  // The worker keeps a few lists only: ask before sending 150,000 names again.
  if (!(await callArchiveWorker('hasIndex', [key], { signal }))) {
    await callArchiveWorker('indexTitles', [key, titles.map((t) => ({ title: t.title }))], { signal });
  }
  return key;
}

/** Hands a list to the worker early (before its panel opens), so opening costs no copy. */
export function prepareTitleList(titles: TitleItem[]) {
  if (titles.length) void ensureIndexed(titles).catch(() => undefined);
}

/**
 * Titles matching `query` (substring, case and accents ignored), grouped under upper-case initials.
 * Asynchronous: an answer for an older query or list is dropped; null until the first answer.
 */
export function useTitleGroups(titles: TitleItem[], query: string, enabled = true): TitleGroups | null {
  const [result, setResult] = useState<{ groups: TitleGroups; titles: TitleItem[] } | null>(null);
  const seq = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    const mine = ++seq.current;
    const ctrl = new AbortController();
    ensureIndexed(titles, ctrl.signal)
      .then((key) => callArchiveWorker('groupTitles', [key, query], { signal: ctrl.signal }))
      .then(
        (groups) => mine === seq.current && setResult({ groups, titles }),
        () => undefined, // aborted by a newer keystroke
      );
    return () => ctrl.abort();
  }, [titles, query, enabled]);
  return result && result.titles === titles ? result.groups : null;
}

/** 'Search By Decade' / 'Search By Year': substring of the text shown ('1880s'); a trailing 's' is ignored. */
export function filterByText<T>(items: T[], text: (item: T) => string, query: string): T[] {
  const q = query.trim().toLowerCase().replace(/s$/, '');
  if (!q) return items;
  return items.filter((item) => text(item).toLowerCase().includes(q));
}

export const filterDecades = (decades: DecadeItem[], query: string) => filterByText(decades, (d) => `${decadeStart(d.Decade)}s`, query);

export const filterYears = (years: number[], query: string) => filterByText(years, (y) => String(y), query);
