// The site's contributors, most corrections first (anonymous visitors counted together).
import { useEffect, useState } from 'react';
import type { AdminContributor } from '../../contract/corrections';
import { correctionsApi } from './corrections-api';
import { shortTime } from './corrections-format';

export function CorrectionsLeaderboard({ siteId }: { siteId: number }) {
  const [rows, setRows] = useState<AdminContributor[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    correctionsApi.contributors(siteId).then(setRows, (e) => setError((e as Error).message));
  }, [siteId]);
  return (
    <section aria-labelledby="corr-board-h">
      <h3 id="corr-board-h">Leaderboard</h3>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      {rows && !rows.length && <p>Nobody has corrected this site&apos;s text yet.</p>}
      {rows && rows.length > 0 && (
        <table className="admin-table" data-testid="corr-leaderboard">
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Contributor</th>
              <th scope="col">Corrections</th>
              <th scope="col">Lines</th>
              <th scope="col">Latest</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.name}>
                <td>{i + 1}</td>
                <td>{r.name}</td>
                <td>{r.corrections}</td>
                <td>{r.lines}</td>
                <td>{shortTime(r.lastAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
