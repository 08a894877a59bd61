// /issue/{lccn}/{YYYY-MM-DD}/ed-{n} (issue #36): every page of an issue as a thumbnail with its number and, where
// the METS names one, its section, opening the viewer; the previous and next issue, the day's other editions,
// volume and number, the whole issue as one PDF (its size said before the download) and its IIIF manifest.
import { Link, useParams } from 'wouter';
import type { IssueResponse } from '../../contract/runs';
import { frontPagesPath, issueApiPath, issuePath, titlePath, titleYearPath } from '../../contract/runs';
import { useScreenTitle } from '../shared/lib/screen-title';
import { SavedStamp } from '../shared/ui/SavedStamp';
import { RunNotFound, RunPending } from './RunNotFound';
import { useRunAnswer } from '../shared/data/run-answer';
import { dayWords, sizeWords } from '../shared/lib/run-format';
import './run.css';

const viewerHref = (pageUid: string) => `/viewer?page=${encodeURIComponent(pageUid)}`;
const thumb = (pageUid: string) => `/iiif/3/${encodeURIComponent(pageUid)}/full/!200,300/0/default.jpg`;

export function IssueScreen() {
  const { lccn = '', date = '', edition: ed = '' } = useParams<{ lccn: string; date: string; edition: string }>();
  const edition = /^ed-\d{1,3}$/.test(ed) ? Number(ed.slice(3)) : null;
  const path = edition === null ? `/issue/${lccn}/${date}/${ed}` : issuePath(lccn, date, edition);
  const state = useRunAnswer<IssueResponse>(edition === null ? null : issueApiPath(lccn, date, edition), null, (i) => `${i.title}, ${dayWords(i.date)}`, path);
  const i = state.data;
  const named = i ? `${i.title}, ${dayWords(i.date)}${i.editions.length > 1 ? `, edition ${i.edition}` : ''}` : null;
  useScreenTitle(path, named);
  if (edition === null) return <RunNotFound path={path} lccn={lccn} message={`'${ed.slice(0, 20)}' is not an edition: the address ends in ed-1, ed-2…`} />;
  if (state.notFound) return <RunNotFound path={path} lccn={lccn} message={state.notFound} />;
  if (!i) return <RunPending loading={state.loading} error={state.error} />;
  const year = Number(i.date.slice(0, 4));
  return (
    <div className="container page run" data-testid="issue-screen">
      {state.savedAt !== null && <SavedStamp savedAt={state.savedAt} className="run-saved" />}
      <nav aria-label="Breadcrumb" className="run-crumbs">
        <ol>
          <li>
            <Link href={titlePath(i.lccn)}>{i.title}</Link>
          </li>
          <li>
            <Link href={titleYearPath(i.lccn, year)}>{year}</Link>
          </li>
          <li aria-current="page">{dayWords(i.date)}</li>
        </ol>
      </nav>
      <h1 className="run-title">{named}</h1>
      <p>
        {[i.placeOfPublication, i.volume && `Volume ${i.volume}`, i.number && `Number ${i.number}`, `${i.pages.length} page${i.pages.length === 1 ? '' : 's'}`]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {i.editions.length > 1 && (
        <p>
          Editions of this day:{' '}
          {i.editions.map((e, k) => (
            <span key={e}>
              {k > 0 && ', '}
              {e === i.edition ? <strong aria-current="page">edition {e}</strong> : <Link href={issuePath(i.lccn, i.date, e)}>edition {e}</Link>}
            </span>
          ))}
        </p>
      )}
      <nav className="run-nav" aria-label="Issues">
        {i.prevIssue ? (
          <Link href={issuePath(i.lccn, i.prevIssue.date, i.prevIssue.edition)} rel="prev">
            ← Previous issue<span className="run-muted">, {dayWords(i.prevIssue.date)}</span>
          </Link>
        ) : (
          <span />
        )}
        {i.nextIssue ? (
          <Link href={issuePath(i.lccn, i.nextIssue.date, i.nextIssue.edition)} rel="next">
            Next issue<span className="run-muted">, {dayWords(i.nextIssue.date)}</span> →
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <ul className="run-links">
        {i.pdf.bytes !== null && (
          <li>
            <a href={`${i.pdf.url}?download=1`} download data-testid="issue-pdf">
              Download this issue (PDF, about {sizeWords(i.pdf.bytes)})
            </a>
          </li>
        )}
        <li>
          <a href={i.manifest}>IIIF manifest</a>
        </li>
        <li>
          <Link href={frontPagesPath(i.date)}>Front pages of {dayWords(i.date)}</Link>
        </li>
      </ul>
      <h2>Pages</h2>
      <ol className="run-pages" data-testid="issue-pages">
        {i.pages.map((p) => {
          const label = `Page ${p.number || p.sequence}`;
          return (
            <li key={p.uid}>
              <Link href={viewerHref(p.uid)} className="run-page">
                {p.hasImage ? (
                  <img src={thumb(p.uid)} alt="" loading="lazy" width={150} height={p.width && p.height ? Math.round((150 * p.height) / p.width) : 210} />
                ) : (
                  <span className="run-page__blank" aria-hidden="true" />
                )}
                <span>{label}</span>
                {/* Kept copies from before sections were served have none: undefined reads as no section. */}
                {p.section && <span className="run-page__section">{p.section}</span>}
              </Link>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
