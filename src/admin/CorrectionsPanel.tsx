// /admin "Corrections" (issue #23): visitors' OCR corrections of one site — the moderation queue, the site's
// policy, its leaderboard — and the blocked addresses and accounts (installation-wide).
import { useCallback, useEffect, useState } from 'react';
import type { AdminMe, AdminSite } from '../../contract/admin';
import { adminGet } from './api';
import { CorrectionsQueue } from './CorrectionsQueue';
import { CorrectionPolicyForm } from './CorrectionPolicyForm';
import { CorrectionsLeaderboard } from './CorrectionsLeaderboard';
import { CorrectionBlocks } from './CorrectionBlocks';

export function CorrectionsPanel({ me }: { me: AdminMe }) {
  const [sites, setSites] = useState<AdminSite[]>([]);
  const [siteId, setSiteId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A block made from the queue shows at once in the list of blocks.
  const [blocksSeen, setBlocksSeen] = useState(0);
  const blocked = useCallback(() => setBlocksSeen((n) => n + 1), []);
  useEffect(() => {
    adminGet<AdminSite[]>('Sites').then(
      (list) => {
        setSites(list);
        setSiteId((id) => id ?? list.find((s) => s.isDefault)?.id ?? list[0]?.id ?? null);
      },
      (e) => setError((e as Error).message),
    );
  }, []);
  return (
    <section aria-labelledby="corr-h" className="corr">
      <h2 id="corr-h">Corrections</h2>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-row">
        <label htmlFor="corr-site">Site</label>
        <select id="corr-site" value={siteId ?? ''} onChange={(e) => setSiteId(Number(e.target.value))}>
          {sites.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
              {s.isDefault ? ' — default' : ''}
            </option>
          ))}
        </select>
      </div>
      {siteId != null && (
        <>
          <CorrectionsQueue key={`q${siteId}`} siteId={siteId} onBlocked={blocked} />
          <CorrectionPolicyForm key={`p${siteId}`} siteId={siteId} canEdit={me.role === 'admin'} />
          <CorrectionsLeaderboard key={`l${siteId}`} siteId={siteId} />
        </>
      )}
      <CorrectionBlocks seen={blocksSeen} />
    </section>
  );
}
