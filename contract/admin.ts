// Answers of the admin API (/Api/Admin/*) as they travel over the wire: the admin screens read these shapes.
// Rows mirror the server's store rows minus anything secret (a user's password hash never leaves the server).

export type AdminRole = 'admin' | 'editor';

/** GET Me, POST Login. */
export interface AdminMe {
  username: string;
  role: AdminRole;
}

/** GET Users. */
export interface AdminUser {
  id: number;
  username: string;
  role: AdminRole;
  failedCount: number;
  createdAt: string;
  lastLoginAt: string | null;
}

/** GET Audit (admins only), newest first. */
export interface AdminAuditEntry {
  id: number;
  at: string;
  userId: number | null;
  username: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
}

/** GET Sites. */
export interface AdminSite {
  id: number;
  slug: string;
  name: string;
  isDefault: boolean;
  origins: string[];
  updatedAt: string;
}

/** GET Titles: every title with pages, for a site's title choice. */
export interface AdminTitle {
  id: number;
  lccn: string;
  name: string;
  pages: number;
  /** 'firstYear-lastYear' */
  years: string;
}

/** GET Sites/:id/Titles. */
export interface AdminSiteTitles {
  titleIds: number[];
}

export type AdminJobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** GET Jobs, GET Jobs/:id: ingest and purge jobs. */
export interface AdminJob {
  id: number;
  kind: 'batch' | 'audio' | 'purge';
  sourcePath: string;
  marcPath: string | null;
  status: AdminJobStatus;
  progress: Record<string, unknown>;
  report: Record<string, unknown>;
  error: string | null;
  createdBy: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** GET Batches: loaded batches. */
export interface AdminBatch {
  id: number;
  name: string;
  sourcePath: string | null;
  status: 'loading' | 'complete' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  report: Record<string, unknown>;
}

/** GET Messages: Contact Us messages, newest first. */
export interface AdminMessage {
  id: number;
  siteId: number | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  readAt: string | null;
}

/** POST Upload: where the image was saved (a path under /files/) and what it is. */
export interface AdminUpload {
  path: string;
  bytes: number;
  type: string;
  width: number;
  height: number;
}

/** A list a visitor shared (issue #38), as staff see it in /admin: GET /Api/Admin/SharedLists. */
export interface AdminSharedList {
  id: string;
  siteId: number;
  name: string;
  itemCount: number;
  reports: number;
  createdAt: string;
  /** The sharer's address key (IPv6 by /64). */
  address: string | null;
}
