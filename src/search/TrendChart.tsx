// "Show over time" (issue #37): the search's matching pages per year or month, drawn as SVG bars or lines, as
// counts or as a share of the pages held, with up to three more queries overlaid. Every period is a link that
// narrows the results to it (keyboard reachable), the same data is in a table beside the chart, downloadable as
// CSV, and the chart's settings live in the address (tr* parameters), so the address is its permalink. Loaded
// lazily: only when the visitor opens it.
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { parseSearchParams, QueryError } from '../../contract/search/query';
import { searchUrl } from '../../contract/search/url';
import { trendShare, type TrendPeriod, type TrendPoint, type TrendResponse } from '../../contract/search/research';
import { formatCount } from '../../contract/plain-format';
import { withChanges } from './search-url';
import { allPeriods, chartCsv, useTrends, type ChartSeries } from './trend-data';
import './trend.css';
import { downloadText } from '../shared/lib/download';

/** Queries on one chart at most: the search and three more. */
export const MAX_SERIES = 4;
const COLORS = ['#1d5a96', '#b14a12', '#2b7a34', '#7a3f9e'];
const W = 720;
const H = 280;
const M = { top: 16, right: 12, bottom: 52, left: 64 };

type Value = 'count' | 'share';
type Kind = 'bar' | 'line';

/** The row parameters of a query text in the row syntax, as an All-words row with the search's filters. */
function overlayQuery(params: URLSearchParams, text: string): string {
  const next = new URLSearchParams(params);
  for (const k of ['k', 'e', 'o', 'n', 'ord', 'p', 'sort', 'fzx']) next.delete(k);
  for (const k of [...next.keys()]) if (k.startsWith('tr')) next.delete(k);
  next.set('k', text);
  next.set('ord', 'k1');
  return next.toString();
}

const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/** The results narrowed to one period (a year filter, or a month's dates). */
export function periodHref(params: URLSearchParams, period: string): string {
  if (period.length === 4) return searchUrl(withChanges(params, { by: period }));
  const [y, m] = period.split('-').map(Number);
  return searchUrl(withChanges(params, { by: null, m: 'between', d: `${pad(m)}/01/${y}-${pad(m)}/${pad(lastDay(y, m))}/${y}` }));
}

const percent = (share: number) => `${(share * 100).toFixed(share >= 0.1 ? 1 : 2)}%`;
const describe = (label: string, p: TrendPoint | undefined, period: string) =>
  p
    ? `${period}, ${label}: ${formatCount(p.count)} matching ${p.count === 1 ? 'page' : 'pages'} of ${formatCount(p.held)} held (${percent(trendShare(p))})`
    : `${period}, ${label}: no pages held`;

export function TrendChart({ params, label }: { params: URLSearchParams; label: string }) {
  const per: TrendPeriod = params.get('trp') === 'month' ? 'month' : 'year';
  const value: Value = params.get('trv') === 'share' ? 'share' : 'count';
  const kind: Kind = params.get('trk') === 'line' ? 'line' : 'bar';
  const extra = params.getAll('trq').slice(0, MAX_SERIES - 1);
  const series: ChartSeries[] = useMemo(
    () => [{ label: 'This search', query: params.toString() }, ...extra.map((text) => ({ label: text, query: overlayQuery(params, text) }))],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the params' string is the dependency
    [params.toString()],
  );
  const state = useTrends(series, per);
  const set = (changes: Record<string, string | null>) => searchUrl(withChanges(params, { ...changes, p: params.get('p') }));

  return (
    <section className="trend" aria-labelledby="trend-heading" data-testid="trend">
      <h2 id="trend-heading" className="trend__heading">
        Over time
      </h2>
      <div className="trend__controls">
        <Choice
          legend="Periods"
          name="trp"
          value={per}
          options={[
            ['year', 'Years'],
            ['month', 'Months'],
          ]}
          href={(v) => set({ trp: v === 'year' ? null : v })}
        />
        <Choice
          legend="Show"
          name="trv"
          value={value}
          options={[
            ['count', 'Matching pages'],
            ['share', 'Share of pages held'],
          ]}
          href={(v) => set({ trv: v === 'count' ? null : v })}
        />
        <Choice
          legend="Draw"
          name="trk"
          value={kind}
          options={[
            ['bar', 'Bars'],
            ['line', 'Lines'],
          ]}
          href={(v) => set({ trk: v === 'bar' ? null : v })}
        />
      </div>
      <Overlays params={params} extra={extra} />
      {state.status === 'loading' && <p role="status">Counting the pages over time…</p>}
      {state.status === 'error' && <p role="alert">{state.message}</p>}
      {state.status === 'done' && (
        <>
          {state.device !== null && (
            <p className="search-message search-message--offline" role="status" data-testid="trend-device">
              <strong>You are offline.</strong> This chart counts the {formatCount(state.device)} {state.device === 1 ? 'page' : 'pages'} saved or seen on this
              device, not the whole archive.
            </p>
          )}
          {state.trends
            .flatMap((t) => t.notices ?? [])
            .map((n) => (
              <p key={n} className="trend__notice">
                {n}
              </p>
            ))}
          <Chart series={series} trends={state.trends} per={per} value={value} kind={kind} params={params} title={label} />
          <DataTable series={series} trends={state.trends} per={per} params={params} />
          <div className="trend__links">
            <DownloadCsv series={series} trends={state.trends} per={per} />
            <a className="trend__permalink" href={`${location.origin}${searchUrl(withChanges(params, { tr: '1', p: null }))}`}>
              Permalink to this chart
            </a>
          </div>
        </>
      )}
    </section>
  );
}

function Choice<V extends string>({
  legend,
  name,
  value,
  options,
  href,
}: {
  legend: string;
  name: string;
  value: V;
  options: Array<[V, string]>;
  href: (v: V) => string;
}) {
  return (
    <div className="trend__choice" role="group" aria-label={legend}>
      <span className="trend__legend">{legend}:</span>
      {options.map(([v, text]) => (
        <Link key={v} href={href(v)} className="trend__option" aria-current={v === value ? 'true' : undefined} data-name={name} replace>
          {text}
        </Link>
      ))}
    </div>
  );
}

function Overlays({ params, extra }: { params: URLSearchParams; extra: string[] }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const full = extra.length >= MAX_SERIES - 1;
  const add = (e: FormEvent) => {
    e.preventDefault();
    const t = text.trim();
    if (!t) return setError('Type the words to compare, as in a search row.');
    try {
      parseSearchParams(overlayQuery(params, t));
    } catch (err) {
      return setError(err instanceof QueryError ? err.message : 'These words cannot be searched.');
    }
    const next = new URLSearchParams(params);
    next.append('trq', t);
    navigate(searchUrl(next), { replace: true });
    setText('');
    setError(null);
  };
  return (
    <div className="trend__overlays">
      {extra.length > 0 && (
        <ul className="trend__series" aria-label="Queries compared">
          {extra.map((q, i) => (
            <li key={`${q}-${i}`}>
              <span className="trend__swatch" style={{ background: COLORS[i + 1] }} aria-hidden="true" /> {q}{' '}
              <Link
                className="trend__remove"
                replace
                href={(() => {
                  const next = new URLSearchParams(params);
                  next.delete('trq');
                  extra.filter((_x, j) => j !== i).forEach((x) => next.append('trq', x));
                  return searchUrl(next);
                })()}
              >
                Remove <span className="visually-hidden">{q}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <form className="trend__add" onSubmit={add}>
        <label>
          Compare with{' '}
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            disabled={full}
            placeholder={full ? 'Four queries at most' : 'e.g. telegraph or "civil war"'}
          />
        </label>
        <button type="submit" className="search-btn" disabled={full}>
          Add to chart
        </button>
        {error && (
          <span className="search-edit__error" role="alert">
            {error}
          </span>
        )}
      </form>
    </div>
  );
}

function niceMax(max: number): number {
  if (max <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * step >= max) return m * step;
  return 10 * step;
}

function Chart(props: { series: ChartSeries[]; trends: TrendResponse[]; per: TrendPeriod; value: Value; kind: Kind; params: URLSearchParams; title: string }) {
  const { series, trends, per, value, kind, params, title } = props;
  const periods = allPeriods(trends);
  const maps = trends.map((t) => new Map(t.points.map((p) => [p.period, p])));
  const of = (p: TrendPoint | undefined) => (p ? (value === 'share' ? trendShare(p) : p.count) : 0);
  const top = niceMax(Math.max(0, ...maps.flatMap((m) => [...m.values()].map(of))));
  const iw = W - M.left - M.right;
  const ih = H - M.top - M.bottom;
  const slot = periods.length ? iw / periods.length : iw;
  const x = (i: number) => M.left + i * slot;
  const y = (v: number) => M.top + ih - (v / top) * ih;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const labelEvery = Math.max(1, Math.ceil(periods.length / (per === 'month' ? 12 : 16)));
  const yLabel = value === 'share' ? 'Share of pages held' : 'Matching pages';
  const tickText = (v: number) => (value === 'share' ? percent(v) : formatCount(Math.round(v)));
  if (!periods.length) return <p>No pages are held within these filters.</p>;
  const barW = Math.max(1, (slot * 0.8) / series.length);
  return (
    <figure className="trend__figure">
      <svg viewBox={`0 0 ${W} ${H}`} className="trend__svg" role="group" aria-label={`${yLabel} per ${per} for ${title}`} data-testid="trend-svg">
        {ticks.map((t) => (
          <g key={t} aria-hidden="true">
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} className="trend__grid" />
            <text x={M.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="trend__tick">
              {tickText(t)}
            </text>
          </g>
        ))}
        <text aria-hidden="true" transform={`translate(14 ${M.top + ih / 2}) rotate(-90)`} textAnchor="middle" className="trend__axis">
          {yLabel}
        </text>
        <text aria-hidden="true" x={M.left + iw / 2} y={H - 6} textAnchor="middle" className="trend__axis">
          {per === 'month' ? 'Month' : 'Year'}
        </text>
        {periods.map((period, i) =>
          i % labelEvery === 0 ? (
            <text key={period} aria-hidden="true" x={x(i) + slot / 2} y={M.top + ih + 16} textAnchor="middle" className="trend__tick">
              {period}
            </text>
          ) : null,
        )}
        {kind === 'line' &&
          maps.map((m, s) => (
            <polyline
              key={series[s].query}
              aria-hidden="true"
              fill="none"
              stroke={COLORS[s]}
              strokeWidth={2}
              points={periods.map((period, i) => `${x(i) + slot / 2},${y(of(m.get(period)))}`).join(' ')}
            />
          ))}
        {periods.map((period, i) => (
          <a
            key={period}
            href={periodHref(params, period)}
            aria-label={maps.map((m, s) => describe(series[s].label, m.get(period), period)).join('; ')}
            className="trend__period"
            data-period={period}
          >
            <rect x={x(i)} y={M.top} width={slot} height={ih} className="trend__hit" />
            {maps.map((m, s) => {
              const v = of(m.get(period));
              return kind === 'bar' ? (
                <rect key={s} x={x(i) + slot * 0.1 + s * barW} y={y(v)} width={barW} height={Math.max(0, M.top + ih - y(v))} fill={COLORS[s]} />
              ) : (
                <circle key={s} cx={x(i) + slot / 2} cy={y(v)} r={periods.length > 60 ? 1.5 : 3} fill={COLORS[s]} />
              );
            })}
          </a>
        ))}
      </svg>
      <figcaption className="trend__caption">
        {series.map((s, i) => (
          <span key={s.query} className="trend__key">
            <span className="trend__swatch" style={{ background: COLORS[i] }} aria-hidden="true" /> {s.label}
          </span>
        ))}
        <span>Choose a period to see its pages.</span>
      </figcaption>
    </figure>
  );
}

function DataTable({ series, trends, per, params }: { series: ChartSeries[]; trends: TrendResponse[]; per: TrendPeriod; params: URLSearchParams }) {
  const periods = allPeriods(trends);
  const maps = trends.map((t) => new Map(t.points.map((p) => [p.period, p])));
  return (
    <details className="trend__table-wrap">
      <summary>Table of the chart's data</summary>
      <div className="trend__scroll" tabIndex={0} role="region" aria-label="The chart's data">
        <table className="trend__table" data-testid="trend-table">
          <caption>Matching pages per {per}, and the pages held then</caption>
          <thead>
            <tr>
              <th scope="col">{per === 'month' ? 'Month' : 'Year'}</th>
              {series.map((s) => (
                <th key={s.query} scope="col" colSpan={3}>
                  {s.label}
                </th>
              ))}
            </tr>
            <tr>
              <td />
              {series.map((s) => [
                <th key={`${s.query}c`} scope="col">
                  Matching
                </th>,
                <th key={`${s.query}h`} scope="col">
                  Held
                </th>,
                <th key={`${s.query}s`} scope="col">
                  Share
                </th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => (
              <tr key={period}>
                <th scope="row">
                  <Link href={periodHref(params, period)}>{period}</Link>
                </th>
                {maps.map((m, s) => {
                  const p = m.get(period);
                  return [
                    <td key={`${s}c`}>{formatCount(p?.count ?? 0)}</td>,
                    <td key={`${s}h`}>{formatCount(p?.held ?? 0)}</td>,
                    <td key={`${s}s`}>{p ? percent(trendShare(p)) : '–'}</td>,
                  ];
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function DownloadCsv({ series, trends, per }: { series: ChartSeries[]; trends: TrendResponse[]; per: TrendPeriod }) {
  const download = () => downloadText(`search-trend-per-${per}.csv`, 'text/csv;charset=utf-8', chartCsv(series, trends));
  return (
    <button type="button" className="search-linkbtn" onClick={download}>
      Download the data (CSV)
    </button>
  );
}
