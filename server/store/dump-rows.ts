// Dump rows as both engines select them: the same columns, the same mapping.
import type { DumpFile, DumpPage, DumpRow, DumpTitle } from './types';

export const DUMP_SELECT = `SELECT d.batch_id, b.name AS batch, d.built_from, d.built_at, d.issues, d.pages, d.date_first, d.date_last,
  d.titles, d.files FROM batch_dumps d JOIN batches b ON b.id = d.batch_id`;

export interface RawDump {
  batch_id: number;
  batch: string;
  built_from: string;
  built_at: string;
  issues: number;
  pages: number;
  date_first: string | null;
  date_last: string | null;
  titles: string;
  files: string;
}

export const toDump = (r: RawDump): DumpRow => ({
  batchId: Number(r.batch_id),
  batch: r.batch,
  builtFrom: r.built_from,
  builtAt: r.built_at,
  issues: Number(r.issues),
  pages: Number(r.pages),
  dateFirst: r.date_first,
  dateLast: r.date_last,
  titles: JSON.parse(r.titles) as DumpTitle[],
  files: JSON.parse(r.files) as DumpFile[],
});

/** Complete batches whose dump is missing or stale (placeholders: none). */
export const TO_DUMP = `SELECT b.id, b.name, b.finished_at FROM batches b LEFT JOIN batch_dumps d ON d.batch_id = b.id
  WHERE b.status = 'complete' AND b.finished_at IS NOT NULL AND (d.batch_id IS NULL OR d.built_from <> b.finished_at) ORDER BY b.id`;

export const PAGE_SELECT = `SELECT p.id, p.uid, t.lccn, p.date_issued, i.edition, p.sequence, p.alto_path, p.ocr_text
  FROM pages p JOIN issues i ON i.id = p.issue_id JOIN titles t ON t.id = p.title_id`;

export interface RawDumpPage {
  id: number;
  uid: string;
  lccn: string;
  date_issued: string;
  edition: number;
  sequence: number;
  alto_path: string | null;
  ocr_text: string;
}

export const toDumpPage = (r: RawDumpPage): DumpPage => ({
  id: Number(r.id),
  uid: r.uid,
  lccn: r.lccn,
  dateIssued: r.date_issued,
  edition: Number(r.edition),
  sequence: Number(r.sequence),
  altoPath: r.alto_path,
  ocrText: r.ocr_text,
});
