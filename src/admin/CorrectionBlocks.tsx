// Addresses and accounts that may not correct (installation-wide): list, lift, add by hand.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { AdminCorrectionBlock, CorrectionBlockKind } from '../../contract/corrections';
import { correctionsApi } from './corrections-api';
import { shortTime } from './corrections-format';

export function CorrectionBlocks({ seen }: { seen: number }) {
  const [blocks, setBlocks] = useState<AdminCorrectionBlock[]>([]);
  const [msg, setMsg] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [form, setForm] = useState<{ kind: CorrectionBlockKind; value: string; reason: string }>({ kind: 'address', value: '', reason: '' });
  const load = useCallback(() => correctionsApi.blocks().then(setBlocks, (e) => setMsg({ kind: 'error', text: (e as Error).message })), []);
  useEffect(() => void load(), [load, seen]);
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
  const add = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      await correctionsApi.block({ kind: form.kind, value: form.value.trim(), reason: form.reason.trim() || undefined });
      setForm({ ...form, value: '', reason: '' });
    }, `Blocked ${form.value.trim()}.`);
  };
  return (
    <section aria-labelledby="corr-blocks-h">
      <h3 id="corr-blocks-h">Blocked from correcting</h3>
      <p role="status" aria-live="polite" className={msg ? `admin-${msg.kind}` : undefined}>
        {msg?.text}
      </p>
      {!blocks.length && <p>Nobody is blocked.</p>}
      {blocks.length > 0 && (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Blocked</th>
              <th scope="col">Reason</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {blocks.map((b) => (
              <tr key={b.id}>
                <td>
                  {b.kind === 'address' ? 'Address' : 'Account'} {b.value}
                </td>
                <td>{b.reason}</td>
                <td>
                  {shortTime(b.createdAt)}
                  {b.createdBy ? ` by ${b.createdBy}` : ''}
                </td>
                <td>
                  <button type="button" onClick={() => void act(() => correctionsApi.unblock(b.id), `${b.value} may correct again.`)}>
                    Lift<span className="visually-hidden"> the block on {b.value}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="admin-form" onSubmit={add}>
        <h4>Block someone</h4>
        <div className="admin-field">
          <label htmlFor="cb-kind">What to block</label>
          <select id="cb-kind" value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as CorrectionBlockKind })}>
            <option value="address">An address (IP)</option>
            <option value="account">An account</option>
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="cb-value">{form.kind === 'address' ? 'Address' : 'Account name'}</label>
          <input id="cb-value" type="text" value={form.value} onChange={(e) => setForm({ ...form, value: e.target.value })} required />
        </div>
        <div className="admin-field">
          <label htmlFor="cb-reason">Reason (optional)</label>
          <input id="cb-reason" type="text" value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} />
        </div>
        <div className="admin-actions">
          <button type="submit">Block</button>
        </div>
      </form>
    </section>
  );
}
