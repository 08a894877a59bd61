// Batch and audio rows as both engines read and write them: the same columns, the same mapping and JSON handling.
// Only the SQL around them (placeholders, transactions, the Postgres search text column) is per engine.
import type { AudioInput, BatchRow } from './types';

export const BATCH_COLUMNS = `id, name, source_path AS "sourcePath", status, started_at AS "startedAt", finished_at AS "finishedAt", report`;

/** A batch as selected with BATCH_COLUMNS: the report is stored as JSON text. */
export type RawBatch = Omit<BatchRow, 'report'> & { report: string };
export const toBatch = (r: RawBatch): BatchRow => ({ ...r, report: JSON.parse(r.report) });

export const AUDIO_COLUMNS = 'uid, title_id, batch_id, label, date_issued, media_path, media_type, duration, transcript, cues, meta';

/** The values of an audio insert, in AUDIO_COLUMNS order: the transcript is the cues' text, one cue a line. */
export const audioValues = (item: AudioInput, titleId: number | null, batchId: number | null): unknown[] => [
  item.uid,
  titleId,
  batchId,
  item.label,
  item.dateIssued ?? null,
  item.mediaPath,
  item.mediaType,
  item.duration ?? null,
  item.cues.map((c) => c.text).join('\n'),
  JSON.stringify(item.cues),
  JSON.stringify(item.meta),
];
