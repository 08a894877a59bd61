// One OCR line in the correction editor: its picture cut from the page, its text to edit, where its save
// stands, the choice when someone else changed it meanwhile, and its history.
import { memo, type KeyboardEvent } from 'react';
import { CORRECTION_LIMITS, type CorrectionHistoryEntry, type CorrectionLine } from '../../../contract/corrections';
import type { CorrectionItem } from './correction-outbox';
import { LineHistory } from './LineHistory';

export interface LineRowProps {
  line: CorrectionLine;
  /** "Line 12": the line's number on the page. */
  label: string;
  cropUrl: string | null;
  cropAspect: number;
  /** The text in the field (the line's text unless the visitor changed it). */
  draft: string;
  item: CorrectionItem | undefined;
  /** Just saved during this visit: "Saved" shows until the next change. */
  saved: 'published' | 'pending' | null;
  readOnly: boolean;
  online: boolean;
  history: CorrectionHistoryEntry[] | null;
  historyError: string | null;
  onDraft(lineId: string, text: string): void;
  onSave(lineId: string): void;
  onUndo(lineId: string): void;
  /** Keyboard: move to the next (1) or previous (-1) line's field. */
  onMove(lineId: string, step: 1 | -1): void;
  onKeepTheirs(lineId: string): void;
  onSaveMine(lineId: string): void;
  onHistory(): void;
}

const fieldId = (lineId: string) => `cx-line-${lineId}`;
export const lineFieldId = fieldId;

type Status = { kind: 'saving' | 'kept' | 'error' | 'conflict' | 'saved' | 'moderation'; text: string } | null;

function statusOf(p: LineRowProps): Status {
  const { item } = p;
  if (item?.state === 'failed' && item.lastStatus === 409) return { kind: 'conflict', text: 'Someone changed this line while you were editing.' };
  if (item?.state === 'failed') return { kind: 'error', text: `Not saved: ${item.lastError ?? 'the server refused it.'}` };
  if (item && (item.state === 'pending' || item.state === 'sending'))
    return p.online && item.attempts === 0
      ? { kind: 'saving', text: 'Saving…' }
      : item.state === 'sending'
        ? { kind: 'saving', text: 'Sending…' }
        : { kind: 'kept', text: 'Kept on this device: it will be sent when you are back online.' };
  if (p.saved === 'pending') return { kind: 'moderation', text: 'Saved: it shows once a moderator approves it.' };
  if (p.saved === 'published') return { kind: 'saved', text: 'Saved. Thank you!' };
  if (p.line.pending) return { kind: 'moderation', text: 'A correction of this line waits for a moderator.' };
  return null;
}

export const LineRow = memo(function LineRow(p: LineRowProps) {
  const { line, label, draft, item } = p;
  const id = fieldId(line.id);
  const changed = draft !== line.text;
  const status = statusOf(p);
  const conflict = status?.kind === 'conflict' && item ? item : null;
  // The fresh line arrives after the 409 (the editor asks for it): until then there is nothing to compare.
  const conflictReady = !!conflict && line.version !== conflict.body.baseVersion;
  const busy = item?.state === 'sending';
  const key = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (changed && !busy && !p.readOnly) p.onSave(line.id);
      p.onMove(line.id, e.shiftKey ? -1 : 1);
    } else if (e.key === 'Escape' && changed) {
      e.preventDefault();
      e.stopPropagation();
      p.onUndo(line.id);
    }
  };
  return (
    <li className={`cx-line${changed ? ' is-changed' : ''}${conflict ? ' is-conflict' : ''}`} data-line-id={line.id} data-testid="cx-line">
      {p.cropUrl && (
        <img className="cx-crop" src={p.cropUrl} alt={`${label} as printed`} loading="lazy" decoding="async" style={{ aspectRatio: String(p.cropAspect) }} />
      )}
      <div className="cx-row">
        <label htmlFor={id} className="cx-label">
          {label}
          <span className="visually-hidden"> text</span>
        </label>
        <input
          id={id}
          className="cx-input"
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={draft}
          readOnly={p.readOnly}
          maxLength={line.original.length * CORRECTION_LIMITS.lengthFactor + CORRECTION_LIMITS.lengthSlack}
          aria-describedby={status ? `${id}-status` : undefined}
          onChange={(e) => p.onDraft(line.id, e.target.value)}
          onKeyDown={key}
        />
        {changed && !p.readOnly && !conflict && (
          <span className="cx-actions">
            <button type="button" className="vz-btn vz-btn--primary cx-btn" disabled={busy} onClick={() => p.onSave(line.id)}>
              Save<span className="visually-hidden"> {label}</span>
            </button>
            <button type="button" className="vz-btn cx-btn" onClick={() => p.onUndo(line.id)}>
              Undo<span className="visually-hidden"> the change to {label}</span>
            </button>
          </span>
        )}
      </div>
      {status && !conflict && (
        <p id={`${id}-status`} className={`cx-status cx-status--${status.kind}`} data-testid="cx-status">
          {status.text}
        </p>
      )}
      {conflict && (
        <div className="cx-conflict" role="group" aria-labelledby={`${id}-status`} data-testid="cx-conflict">
          <p id={`${id}-status`} className="cx-status cx-status--conflict" role="alert">
            {status!.text}
          </p>
          {conflictReady ? (
            <>
              <dl className="cx-versions">
                <dt>Theirs (now on the site)</dt>
                <dd data-testid="cx-theirs">{line.text}</dd>
                <dt>Yours</dt>
                <dd data-testid="cx-yours">{conflict.body.text}</dd>
              </dl>
              <div className="cx-actions">
                <button type="button" className="vz-btn cx-btn" onClick={() => p.onKeepTheirs(line.id)}>
                  Keep theirs
                </button>
                <button type="button" className="vz-btn vz-btn--primary cx-btn" onClick={() => p.onSaveMine(line.id)}>
                  Save mine on top
                </button>
              </div>
            </>
          ) : (
            <p className="vz-muted">Fetching the new version…</p>
          )}
        </div>
      )}
      {(line.version > 0 || line.text !== line.original) && (
        <LineHistory label={label} original={line.original} entries={p.history} error={p.historyError} onOpen={p.onHistory} />
      )}
    </li>
  );
});
