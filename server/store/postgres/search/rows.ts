// A result row's fields, read by id or by the one-pass statement beside the counts.
import type { Pg } from '../db';
import type { SearchPageRow } from '../../types';
import { WORDS_WITH_CORRECTIONS } from '../../viewer-rows';

/** A result row's fields (SearchPageRow) and their expressions over pages p, titles t and page_words w (left-joined). */
export const ROW_FIELDS: [keyof SearchPageRow, string][] = [
  ['id', 'p.id'],
  ['uid', 'p.uid'],
  ['titleId', 'p.title_id'],
  ['title', 't.name'],
  ['date', 'p.date_issued'],
  ['sequence', 'p.sequence'],
  ['number', 'p.number'],
  ['width', 'p.width'],
  ['height', 'p.height'],
  ['words', WORDS_WITH_CORRECTIONS],
  ['text', "CASE WHEN w.words IS NULL THEN p.ocr_text ELSE '' END"],
];
export const ROW_COLUMNS = ROW_FIELDS.map(([name, expr]) => `${expr} AS "${name}"`).join(', ');
export const ROW_JOINS = 'JOIN titles t ON t.id = p.title_id LEFT JOIN page_words w ON w.page_id = p.id';

/** The rows for these ids, in no particular order. */
export async function readRows(db: Pg, ids: number[]): Promise<SearchPageRow[]> {
  if (!ids.length) return [];
  return db.read<SearchPageRow>(`SELECT ${ROW_COLUMNS} FROM pages p ${ROW_JOINS} WHERE p.id = ANY($1::int[])`, [ids]);
}
