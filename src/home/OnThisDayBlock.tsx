// "On this day" on the home screen (ours, issue #36; shown only when the site's admin switches it on, so the
// spec's home stays exactly as the spec draws it): front pages of today's month and day from the years the
// archive holds, "100 years ago today" first when that year is held, linking to /frontpages/{MM-DD} and its
// Atom feed. Loaded only when switched on, so it adds nothing to /home's first-load JavaScript.
import { Link } from 'wouter';
import type { FrontPage, FrontPagesResponse } from '../../contract/runs';
import { frontPagesPath } from '../../contract/runs';
import { useRunAnswer } from '../shared/data/run-answer';
import { MONTHS, dayWords, todayIso } from '../shared/lib/run-format';
import './on-this-day.css';

/** How many front pages the block shows; the whole day is one link away. */
export const ON_THIS_DAY_SHOWN = 6;

const thumb = (pageUid: string) => `/iiif/3/${encodeURIComponent(pageUid)}/full/!200,300/0/default.jpg`;
const viewerHref = (pageUid: string) => `/viewer?page=${encodeURIComponent(pageUid)}`;

/** The hundred-years-ago pages first, then one page a year across the years held (oldest first), then the rest. */
export function pickFrontPages(pages: FrontPage[], hundredYearsAgo: string | null, n = ON_THIS_DAY_SHOWN): FrontPage[] {
  const first = pages.filter((p) => p.date === hundredYearsAgo);
  const years = new Set(first.map((p) => p.date.slice(0, 4)));
  const spread = pages.filter((p) => p.date !== hundredYearsAgo && !years.has(p.date.slice(0, 4)) && years.add(p.date.slice(0, 4)));
  const rest = pages.filter((p) => !first.includes(p) && !spread.includes(p));
  return [...first, ...spread, ...rest].slice(0, n);
}

const allWords = (n: number, when: string) => (n > 1 ? `All ${n} front pages of ${when}` : n === 1 ? `The front page of ${when}` : `Front pages of ${when}`);

export function OnThisDayBlock({ today = todayIso() }: { today?: string }) {
  const monthDay = today.slice(5);
  const when = `${MONTHS[Number(monthDay.slice(0, 2)) - 1]} ${Number(monthDay.slice(3))}`;
  const state = useRunAnswer<FrontPagesResponse>(
    'FrontPages',
    { monthDay, year: Number(today.slice(0, 4)) },
    () => `On this day, ${monthDay}`,
    frontPagesPath(monthDay),
  );
  const f = state.data;
  const shown = f ? pickFrontPages(f.pages, f.hundredYearsAgo) : [];
  return (
    <section className="home-block on-this-day" aria-labelledby="on-this-day-heading" data-testid="on-this-day">
      <div className="home-block__text">
        <h2 id="on-this-day-heading">On this day: {when}</h2>
        {f?.hundredYearsAgo && (
          <p className="on-this-day__century" data-testid="on-this-day-century">
            100 years ago today: <Link href={frontPagesPath(f.hundredYearsAgo)}>{dayWords(f.hundredYearsAgo)}</Link>
          </p>
        )}
        {!f ? (
          <p className="on-this-day__note" aria-busy={state.loading}>
            {state.loading ? 'Loading the front pages…' : (state.error ?? state.notFound)}
          </p>
        ) : f.pages.length === 0 ? (
          <p className="on-this-day__note">No front page of {when} is held in this archive yet.</p>
        ) : (
          <ol className="on-this-day__pages">
            {shown.map((p) => (
              <li key={`${p.lccn}-${p.date}-${p.edition}`}>
                {/* The name is the visible year and title, then the whole date for those who cannot see the row's heading. */}
                <Link href={viewerHref(p.pageUid)} className="on-this-day__page">
                  {p.hasImage ? (
                    <img src={thumb(p.pageUid)} alt="" loading="lazy" width={110} height={154} />
                  ) : (
                    <span className="on-this-day__blank" aria-hidden="true" />
                  )}
                  <span className="on-this-day__year">{p.date.slice(0, 4)}</span> <span className="on-this-day__title">{p.title}</span>
                  <span className="visually-hidden">
                    , front page of {dayWords(p.date)}
                    {p.edition > 1 ? `, edition ${p.edition}` : ''}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
        <ul className="on-this-day__links">
          <li>
            <Link href={frontPagesPath(monthDay)}>{allWords(f?.pages.length ?? 0, when)}</Link>
          </li>
          <li>
            <a href={`/Api/FrontPages/feed.atom?monthDay=${monthDay}`} type="application/atom+xml">
              Atom feed of front pages on this day
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}
