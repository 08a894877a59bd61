// Staff, audit and job rows as both engines read and write them: the same column names, the same mapping
// and the same JSON handling. Only the SQL around them (placeholders, clocks, RETURNING) is per engine.
import type { AuditEntry, AuditRow, JobPatch, JobRow, UserRow } from './types';

/** A user row with its password hash: only the login path sees the hash (publicUser drops it). */
export type UserWithHash = UserRow & { passwordHash: string };

/** The users columns under their row names; `t` prefixes a table alias ("u."). */
export const userColumns = (t = '') =>
  `${t}id, ${t}username, ${t}password_hash AS "passwordHash", ${t}role, ${t}failed_count AS "failedCount", ${t}created_at AS "createdAt", ${t}last_login_at AS "lastLoginAt"`;

export const JOB_COLUMNS = `id, kind, source_path AS "sourcePath", marc_path AS "marcPath", status, progress, report, error, created_by AS "createdBy",
  created_at AS "createdAt", started_at AS "startedAt", finished_at AS "finishedAt"`;

export const AUDIT_COLUMNS = 'id, at, user_id AS "userId", username, action, target, detail, ip';

export const publicUser = ({ passwordHash: _omit, ...u }: UserWithHash): UserRow => u;

/** A job as selected with JOB_COLUMNS: progress and report are stored as JSON text. */
export type RawJob = Omit<JobRow, 'progress' | 'report'> & { progress: string; report: string };
export const toJob = (r: RawJob): JobRow => ({ ...r, progress: JSON.parse(r.progress), report: JSON.parse(r.report) });

/** An audit row as selected with AUDIT_COLUMNS: detail is stored as JSON text. */
export type RawAudit = Omit<AuditRow, 'detail'> & { detail: string };
export const toAudit = (r: RawAudit): AuditRow => ({ ...r, detail: JSON.parse(r.detail) });

/** The values of an audit insert, in the order user_id, username, action, target, detail, ip. */
export const auditValues = (e: AuditEntry): unknown[] => [e.userId, e.username, e.action, e.target ?? null, JSON.stringify(e.detail ?? {}), e.ip ?? null];

/** The columns a job update sets, with their stored values (JSON as text); empty when nothing changes. */
export function jobPatchColumns(patch: JobPatch): [column: string, value: unknown][] {
  const cols: [string, unknown][] = [];
  if (patch.status !== undefined) cols.push(['status', patch.status]);
  if (patch.progress !== undefined) cols.push(['progress', JSON.stringify(patch.progress)]);
  if (patch.report !== undefined) cols.push(['report', JSON.stringify(patch.report)]);
  if (patch.error !== undefined) cols.push(['error', patch.error]);
  if (patch.startedAt !== undefined) cols.push(['started_at', patch.startedAt]);
  if (patch.finishedAt !== undefined) cols.push(['finished_at', patch.finishedAt]);
  return cols;
}
