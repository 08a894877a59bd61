// The Kiosk section of a site (issue #17): on or off, the idle time after which the screen forgets its
// visitor, and the issues it keeps on the device. With no issue chosen, the site's newest issues are
// featured (the server keeps no read counts); the form says so.
import { useEffect, useId, useState } from 'react';
import { adminGet } from './api';

export interface KioskValue {
  enabled: boolean;
  idleSeconds: number;
  featuredIssueIds: string[];
}
interface IssueChoice {
  issueId: string;
  title: string;
  date: string;
  pages: number;
}

export const KIOSK_IDLE_MIN = 3;
export const KIOSK_IDLE_MAX = 3600;

export function KioskForm({
  siteId,
  value,
  onSave,
  disabled,
}: {
  siteId: number;
  value: KioskValue;
  onSave(v: KioskValue): Promise<void>;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  const [idleText, setIdleText] = useState(String(value.idleSeconds));
  const [issues, setIssues] = useState<IssueChoice[]>([]);
  const [extra, setExtra] = useState('');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const ids = { enabled: useId(), idle: useId(), idleHelp: useId(), extra: useId() };
  useEffect(() => {
    setDraft(value);
    setIdleText(String(value.idleSeconds));
  }, [value]);
  useEffect(() => {
    adminGet<IssueChoice[]>(`Sites/${siteId}/KioskIssues`).then(setIssues, () => setIssues([]));
  }, [siteId]);

  const chosen = new Set(draft.featuredIssueIds);
  const toggle = (id: string, on: boolean) =>
    setDraft((d) => ({ ...d, featuredIssueIds: on ? [...d.featuredIssueIds, id] : d.featuredIssueIds.filter((x) => x !== id) }));
  const listed = new Set(issues.map((i) => i.issueId));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const added = extra.split(/[\s,]+/).filter(Boolean);
    const next = { ...draft, idleSeconds: Number(idleText), featuredIssueIds: [...new Set([...draft.featuredIssueIds, ...added])] };
    try {
      await onSave(next);
      setExtra('');
      setStatus({ kind: 'ok', text: 'Saved. Kiosk screens use it when they next load the site settings.' });
    } catch (err) {
      setStatus({ kind: 'error', text: (err as Error).message });
    }
  };

  return (
    <form className="admin-form" onSubmit={submit} aria-label="Kiosk mode" noValidate>
      <div className="admin-field admin-check">
        <input
          id={ids.enabled}
          type="checkbox"
          checked={draft.enabled}
          onChange={(e) => setDraft((d) => ({ ...d, enabled: e.target.checked }))}
          disabled={disabled}
        />
        <label htmlFor={ids.enabled}>Kiosk mode: a shared public screen that forgets each visitor</label>
      </div>
      <div className="admin-field">
        <label htmlFor={ids.idle}>Idle time in seconds</label>
        <input
          id={ids.idle}
          type="number"
          inputMode="numeric"
          min={KIOSK_IDLE_MIN}
          max={KIOSK_IDLE_MAX}
          step={1}
          value={idleText}
          onChange={(e) => setIdleText(e.target.value)}
          aria-describedby={ids.idleHelp}
          disabled={disabled}
        />
        <small id={ids.idleHelp}>
          From {KIOSK_IDLE_MIN} to {KIOSK_IDLE_MAX}. After this long without a touch, key or scroll, the screen returns to the home page and clears the
          visitor’s searches, saved items and settings; the last 15 seconds show “Are you still there?”.
        </small>
      </div>
      <fieldset className="admin-field">
        <legend>Featured issues (kept on the device, open without a network)</legend>
        <p>
          {draft.featuredIssueIds.length === 0
            ? 'None chosen: the site’s newest issues are featured (this server does not count reads).'
            : `${draft.featuredIssueIds.length} chosen, in this order.`}
        </p>
        {draft.featuredIssueIds
          .filter((id) => !listed.has(id))
          .map((id) => (
            <div key={id} className="admin-check">
              <input id={`kiosk-${id}`} type="checkbox" checked onChange={() => toggle(id, false)} disabled={disabled} />
              <label htmlFor={`kiosk-${id}`}>{id}</label>
            </div>
          ))}
        <div className="admin-scroll-list" role="group" aria-label="The site’s newest issues" tabIndex={0}>
          {issues.map((i) => (
            <div key={i.issueId} className="admin-check">
              <input
                id={`kiosk-${i.issueId}`}
                type="checkbox"
                checked={chosen.has(i.issueId)}
                onChange={(e) => toggle(i.issueId, e.target.checked)}
                disabled={disabled}
              />
              <label htmlFor={`kiosk-${i.issueId}`}>
                {i.title}, {i.date} ({i.pages} {i.pages === 1 ? 'page' : 'pages'})
              </label>
            </div>
          ))}
        </div>
        <label htmlFor={ids.extra}>Other issue ids (e.g. sn83045462-1865-04-15-ed1), separated by spaces</label>
        <input id={ids.extra} value={extra} onChange={(e) => setExtra(e.target.value)} disabled={disabled} />
      </fieldset>
      <div className="admin-actions">
        <button type="submit" disabled={disabled}>
          Save
        </button>
        <p role="status" aria-live="polite" className={status ? `admin-${status.kind}` : undefined}>
          {status?.text}
        </p>
      </div>
    </form>
  );
}
