// The versions of one line, newest first, with when and by whom: a small disclosure under the line.
import { format, formatDistanceToNow } from 'date-fns';
import type { CorrectionHistoryEntry } from '../../../contract/corrections';

interface Props {
  label: string;
  original: string;
  /** This line's entries, newest first; null while the page's history loads. */
  entries: CorrectionHistoryEntry[] | null;
  error: string | null;
  onOpen(): void;
}

export function LineHistory({ label, original, entries, error, onOpen }: Props) {
  return (
    <details className="cx-history" onToggle={(e) => (e.currentTarget.open ? onOpen() : undefined)}>
      <summary>
        History<span className="visually-hidden"> of {label}</span>
      </summary>
      {error && <p className="cx-error">{error}</p>}
      {!entries && !error && <p className="vz-muted">Loading the history…</p>}
      {entries && (
        <ol className="cx-history__list">
          {entries.map((e) => (
            <li key={e.id}>
              <span className="cx-history__text">“{e.text}”</span>{' '}
              <span className="cx-history__meta">
                version {e.version}
                {e.revertOf != null ? ` (staff restored version ${e.revertOf})` : ''}, {e.author},{' '}
                <time dateTime={e.at} title={format(new Date(e.at), 'd MMM yyyy, HH:mm')}>
                  {formatDistanceToNow(new Date(e.at), { addSuffix: true })}
                </time>
                {e.state === 'pending' ? ', waiting for a moderator' : ''}
              </span>
            </li>
          ))}
          <li>
            <span className="cx-history__text">“{original}”</span> <span className="cx-history__meta">version 0, the OCR as scanned</span>
          </li>
        </ol>
      )}
    </details>
  );
}
