// Visitor OCR corrections (issue #23): every version of a line, moderation state, blocks, per-site policy,
// and the page's derived search fields (pages.corrected_text, page_words.corrected).
import type { AdminContributor, AdminCorrectionBlock, AdminCorrectionBlockRequest, CorrectionPolicy, CorrectionState } from '../../../contract/corrections';

export interface CorrectionRow {
  id: number;
  pageId: number;
  pageUid: string;
  lineId: string;
  version: number;
  text: string;
  previousText: string;
  state: CorrectionState;
  revertOf: number | null;
  displayName: string | null;
  account: string | null;
  address: string | null;
  siteId: number | null;
  clientId: string | null;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

/** A row with its page's context, for moderators. */
export interface CorrectionListRow extends CorrectionRow {
  title: string;
  date: string;
  sequence: number;
}

/** What corrections need of a page: its original OCR text and words (JSON). */
export interface CorrectionPage {
  id: number;
  uid: string;
  ocrText: string;
  words: string | null;
}

export interface NewCorrection {
  pageId: number;
  lineId: string;
  /** Stored only when the line's published version is still this one. */
  baseVersion: number;
  text: string;
  previousText: string;
  state: CorrectionState;
  revertOf: number | null;
  displayName: string | null;
  account: string | null;
  address: string | null;
  siteId: number | null;
  clientId: string | null;
}

export type InsertResult =
  | { kind: 'created'; row: CorrectionRow }
  /** The clientId was seen before: the first row, nothing stored. */
  | { kind: 'repeat'; row: CorrectionRow }
  /** The line's published version is not baseVersion any more (or another write took the version). */
  | { kind: 'conflict' };

/** The derived search fields of a page from its published corrections. */
export interface PageOverlay {
  /** The corrected lines' text, one line each ('' = none). */
  text: string;
  /** The same lines by id: what the corrected lines' full-text index holds for the page. */
  lines: { id: string; text: string }[];
  /** Their words with divided boxes (JSON WordBox[]), or null when none. */
  words: string | null;
}

export interface CorrectionsRepo {
  page(uid: string): Promise<CorrectionPage | null>;
  /** Every correction of a page, by line then version. */
  pageRows(pageId: number): Promise<CorrectionRow[]>;
  get(id: number): Promise<CorrectionRow | null>;
  byClientId(clientId: string): Promise<CorrectionRow | null>;
  /** Stores the line's next version, atomically with the check that its published version is baseVersion. */
  insert(c: NewCorrection): Promise<InsertResult>;
  setState(id: number, state: CorrectionState, by: string | null): Promise<void>;
  /** Rewrites the page's search fields from its rows, atomically (build sees the rows as they are now). */
  writeOverlay(pageId: number, build: (rows: CorrectionRow[]) => PageOverlay): Promise<void>;
  /** Lines with a published correction (from the overlay) and distinct people who made published ones. */
  summary(pageUid: string): Promise<{ correctedLines: number; contributors: number; correctedWords: number }>;
  /** With a siteId: corrections sent through that site or on a page it shows (a page's text is shared by every site). */
  list(opts: { siteId?: number; pending: boolean; limit: number }): Promise<CorrectionListRow[]>;
  blocks(): Promise<AdminCorrectionBlock[]>;
  addBlock(b: AdminCorrectionBlockRequest, by: string | null): Promise<AdminCorrectionBlock>;
  removeBlock(id: number): Promise<boolean>;
  /** The first block on any of these address values (an address and its /64 key) or on the account. */
  findBlock(addresses: string[], account: string | null): Promise<AdminCorrectionBlock | null>;
  policy(siteId: number): Promise<CorrectionPolicy>;
  /**
   * The policy a correction of this page is held to: the strictest of the site it came through and every
   * site that shows the page's title. A correction is stored per page and shown on all of them, so a lax
   * site (or an unknown Host, answered as the default site) must not publish on a strict site's behalf.
   */
  pagePolicy(pageId: number, siteId: number): Promise<CorrectionPolicy>;
  setPolicy(siteId: number, p: CorrectionPolicy): Promise<void>;
  contributors(siteId: number, limit: number): Promise<AdminContributor[]>;
}
