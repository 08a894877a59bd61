// Admin accounts: list, change role, delete, create.
import { useEffect, useState } from 'react';
import type { AdminMe, AdminUser } from '../../contract/admin';
import { adminGet, adminSend } from './api';

export function UsersPanel({ me }: { me: AdminMe }) {
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [form, setForm] = useState({ username: '', password: '', role: 'editor' });
  const [msg, setMsg] = useState<string | null>(null);
  const load = () => adminGet<AdminUser[]>('Users').then(setUsers, (e) => setMsg((e as Error).message));
  useEffect(() => void load(), []);
  const act = async (f: () => Promise<unknown>) => {
    setMsg(null);
    try {
      await f();
      await load();
    } catch (e) {
      setMsg((e as Error).message);
    }
  };
  return (
    <section aria-labelledby="users-h">
      <h2 id="users-h">Accounts</h2>
      {msg && (
        <p className="admin-error" role="alert">
          {msg}
        </p>
      )}
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Role</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>{u.username}</td>
              <td>
                <select
                  aria-label={`Role of ${u.username}`}
                  value={u.role}
                  onChange={(e) => act(() => adminSend('PUT', `Users/${u.id}`, { role: e.target.value }))}
                >
                  <option value="admin">admin</option>
                  <option value="editor">editor</option>
                </select>
              </td>
              <td>{u.lastLoginAt?.slice(0, 16).replace('T', ' ') ?? 'never'}</td>
              <td>
                {u.username !== me.username && (
                  <button type="button" onClick={() => confirm(`Delete ${u.username}?`) && act(() => adminSend('DELETE', `Users/${u.id}`))}>
                    Delete
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault();
          void act(() => adminSend('POST', 'Users', form));
        }}
      >
        <h3>New account</h3>
        <div className="admin-field">
          <label htmlFor="nu-name">User name</label>
          <input id="nu-name" value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} required />
        </div>
        <div className="admin-field">
          <label htmlFor="nu-pass">Password (10 characters or more)</label>
          <input
            id="nu-pass"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
            required
            minLength={10}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="nu-role">Role</label>
          <select id="nu-role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
            <option value="editor">editor</option>
            <option value="admin">admin</option>
          </select>
        </div>
        <div className="admin-actions">
          <button type="submit">Create account</button>
        </div>
      </form>
    </section>
  );
}
