import { useEffect, useState } from 'react';
import { adminGet, adminSend, type Me } from './api';

interface Msg { id: number; name: string; email: string; subject: string; message: string; createdAt: string; readAt: string | null }
interface User { id: number; username: string; role: string; lastLoginAt: string | null; lockedUntil: string | null }
interface Audit { id: number; at: string; username: string | null; action: string; target: string | null; ip: string | null }

export function MessagesPanel() {
  const [msgs, setMsgs] = useState<Msg[]>([]);
  const [err, setErr] = useState<string | null>(null);
  const load = () => adminGet<Msg[]>('Messages').then(setMsgs, (e) => setErr((e as Error).message));
  useEffect(() => void load(), []);
  return (
    <section aria-labelledby="msgs-h">
      <h2 id="msgs-h">Contact Us messages</h2>
      {err && <p className="admin-error" role="alert">{err}</p>}
      {!msgs.length && <p>No messages.</p>}
      <ul className="admin-list">
        {msgs.map((m) => (
          <li key={m.id} className={m.readAt ? 'msg-read' : 'msg-unread'}>
            <h3>{m.subject}</h3>
            <p><small>From {m.name} &lt;{m.email}&gt; on {m.createdAt.slice(0, 16).replace('T', ' ')}</small></p>
            <p className="admin-pre">{m.message}</p>
            {!m.readAt && <button type="button" onClick={async () => { await adminSend('POST', `Messages/${m.id}/Read`); await load(); }}>Mark as read</button>}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function UsersPanel({ me }: { me: Me }) {
  const [users, setUsers] = useState<User[]>([]);
  const [form, setForm] = useState({ username: '', password: '', role: 'editor' });
  const [msg, setMsg] = useState<string | null>(null);
  const load = () => adminGet<User[]>('Users').then(setUsers, (e) => setMsg((e as Error).message));
  useEffect(() => void load(), []);
  const act = async (f: () => Promise<unknown>) => {
    setMsg(null);
    try { await f(); await load(); } catch (e) { setMsg((e as Error).message); }
  };
  return (
    <section aria-labelledby="users-h">
      <h2 id="users-h">Accounts</h2>
      {msg && <p className="admin-error" role="alert">{msg}</p>}
      <table className="admin-table">
        <thead><tr><th scope="col">User</th><th scope="col">Role</th><th scope="col">Last sign-in</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>{u.username}{u.lockedUntil && new Date(u.lockedUntil) > new Date() ? ' (locked)' : ''}</td>
              <td>
                <select aria-label={`Role of ${u.username}`} value={u.role} onChange={(e) => act(() => adminSend('PUT', `Users/${u.id}`, { role: e.target.value }))}>
                  <option value="admin">admin</option><option value="editor">editor</option>
                </select>
              </td>
              <td>{u.lastLoginAt?.slice(0, 16).replace('T', ' ') ?? 'never'}</td>
              <td>{u.username !== me.username && <button type="button" onClick={() => confirm(`Delete ${u.username}?`) && act(() => adminSend('DELETE', `Users/${u.id}`))}>Delete</button>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="admin-form" onSubmit={(e) => { e.preventDefault(); void act(() => adminSend('POST', 'Users', form)); }}>
        <h3>New account</h3>
        <div className="admin-field"><label htmlFor="nu-name">User name</label><input id="nu-name" value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} required /></div>
        <div className="admin-field"><label htmlFor="nu-pass">Password (10 characters or more)</label><input id="nu-pass" type="password" autoComplete="new-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} required minLength={10} /></div>
        <div className="admin-field"><label htmlFor="nu-role">Role</label><select id="nu-role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}><option value="editor">editor</option><option value="admin">admin</option></select></div>
        <div className="admin-actions"><button type="submit">Create account</button></div>
      </form>
    </section>
  );
}

export function AuditPanel() {
  const [rows, setRows] = useState<Audit[]>([]);
  useEffect(() => void adminGet<Audit[]>('Audit').then(setRows), []);
  return (
    <section aria-labelledby="audit-h">
      <h2 id="audit-h">Audit log</h2>
      <table className="admin-table">
        <thead><tr><th scope="col">When (UTC)</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Target</th><th scope="col">From</th></tr></thead>
        <tbody>{rows.map((r) => <tr key={r.id}><td>{r.at.slice(0, 19).replace('T', ' ')}</td><td>{r.username ?? '—'}</td><td>{r.action}</td><td>{r.target ?? ''}</td><td>{r.ip ?? ''}</td></tr>)}</tbody>
      </table>
    </section>
  );
}

export function AccountPanel() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [msg, setMsg] = useState<string | null>(null);
  return (
    <section aria-labelledby="acct-h">
      <h2 id="acct-h">Change your password</h2>
      <form className="admin-form" onSubmit={async (e) => {
        e.preventDefault();
        try { await adminSend('POST', 'Password', { current, next }); setMsg('Password changed. Other sessions were signed out.'); setCurrent(''); setNext(''); } catch (err) { setMsg((err as Error).message); }
      }}>
        <div className="admin-field"><label htmlFor="pw-cur">Current password</label><input id="pw-cur" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} required /></div>
        <div className="admin-field"><label htmlFor="pw-new">New password (10 characters or more)</label><input id="pw-new" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} required minLength={10} /></div>
        <div className="admin-actions"><button type="submit">Change password</button><p role="status" aria-live="polite">{msg}</p></div>
      </form>
    </section>
  );
}
