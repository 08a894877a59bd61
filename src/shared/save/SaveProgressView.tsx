// Progress of a save, shared by the viewer's and the results screen's save panels: a progress bar counting
// pages (its text gives bytes too), a polite live line, Cancel while saving, and the outcome in words.
import type { SaveJob } from './save-jobs';
import { formatBytes } from './estimate';

export const QUOTA_MESSAGE = (done: number, total: number) =>
  `Not enough storage space on this device: ${done} of ${total} pages saved. Free space in Saved on this device and try again.`;

interface Props {
  job: SaveJob;
  /** 'this issue' or 'these results': how the lines name what is saved. */
  what: string;
  estimatedBytes?: number;
  onCancel(): void;
}

export function SaveProgressView({ job, what, estimatedBytes, onCancel }: Props) {
  const { pagesDone, pagesTotal, bytes } = job.progress;
  const ofBytes = estimatedBytes ? ` of about ${formatBytes(estimatedBytes)}` : '';
  const counted = `${pagesDone} of ${pagesTotal} pages, ${formatBytes(bytes)}${ofBytes}`;
  return (
    <div className="save-progress">
      {job.status === 'saving' && (
        <>
          <div
            className="save-bar"
            role="progressbar"
            aria-label={`Saving ${what} for offline`}
            aria-valuemin={0}
            aria-valuemax={pagesTotal || 1}
            aria-valuenow={pagesDone}
            aria-valuetext={counted}
          >
            <span style={{ width: `${pagesTotal ? (100 * pagesDone) / pagesTotal : 0}%` }} />
          </div>
          <p className="save-line" aria-live="polite" data-testid="save-progress-text">
            Saving: {counted}
          </p>
          <button type="button" className="vz-btn save-btn" onClick={onCancel}>
            Cancel
          </button>
        </>
      )}
      {job.status === 'cancelled' && (
        <p className="save-line" role="status">
          Saving stopped: {pagesDone} of {pagesTotal} pages are on this device. It is not saved until every page is.
        </p>
      )}
      {job.status === 'interrupted' && (
        <p className="save-line" role="status">
          The connection was lost: {pagesDone} of {pagesTotal} pages saved. Saving resumes when the connection returns.
        </p>
      )}
      {job.status === 'quota' && (
        <p className="save-line save-error" role="alert">
          {QUOTA_MESSAGE(pagesDone, pagesTotal)}
        </p>
      )}
    </div>
  );
}
