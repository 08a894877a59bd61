// Lists visitors shared (issue #38): reported ones first when asked, each with its report count, a link to
// its page, and Remove (staff; audited). The list's text is never shown here as HTML: React escapes it.
import { useEffect, useState } from 'react';
import type { AdminSharedList } from '../../contract/admin';
import { sharedListPath } from '../../contract/shared-lists';
import { adminGet, adminSend } from './api';

export function SharedListsPanel() {
  const [lists, setLists] = useState<AdminSharedList[] | null>(null);
  const [reportedOnly, setReportedOnly] = useState(false);
  const [err, setErr] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);
  useEffect(() => {
    adminGet<AdminSharedList[]>(`SharedLists${reportedOnly ? '?reported=1' : ''}`).then(setLists, (e) => setErr((e as Error).message));
  }, [reportedOnly, version]);
  return (
    <section aria-labelledby="shared-lists-h">
      <h2 id="shared-lists-h">Shared lists</h2>
      <p>Lists visitors shared with a link. A list reported by a reader shows its count; removing one makes its link answer “not found”.</p>
      <label>
        <input type="checkbox" checked={reportedOnly} onChange={(e) => setReportedOnly(e.target.checked)} /> Only reported lists
      </label>
      <p role="status">{status}</p>
      {err && (
        <p className="admin-error" role="alert">
          {err}
        </p>
      )}
      {lists && !lists.length && <p>No shared lists.</p>}
      {lists && lists.length > 0 && (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">List</th>
              <th scope="col">Items</th>
              <th scope="col">Reports</th>
              <th scope="col">Shared</th>
              <th scope="col">From</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lists.map((l) => (
              <tr key={l.id} data-testid="admin-shared-list">
                <td>
                  <a href={sharedListPath(l.id)} target="_blank" rel="noopener">
                    {l.name}
                  </a>
                </td>
                <td>{l.itemCount}</td>
                <td>{l.reports}</td>
                <td>{l.createdAt.slice(0, 16).replace('T', ' ')}</td>
                <td>{l.address ?? ''}</td>
                <td>
                  <button
                    type="button"
                    aria-label={`Remove the shared list ${l.name}`}
                    onClick={async () => {
                      try {
                        await adminSend('DELETE', `SharedLists/${encodeURIComponent(l.id)}`);
                        setStatus(`Removed “${l.name}”.`);
                        load();
                      } catch (e) {
                        setErr((e as Error).message);
                      }
                    }}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
