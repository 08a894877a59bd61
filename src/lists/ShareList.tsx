// "Share this list" on an open list (issue #38 item 5): publishes a read-only copy (with the notes only when
// the visitor ticks "Include notes") through the outbox, so offline it waits and is sent when back online.
// Once shared it shows the link, the IIIF Collection for Mirador and "Withdraw", which deletes the copy with
// the secret token only this device holds.
import { useEffect, useState } from 'react';
import { clearShare, markShareWaiting, settleShares, shareBody } from '../../device-db/lists-share';
import { ListError } from '../../device-db/lists';
import type { ListRecord } from '../../device-db/schema';
import { SHARED_LISTS_ENDPOINT } from '../../contract/shared-lists';
import { archiveDb } from '../shared/db';
import { ApiRequestError, sendJson } from '../shared/data/http';
import { keepAndSend, useOutboxItem } from '../shared/data/outbox-page';
import { currentSite } from '../shared/data/site';

export function ShareList({ list, onStatus }: { list: ListRecord; onStatus(s: string): void }) {
  const share = list.share;
  const [includeNotes, setIncludeNotes] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const outboxItem = useOutboxItem(share?.state === 'waiting' ? share.clientId : null);

  // Whoever sent it (this tab, another, the service worker), its answer reaches the list's record.
  useEffect(() => {
    if (share?.state === 'waiting' && (outboxItem === undefined || outboxItem.state === 'sent' || outboxItem.state === 'failed')) {
      void settleShares(archiveDb(), currentSite()).catch(() => 0);
    }
  }, [share?.state, outboxItem?.state, outboxItem]);

  const publish = async () => {
    setError('');
    setBusy(true);
    try {
      const body = await shareBody(archiveDb(), list.id, includeNotes);
      const record = await keepAndSend('list-share', body);
      await markShareWaiting(archiveDb(), list.id, record.clientId, includeNotes);
      onStatus(navigator.onLine ? 'Sharing the list…' : 'The list will be shared when this device is back online.');
    } catch (err) {
      setError(err instanceof ListError ? err.message : 'This device could not prepare the list for sharing.');
    } finally {
      setBusy(false);
    }
  };

  const withdraw = async () => {
    if (!share?.id || !share.deleteToken) return;
    setError('');
    setBusy(true);
    try {
      await sendJson('DELETE', `${SHARED_LISTS_ENDPOINT}/${encodeURIComponent(share.id)}`, { deleteToken: share.deleteToken });
      await clearShare(archiveDb(), list.id);
      onStatus('The shared copy is withdrawn: its link no longer opens it.');
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 404) {
        await clearShare(archiveDb(), list.id);
        onStatus('The shared copy was already gone (withdrawn or removed by the archive’s staff).');
      } else
        setError(
          err instanceof ApiRequestError && err.status === 0 ? 'Withdrawing needs a network connection: try again when online.' : (err as Error).message,
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="lists-share" aria-labelledby="list-share-h" data-testid="list-share">
      <h2 id="list-share-h">Share this list</h2>
      {!share && (
        <>
          <p>
            Anyone with the link can read a copy of this list as it is now (titles, dates, links; not the pages’ text). You can withdraw it later from this
            device.
          </p>
          <div className="lists-share__form">
            <input id="list-share-notes" type="checkbox" checked={includeNotes} onChange={(e) => setIncludeNotes(e.target.checked)} />
            <label htmlFor="list-share-notes">Include notes, tags and the description</label>
            <button type="button" className="btn" disabled={busy} onClick={() => void publish()}>
              Share this list
            </button>
          </div>
        </>
      )}
      {share?.state === 'waiting' && (
        <p data-testid="list-share-waiting">
          {outboxItem?.state === 'sending' ? 'Sending the list…' : 'Waiting to be sent: the list will be shared when this device is back online.'}{' '}
          <button type="button" className="btn btn-link" onClick={() => void clearShare(archiveDb(), list.id).then(() => onStatus('Sharing cancelled.'))}>
            Cancel sharing
          </button>
        </p>
      )}
      {share?.state === 'shared' && share.url && (
        <>
          <p>
            Shared{share.includeNotes ? ' with its notes' : ' without notes'}:{' '}
            <a href={share.url} data-testid="list-share-link">
              {share.url}
            </a>
          </p>
          <p>
            For IIIF viewers such as Mirador: <a href={share.collection}>IIIF Collection</a>
          </p>
          <button type="button" className="btn" disabled={busy} onClick={() => void withdraw()}>
            Withdraw the shared copy
          </button>
        </>
      )}
      {share?.state === 'failed' && (
        <p role="alert">
          The list was not shared: {share.error}{' '}
          <button type="button" className="btn btn-link" onClick={() => void clearShare(archiveDb(), list.id)}>
            Dismiss
          </button>
        </p>
      )}
      {error && (
        <p className="lists-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
