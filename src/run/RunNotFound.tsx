// What an unknown LCCN, date or edition shows: 'Page not found', with the way back to the title when there is one.
import { Link } from 'wouter';
import { titlePath } from '../../contract/runs';
import { useScreenTitle } from '../shared/lib/screen-title';

export function RunNotFound({ path, message, lccn }: { path: string; message: string; lccn?: string }) {
  useScreenTitle(path, 'Page not found');
  return (
    <div className="container page not-found" data-testid="run-not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>{message}</p>
      <p className="run-actions">
        {lccn && !/^No title/.test(message) && (
          <Link href={titlePath(lccn)} className="btn btn--primary">
            Back to the title
          </Link>
        )}
        <Link href="/home" className="btn">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}

/** Loading, offline-and-never-seen and error lines shared by the run screens. */
export function RunStatus({ loading, error }: { loading: boolean; error: string | null }) {
  if (error)
    return (
      <p className="notice notice--error" role="alert">
        {error}
      </p>
    );
  if (loading)
    return (
      <p className="run-loading" role="status">
        Loading…
      </p>
    );
  return null;
}

/** A run screen before its answer: the status line, in space that keeps the band below out of view (issue #19). */
export function RunPending({ loading, error }: { loading: boolean; error: string | null }) {
  return (
    <div className="container page run" aria-busy={loading}>
      <RunStatus loading={loading} error={error} />
    </div>
  );
}
