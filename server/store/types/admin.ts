// Staff accounts, sessions, audit log and ingest jobs.

import type { AdminAuditEntry, AdminJob, AdminJobStatus, AdminRole, AdminUser } from '../../../contract/admin';

export type Role = AdminRole;

/** The row is the admin API's answer (contract/admin.ts); the password hash is read beside it (UserWithHash), never in it. */
export type UserRow = AdminUser;

/** The row is the admin API's answer (contract/admin.ts). */
export type AuditRow = AdminAuditEntry;

export type JobStatus = AdminJobStatus;

/** The row is the admin API's answer (contract/admin.ts). */
export type JobRow = AdminJob;

/** One audit log entry as written (the row's id and time come from the database). */
export interface AuditEntry {
  userId: number | null;
  username: string | null;
  action: string;
  target?: string | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

/** One sign-in throttle count (server/admin/signin-throttle.ts); times are epoch milliseconds. */
export interface ThrottleEntry {
  failures: number;
  /** Until when attempts are refused. */
  until: number;
  /** Start of the counting window (address entries) or time of the last attempt (account-address entries). */
  since: number;
}

/** What a throttle step writes back: an entry per key read (null deletes it), and what it decided. */
export interface ThrottleChange<T> {
  entries: (ThrottleEntry | null)[];
  result: T;
}

export type JobPatch = Partial<Pick<JobRow, 'status' | 'progress' | 'report' | 'error' | 'startedAt' | 'finishedAt'>>;

export interface AdminRepo {
  countUsers(): Promise<number>;
  createUser(username: string, passwordHash: string, role: Role): Promise<UserRow>;
  userByName(username: string): Promise<(UserRow & { passwordHash: string }) | null>;
  userById(id: number): Promise<(UserRow & { passwordHash: string }) | null>;
  listUsers(): Promise<UserRow[]>;
  updateUser(id: number, input: { role?: Role; passwordHash?: string }): Promise<void>;
  deleteUser(id: number): Promise<void>;
  recordLogin(id: number, ok: boolean): Promise<void>;

  createSession(tokenHash: string, userId: number, expiresAt: string): Promise<void>;
  sessionUser(tokenHash: string, now: string): Promise<UserRow | null>;
  deleteSession(tokenHash: string): Promise<void>;
  deleteUserSessions(userId: number, exceptTokenHash?: string): Promise<void>;

  /**
   * Reads the throttle entries of `keys` (null = none) and writes back what `change` makes of them, as one
   * step that no other request or server can come between. `change` may run more than once (a retried
   * transaction): it must only compute. Callers list keys in one fixed order.
   */
  throttleStep<T>(keys: string[], change: (entries: (ThrottleEntry | null)[]) => ThrottleChange<T>): Promise<T>;
  /** Forgets throttle entries idle since before `idleBefore` whose wait is over, then all but the `keep` most
   *  recent (entries still waiting are kept first); returns how many were removed. */
  forgetThrottle(idleBefore: number, now: number, keep: number): Promise<number>;

  audit(entry: AuditEntry): Promise<void>;
  listAudit(limit: number): Promise<AuditRow[]>;

  createJob(job: { kind: JobRow['kind']; sourcePath: string; marcPath?: string | null; createdBy: string | null }): Promise<JobRow>;
  getJob(id: number): Promise<JobRow | null>;
  listJobs(limit: number): Promise<JobRow[]>;
  updateJob(id: number, patch: JobPatch): Promise<void>;
  /** Jobs left 'running' by a stopped server go back to 'queued' so they resume. */
  requeueRunningJobs(): Promise<number>;
  nextQueuedJob(): Promise<JobRow | null>;
}
