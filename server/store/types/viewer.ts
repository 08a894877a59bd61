// Reading content for the viewers: a page with its neighbours and words, an issue's pages, audio items,
// and the clips visitors share.
import type { WordBox } from './ingest';
import type { ClipRequest } from '../../../contract/viewer';

export interface ViewerPageRow {
  uid: string;
  issueUid: string;
  titleId: number;
  lccn: string;
  titleName: string;
  placeOfPublication: string | null;
  /** The title's publisher (MARC 260/264 $b), when the catalogue record gives it. */
  publisher?: string | null;
  dateIssued: string; // YYYY-MM-DD
  edition: number;
  volume: string | null;
  issueNumber: string | null;
  sequence: number;
  number: string | null;
  width: number | null;
  height: number | null;
  hasImage: boolean;
  hasPdf: boolean;
  hasAlto: boolean;
}

/** Page uids next to a page: in its issue, and the first pages of the title's previous and next issues. */
export interface PageNeighbours {
  prevPageUid: string | null;
  nextPageUid: string | null;
  prevIssuePageUid: string | null;
  nextIssuePageUid: string | null;
  pageCount: number;
}

export interface ViewerIssue {
  uid: string;
  titleId: number;
  lccn: string;
  titleName: string;
  placeOfPublication: string | null;
  dateIssued: string;
  edition: number;
  volume: string | null;
  number: string | null;
  pages: ViewerPageRow[];
}

/** One issue of a title, as the IIIF collections list it. */
export interface TitleIssueRow {
  uid: string;
  dateIssued: string;
  edition: number;
  pageCount: number;
  /** The first page with an image, for the manifest reference's thumbnail. */
  thumbPageUid: string | null;
}

export interface AudioCue {
  start: number;
  end: number;
  text: string;
}

export interface ViewerAudio {
  uid: string;
  label: string;
  dateIssued: string | null;
  lccn: string | null;
  titleName: string | null;
  mediaType: string;
  duration: number | null;
  cues: AudioCue[];
  meta: Record<string, unknown>;
  /** First page of the title's issue of the same date, when the archive has it (optional for engines that do not look it up). */
  pageUid?: string | null;
}

/** A clipping as created: the contract's request shape. */
export type ClipInput = ClipRequest;

export interface ClipRow extends ClipInput {
  id: string;
  createdAt: string;
}

export interface ViewerRepo {
  page(uid: string): Promise<(ViewerPageRow & PageNeighbours) | null>;
  /** The page's OCR words in reading order, or null for an unknown page. */
  words(uid: string): Promise<WordBox[] | null>;
  /** The page's plain OCR text, or null for an unknown page. */
  text(uid: string): Promise<string | null>;
  issue(uid: string): Promise<ViewerIssue | null>;
  /** Words of every page of an issue, for the IIIF Content Search service. */
  issueWords(uid: string): Promise<{ pageUid: string; words: WordBox[] }[]>;
  /** Issues of a title (by LCCN) with at least one page, in date and edition order; one year or all. */
  titleIssues(lccn: string, year?: number): Promise<TitleIssueRow[]>;
  audio(uid: string): Promise<ViewerAudio | null>;
  /**
   * Stores a clip under a new random id; null when the page does not exist. With a clientId already stored,
   * stores nothing and returns that clip (a repeat of the same write).
   */
  createClip(input: ClipInput): Promise<ClipRow | null>;
  clip(id: string): Promise<ClipRow | null>;
}
