// A site's correction policy: publish at once (the default, as Trove does) or after approval, and whether
// only signed-in accounts may correct.
import { useEffect, useState, type FormEvent } from 'react';
import type { CorrectionPolicy } from '../../contract/corrections';
import { correctionsApi } from './corrections-api';

/** Editors see the policy; only admins change it (the server says the same). */
export function CorrectionPolicyForm({ siteId, canEdit }: { siteId: number; canEdit: boolean }) {
  const [policy, setPolicy] = useState<CorrectionPolicy | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  useEffect(() => {
    correctionsApi.policy(siteId).then(setPolicy, (e) => setStatus({ kind: 'error', text: (e as Error).message }));
  }, [siteId]);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!policy) return;
    setStatus(null);
    try {
      setPolicy(await correctionsApi.savePolicy(siteId, policy));
      setStatus({ kind: 'ok', text: 'Saved. Visitors get the new policy at once.' });
    } catch (err) {
      setStatus({ kind: 'error', text: (err as Error).message });
    }
  };
  return (
    <form className="admin-form" onSubmit={save} aria-labelledby="corr-policy-h">
      <h3 id="corr-policy-h">Policy</h3>
      {!canEdit && <p>Only an admin can change the policy.</p>}
      {policy && (
        <>
          <fieldset className="admin-field" disabled={!canEdit}>
            <legend>When a correction shows</legend>
            <label className="admin-check">
              <input
                type="radio"
                name="corr-publish"
                checked={policy.publish === 'immediately'}
                onChange={() => setPolicy({ ...policy, publish: 'immediately' })}
              />
              At once (staff can revert it later)
            </label>
            <label className="admin-check">
              <input
                type="radio"
                name="corr-publish"
                checked={policy.publish === 'afterApproval'}
                onChange={() => setPolicy({ ...policy, publish: 'afterApproval' })}
              />
              After a moderator approves it
            </label>
          </fieldset>
          <label className="admin-check">
            <input
              type="checkbox"
              disabled={!canEdit}
              checked={policy.requireAccount}
              onChange={(e) => setPolicy({ ...policy, requireAccount: e.target.checked })}
            />
            Only signed-in accounts may correct
          </label>
          {canEdit && (
            <div className="admin-actions">
              <button type="submit">Save policy</button>
            </div>
          )}
        </>
      )}
      <p role="status" aria-live="polite" className={status ? `admin-${status.kind}` : undefined}>
        {status?.text}
      </p>
    </form>
  );
}
