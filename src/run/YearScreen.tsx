// /title/{lccn}/{year} (issue #36): the year's twelve months as calendar tables. A day with an issue is a link
// named in full ('March 3, 1887, 8 pages'); a day with several editions has a link for each; other days are
// plain numbers. Arrow keys move between the year's issues, Home and End to its first and last.
import type { KeyboardEvent } from 'react';
import { Link, useParams } from 'wouter';
import type { CalendarIssue, TitleIssuesResponse } from '../../contract/runs';
import { daysInMonth, issuePath, titlePath, titleYearPath } from '../../contract/runs';
import { useScreenTitle } from '../shared/lib/screen-title';
import { SavedStamp } from '../shared/ui/SavedStamp';
import { RunNotFound, RunPending } from './RunNotFound';
import { useRunAnswer } from '../shared/data/run-answer';
import { MONTHS, WEEKDAYS, pagesWords, weekday } from '../shared/lib/run-format';
import './run.css';

function Month({ lccn, year, month, byDay }: { lccn: string; year: number; month: number; byDay: Map<string, CalendarIssue[]> }) {
  const days = daysInMonth(year, month);
  const lead = weekday(year, month, 1);
  const cells: (number | null)[] = [...Array.from({ length: lead }, () => null), ...Array.from({ length: days }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const mm = String(month).padStart(2, '0');
  const count = Array.from(byDay.keys()).filter((d) => d.slice(5, 7) === mm).length;
  return (
    <table className="run-month">
      <caption>
        {MONTHS[month - 1]} {year}
        <span className="run-muted run-month__count">{count ? ` · ${count} day${count === 1 ? '' : 's'}` : ' · none'}</span>
      </caption>
      <thead>
        <tr>
          {WEEKDAYS.map((w) => (
            <th key={w} scope="col" abbr={w}>
              <span aria-hidden="true">{w.slice(0, 2)}</span>
              <span className="visually-hidden">{w}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((d, i) => {
              if (d === null) return <td key={i} />;
              const date = `${String(year).padStart(4, '0')}-${mm}-${String(d).padStart(2, '0')}`;
              const issues = byDay.get(date);
              if (!issues) return <td key={i}>{d}</td>;
              const name = `${MONTHS[month - 1]} ${d}, ${year}`;
              return (
                <td key={i} className={`run-day${issues.length > 1 ? ' run-day--editions' : ''}`}>
                  {issues.map((iss, k) => (
                    <Link
                      key={iss.edition}
                      href={issuePath(lccn, iss.date, iss.edition)}
                      className="run-day__link"
                      data-run-issue=""
                      aria-label={`${name}${issues.length > 1 ? `, edition ${iss.edition}` : ''}, ${pagesWords(iss.pages)}`}
                    >
                      {k === 0 ? d : `ed. ${iss.edition}`}
                    </Link>
                  ))}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Arrow keys between the year's issue links: Left/Up the one before, Right/Down the one after. */
function moveFocus(e: KeyboardEvent<HTMLDivElement>) {
  const links = Array.from(e.currentTarget.querySelectorAll<HTMLAnchorElement>('a[data-run-issue]'));
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (at < 0) return;
  const to =
    e.key === 'ArrowRight' || e.key === 'ArrowDown'
      ? at + 1
      : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
        ? at - 1
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? links.length - 1
            : null;
  if (to === null || to < 0 || to >= links.length) return;
  e.preventDefault();
  links[to].focus();
}

export function YearScreen() {
  const { lccn = '', year: yearText = '' } = useParams<{ lccn: string; year: string }>();
  const year = /^\d{1,4}$/.test(yearText) ? Number(yearText) : null;
  const path = year === null ? `/title/${lccn}/${yearText}` : titleYearPath(lccn, year);
  const state = useRunAnswer<TitleIssuesResponse>(
    year === null ? null : `Titles/${encodeURIComponent(lccn)}/Issues`,
    year === null ? null : { year },
    (y) => `${y.name}, ${y.year}`,
    path,
  );
  const y = state.data;
  useScreenTitle(path, y ? `${y.name}, ${y.year}` : null);
  if (year === null) return <RunNotFound path={path} lccn={lccn} message={`'${yearText.slice(0, 20)}' is not a year.`} />;
  if (state.notFound) return <RunNotFound path={path} lccn={lccn} message={state.notFound} />;
  if (!y) return <RunPending loading={state.loading} error={state.error} />;
  const byDay = new Map<string, CalendarIssue[]>();
  for (const i of y.issues) byDay.set(i.date, [...(byDay.get(i.date) ?? []), i]);
  const yearNav = (label: string) => (
    <nav className="run-nav" aria-label={label}>
      {y.prevYear !== null ? <Link href={titleYearPath(y.lccn, y.prevYear)}>← {y.prevYear}</Link> : <span />}
      <Link href={titlePath(y.lccn)}>About {y.name}</Link>
      {y.nextYear !== null ? <Link href={titleYearPath(y.lccn, y.nextYear)}>{y.nextYear} →</Link> : <span />}
    </nav>
  );
  return (
    <div className="container page run" data-testid="year-screen">
      {state.savedAt !== null && <SavedStamp savedAt={state.savedAt} className="run-saved" />}
      <h1 className="run-title">
        {y.name}, {y.year}
      </h1>
      <p>
        {y.issues.length
          ? `${byDay.size} day${byDay.size === 1 ? '' : 's'} with an issue held in ${y.year}${y.issues.length > byDay.size ? ` (${y.issues.length} issues with the editions)` : ''}.`
          : `No issues of this title are held for ${y.year}.`}{' '}
        <span className="run-muted">Arrow keys move between the issues.</span>
      </p>
      {yearNav('Years')}
      <div className="run-months" onKeyDown={moveFocus}>
        {MONTHS.map((_, m) => (
          <Month key={m} lccn={y.lccn} year={y.year} month={m + 1} byDay={byDay} />
        ))}
      </div>
      {yearNav('Years, end of the calendar')}
    </div>
  );
}
