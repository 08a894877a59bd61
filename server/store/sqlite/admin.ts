import type { Db } from './db';
import type { AdminRepo, ThrottleEntry } from '../types';
import * as adminRows from '../admin-rows';

const USER_COLUMNS = adminRows.userColumns();

export function sqliteAdmin(db: Db): AdminRepo {
  const userBy = (col: 'id' | 'username', v: unknown) =>
    (db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE ${col} = ?`).get(v) as adminRows.UserWithHash | undefined) ?? null;
  const jobWhere = (where: string, ...v: unknown[]) =>
    db.prepare(`SELECT ${adminRows.JOB_COLUMNS} FROM ingest_jobs WHERE ${where}`).get(...v) as adminRows.RawJob | undefined;
  const throttleRead = db.prepare('SELECT failures, until_ms AS until, since_ms AS since FROM signin_throttle WHERE key = ?');
  const throttleWrite = db.prepare(
    `INSERT INTO signin_throttle (key, failures, until_ms, since_ms) VALUES (?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, until_ms = excluded.until_ms, since_ms = excluded.since_ms`,
  );
  const throttleDelete = db.prepare('DELETE FROM signin_throttle WHERE key = ?');
  return {
    async throttleStep(keys, change) {
      // IMMEDIATE takes the write lock before reading, so servers sharing the file take turns (busy_timeout waits).
      return db
        .transaction(() => {
          const { entries, result } = change(keys.map((k) => (throttleRead.get(k) as ThrottleEntry | undefined) ?? null));
          entries.forEach((e, i) => (e ? throttleWrite.run(keys[i], e.failures, e.until, e.since) : throttleDelete.run(keys[i])));
          return result;
        })
        .immediate();
    },
    async forgetThrottle(idleBefore, now, keep) {
      return db.transaction(() => {
        const idle = db.prepare('DELETE FROM signin_throttle WHERE since_ms < ? AND until_ms <= ?').run(idleBefore, now).changes;
        const over = db
          .prepare('DELETE FROM signin_throttle WHERE key IN (SELECT key FROM signin_throttle ORDER BY until_ms > ? DESC, since_ms DESC LIMIT -1 OFFSET ?)')
          .run(now, keep).changes;
        return idle + over;
      })();
    },
    async countUsers() {
      return db.prepare('SELECT COUNT(*) FROM users').pluck().get() as number;
    },
    async createUser(username, passwordHash, role) {
      const id = Number(db.prepare('INSERT INTO users (username, password_hash, role) VALUES (?, ?, ?)').run(username, passwordHash, role).lastInsertRowid);
      return adminRows.publicUser(userBy('id', id)!);
    },
    async userByName(username) {
      return userBy('username', username); // the column is COLLATE NOCASE
    },
    async userById(id) {
      return userBy('id', id);
    },
    async listUsers() {
      return (db.prepare(`SELECT ${USER_COLUMNS} FROM users ORDER BY username`).all() as adminRows.UserWithHash[]).map(adminRows.publicUser);
    },
    async updateUser(id, input) {
      if (input.role) db.prepare('UPDATE users SET role = ? WHERE id = ?').run(input.role, id);
      if (input.passwordHash) db.prepare('UPDATE users SET password_hash = ?, failed_count = 0 WHERE id = ?').run(input.passwordHash, id);
    },
    async deleteUser(id) {
      db.prepare('DELETE FROM users WHERE id = ?').run(id);
    },
    async recordLogin(id, ok) {
      if (ok) db.prepare("UPDATE users SET failed_count = 0, last_login_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(id);
      else db.prepare('UPDATE users SET failed_count = failed_count + 1 WHERE id = ?').run(id);
    },
    async createSession(tokenHash, userId, expiresAt) {
      db.prepare('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)').run(tokenHash, userId, expiresAt);
    },
    async sessionUser(tokenHash, now) {
      const r = db
        .prepare(`SELECT ${adminRows.userColumns('u.')} FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.expires_at > ?`)
        .get(tokenHash, now) as adminRows.UserWithHash | undefined;
      return r ? adminRows.publicUser(r) : null;
    },
    async deleteSession(tokenHash) {
      db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
    },
    async deleteUserSessions(userId, except) {
      db.prepare('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?').run(userId, except ?? '');
    },
    async audit(e) {
      db.prepare('INSERT INTO audit_log (user_id, username, action, target, detail, ip) VALUES (?, ?, ?, ?, ?, ?)').run(...adminRows.auditValues(e));
    },
    async listAudit(limit) {
      return (db.prepare(`SELECT ${adminRows.AUDIT_COLUMNS} FROM audit_log ORDER BY id DESC LIMIT ?`).all(limit) as adminRows.RawAudit[]).map(
        adminRows.toAudit,
      );
    },
    async createJob(job) {
      const id = Number(
        db
          .prepare('INSERT INTO ingest_jobs (kind, source_path, marc_path, created_by) VALUES (?, ?, ?, ?)')
          .run(job.kind, job.sourcePath, job.marcPath ?? null, job.createdBy).lastInsertRowid,
      );
      return adminRows.toJob(jobWhere('id = ?', id)!);
    },
    async getJob(id) {
      const r = jobWhere('id = ?', id);
      return r ? adminRows.toJob(r) : null;
    },
    async listJobs(limit) {
      return (db.prepare(`SELECT ${adminRows.JOB_COLUMNS} FROM ingest_jobs ORDER BY id DESC LIMIT ?`).all(limit) as adminRows.RawJob[]).map(adminRows.toJob);
    },
    async updateJob(id, patch) {
      const cols = adminRows.jobPatchColumns(patch);
      if (!cols.length) return;
      db.prepare(`UPDATE ingest_jobs SET ${cols.map(([c]) => `${c} = ?`).join(', ')} WHERE id = ?`).run(...cols.map(([, v]) => v), id);
    },
    async requeueRunningJobs() {
      return db.prepare("UPDATE ingest_jobs SET status = 'queued' WHERE status = 'running'").run().changes;
    },
    async nextQueuedJob() {
      const r = jobWhere("status = 'queued' ORDER BY id LIMIT 1");
      return r ? adminRows.toJob(r) : null;
    },
  };
}
