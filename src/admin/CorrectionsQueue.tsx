// The moderation queue of one site: corrections waiting for approval, then the latest decided ones. Each
// shows the line before and after; staff approve, reject, restore any version of the line, or block the sender.
import { useCallback, useEffect, useState } from 'react';
import type { AdminCorrectionItem, AdminCorrectionList } from '../../contract/corrections';
import { correctionsApi } from './corrections-api';
import { lineLabel, shortTime } from './corrections-format';
import { RestoreVersions } from './RestoreVersions';

interface Props {
  siteId: number;
  onBlocked(): void;
}

export function CorrectionsQueue({ siteId, onBlocked }: Props) {
  const [list, setList] = useState<AdminCorrectionList | null>(null);
  const [msg, setMsg] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const load = useCallback(() => correctionsApi.list(siteId).then(setList, (e) => setMsg({ kind: 'error', text: (e as Error).message })), [siteId]);
  useEffect(() => void load(), [load]);
  const act = async (job: () => Promise<unknown>, done: string) => {
    setMsg(null);
    try {
      await job();
      setMsg({ kind: 'ok', text: done });
      await load();
    } catch (e) {
      setMsg({ kind: 'error', text: (e as Error).message });
    }
  };
  const block = (kind: 'address' | 'account', value: string) => {
    if (!confirm(`Block ${value}? Corrections from this ${kind} will be refused.`)) return;
    void act(() => correctionsApi.block({ kind, value, reason: 'Blocked from the moderation queue' }), `Blocked ${value}.`).then(onBlocked);
  };
  const item = (c: AdminCorrectionItem) => (
    <li key={c.id} className={`corr-item corr-item--${c.state}`} data-testid="corr-item">
      <h5 className="corr-item__where">
        {c.title}, {c.date}, page {c.sequence}, {lineLabel(c.lineId)}{' '}
        <a href={`/viewer?page=${encodeURIComponent(c.pageUid)}&fix=${encodeURIComponent(c.lineId)}`} target="_blank" rel="noopener">
          Open in the viewer<span className="visually-hidden"> (new tab)</span>
        </a>
      </h5>
      <dl className="corr-item__texts">
        <dt>Before</dt>
        <dd>{c.previousText}</dd>
        <dt>{c.revertOf != null ? `Restored (version ${c.revertOf})` : 'Correction'}</dt>
        <dd data-testid="corr-text">{c.text}</dd>
        {c.original !== c.previousText && (
          <>
            <dt>OCR</dt>
            <dd>{c.original}</dd>
          </>
        )}
      </dl>
      <p className="corr-item__meta">
        Version {c.version} by {c.author}
        {c.account ? ` (account ${c.account})` : ''}
        {c.address ? ` from ${c.address}` : ''}, {shortTime(c.at)}: {c.state === 'pending' ? 'waiting' : c.state}
      </p>
      <div className="admin-actions">
        {c.state === 'pending' && (
          <>
            <button type="button" onClick={() => void act(() => correctionsApi.approve(c.id), `Approved: ${lineLabel(c.lineId)} now reads “${c.text}”.`)}>
              Approve<span className="visually-hidden"> the correction of {lineLabel(c.lineId)}</span>
            </button>
            <button type="button" onClick={() => void act(() => correctionsApi.reject(c.id), 'Rejected.')}>
              Reject<span className="visually-hidden"> the correction of {lineLabel(c.lineId)}</span>
            </button>
          </>
        )}
        {c.address && (
          <button type="button" onClick={() => block('address', c.address!)}>
            Block the address<span className="visually-hidden"> {c.address}</span>
          </button>
        )}
        {c.account && (
          <button type="button" onClick={() => block('account', c.account!)}>
            Block the account<span className="visually-hidden"> {c.account}</span>
          </button>
        )}
      </div>
      <RestoreVersions
        item={c}
        onRestore={(version) =>
          act(() => correctionsApi.revert({ pageUid: c.pageUid, lineId: c.lineId, version }), `Restored ${lineLabel(c.lineId)} to version ${version}.`)
        }
      />
    </li>
  );
  return (
    <section aria-labelledby="corr-queue-h">
      <h3 id="corr-queue-h">Moderation queue</h3>
      <p role="status" aria-live="polite" className={msg ? `admin-${msg.kind}` : undefined}>
        {msg?.text}
      </p>
      {list && (
        <>
          <h4>Waiting for approval ({list.pending.length})</h4>
          {list.pending.length ? <ul className="admin-list corr-list">{list.pending.map(item)}</ul> : <p>Nothing waits for approval.</p>}
          <h4>Recent</h4>
          {list.recent.length ? <ul className="admin-list corr-list">{list.recent.map(item)}</ul> : <p>No corrections yet.</p>}
        </>
      )}
    </section>
  );
}
