// The audit log of admin actions (read only).
import { useEffect, useState } from 'react';
import type { AdminAuditEntry } from '../../contract/admin';
import { adminGet } from './api';

export function AuditPanel() {
  const [rows, setRows] = useState<AdminAuditEntry[]>([]);
  useEffect(() => void adminGet<AdminAuditEntry[]>('Audit').then(setRows), []);
  return (
    <section aria-labelledby="audit-h">
      <h2 id="audit-h">Audit log</h2>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Target</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.at.slice(0, 19).replace('T', ' ')}</td>
              <td>{r.username ?? '—'}</td>
              <td>{r.action}</td>
              <td>{r.target ?? ''}</td>
              <td>{r.ip ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
