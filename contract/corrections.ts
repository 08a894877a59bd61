// Visitor OCR corrections (issue #23): the shapes of /Api/Viewer/Page/{uid}/Lines, .../Corrections and the
// admin moderation API (/Api/Admin/Corrections/*), shared by the server and the app. Add fields; never rename.
import type { Box } from './viewer';

/** How a site publishes corrections: at once (the default, as Trove does) or after a moderator approves. */
export type CorrectionPublish = 'immediately' | 'afterApproval';

/** A site's correction policy (GET/PUT /Api/Admin/Sites/{id}/CorrectionPolicy). */
export interface CorrectionPolicy {
  publish: CorrectionPublish;
  /** true: only a signed-in account may correct; anonymous visitors get 403. */
  requireAccount: boolean;
}

/** What the visitor's screen needs to know about the policy (carried by the Lines answer). */
export interface CorrectionPolicyView extends CorrectionPolicy {
  /** The request came with a signed-in account (so requireAccount is satisfied). */
  signedIn: boolean;
}

/**
 * One OCR line of a page. `id` is stable across reads: "L{n}", n = the line's 1-based position among the
 * page's non-empty OCR text lines (reading order of the ALTO TextLines), which never changes for a page.
 */
export interface CorrectionLine {
  id: string;
  /** The union of the line's word boxes, image pixels. */
  box: Box;
  /** The published text now (the original when nobody corrected it). */
  text: string;
  /** The OCR text as ingested. */
  original: string;
  /** The version `text` is: 0 = the original OCR; each correction of the line takes the next number. */
  version: number;
  /** A correction of this line waits for moderation (policy afterApproval). */
  pending?: boolean;
}

/** GET /Api/Viewer/Page/{uid}/Lines */
export interface PageLinesResponse {
  pageUid: string;
  lines: CorrectionLine[];
  policy: CorrectionPolicyView;
}

/** POST /Api/Viewer/Page/{uid}/Corrections body. */
export interface CorrectionRequest {
  lineId: string;
  text: string;
  /** The line's `version` the visitor started from (409 when the line has changed since). */
  baseVersion: number;
  /** A UUID made by the app (offline outbox): a repeat answers the first answer and stores nothing new. */
  clientId?: string;
  /** Shown in the history and leaderboard; omitted: "Anonymous". */
  displayName?: string;
}

export type CorrectionState = 'published' | 'pending' | 'rejected';

/** 201 answer of POST Corrections (and the answer to a repeated clientId). */
export interface CorrectionCreated {
  /** The correction's id (for moderation). */
  id: number;
  lineId: string;
  /** The version this correction has. */
  version: number;
  /** 'published': searchable at once; 'pending': waits for a moderator. */
  state: CorrectionState;
  /** The text as stored (after cleaning: tags stripped, control characters removed, spaces collapsed). */
  text: string;
  /** The line as it now reads for everyone. */
  line: CorrectionLine;
  summary: CorrectionSummary;
}

/** 409 answer: the line changed since baseVersion. The visitor sees both texts and chooses. */
export interface CorrectionConflict {
  error: string;
  /** The line as it reads now (its current text and version: send again with this version to overwrite). */
  line: CorrectionLine;
  /** The text the visitor sent. */
  yourText: string;
}

/** Every other error: 400 (bad input, spam check), 403 (blocked, account required), 404, 413, 429. */
export interface CorrectionError {
  error: string;
}

/** "Corrected N lines by M contributors": carried by the viewer page answer and the history answer. */
export interface CorrectionSummary {
  correctedLines: number;
  contributors: number;
}

/** One version of one line in a page's history. */
export interface CorrectionHistoryEntry {
  id: number;
  lineId: string;
  version: number;
  text: string;
  /** The display name, "staff" for a staff member's correction or restore (never an account name), or "Anonymous". */
  author: string;
  /** ISO time. */
  at: string;
  state: CorrectionState;
  /** Set when staff restored an earlier version: the version restored (0 = the original OCR). */
  revertOf: number | null;
}

/** GET /Api/Viewer/Page/{uid}/Corrections: newest first. Only published versions are listed publicly (pending
 *  ones show as `pending: true` on the line; rejected ones never show). */
export interface PageCorrectionsResponse extends CorrectionSummary {
  pageUid: string;
  entries: CorrectionHistoryEntry[];
}

/** An item of the moderation queue (GET /Api/Admin/Corrections). */
export interface AdminCorrectionItem extends CorrectionHistoryEntry {
  pageUid: string;
  siteId: number | null;
  /** The line's OCR text, to compare. */
  original: string;
  /** The text of the line before this correction. */
  previousText: string;
  /** The sender's address (for blocking). */
  address: string | null;
  /** The signed-in account that sent it, if any. */
  account: string | null;
  /** Page context for the moderator. */
  title: string;
  date: string;
  sequence: number;
}

/** GET /Api/Admin/Corrections?site=&state= */
export interface AdminCorrectionList {
  pending: AdminCorrectionItem[];
  /** The latest decided corrections (published or rejected), newest first. */
  recent: AdminCorrectionItem[];
}

/** POST /Api/Admin/Corrections/Revert body: restore a line to any version (0 = original OCR). */
export interface AdminRevertRequest {
  pageUid: string;
  lineId: string;
  version: number;
}

export type CorrectionBlockKind = 'address' | 'account';

/** GET/POST /Api/Admin/Corrections/Blocks; DELETE /Api/Admin/Corrections/Blocks/{id}. */
export interface AdminCorrectionBlock {
  id: number;
  kind: CorrectionBlockKind;
  value: string;
  reason: string;
  createdAt: string;
  createdBy: string | null;
}

export interface AdminCorrectionBlockRequest {
  kind: CorrectionBlockKind;
  value: string;
  reason?: string;
}

/** GET /Api/Admin/Sites/{id}/Contributors: the site's leaderboard, most lines first. */
export interface AdminContributor {
  /** Display name, or "Anonymous" (all anonymous visitors together). */
  name: string;
  corrections: number;
  /** Distinct lines corrected. */
  lines: number;
  lastAt: string;
}

/** Limits the server applies (the UI may check the same before sending). */
export const CORRECTION_LIMITS = {
  /** Text longer than original.length * 4 + 200 characters is refused. */
  lengthFactor: 4,
  lengthSlack: 200,
  displayNameMax: 60,
  /** Corrections per address per 10 minutes, and per page per address. */
  perAddress: 120,
  perPage: 60,
} as const;

export const ANONYMOUS = 'Anonymous';
/** The public author of a staff member's correction or restore: a role, never an account name. */
export const STAFF_AUTHOR = 'staff';
