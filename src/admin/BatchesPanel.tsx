import { useCallback, useEffect, useState } from 'react';
import type { AdminBatch, AdminJob, AdminMe } from '../../contract/admin';
import { adminGet, adminSend } from './api';

const ACTIVE = new Set(['queued', 'running']);

/** Batches and ingest jobs: start a load from a folder on the server, watch it, cancel it, purge a batch. */
export function BatchesPanel({ me }: { me: AdminMe }) {
  const [batches, setBatches] = useState<AdminBatch[]>([]);
  const [jobs, setJobs] = useState<AdminJob[]>([]);
  const [path, setPath] = useState('');
  const [marc, setMarc] = useState('');
  const [kind, setKind] = useState<'batch' | 'audio'>('batch');
  const [msg, setMsg] = useState<string | null>(null);
  const isAdmin = me.role === 'admin';

  const refresh = useCallback(async () => {
    const [b, j] = await Promise.all([adminGet<AdminBatch[]>('Batches'), adminGet<AdminJob[]>('Jobs')]);
    setBatches(b);
    setJobs(j);
  }, []);
  useEffect(() => {
    refresh().catch((e) => setMsg((e as Error).message));
  }, [refresh]);
  const busy = jobs.some((j) => ACTIVE.has(j.status));
  useEffect(() => {
    if (!busy) return;
    const t = setInterval(() => refresh().catch(() => undefined), 1000);
    return () => clearInterval(t);
  }, [busy, refresh]);

  const start = async (body: Record<string, unknown>) => {
    setMsg(null);
    try {
      await adminSend('POST', 'Jobs', body);
      await refresh();
    } catch (e) {
      setMsg((e as Error).message);
    }
  };

  return (
    <section aria-labelledby="batches-h">
      <h2 id="batches-h">Batches and loading</h2>
      {isAdmin && (
        <form
          className="admin-form"
          onSubmit={(e) => {
            e.preventDefault();
            void start({ kind, sourcePath: path, marcPath: marc || undefined });
          }}
        >
          <div className="admin-field">
            <label htmlFor="job-kind">What to load</label>
            <select id="job-kind" value={kind} onChange={(e) => setKind(e.target.value as 'batch' | 'audio')}>
              <option value="batch">NDNP batch (METS/ALTO/PDF)</option>
              <option value="audio">Audio item (media + WebVTT + item.json)</option>
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="job-path">Folder on the server</label>
            <input id="job-path" value={path} onChange={(e) => setPath(e.target.value)} required placeholder="/srv/batches/batch_xyz_ver01" />
          </div>
          {kind === 'batch' && (
            <div className="admin-field">
              <label htmlFor="job-marc">MARC records folder (optional)</label>
              <input id="job-marc" value={marc} onChange={(e) => setMarc(e.target.value)} />
            </div>
          )}
          <div className="admin-actions">
            <button type="submit">Start loading</button>
          </div>
        </form>
      )}
      {msg && (
        <p className="admin-error" role="alert">
          {msg}
        </p>
      )}
      <h3>Jobs</h3>
      <ul className="admin-list" aria-live="polite">
        {jobs.map((j) => (
          <JobItem
            key={j.id}
            job={j}
            canCancel={isAdmin}
            onCancel={async () => {
              await adminSend('POST', `Jobs/${j.id}/Cancel`);
              await refresh();
            }}
          />
        ))}
        {!jobs.length && <li>No jobs yet.</li>}
      </ul>
      <h3>Loaded batches</h3>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Batch</th>
            <th scope="col">Status</th>
            <th scope="col">Finished</th>
            <th scope="col">Report</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {batches.map((b) => (
            <tr key={b.id}>
              <td>{b.name}</td>
              <td>{b.status}</td>
              <td>{b.finishedAt?.slice(0, 16).replace('T', ' ') ?? '—'}</td>
              <td>
                <ReportSummary report={b.report} />
              </td>
              <td>
                {isAdmin && (
                  <button
                    type="button"
                    onClick={() => {
                      if (confirm(`Remove batch ${b.name} and all its pages?`)) void start({ kind: 'purge', sourcePath: b.name });
                    }}
                  >
                    Purge {b.name}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function JobItem({ job, canCancel, onCancel }: { job: AdminJob; canCancel: boolean; onCancel(): Promise<void> }) {
  const p = job.progress as { issuesDone?: number; issuesTotal?: number; pagesDone?: number; pagesPerSecond?: number; phase?: string };
  const total = Number(p.issuesTotal ?? 0);
  const done = Number(p.issuesDone ?? 0);
  return (
    <li className="admin-job">
      <strong>
        #{job.id} {job.kind} {job.sourcePath}
      </strong>{' '}
      — <span className={`job-${job.status}`}>{job.status}</span>
      {job.status === 'running' && (
        <div>
          <progress max={total || 1} value={done} aria-label={`Loading ${job.sourcePath}`} />
          <span>
            {' '}
            {done} / {total || '?'} issues, {p.pagesDone ?? 0} pages{p.pagesPerSecond ? `, ${Number(p.pagesPerSecond).toFixed(1)} pages/s` : ''}
          </span>
        </div>
      )}
      {job.error && <p className="admin-error">{job.error}</p>}
      {job.status === 'done' && <ReportSummary report={job.report} />}
      {canCancel && (job.status === 'running' || job.status === 'queued') && (
        <button type="button" onClick={() => void onCancel()}>
          Cancel
        </button>
      )}
    </li>
  );
}

function ReportSummary({ report }: { report: Record<string, unknown> }) {
  const keys = Object.entries(report).filter(([, v]) => typeof v === 'number' || typeof v === 'string');
  const warnings = Array.isArray(report.warnings) ? (report.warnings as unknown[]) : [];
  // Pages whose ALTO was missing or unreadable: loaded, but not searchable until the file is fixed.
  const textless = Array.isArray(report.withoutText) ? (report.withoutText as Array<{ path: string; reason: string }>) : [];
  const { issueStats: _stats, ...shown } = report;
  return (
    <>
      {textless.length > 0 && (
        <p className="admin-error">
          {textless.length} page{textless.length === 1 ? '' : 's'} loaded without text: fix the ALTO file{textless.length === 1 ? '' : 's'} and load the batch
          again.
        </p>
      )}
      {textless.length > 0 && (
        <ul>
          {textless.slice(0, 20).map((p) => (
            <li key={p.path}>
              {p.path}: {p.reason}
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>
          {keys
            .slice(0, 4)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ') || 'report'}
        </summary>
        <pre className="admin-pre">{JSON.stringify({ ...shown, warnings: warnings.slice(0, 50) }, null, 2)}</pre>
      </details>
    </>
  );
}
