// Research lists shared from a device (issue #38 item 5): read-only snapshots under a random id, one site's
// each. The store keeps the delete token's hash only; the token itself is the sharer's.
import type { SharedListItem } from '../../../contract/shared-lists';

export interface SharedListRow {
  id: string;
  siteId: number;
  name: string;
  description: string;
  includeNotes: boolean;
  items: SharedListItem[];
  createdAt: string;
  /** How many times visitors reported it (staff see the count in /admin). */
  reports: number;
}

export interface NewSharedList extends Omit<SharedListRow, 'reports'> {
  clientId: string;
  /** SHA-256 (hex) of the delete token. */
  tokenHash: string;
  /** The client address key that shared it (server/lib/client-address.ts), for staff. */
  address: string | null;
}

/** What /admin lists of a shared list. */
export interface SharedListSummary {
  id: string;
  siteId: number;
  name: string;
  itemCount: number;
  reports: number;
  createdAt: string;
  address: string | null;
}

export interface SharedListsRepo {
  /**
   * Stores a snapshot. A repeat of a clientId already stored stores nothing new: it gives the stored list
   * (created: false) with its token hash replaced by the new one (the sharer lost the first answer).
   */
  create(row: NewSharedList): Promise<{ row: SharedListRow; created: boolean }>;
  get(id: string): Promise<SharedListRow | null>;
  tokenHash(id: string): Promise<string | null>;
  remove(id: string): Promise<boolean>;
  /** Counts one report; false when there is no such list. */
  report(id: string): Promise<boolean>;
  /** Newest first (most reported first when `reported`). */
  list(limit: number, reported?: boolean): Promise<SharedListSummary[]>;
  /** The issue of each of these page uids the archive has. */
  pageIssues(pageUids: string[]): Promise<Map<string, string>>;
}
