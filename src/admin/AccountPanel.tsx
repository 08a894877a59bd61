// The signed-in user's own password change.
import { useState } from 'react';
import { adminSend } from './api';

export function AccountPanel() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [msg, setMsg] = useState<string | null>(null);
  return (
    <section aria-labelledby="acct-h">
      <h2 id="acct-h">Change your password</h2>
      <form
        className="admin-form"
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            await adminSend('POST', 'Password', { current, next });
            setMsg('Password changed. Other sessions were signed out.');
            setCurrent('');
            setNext('');
          } catch (err) {
            setMsg((err as Error).message);
          }
        }}
      >
        <div className="admin-field">
          <label htmlFor="pw-cur">Current password</label>
          <input id="pw-cur" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} required />
        </div>
        <div className="admin-field">
          <label htmlFor="pw-new">New password (10 characters or more)</label>
          <input id="pw-new" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} required minLength={10} />
        </div>
        <div className="admin-actions">
          <button type="submit">Change password</button>
          <p role="status" aria-live="polite">
            {msg}
          </p>
        </div>
      </form>
    </section>
  );
}
