// /title/{lccn} (issue #36): a title's record, how much of its run the archive holds year by year (a bar a
// year, the gaps left empty), its first and last issue, and the ways into it (a year's calendar, search
// within it, its IIIF collection, its feed).
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { TitleResponse, YearCoverage, RelatedTitle } from '../../contract/runs';
import { issuePath, titlePath, titleYearPath } from '../../contract/runs';
import { formatCount } from '../../contract/plain-format';
import { useScreenTitle } from '../shared/lib/screen-title';
import { SavedStamp } from '../shared/ui/SavedStamp';
import { RunNotFound, RunPending } from './RunNotFound';
import { useRunAnswer } from '../shared/data/run-answer';
import { dayWords, pagesWords } from '../shared/lib/run-format';
import './run.css';

const LANGUAGES: Record<string, string> = {
  eng: 'English',
  ger: 'German',
  fre: 'French',
  spa: 'Spanish',
  ita: 'Italian',
  pol: 'Polish',
  cze: 'Czech',
  swe: 'Swedish',
  nor: 'Norwegian',
  dan: 'Danish',
  dut: 'Dutch',
  yid: 'Yiddish',
  heb: 'Hebrew',
  chi: 'Chinese',
  jpn: 'Japanese',
  lit: 'Lithuanian',
  slo: 'Slovak',
  slv: 'Slovenian',
  hun: 'Hungarian',
  por: 'Portuguese',
  haw: 'Hawaiian',
  ara: 'Arabic',
  gre: 'Greek',
  rus: 'Russian',
  ukr: 'Ukrainian',
  wel: 'Welsh',
  gle: 'Irish',
};

const years = (start: number | null, end: number | null) => (start || end ? `${start ?? '?'}–${end ?? 'current'}` : null);

function Related({ list }: { list: RelatedTitle[] }) {
  return (
    <ul className="run-plain-list">
      {list.map((r) => (
        <li key={`${r.relation}-${r.name}-${r.lccn}`}>
          {r.relation}: {r.held && r.lccn ? <Link href={titlePath(r.lccn)}>{r.name}</Link> : <span>{r.name}</span>}
          {r.lccn && !r.held && <span className="run-muted"> (LCCN {r.lccn}, not held here)</span>}
        </li>
      ))}
    </ul>
  );
}

/** A bar per year from the first year held to the last; years without an issue are gaps, named as such. */
function CoverageStrip({ lccn, coverage }: { lccn: string; coverage: YearCoverage[] }) {
  if (!coverage.length) return <p>No issues of this title are held here yet.</p>;
  const first = coverage[0].year;
  const last = coverage[coverage.length - 1].year;
  const by = new Map(coverage.map((c) => [c.year, c]));
  const most = Math.max(...coverage.map((c) => c.issues));
  const all = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const gaps = all.length - coverage.length;
  return (
    <figure className="run-coverage">
      <figcaption>
        Issues held per year, {first}–{last}
        {gaps ? ` (${gaps} year${gaps === 1 ? '' : 's'} with none)` : ''}. Choose a year to see its calendar.
      </figcaption>
      <ol className="run-coverage__bars" data-testid="coverage-strip">
        {all.map((y) => {
          const c = by.get(y);
          if (!c)
            return (
              <li key={y} className="run-coverage__gap" title={`${y}: none held`}>
                <span className="visually-hidden">{y}: no issues held</span>
              </li>
            );
          return (
            <li key={y}>
              <Link
                href={titleYearPath(lccn, y)}
                className="run-coverage__bar"
                style={{ ['--bar' as string]: `${Math.max(8, Math.round((c.issues / most) * 100))}%` }}
                title={`${y}: ${formatCount(c.issues)} issue${c.issues === 1 ? '' : 's'}, ${formatCount(c.pages)} pages`}
                aria-label={`${y}: ${formatCount(c.issues)} issue${c.issues === 1 ? '' : 's'}, ${pagesWords(c.pages)}`}
              />
            </li>
          );
        })}
      </ol>
      <div className="run-coverage__axis" aria-hidden="true">
        <span>{first}</span>
        <span>{last}</span>
      </div>
    </figure>
  );
}

export function TitleScreen() {
  const { lccn = '' } = useParams<{ lccn: string }>();
  const path = titlePath(lccn);
  const state = useRunAnswer<TitleResponse>(`Titles/${encodeURIComponent(lccn)}`, null, (t) => t.name, path);
  const t = state.data;
  const [, navigate] = useLocation();
  // A tile names the title by id ('id-12'): once its LCCN is known, the address is the title's own.
  useEffect(() => {
    if (t && t.lccn !== lccn) navigate(titlePath(t.lccn), { replace: true });
  }, [t, lccn, navigate]);
  useScreenTitle(path, t?.name);
  if (state.notFound) return <RunNotFound path={path} message={state.notFound} />;
  if (!t) return <RunPending loading={state.loading} error={state.error} />;
  const published = years(t.startYear, t.endYear);
  const held = t.coverage.length ? `${t.coverage[0].year}–${t.coverage[t.coverage.length - 1].year}` : null;
  const languages = t.languages.map((l) => LANGUAGES[l] ?? l);
  return (
    <div className="container page run" data-testid="title-screen">
      {state.savedAt !== null && <SavedStamp savedAt={state.savedAt} className="run-saved" />}
      <h1 className="run-title">{t.name}</h1>
      {!t.hasRecord && (
        <p className="notice" data-testid="no-record">
          This title has no catalogue record here: what is shown is what its batches told.
        </p>
      )}
      <dl className="run-facts">
        {(t.places.length > 0 || t.placeOfPublication) && (
          <>
            <dt>Place{t.places.length > 1 ? 's' : ''}</dt>
            <dd>{t.places.length ? t.places.join('; ') : t.placeOfPublication}</dd>
          </>
        )}
        {published && (
          <>
            <dt>Published</dt>
            <dd>{published}</dd>
          </>
        )}
        {held && (
          <>
            <dt>Held here</dt>
            <dd>
              {held}: {formatCount(t.issueCount)} issue{t.issueCount === 1 ? '' : 's'}, {pagesWords(t.pageCount)}
            </dd>
          </>
        )}
        {t.frequency && (
          <>
            <dt>Frequency</dt>
            <dd>
              {t.frequency}
              {t.formerFrequencies.length > 0 && <span className="run-muted"> (formerly {t.formerFrequencies.join('; ')})</span>}
            </dd>
          </>
        )}
        {languages.length > 0 && (
          <>
            <dt>Language{languages.length > 1 ? 's' : ''}</dt>
            <dd>{languages.join(', ')}</dd>
          </>
        )}
        {t.publisher && (
          <>
            <dt>Publisher</dt>
            <dd>{t.publisher}</dd>
          </>
        )}
        {t.subjects.length > 0 && (
          <>
            <dt>Subjects</dt>
            <dd>
              <ul className="run-plain-list">
                {t.subjects.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {t.preceding.length > 0 && (
          <>
            <dt>Earlier title{t.preceding.length > 1 ? 's' : ''}</dt>
            <dd>
              <Related list={t.preceding} />
            </dd>
          </>
        )}
        {t.succeeding.length > 0 && (
          <>
            <dt>Later title{t.succeeding.length > 1 ? 's' : ''}</dt>
            <dd>
              <Related list={t.succeeding} />
            </dd>
          </>
        )}
        <dt>LCCN</dt>
        <dd>{t.lccn}</dd>
        {t.oclc && (
          <>
            <dt>OCLC</dt>
            <dd>{t.oclc}</dd>
          </>
        )}
      </dl>

      <h2>The run</h2>
      <CoverageStrip lccn={t.lccn} coverage={t.coverage} />
      {t.firstIssue && t.lastIssue && (
        <p>
          First issue held: <Link href={issuePath(t.lccn, t.firstIssue.date, t.firstIssue.edition)}>{dayWords(t.firstIssue.date)}</Link>. Last issue held:{' '}
          <Link href={issuePath(t.lccn, t.lastIssue.date, t.lastIssue.edition)}>{dayWords(t.lastIssue.date)}</Link>.
        </p>
      )}
      <ul className="run-links">
        <li>
          <Link href={t.links.search}>Search within this title</Link>
        </li>
        <li>
          <a href={t.links.iiifCollection}>IIIF collection</a>
        </li>
        <li>
          <a href={t.links.feed} type="application/atom+xml">
            Feed of its pages
          </a>
        </li>
      </ul>
    </div>
  );
}
