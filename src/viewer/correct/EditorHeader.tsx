// The top of the correction editor: how it works, the optional name, what the site's policy means for
// this visitor, and the buttons that act on the whole page.
import type { RefObject } from 'react';
import { CORRECTION_LIMITS, type CorrectionPolicyView } from '../../../contract/corrections';

interface Props {
  heading: RefObject<HTMLHeadingElement | null>;
  name: string;
  onName(name: string): void;
  policy: CorrectionPolicyView | null;
  readOnly: boolean;
  online: boolean;
  fromDevice: boolean;
  changedCount: number;
  onSaveAll(): void;
  onDone(): void;
}

export function EditorHeader(p: Props) {
  return (
    <div className="cx-head">
      <div className="cx-head__top">
        <h2 id="cx-title" className="cx-title" tabIndex={-1} ref={p.heading}>
          Fix this text
        </h2>
        <button type="button" className="vz-btn" onClick={p.onDone}>
          Done
        </button>
      </div>
      <p className="vz-help" id="cx-help">
        Type what the page really says under each line&apos;s picture. Enter saves the line and moves to the next one; Escape undoes your change. No account
        needed: every change is kept in the line&apos;s history.
      </p>
      {p.readOnly && (
        <p className="cx-note" role="note">
          This site asks you to sign in before correcting its text.
        </p>
      )}
      {p.policy?.publish === 'afterApproval' && !p.readOnly && <p className="cx-note">A moderator checks corrections before they show.</p>}
      {(!p.online || p.fromDevice) && !p.readOnly && (
        <p className="cx-note" data-testid="cx-offline-note">
          You are offline: your corrections are kept on this device and sent when the connection returns.
        </p>
      )}
      {!p.readOnly && (
        <div className="cx-name">
          <label htmlFor="cx-name">Your name (optional, shown with your corrections)</label>
          <input
            id="cx-name"
            type="text"
            autoComplete="nickname"
            maxLength={CORRECTION_LIMITS.displayNameMax}
            value={p.name}
            onChange={(e) => p.onName(e.target.value)}
          />
        </div>
      )}
      {!p.readOnly && (
        <div className="cx-head__actions">
          <button type="button" className="vz-btn vz-btn--primary" disabled={!p.changedCount} onClick={p.onSaveAll}>
            Save all changed lines{p.changedCount ? ` (${p.changedCount})` : ''}
          </button>
        </div>
      )}
    </div>
  );
}
