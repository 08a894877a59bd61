// Viewer page rows as both engines select them: the same columns, the same mapping.
import { randomBytes } from 'node:crypto';
import type { ClipInput, TitleIssueRow, ViewerAudio, ViewerIssue, ViewerPageRow, WordBox } from './types';

export const PAGE_COLUMNS = `p.id, p.uid, i.uid AS issue_uid, t.lccn, t.name AS title_name, t.place_of_publication, t.publisher,
  p.date_issued, i.edition, i.volume, i.number AS issue_number, p.sequence, p.number, p.width, p.height,
  p.image_path, p.pdf_path, p.alto_path, p.issue_id, p.title_id`;
export const PAGE_FROM = 'pages p JOIN issues i ON i.id = p.issue_id JOIN titles t ON t.id = p.title_id';

export interface RawPage {
  id: number;
  uid: string;
  issue_uid: string;
  lccn: string;
  title_name: string;
  place_of_publication: string | null;
  publisher?: string | null;
  date_issued: string;
  edition: number;
  volume: string | null;
  issue_number: string | null;
  sequence: number;
  number: string | null;
  width: number | null;
  height: number | null;
  image_path: string | null;
  pdf_path: string | null;
  alto_path: string | null;
  issue_id: number;
  title_id: number;
}

export const toPage = (r: RawPage): ViewerPageRow => ({
  uid: r.uid,
  issueUid: r.issue_uid,
  titleId: Number(r.title_id),
  lccn: r.lccn,
  titleName: r.title_name,
  placeOfPublication: r.place_of_publication,
  publisher: r.publisher ?? null,
  dateIssued: r.date_issued,
  edition: r.edition,
  volume: r.volume,
  issueNumber: r.issue_number,
  sequence: r.sequence,
  number: r.number,
  width: r.width,
  height: r.height,
  hasImage: !!r.image_path,
  hasPdf: !!r.pdf_path,
  hasAlto: !!r.alto_path,
});

/** Word boxes are stored as JSON text; a page without any has none. */
/**
 * page_words.words followed by the words of the page's published corrected lines (issue #23), in SQL
 * (both engines): the viewer, the in-page search and the results' snippets and boxes see both, so the
 * original OCR and the corrected text are found and boxed alike. Needs page_words aliased `w`.
 */
export const WORDS_WITH_CORRECTIONS = `CASE WHEN w.corrected IS NULL OR w.corrected = '[]' OR w.words = '[]' THEN w.words
  ELSE substr(w.words, 1, length(w.words) - 1) || ',' || substr(w.corrected, 2) END`;

export const toWords = (words: string | null): WordBox[] => (words ? (JSON.parse(words) as WordBox[]) : []);

export const ISSUE_SELECT = `SELECT i.id, i.uid, t.id AS title_id, t.lccn, t.name, t.place_of_publication, i.date_issued, i.edition, i.volume, i.number
  FROM issues i JOIN titles t ON t.id = i.title_id`;

export interface RawIssue {
  id: number;
  uid: string;
  title_id: number;
  lccn: string;
  name: string;
  place_of_publication: string | null;
  date_issued: string;
  edition: number;
  volume: string | null;
  number: string | null;
}

export const toIssue = (i: RawIssue, pages: ViewerPageRow[]): ViewerIssue => ({
  uid: i.uid,
  titleId: Number(i.title_id),
  lccn: i.lccn,
  titleName: i.name,
  placeOfPublication: i.place_of_publication,
  dateIssued: i.date_issued,
  edition: i.edition,
  volume: i.volume,
  number: i.number,
  pages,
});

/** A title's issue as listed (drivers may give counts as text). */
export const toTitleIssue = (r: {
  uid: string;
  date_issued: string;
  edition: number | string;
  page_count: number | string;
  thumb: string | null;
}): TitleIssueRow => ({
  uid: r.uid,
  dateIssued: r.date_issued,
  edition: Number(r.edition),
  pageCount: Number(r.page_count),
  thumbPageUid: r.thumb,
});

export const AUDIO_SELECT = `SELECT a.uid, a.label, a.date_issued, a.media_type, a.duration, a.cues, a.meta, t.lccn, t.name AS title_name
  FROM audio_items a LEFT JOIN titles t ON t.id = a.title_id`;

export interface RawAudio {
  uid: string;
  label: string;
  date_issued: string | null;
  media_type: string;
  duration: number | null;
  cues: string;
  meta: string;
  lccn: string | null;
  title_name: string | null;
}

/** A recording with its cues and metadata (JSON text) read; pageUid is looked up after. */
export const toAudio = (r: RawAudio): ViewerAudio => ({
  uid: r.uid,
  label: r.label,
  dateIssued: r.date_issued,
  lccn: r.lccn,
  titleName: r.title_name,
  mediaType: r.media_type,
  duration: r.duration,
  cues: JSON.parse(r.cues),
  meta: JSON.parse(r.meta),
  pageUid: null,
});

/** The newspaper page a recording reads from: the first page of the title's issue of that date (lccn, date bound next). */
export const AUDIO_PAGE_SELECT = `SELECT p.uid FROM pages p JOIN issues i ON i.id = p.issue_id JOIN titles t ON t.id = i.title_id`;

/** A clip as read back, under its row names (the client's id stays in the database). */
export const CLIP_SELECT =
  'SELECT c.id, p.uid AS "pageUid", c.x, c.y, c.w, c.h, c.caption, c.created_at AS "createdAt" FROM clips c JOIN pages p ON p.id = c.page_id';

export const CLIP_COLUMNS = 'id, page_id, x, y, w, h, caption, client_id';

/** A new clip's random id, the client's id (null without one) and its insert values in CLIP_COLUMNS order. */
export function newClip(pageId: number, input: ClipInput) {
  const id = randomBytes(9).toString('base64url');
  const clientId = input.clientId ?? null;
  return { id, clientId, values: [id, pageId, input.x, input.y, input.w, input.h, input.caption, clientId] };
}
