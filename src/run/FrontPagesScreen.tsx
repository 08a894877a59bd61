// /frontpages/{YYYY-MM-DD} (issue #36): the first page of every issue of that day across the site's titles.
// /frontpages/{MM-DD} is "On this day": that month and day in every year held, with "100 years ago today"
// named when the archive holds that very day.
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { FrontPage, FrontPagesResponse } from '../../contract/runs';
import { frontPagesPath, isIsoDay, isMonthDay, issuePath } from '../../contract/runs';
import { useScreenTitle } from '../shared/lib/screen-title';
import { SavedStamp } from '../shared/ui/SavedStamp';
import { RunNotFound, RunStatus } from './RunNotFound';
import { useRunAnswer } from '../shared/data/run-answer';
import { MONTHS, dayWords, pagesWords, todayIso } from '../shared/lib/run-format';
import './run.css';

const viewerHref = (pageUid: string) => `/viewer?page=${encodeURIComponent(pageUid)}`;
const thumb = (pageUid: string) => `/iiif/3/${encodeURIComponent(pageUid)}/full/!200,300/0/default.jpg`;

function FrontPageCard({ p, withDate }: { p: FrontPage; withDate: boolean }) {
  return (
    <li className="run-front">
      <Link
        href={viewerHref(p.pageUid)}
        className="run-page"
        aria-label={`Front page of ${p.title}, ${dayWords(p.date)}${p.edition > 1 ? `, edition ${p.edition}` : ''}`}
      >
        {p.hasImage ? <img src={thumb(p.pageUid)} alt="" loading="lazy" width={150} height={210} /> : <span className="run-page__blank" aria-hidden="true" />}
        <span>{p.title}</span>
      </Link>
      <span className="run-muted">
        {withDate ? `${dayWords(p.date)} · ` : ''}
        {p.edition > 1 ? `edition ${p.edition} · ` : ''}
        <Link href={issuePath(p.lccn, p.date, p.edition)}>the whole issue</Link> ({pagesWords(p.pages)})
      </span>
    </li>
  );
}

export function FrontPagesScreen() {
  const { date = '' } = useParams<{ date: string }>();
  const [, navigate] = useLocation();
  const monthDay = isMonthDay(date) ? date : null;
  const day = isIsoDay(date) ? date : null;
  const path = frontPagesPath(date);
  const thisYear = Number(todayIso().slice(0, 4));
  const state = useRunAnswer<FrontPagesResponse>(
    day || monthDay ? 'FrontPages' : null,
    day ? { date: day } : monthDay ? { monthDay, year: thisYear } : null,
    () => (day ? `Front pages of ${dayWords(day)}` : `On this day, ${date}`),
    path,
  );
  const [asked, setAsked] = useState(day ?? '');
  const when = monthDay ? `${MONTHS[Number(monthDay.slice(0, 2)) - 1]} ${Number(monthDay.slice(3))}` : day ? dayWords(day) : '';
  const heading = monthDay ? `On this day: ${when}` : `Front pages of ${when}`;
  useScreenTitle(path, day || monthDay ? heading : null);
  if (!day && !monthDay) return <RunNotFound path={path} message={`'${date.slice(0, 20)}' is not a day: the address ends in a date such as 1887-03-03.`} />;
  const f = state.data;
  const go = (e: FormEvent) => {
    e.preventDefault();
    if (isIsoDay(asked)) navigate(frontPagesPath(asked));
  };
  return (
    <div className="container page run" data-testid="frontpages-screen">
      {state.savedAt !== null && <SavedStamp savedAt={state.savedAt} className="run-saved" />}
      <h1 className="run-title">{heading}</h1>
      {monthDay && f?.hundredYearsAgo && (
        <p className="notice notice--ok" data-testid="hundred-years">
          100 years ago today: <Link href={frontPagesPath(f.hundredYearsAgo)}>{dayWords(f.hundredYearsAgo)}</Link>.
        </p>
      )}
      <form className="run-dateform" onSubmit={go}>
        <label htmlFor="run-date">Another day</label>
        <input id="run-date" type="date" value={asked} onChange={(e) => setAsked(e.target.value)} />
        <button type="submit" className="btn">
          Show front pages
        </button>
      </form>
      <ul className="run-links">
        {day && (
          <li>
            <Link href={frontPagesPath(day.slice(5))}>The same day in other years</Link>
          </li>
        )}
        <li>
          <Link href={frontPagesPath(todayIso().slice(5))}>On this day (today’s date in every year held)</Link>
        </li>
        {monthDay && (
          <li>
            <a href={`/Api/FrontPages/feed.atom?monthDay=${monthDay}`} type="application/atom+xml">
              Feed of front pages on this day
            </a>
          </li>
        )}
      </ul>
      {state.notFound ? (
        <p className="notice notice--error">{state.notFound}</p>
      ) : !f ? (
        <RunStatus loading={state.loading} error={state.error} />
      ) : f.pages.length === 0 ? (
        <p>No issue of this site’s titles is held for {when}.</p>
      ) : (
        <ol className="run-pages run-pages--fronts" data-testid="front-pages">
          {f.pages.map((p) => (
            <FrontPageCard key={`${p.lccn}-${p.date}-${p.edition}`} p={p} withDate={!!monthDay} />
          ))}
        </ol>
      )}
    </div>
  );
}
