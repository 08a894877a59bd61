// Viewer page rows as both engines select them: the same columns, the same mapping.
import type { ViewerPageRow } from './types';

export const PAGE_COLUMNS = `p.id, p.uid, i.uid AS issue_uid, t.lccn, t.name AS title_name, t.place_of_publication,
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
  lccn: r.lccn,
  titleName: r.title_name,
  placeOfPublication: r.place_of_publication,
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
