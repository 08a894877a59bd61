// Contact Us messages sent to this site, newest first; an editor marks each one read.
import { useEffect, useState } from 'react';
import type { AdminMessage } from '../../contract/admin';
import { adminGet, adminSend } from './api';

export function MessagesPanel() {
  const [msgs, setMsgs] = useState<AdminMessage[]>([]);
  const [err, setErr] = useState<string | null>(null);
  const load = () => adminGet<AdminMessage[]>('Messages').then(setMsgs, (e) => setErr((e as Error).message));
  useEffect(() => void load(), []);
  return (
    <section aria-labelledby="msgs-h">
      <h2 id="msgs-h">Contact Us messages</h2>
      {err && (
        <p className="admin-error" role="alert">
          {err}
        </p>
      )}
      {!msgs.length && <p>No messages.</p>}
      <ul className="admin-list">
        {msgs.map((m) => (
          <li key={m.id} className={m.readAt ? 'msg-read' : 'msg-unread'}>
            <h3>{m.subject}</h3>
            <p>
              <small>
                From {m.name} &lt;{m.email}&gt; on {m.createdAt.slice(0, 16).replace('T', ' ')}
              </small>
            </p>
            <p className="admin-pre">{m.message}</p>
            {!m.readAt && (
              <button
                type="button"
                onClick={async () => {
                  await adminSend('POST', `Messages/${m.id}/Read`);
                  await load();
                }}
              >
                Mark as read
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
