// Writing content: places, titles, batches, issues with their pages, audio items.

import type { AdminBatch } from '../../../contract/admin';
import type { TitleDetails } from '../../../contract/runs';
export interface PlaceInput {
  country?: string | null;
  state?: string | null;
  county?: string | null;
  city?: string | null;
}

export interface TitleInput {
  lccn: string;
  name: string;
  place: PlaceInput;
  placeOfPublication?: string | null;
  publisher?: string | null;
  startYear?: number | null;
  endYear?: number | null;
  language?: string | null;
  frequency?: string | null;
  /** What the MARC record says beyond the columns (issue #36); kept when a later upsert has none. */
  details?: TitleDetails | null;
  source: 'marc' | 'lccn-only' | 'demo';
}

/** A word and its box in image pixels. A word hyphenated across two lines is one entry with the whole word
 *  as its text, the first part's box, and the second part's box as the optional 6th element. */
export type WordBox = [text: string, x: number, y: number, w: number, h: number, rest?: [x: number, y: number, w: number, h: number]];

export interface PageInput {
  sequence: number;
  number?: string | null;
  /** The METS's section label of the page (e.g. "Section B"), when it names one. */
  section?: string | null;
  reel?: string | null;
  width: number | null;
  height: number | null;
  imagePath: string | null; // relative to DATA_DIR
  pdfPath: string | null;
  altoPath: string | null;
  ocrText: string;
  words: WordBox[];
}

export interface IssueInput {
  lccn: string;
  dateIssued: string; // YYYY-MM-DD
  edition: number;
  volume?: string | null;
  number?: string | null;
  pages: PageInput[];
}

export interface AudioInput {
  uid: string;
  lccn?: string | null;
  label: string;
  dateIssued?: string | null;
  mediaPath: string;
  mediaType: string;
  duration?: number | null;
  cues: { start: number; end: number; text: string }[];
  meta: Record<string, unknown>;
}

/** The row is the admin API's answer (contract/admin.ts). */
export type BatchRow = AdminBatch;

/** Where a page's files are (paths relative to DATA_DIR), for the IIIF and download routes. */
export interface PageFiles {
  uid: string;
  width: number | null;
  height: number | null;
  imagePath: string | null;
  pdfPath: string | null;
  altoPath: string | null;
}

export interface AudioMedia {
  uid: string;
  mediaPath: string; // relative to DATA_DIR
  mediaType: string;
}

export interface IngestRepo {
  /** Inserts or updates a title by LCCN (and its place); returns its id. */
  upsertTitle(t: TitleInput): Promise<number>;
  titleIdByLccn(lccn: string): Promise<number | null>;
  /** Starts (or resumes) a batch by name; returns its id. */
  beginBatch(name: string, sourcePath: string | null): Promise<number>;
  finishBatch(batchId: number, status: 'complete' | 'failed', report: Record<string, unknown>): Promise<void>;
  getBatch(name: string): Promise<BatchRow | null>;
  listBatches(): Promise<BatchRow[]>;
  /** Issue uids already loaded for a batch (to resume). */
  loadedIssueUids(batchId: number): Promise<Set<string>>;
  /** Writes one issue with all its pages and words in one transaction: all or nothing. Replaces an
   *  issue with the same uid. Returns the page uids in sequence order. */
  writeIssue(batchId: number, issue: IssueInput): Promise<{ issueUid: string; pageUids: string[] }>;
  writeAudio(batchId: number | null, item: AudioInput): Promise<void>;
  /** Removes a batch with its issues, pages and audio; titles left with no pages are kept. */
  purgeBatch(name: string): Promise<{ issues: number; pages: number } | null>;
  /** A page's image/PDF/ALTO paths and image size, or null for an unknown page uid. */
  pageFiles(uid: string): Promise<PageFiles | null>;
  /** An audio item's media file, or null for an unknown uid. */
  audioMedia(uid: string): Promise<AudioMedia | null>;
}

export const issueUid = (lccn: string, date: string, edition: number) => `${lccn}-${date}-ed${edition}`;
export const pageUid = (issue: string, sequence: number) => `${issue}-seq${sequence}`;
