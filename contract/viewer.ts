// Responses of the viewer API (/Api/Viewer/...), shared by the server and the viewer screens.

/** An OCR word and its box in image pixels: [text, x, y, w, h]. */
export type ViewerWord = [text: string, x: number, y: number, w: number, h: number, rest?: [x: number, y: number, w: number, h: number]];
export type Box = [x: number, y: number, w: number, h: number];

export interface ViewerPageResponse {
  uid: string;
  issueUid: string;
  /** The title's id, as /search filters on it (t=); absent from copies a device saved before it was sent. */
  titleId?: number;
  lccn: string;
  title: string;
  place: string | null;
  /** The title's publisher, when the catalogue gives it (for citations). */
  publisher?: string | null;
  /** YYYY-MM-DD */
  date: string;
  edition: number;
  volume: string | null;
  issueNumber: string | null;
  sequence: number;
  /** The printed page number when known. */
  number: string | null;
  pageCount: number;
  width: number | null;
  height: number | null;
  prevPageUid: string | null;
  nextPageUid: string | null;
  prevIssuePageUid: string | null;
  nextIssuePageUid: string | null;
  words: ViewerWord[];
  /** IIIF Image API 3 service id (info.json is below it), or null when the page has no image. */
  imageService: string | null;
  manifest: string;
  /**
   * altoCorrected: the ALTO with visitors' published corrections in its String CONTENTs; textCorrected: the
   * plain text with each corrected line in place of its OCR line (issue #23). Null until a line is corrected.
   */
  downloads: { image: string | null; pdf: string | null; alto: string | null; text: string; altoCorrected?: string | null; textCorrected?: string | null };
  /** The stable public URL of this page. */
  citationUrl: string;
  /** "Corrected N lines" (issue #23): lines with a published correction, and how many people made them. */
  corrections?: { correctedLines: number; contributors: number };
  /**
   * When visitors corrected lines: `words` holds the OCR words, then from this index the corrected lines'
   * words (the line's box divided among them), so both are found and boxed. A text panel shows words[0..n).
   */
  correctedWordsFrom?: number;
}

export interface PageHit {
  /** Indexes into ViewerPageResponse.words, in reading order (several for a phrase). */
  words: number[];
  boxes: Box[];
}

export interface PageSearchResponse {
  hits: PageHit[];
}

export interface AudioCueResponse {
  start: number;
  end: number;
  text: string;
}

export interface AudioItemResponse {
  uid: string;
  label: string;
  date: string | null;
  title: string | null;
  lccn: string | null;
  mediaUrl: string;
  /** The transcript as WebVTT (text/vtt), for the player's captions track. */
  transcriptUrl: string;
  /** The item's IIIF Presentation 3 manifest (an AV canvas with the transcript). */
  manifest: string;
  mediaType: string;
  duration: number | null;
  cues: AudioCueResponse[];
  /** The newspaper page this recording reads from, when the archive has it. */
  pageUid: string | null;
}

/** A clipping: a rectangle of a page (page pixels) and its caption. What the reader sends and the store keeps. */
export interface ClipRequest {
  pageUid: string;
  x: number;
  y: number;
  w: number;
  h: number;
  caption: string;
  /**
   * A UUID the app makes for this clip (the offline outbox): the server stores one clip per clientId and
   * answers a repeat with the clip it already has, so a clip sent twice is never made twice.
   */
  clientId?: string;
}

export interface ClipResponse extends ClipRequest {
  id: string;
  /** The share page: /clipsocialsharing?clip={id} (absolute). */
  url: string;
  imageUrl: string;
  title: string;
  date: string;
  sequence: number;
  number: string | null;
  createdAt: string;
}

export const CLIP_CAPTION_MAX = 300;
