// Staff accounts, sessions, audit log and ingest jobs.

export type Role = 'admin' | 'editor';

export interface UserRow {
  id: number;
  username: string;
  role: Role;
  failedCount: number;
  lockedUntil: string | null;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface AuditRow {
  id: number;
  at: string;
  userId: number | null;
  username: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobRow {
  id: number;
  kind: 'batch' | 'audio' | 'purge';
  sourcePath: string;
  marcPath: string | null;
  status: JobStatus;
  progress: Record<string, unknown>;
  report: Record<string, unknown>;
  error: string | null;
  createdBy: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** One audit log entry as written (the row's id and time come from the database). */
export interface AuditEntry {
  userId: number | null;
  username: string | null;
  action: string;
  target?: string | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
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
  recordLogin(id: number, ok: boolean, lockUntil: string | null): Promise<void>;

  createSession(tokenHash: string, userId: number, expiresAt: string): Promise<void>;
  sessionUser(tokenHash: string, now: string): Promise<UserRow | null>;
  deleteSession(tokenHash: string): Promise<void>;
  deleteUserSessions(userId: number, exceptTokenHash?: string): Promise<void>;

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
