import type { Pg } from './db';
import type { AdminRepo, AuditRow, JobRow, UserRow } from '../types';

const NOW = `to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const userCols = (t = '') =>
  `${t}id, ${t}username, ${t}password_hash AS "passwordHash", ${t}role, ${t}failed_count AS "failedCount", ${t}locked_until AS "lockedUntil", ${t}created_at AS "createdAt", ${t}last_login_at AS "lastLoginAt"`;
const USER_COLS = userCols();
const JOB_COLS = `id, kind, source_path AS "sourcePath", marc_path AS "marcPath", status, progress, report, error, created_by AS "createdBy",
  created_at AS "createdAt", started_at AS "startedAt", finished_at AS "finishedAt"`;
type RawJob = Omit<JobRow, 'progress' | 'report'> & { progress: string; report: string };
const toJob = (r: RawJob): JobRow => ({ ...r, progress: JSON.parse(r.progress), report: JSON.parse(r.report) });
const publicUser = ({ passwordHash: _omit, ...u }: UserRow & { passwordHash: string }): UserRow => u;

export function pgAdmin(db: Pg): AdminRepo {
  const userWhere = async (where: string, v: unknown) => (await db.q<UserRow & { passwordHash: string }>(`SELECT ${USER_COLS} FROM users WHERE ${where}`, [v]))[0] ?? null;
  return {
    async countUsers() {
      return (await db.q<{ n: number }>('SELECT COUNT(*)::int AS n FROM users'))[0].n;
    },
    async createUser(username, passwordHash, role) {
      const [r] = await db.q<{ id: number }>('INSERT INTO users (username, password_hash, role) VALUES ($1, $2, $3) RETURNING id', [username, passwordHash, role]);
      return publicUser((await userWhere('id = $1', r.id))!);
    },
    userByName: (username) => userWhere('lower(username) = lower($1)', username),
    userById: (id) => userWhere('id = $1', id),
    async listUsers() {
      return (await db.q<UserRow & { passwordHash: string }>(`SELECT ${USER_COLS} FROM users ORDER BY username`)).map(publicUser);
    },
    async updateUser(id, input) {
      if (input.role) await db.q('UPDATE users SET role = $1 WHERE id = $2', [input.role, id]);
      if (input.passwordHash) await db.q('UPDATE users SET password_hash = $1, failed_count = 0, locked_until = NULL WHERE id = $2', [input.passwordHash, id]);
    },
    async deleteUser(id) {
      await db.q('DELETE FROM users WHERE id = $1', [id]);
    },
    async recordLogin(id, ok, lockUntil) {
      if (ok) await db.q(`UPDATE users SET failed_count = 0, locked_until = NULL, last_login_at = ${NOW} WHERE id = $1`, [id]);
      else await db.q('UPDATE users SET failed_count = failed_count + 1, locked_until = COALESCE($1, locked_until) WHERE id = $2', [lockUntil, id]);
    },
    async createSession(tokenHash, userId, expiresAt) {
      await db.q('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [tokenHash, userId, expiresAt]);
    },
    async sessionUser(tokenHash, now) {
      const r = (await db.q<UserRow & { passwordHash: string }>(
        `SELECT ${userCols('u.')} FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > $2`,
        [tokenHash, now],
      ))[0];
      return r ? publicUser(r) : null;
    },
    async deleteSession(tokenHash) {
      await db.q('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    },
    async deleteUserSessions(userId, except) {
      await db.q('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, except ?? '']);
    },
    async audit(e) {
      await db.q('INSERT INTO audit_log (user_id, username, action, target, detail, ip) VALUES ($1, $2, $3, $4, $5, $6)', [
        e.userId,
        e.username,
        e.action,
        e.target ?? null,
        JSON.stringify(e.detail ?? {}),
        e.ip ?? null,
      ]);
    },
    async listAudit(limit) {
      const rows = await db.q<Omit<AuditRow, 'detail'> & { detail: string }>(
        'SELECT id, at, user_id AS "userId", username, action, target, detail, ip FROM audit_log ORDER BY id DESC LIMIT $1',
        [limit],
      );
      return rows.map((r) => ({ ...r, detail: JSON.parse(r.detail) }));
    },
    async createJob(job) {
      const [r] = await db.q<RawJob>(`INSERT INTO ingest_jobs (kind, source_path, marc_path, created_by) VALUES ($1, $2, $3, $4) RETURNING ${JOB_COLS}`, [
        job.kind,
        job.sourcePath,
        job.marcPath ?? null,
        job.createdBy,
      ]);
      return toJob(r);
    },
    async getJob(id) {
      const r = (await db.q<RawJob>(`SELECT ${JOB_COLS} FROM ingest_jobs WHERE id = $1`, [id]))[0];
      return r ? toJob(r) : null;
    },
    async listJobs(limit) {
      return (await db.q<RawJob>(`SELECT ${JOB_COLS} FROM ingest_jobs ORDER BY id DESC LIMIT $1`, [limit])).map(toJob);
    },
    async updateJob(id, patch) {
      const cols: Array<[string, unknown]> = [];
      if (patch.status !== undefined) cols.push(['status', patch.status]);
      if (patch.progress !== undefined) cols.push(['progress', JSON.stringify(patch.progress)]);
      if (patch.report !== undefined) cols.push(['report', JSON.stringify(patch.report)]);
      if (patch.error !== undefined) cols.push(['error', patch.error]);
      if (patch.startedAt !== undefined) cols.push(['started_at', patch.startedAt]);
      if (patch.finishedAt !== undefined) cols.push(['finished_at', patch.finishedAt]);
      if (!cols.length) return;
      await db.q(`UPDATE ingest_jobs SET ${cols.map(([c], i) => `${c} = $${i + 1}`).join(', ')} WHERE id = $${cols.length + 1}`, [...cols.map(([, v]) => v), id]);
    },
    async requeueRunningJobs() {
      return (await db.q<{ id: number }>("UPDATE ingest_jobs SET status = 'queued' WHERE status = 'running' RETURNING id")).length;
    },
    async nextQueuedJob() {
      const r = (await db.q<RawJob>(`SELECT ${JOB_COLS} FROM ingest_jobs WHERE status = 'queued' ORDER BY id LIMIT 1`))[0];
      return r ? toJob(r) : null;
    },
  };
}
