import type { Pg } from './db';
import type { AdminRepo, ThrottleEntry } from '../types';
import * as adminRows from '../admin-rows';

const NOW = `to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const USER_COLS = adminRows.userColumns();

export function pgAdmin(db: Pg): AdminRepo {
  const userWhere = async (where: string, v: unknown) => (await db.q<adminRows.UserWithHash>(`SELECT ${USER_COLS} FROM users WHERE ${where}`, [v]))[0] ?? null;
  return {
    async throttleStep(keys, change) {
      return db.tx(async (q) => {
        // One lock per key, taken in the callers' fixed order (no deadlock): a key without a row yet has
        // nothing to lock FOR UPDATE. The two-number form keeps these apart from the migrations' lock.
        for (const k of keys) await q('SELECT pg_advisory_xact_lock(727275, hashtext($1))', [k]);
        const rows = await q<{ key: string; failures: number; until: string; since: string }>(
          'SELECT key, failures, until_ms AS until, since_ms AS since FROM signin_throttle WHERE key = ANY($1::text[])',
          [keys],
        );
        const byKey = new Map(rows.map((r) => [r.key, { failures: r.failures, until: Number(r.until), since: Number(r.since) } satisfies ThrottleEntry]));
        const { entries, result } = change(keys.map((k) => byKey.get(k) ?? null));
        for (const [i, e] of entries.entries()) {
          if (e)
            await q(
              `INSERT INTO signin_throttle (key, failures, until_ms, since_ms) VALUES ($1, $2, $3, $4)
               ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, until_ms = excluded.until_ms, since_ms = excluded.since_ms`,
              [keys[i], e.failures, e.until, e.since],
            );
          else if (byKey.has(keys[i])) await q('DELETE FROM signin_throttle WHERE key = $1', [keys[i]]);
        }
        return result;
      });
    },
    async forgetThrottle(idleBefore, now, keep) {
      return db.tx(async (q) => {
        const idle = await q<{ n: number }>(
          'WITH d AS (DELETE FROM signin_throttle WHERE since_ms < $1 AND until_ms <= $2 RETURNING 1) SELECT COUNT(*)::int AS n FROM d',
          [idleBefore, now],
        );
        const over = await q<{ n: number }>(
          `WITH d AS (DELETE FROM signin_throttle WHERE key IN (SELECT key FROM signin_throttle ORDER BY until_ms > $1 DESC, since_ms DESC OFFSET $2) RETURNING 1)
           SELECT COUNT(*)::int AS n FROM d`,
          [now, keep],
        );
        return idle[0].n + over[0].n;
      });
    },
    async countUsers() {
      return (await db.q<{ n: number }>('SELECT COUNT(*)::int AS n FROM users'))[0].n;
    },
    async createUser(username, passwordHash, role) {
      const [r] = await db.q<{ id: number }>('INSERT INTO users (username, password_hash, role) VALUES ($1, $2, $3) RETURNING id', [
        username,
        passwordHash,
        role,
      ]);
      return adminRows.publicUser((await userWhere('id = $1', r.id))!);
    },
    userByName: (username) => userWhere('lower(username) = lower($1)', username),
    userById: (id) => userWhere('id = $1', id),
    async listUsers() {
      return (await db.q<adminRows.UserWithHash>(`SELECT ${USER_COLS} FROM users ORDER BY username`)).map(adminRows.publicUser);
    },
    async updateUser(id, input) {
      if (input.role) await db.q('UPDATE users SET role = $1 WHERE id = $2', [input.role, id]);
      if (input.passwordHash) await db.q('UPDATE users SET password_hash = $1, failed_count = 0 WHERE id = $2', [input.passwordHash, id]);
    },
    async deleteUser(id) {
      await db.q('DELETE FROM users WHERE id = $1', [id]);
    },
    async recordLogin(id, ok) {
      if (ok) await db.q(`UPDATE users SET failed_count = 0, last_login_at = ${NOW} WHERE id = $1`, [id]);
      else await db.q('UPDATE users SET failed_count = failed_count + 1 WHERE id = $1', [id]);
    },
    async createSession(tokenHash, userId, expiresAt) {
      await db.q('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [tokenHash, userId, expiresAt]);
    },
    async sessionUser(tokenHash, now) {
      const r = (
        await db.q<adminRows.UserWithHash>(
          `SELECT ${adminRows.userColumns('u.')} FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > $2`,
          [tokenHash, now],
        )
      )[0];
      return r ? adminRows.publicUser(r) : null;
    },
    async deleteSession(tokenHash) {
      await db.q('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    },
    async deleteUserSessions(userId, except) {
      await db.q('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, except ?? '']);
    },
    async audit(e) {
      await db.q('INSERT INTO audit_log (user_id, username, action, target, detail, ip) VALUES ($1, $2, $3, $4, $5, $6)', adminRows.auditValues(e));
    },
    async listAudit(limit) {
      return (await db.q<adminRows.RawAudit>(`SELECT ${adminRows.AUDIT_COLUMNS} FROM audit_log ORDER BY id DESC LIMIT $1`, [limit])).map(adminRows.toAudit);
    },
    async createJob(job) {
      const [r] = await db.q<adminRows.RawJob>(
        `INSERT INTO ingest_jobs (kind, source_path, marc_path, created_by) VALUES ($1, $2, $3, $4) RETURNING ${adminRows.JOB_COLUMNS}`,
        [job.kind, job.sourcePath, job.marcPath ?? null, job.createdBy],
      );
      return adminRows.toJob(r);
    },
    async getJob(id) {
      const r = (await db.q<adminRows.RawJob>(`SELECT ${adminRows.JOB_COLUMNS} FROM ingest_jobs WHERE id = $1`, [id]))[0];
      return r ? adminRows.toJob(r) : null;
    },
    async listJobs(limit) {
      return (await db.q<adminRows.RawJob>(`SELECT ${adminRows.JOB_COLUMNS} FROM ingest_jobs ORDER BY id DESC LIMIT $1`, [limit])).map(adminRows.toJob);
    },
    async updateJob(id, patch) {
      const cols = adminRows.jobPatchColumns(patch);
      if (!cols.length) return;
      await db.q(`UPDATE ingest_jobs SET ${cols.map(([c], i) => `${c} = $${i + 1}`).join(', ')} WHERE id = $${cols.length + 1}`, [
        ...cols.map(([, v]) => v),
        id,
      ]);
    },
    async requeueRunningJobs() {
      return (await db.q<{ id: number }>("UPDATE ingest_jobs SET status = 'queued' WHERE status = 'running' RETURNING id")).length;
    },
    async nextQueuedJob() {
      const r = (await db.q<adminRows.RawJob>(`SELECT ${adminRows.JOB_COLUMNS} FROM ingest_jobs WHERE status = 'queued' ORDER BY id LIMIT 1`))[0];
      return r ? adminRows.toJob(r) : null;
    },
  };
}
