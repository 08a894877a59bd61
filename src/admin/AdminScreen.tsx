import { useEffect, useState } from 'react';
import type { AdminMe } from '../../contract/admin';
import { adminGet, adminSend } from './api';
import { SitesPanel } from './SitesPanel';
import { BatchesPanel } from './BatchesPanel';
import { AccountPanel } from './AccountPanel';
import { AuditPanel } from './AuditPanel';
import { MessagesPanel } from './MessagesPanel';
import { UsersPanel } from './UsersPanel';
import { CorrectionsPanel } from './CorrectionsPanel';
import { SharedListsPanel } from './SharedListsPanel';
import './admin.css';

type Tab = 'sites' | 'batches' | 'messages' | 'corrections' | 'shared' | 'users' | 'audit' | 'account';
const TABS: Array<{ id: Tab; label: string; adminOnly?: boolean }> = [
  { id: 'sites', label: 'Sites and content' },
  { id: 'batches', label: 'Batches' },
  { id: 'messages', label: 'Messages' },
  { id: 'corrections', label: 'Corrections' },
  { id: 'shared', label: 'Shared lists' },
  { id: 'users', label: 'Accounts', adminOnly: true },
  { id: 'audit', label: 'Audit log', adminOnly: true },
  { id: 'account', label: 'My password' },
];

/** /admin: where library staff run the installation. Loaded only on this route. */
export function AdminScreen() {
  const [me, setMe] = useState<AdminMe | null | undefined>(undefined);
  const [tab, setTab] = useState<Tab>('sites');
  useEffect(() => {
    document.title = 'Archive administration';
    adminGet<AdminMe>('Me').then(setMe, () => setMe(null));
  }, []);

  if (me === undefined)
    return (
      <div className="admin">
        <p role="status">Loading…</p>
      </div>
    );
  if (me === null) return <SignIn onSignedIn={setMe} />;
  return (
    <div className="admin">
      <header className="admin-header">
        <h1>Archive administration</h1>
        <p>
          Signed in as <strong>{me.username}</strong> ({me.role})
        </p>
        <button
          type="button"
          onClick={async () => {
            await adminSend('POST', 'Logout');
            setMe(null);
          }}
        >
          Sign out
        </button>
        <a href="/home">View the public site</a>
      </header>
      <nav aria-label="Administration" className="admin-nav">
        {TABS.filter((t) => !t.adminOnly || me.role === 'admin').map((t) => (
          <button key={t.id} type="button" aria-current={tab === t.id ? 'page' : undefined} onClick={() => setTab(t.id)}>
            {t.label}
          </button>
        ))}
      </nav>
      {/* The shell's <main> already holds this screen: a second main landmark would nest inside it. */}
      <div className="admin-main">
        {tab === 'sites' && <SitesPanel me={me} />}
        {tab === 'batches' && <BatchesPanel me={me} />}
        {tab === 'messages' && <MessagesPanel />}
        {tab === 'corrections' && <CorrectionsPanel me={me} />}
        {tab === 'shared' && <SharedListsPanel />}
        {tab === 'users' && <UsersPanel me={me} />}
        {tab === 'audit' && <AuditPanel />}
        {tab === 'account' && <AccountPanel />}
      </div>
    </div>
  );
}

function SignIn({ onSignedIn }: { onSignedIn(me: AdminMe): void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="admin admin-signin">
      <form
        className="admin-form"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          try {
            onSignedIn(await adminSend<AdminMe>('POST', 'Login', { username, password }));
          } catch (err) {
            setError((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <h1>Staff sign-in</h1>
        <div className="admin-field">
          <label htmlFor="si-user">User name</label>
          <input id="si-user" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
        </div>
        <div className="admin-field">
          <label htmlFor="si-pass">Password</label>
          <input id="si-pass" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </div>
        {error && (
          <p className="admin-error" role="alert">
            {error}
          </p>
        )}
        <div className="admin-actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </div>
      </form>
    </div>
  );
}
