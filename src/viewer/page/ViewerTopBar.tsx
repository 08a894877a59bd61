// The viewer's header: where this page is (title, date, page), the way back, and page / issue navigation.
import type React from 'react';
import { Link } from 'wouter';
import type { ViewerPageResponse } from '../../../contract/viewer';
import { Icon } from '../../shared/ui/icons';
import { longDate, pageLabel } from '../../shared/lib/format';
import { SavedStamp } from '../../shared/ui/SavedStamp';
import { issuePath, titlePath } from '../../../contract/runs';

interface Props {
  page: ViewerPageResponse | null;
  backHref: string;
  backLabel: string;
  hrefFor(uid: string): string;
  /** Set while the page shown is this device's copy. */
  savedAt?: number | null;
  /** Actions about the whole issue (Save issue for offline), before the page navigation. */
  issueActions?: React.ReactNode;
}

function NavLink({ uid, hrefFor, label, icon }: { uid: string | null; hrefFor(uid: string): string; label: string; icon: 'prev' | 'next' | 'first' | 'last' }) {
  if (!uid)
    return (
      <span className="vz-btn vz-btn--icon is-disabled" aria-disabled="true" title={`${label} (none)`}>
        <Icon name={icon} />
        <span className="visually-hidden">{label} (none)</span>
      </span>
    );
  return (
    <Link href={hrefFor(uid)} className="vz-btn vz-btn--icon" title={label} aria-label={label}>
      <Icon name={icon} />
    </Link>
  );
}

export function ViewerTopBar({ page, backHref, backLabel, hrefFor, savedAt, issueActions }: Props) {
  return (
    <header className="vz-top">
      <Link href={backHref} className="vz-btn vz-back" aria-label={backLabel}>
        <Icon name="back" />
        <span className="vz-back-label">{backLabel}</span>
      </Link>
      <div className="vz-where">
        {page ? (
          <>
            {/* Issue #36: the title and the date lead to the title's page and the issue's page. */}
            <h1 className="vz-title">
              <Link href={titlePath(page.lccn)} className="vz-runlink">
                {page.title}
              </Link>
            </h1>
            <p className="vz-sub">
              <span className="vz-sub-long">
                <Link href={issuePath(page.lccn, page.date, page.edition)} className="vz-runlink">
                  {longDate(page.date)}
                </Link>{' '}
                · {pageLabel(page)} of {page.pageCount}
                {page.edition > 1 ? ` · edition ${page.edition}` : ''}
              </span>
              <span className="vz-sub-short">
                <Link href={issuePath(page.lccn, page.date, page.edition)} className="vz-runlink">
                  {page.date}
                </Link>{' '}
                · p. {page.number || page.sequence}/{page.pageCount}
              </span>
              {savedAt != null && (
                <>
                  {' · '}
                  <SavedStamp savedAt={savedAt} inline className="vz-saved" />
                </>
              )}
            </p>
          </>
        ) : (
          <h1 className="vz-title">Page viewer</h1>
        )}
      </div>
      {page && issueActions}
      {page && (
        <nav className="vz-pagenav" aria-label="Pages and issues">
          <NavLink uid={page.prevIssuePageUid} hrefFor={hrefFor} label="Previous issue" icon="first" />
          <NavLink uid={page.prevPageUid} hrefFor={hrefFor} label="Previous page" icon="prev" />
          <NavLink uid={page.nextPageUid} hrefFor={hrefFor} label="Next page" icon="next" />
          <NavLink uid={page.nextIssuePageUid} hrefFor={hrefFor} label="Next issue" icon="last" />
        </nav>
      )}
    </header>
  );
}
