// The data of the "over time" chart (issue #37): one trend per charted query from GET /Api/Search/Trend, or,
// offline, from the pages this device keeps (the archive worker's trendDevicePages, the same query language
// and the same trend builder as the server). Loaded with the chart only.
import { useEffect, useState } from 'react';
import { parseSearchParams } from '../../contract/search/query';
import { csvRecord, trendShare, type TrendPeriod, type TrendResponse } from '../../contract/search/research';
import { ApiRequestError, getJson } from '../shared/data/http';
import { callArchiveWorker } from '../shared/lib/worker-client';
import { archiveDb, readTitles } from '../shared/db';
import { currentSite } from '../shared/data/site';
import { keptOcrConfusions } from '../shared/data/ocr-confusions';

export interface ChartSeries {
  label: string;
  /** The /search query string this series charts. */
  query: string;
}

export type TrendState =
  { status: 'loading' } | { status: 'done'; trends: TrendResponse[]; device: number | null; key: string } | { status: 'error'; message: string };

/** Search parameters that do not change what a query matches. */
const NOT_MATCHING = ['p', 'sort', 'url'];

async function deviceTrend(query: string): Promise<{ pages: number; trend: TrendResponse }> {
  const site = currentSite();
  const titles = await readTitles(archiveDb(), site).catch(() => []);
  const wanted = new Set(parseSearchParams(query).titleIds);
  const titleNames: Record<number, string> = {};
  for (const t of titles) if (wanted.has(t.TitleId)) titleNames[t.TitleId] = t.title;
  const confusions = (await keptOcrConfusions())?.confusions;
  return callArchiveWorker('trendDevicePages', [site, query, titleNames, confusions]);
}

export function useTrends(series: ChartSeries[], per: TrendPeriod): TrendState {
  const [state, setState] = useState<TrendState>({ status: 'loading' });
  const key = JSON.stringify([series.map((s) => s.query), per]);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.status === 'done' ? s : { status: 'loading' }));
    const asked: Array<[string, Record<string, string>]> = series.map((s) => {
      const params: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(s.query)) if (!NOT_MATCHING.includes(k) && !k.startsWith('tr')) params[k] = v;
      params.per = per;
      return [new URLSearchParams(params).toString(), params];
    });
    Promise.all(asked.map(([, params]) => getJson<TrendResponse>('Search/Trend', params, controller.signal)))
      .then((trends) => setState({ status: 'done', trends, device: null, key }))
      .catch(async (err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        if (err instanceof ApiRequestError && err.offline) {
          try {
            const answers = await Promise.all(asked.map(([qs]) => deviceTrend(qs)));
            if (!controller.signal.aborted) setState({ status: 'done', trends: answers.map((a) => a.trend), device: answers[0]?.pages ?? 0, key });
          } catch (error) {
            if (!controller.signal.aborted) setState({ status: 'error', message: (error as Error).message || 'The chart could not be made on this device.' });
          }
          return;
        }
        setState({ status: 'error', message: err instanceof Error ? err.message : 'The chart could not be loaded.' });
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for series and per
  }, [key]);
  // An answer for other series (one just added or removed) is not drawn against these.
  return state.status === 'done' && state.key !== key ? { status: 'loading' } : state;
}

/** Every period any series has, oldest first. */
export function allPeriods(trends: TrendResponse[]): string[] {
  const set = new Set<string>();
  for (const t of trends) for (const p of t.points) set.add(p.period);
  return [...set].sort();
}

/** The charted data as CSV: a row a period, for each series its matching pages, pages held and share. */
export function chartCsv(series: ChartSeries[], trends: TrendResponse[]): string {
  const periods = allPeriods(trends);
  const byPeriod = trends.map((t) => new Map(t.points.map((p) => [p.period, p])));
  let out = `\uFEFF${csvRecord(['period', ...series.flatMap((s) => [`${s.label}: matching pages`, `${s.label}: pages held`, `${s.label}: share of pages held`])])}`;
  for (const period of periods)
    out += csvRecord([
      period,
      ...byPeriod.flatMap((m) => {
        const p = m.get(period);
        return p ? [p.count, p.held, trendShare(p).toFixed(6)] : [0, 0, 0];
      }),
    ]);
  return out;
}
