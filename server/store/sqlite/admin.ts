import type { Db } from './db';
import type { AdminRepo, AuditRow, JobRow, UserRow } from '../types';

interface RawUser { id: number; username: string; password_hash: string; role: UserRow['role']; failed_count: number; locked_until: string | null; created_at: string; last_login_at: string | null }
const toUser = (r: RawUser) => ({
  id: r.id,
  username: r.username,
  role: r.role,
  failedCount: r.failed_count,
  lockedUntil: r.locked_until,
  createdAt: r.created_at,
  lastLoginAt: r.last_login_at,
  passwordHash: r.password_hash,
});
const publicUser = ({ passwordHash: _omit, ...u }: ReturnType<typeof toUser>): UserRow => u;

interface RawJob { id: number; kind: JobRow['kind']; source_path: string; marc_path: string | null; status: JobRow['status']; progress: string; report: string; error: string | null; created_by: string | null; created_at: string; started_at: string | null; finished_at: string | null }
const toJob = (r: RawJob): JobRow => ({
  id: r.id,
  kind: r.kind,
  sourcePath: r.source_path,
  marcPath: r.marc_path,
  status: r.status,
  progress: JSON.parse(r.progress),
  report: JSON.parse(r.report),
  error: r.error,
  createdBy: r.created_by,
  createdAt: r.created_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

export function sqliteAdmin(db: Db): AdminRepo {
  const userBy = (col: 'id' | 'username', v: unknown) => {
    const r = db.prepare(`SELECT * FROM users WHERE ${col} = ?`).get(v) as RawUser | undefined;
    return r ? toUser(r) : null;
  };
  return {
    async countUsers() {
      return db.prepare('SELECT COUNT(*) FROM users').pluck().get() as number;
    },
    async createUser(username, passwordHash, role) {
      const id = Number(db.prepare('INSERT INTO users (username, password_hash, role) VALUES (?, ?, ?)').run(username, passwordHash, role).lastInsertRowid);
      return publicUser(userBy('id', id)!);
    },
    async userByName(username) {
      return userBy('username', username);
    },
    async userById(id) {
      return userBy('id', id);
    },
    async listUsers() {
      return (db.prepare('SELECT * FROM users ORDER BY username').all() as RawUser[]).map((r) => publicUser(toUser(r)));
    },
    async updateUser(id, input) {
      if (input.role) db.prepare('UPDATE users SET role = ? WHERE id = ?').run(input.role, id);
      if (input.passwordHash) db.prepare('UPDATE users SET password_hash = ?, failed_count = 0, locked_until = NULL WHERE id = ?').run(input.passwordHash, id);
    },
    async deleteUser(id) {
      db.prepare('DELETE FROM users WHERE id = ?').run(id);
    },
    async recordLogin(id, ok, lockUntil) {
      if (ok) db.prepare("UPDATE users SET failed_count = 0, locked_until = NULL, last_login_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(id);
      else db.prepare('UPDATE users SET failed_count = failed_count + 1, locked_until = COALESCE(?, locked_until) WHERE id = ?').run(lockUntil, id);
    },
    async createSession(tokenHash, userId, expiresAt) {
      db.prepare('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)').run(tokenHash, userId, expiresAt);
    },
    async sessionUser(tokenHash, now) {
      const r = db.prepare('SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.expires_at > ?').get(tokenHash, now) as RawUser | undefined;
      return r ? publicUser(toUser(r)) : null;
    },
    async deleteSession(tokenHash) {
      db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
    },
    async deleteUserSessions(userId, except) {
      db.prepare('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?').run(userId, except ?? '');
    },
    async audit(e) {
      db.prepare('INSERT INTO audit_log (user_id, username, action, target, detail, ip) VALUES (?, ?, ?, ?, ?, ?)').run(
        e.userId,
        e.username,
        e.action,
        e.target ?? null,
        JSON.stringify(e.detail ?? {}),
        e.ip ?? null,
      );
    },
    async listAudit(limit) {
      return (db.prepare('SELECT * FROM audit_log ORDER BY id DESC LIMIT ?').all(limit) as (Omit<AuditRow, 'detail' | 'userId'> & { detail: string; user_id: number | null })[]).map(
        ({ detail, user_id, ...r }) => ({ ...r, userId: user_id, detail: JSON.parse(detail) }),
      );
    },
    async createJob(job) {
      const id = Number(
        db.prepare('INSERT INTO ingest_jobs (kind, source_path, marc_path, created_by) VALUES (?, ?, ?, ?)').run(job.kind, job.sourcePath, job.marcPath ?? null, job.createdBy).lastInsertRowid,
      );
      return toJob(db.prepare('SELECT * FROM ingest_jobs WHERE id = ?').get(id) as RawJob);
    },
    async getJob(id) {
      const r = db.prepare('SELECT * FROM ingest_jobs WHERE id = ?').get(id) as RawJob | undefined;
      return r ? toJob(r) : null;
    },
    async listJobs(limit) {
      return (db.prepare('SELECT * FROM ingest_jobs ORDER BY id DESC LIMIT ?').all(limit) as RawJob[]).map(toJob);
    },
    async updateJob(id, patch) {
      const cols: Record<string, unknown> = {};
      if (patch.status !== undefined) cols.status = patch.status;
      if (patch.progress !== undefined) cols.progress = JSON.stringify(patch.progress);
      if (patch.report !== undefined) cols.report = JSON.stringify(patch.report);
      if (patch.error !== undefined) cols.error = patch.error;
      if (patch.startedAt !== undefined) cols.started_at = patch.startedAt;
      if (patch.finishedAt !== undefined) cols.finished_at = patch.finishedAt;
      const keys = Object.keys(cols);
      if (!keys.length) return;
      db.prepare(`UPDATE ingest_jobs SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run({ ...cols, id });
    },
    async requeueRunningJobs() {
      return db.prepare("UPDATE ingest_jobs SET status = 'queued' WHERE status = 'running'").run().changes;
    },
    async nextQueuedJob() {
      const r = db.prepare("SELECT * FROM ingest_jobs WHERE status = 'queued' ORDER BY id LIMIT 1").get() as RawJob | undefined;
      return r ? toJob(r) : null;
    },
  };
}
