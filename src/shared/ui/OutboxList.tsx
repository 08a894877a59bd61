// The writes waiting on this device (clips, Contact Us messages, text corrections, shared lists): what, when made, where they stand, with
// remove and try-again. Mounted under the offline banner (waiting items, and those sent during this visit so
// their share links show up); the /saved screen can mount it with every item.
import { useOutboxItems, flushOutbox, pageOutbox } from '../data/outbox-page';
import { remove, retry, type CorrectionOutboxBody } from '../../../device-db/outbox';
import type { OutboxRecord } from '../../../device-db/schema';

/** When this page was loaded: items sent before it are history (the /saved screen shows them). */
const VISIT_STARTED = Date.now();

const KIND_LABEL: Record<OutboxRecord['kind'], string> = {
  clip: 'Clipping',
  message: 'Contact Us message',
  correction: 'Text correction',
  'list-share': 'Shared list',
};

/** "L12" -> "line 12" (line ids are "L" + the line's position on its page). */
export const lineName = (lineId: string) => `line ${lineId.replace(/^L/, '')}`;

/** A correction's page and line, and the viewer address that reopens that line in the editor. */
function correctionOf(r: OutboxRecord): { what: string; href: string } | null {
  if (r.kind !== 'correction') return null;
  const b = r.body as CorrectionOutboxBody;
  const text = b.text.length > 60 ? `${b.text.slice(0, 59)}…` : b.text;
  return { what: `${lineName(b.lineId)}: “${text}”`, href: `/viewer?page=${encodeURIComponent(b.pageUid)}&fix=${encodeURIComponent(b.lineId)}` };
}

const when = (ms: number) => new Date(ms).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function stateText(r: OutboxRecord): string {
  switch (r.state) {
    case 'pending':
      return 'Waiting for the connection';
    case 'sending':
      return 'Sending…';
    case 'sent':
      return 'Sent';
    case 'failed':
      return `Not sent: ${r.lastError ?? 'the server refused it.'}`;
  }
}

function shareUrl(r: OutboxRecord): string | null {
  const url = (r.result as { url?: unknown } | null)?.url;
  return (r.kind === 'clip' || r.kind === 'list-share') && typeof url === 'string' ? url : null;
}

export function OutboxList({ show = 'visit' }: { show?: 'visit' | 'all' }) {
  const items = (useOutboxItems() ?? []).filter((r) => show === 'all' || r.state !== 'sent' || (r.sentAt ?? 0) >= VISIT_STARTED);
  if (!items.length) return null;
  const waiting = items.filter((r) => r.state !== 'sent').length;
  return (
    <section className="outbox" aria-labelledby="outbox-title" data-testid="outbox">
      <h2 id="outbox-title" className="outbox__title">
        {waiting ? `Kept on this device, to be sent (${waiting})` : 'Sent from this device'}
      </h2>
      <ul className="outbox__list">
        {items.map((r) => {
          const link = shareUrl(r);
          const correction = correctionOf(r);
          return (
            <li key={r.clientId} className={`outbox__item outbox__item--${r.state}`} data-testid="outbox-item" data-state={r.state}>
              <span className="outbox__what">{KIND_LABEL[r.kind]}</span>
              {correction && <span className="outbox__detail"> ({correction.what})</span>} <span className="outbox__when">made {when(r.createdAt)}</span>{' '}
              <span className="outbox__state">{stateText(r)}</span>
              {link && (
                <>
                  {' '}
                  <a href={link} target="_blank" rel="noopener" data-testid="outbox-link">
                    Open the share link
                  </a>
                </>
              )}
              {correction && r.state === 'failed' && (
                <>
                  {' '}
                  <a href={correction.href} data-testid="outbox-open-line">
                    Open the line
                  </a>
                </>
              )}
              {r.state === 'failed' && r.lastStatus !== 409 && (
                <button type="button" className="outbox__btn" onClick={() => void retry(pageOutbox(), r.clientId).then(() => flushOutbox())}>
                  Try again
                </button>
              )}
              {r.state !== 'sending' && (
                <button
                  type="button"
                  className="outbox__btn"
                  onClick={() => void remove(pageOutbox(), r.clientId)}
                  aria-label={`Remove the ${KIND_LABEL[r.kind].toLowerCase()} made ${when(r.createdAt)}`}
                >
                  Remove
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
