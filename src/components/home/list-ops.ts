// The one module through which the home screen filters and groups its lists. Title filtering runs in a
// Comlink worker (lists of 150,000 titles); when a worker cannot start it falls back to the main thread.
// Swap the worker for the offline issue's shared worker client here, and nowhere else.
import { wrap, type Remote } from 'comlink';
import { useEffect, useRef, useState } from 'react';
import type { DecadeItem, TitleItem } from '../../../contract/api';
import { decadeStart } from '../../../contract/search-query';
import { filterByText, groupTitles, prepareTitles, type PreparedTitles, type TitleGroups } from './title-groups';
import type { TitlesWorkerApi } from './titles.worker';

interface TitleGrouper {
  setNames(names: string[]): Promise<void> | void;
  group(query: string): Promise<TitleGroups> | TitleGroups;
}

function mainThreadGrouper(): TitleGrouper {
  let prepared: PreparedTitles = prepareTitles([]);
  return {
    setNames: (names) => void (prepared = prepareTitles(names)),
    group: (query) => groupTitles(prepared, query),
  };
}

let grouper: TitleGrouper | null = null;
let sentList: TitleItem[] | null = null;

function getGrouper(): TitleGrouper {
  if (grouper) return grouper;
  try {
    if (typeof Worker === 'undefined') throw new Error('no workers here');
    const worker = new Worker(new URL('./titles.worker.ts', import.meta.url), { type: 'module', name: 'titles' });
    const remote: Remote<TitlesWorkerApi> = wrap<TitlesWorkerApi>(worker);
    grouper = { setNames: (names) => remote.setNames(names), group: (query) => remote.group(query) };
  } catch {
    grouper = mainThreadGrouper();
  }
  return grouper;
}

/** Hands the worker the current title list (once per list, not per keystroke). */
function sendTitles(titles: TitleItem[]) {
  if (sentList === titles) return;
  sentList = titles;
  void getGrouper().setNames(titles.map((t) => t.title));
}

/**
 * Titles matching `query`, grouped under upper-case initial letters. Answers arrive asynchronously;
 * an answer for an older query or list is dropped. null until the first answer.
 */
export function useTitleGroups(titles: TitleItem[], query: string, enabled = true): TitleGroups | null {
  const [result, setResult] = useState<{ groups: TitleGroups; titles: TitleItem[] } | null>(null);
  const seq = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    const mine = ++seq.current;
    sendTitles(titles);
    Promise.resolve(getGrouper().group(query)).then(
      (groups) => mine === seq.current && setResult({ groups, titles }),
      () => undefined,
    );
  }, [titles, query, enabled]);
  return result && result.titles === titles ? result.groups : null;
}

/** Primes the worker with a list before its panel opens, so opening costs no copy. */
export function prepareTitleList(titles: TitleItem[]) {
  sendTitles(titles);
}

export const filterDecades = (decades: DecadeItem[], query: string) => filterByText(decades, (d) => `${decadeStart(d.Decade)}s`, query);

export const decadeYears = (d: DecadeItem): number[] =>
  String(d.Years ?? '')
    .split(',')
    .map((y) => Number(y.trim()))
    .filter((y) => Number.isInteger(y) && y > 0);

export const filterYears = (years: number[], query: string) => filterByText(years, (y) => String(y), query);
