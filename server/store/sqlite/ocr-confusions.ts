// The archive's OCR confusions (contract/search/confusions.ts) on SQLite: learned from the full-text index's
// vocabulary (with the words only corrected lines hold, as the search's vocabulary reads them), kept as JSON
// in meta for one state of the index (rank-lists.ts indexFingerprint). The upkeep's child process learns them
// after the ranking lists and the vocabulary copy (server/tools/rank-lists.ts); searches read the kept table.
import { learnConfusions, type OcrConfusions } from '../../../contract/search/confusions';
import type { VocabularyWord } from '../../../contract/search/expand';
import type { Db } from './db';
import { indexFingerprint } from './rank-lists';
import { isEnglishWord } from '../dictionary';

const KEY = 'ocr_confusions';

/** Every indexed word with the pages holding it (OCR and corrected lines summed). */
function vocabularyRows(db: Db): VocabularyWord[] {
  const pages = new Map<string, number>();
  for (const [term, n] of db.prepare('SELECT term, doc FROM pages_vocab').raw().iterate() as Iterable<[string, number]>) pages.set(term, n);
  for (const [term, n] of db.prepare('SELECT term, doc FROM correction_lines_vocab').raw().iterate() as Iterable<[string, number]>)
    pages.set(term, (pages.get(term) ?? 0) + n);
  return [...pages].map(([term, n]) => ({ term, pages: n }));
}

/** Learns the table for the index as it is and keeps it; a table that changed bumps the search version (cached
 *  answers of OCR-tolerant searches were made with the old one). */
export function learnSqliteConfusions(db: Db, fingerprint = indexFingerprint(db)): OcrConfusions {
  const learned = learnConfusions(vocabularyRows(db), { isWord: isEnglishWord });
  const table: OcrConfusions = { version: fingerprint, evidence: learned?.evidence ?? 0, confusions: learned?.confusions ?? [] };
  keepSqliteConfusions(db, table);
  return table;
}

/** Keeps a table (the learned one; tests keep one learned from a larger archive). */
export function keepSqliteConfusions(db: Db, table: OcrConfusions): void {
  const before = readSqliteConfusions(db);
  db.transaction(() => {
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(KEY, JSON.stringify(table));
    if (JSON.stringify(before?.confusions ?? []) !== JSON.stringify(table.confusions))
      db.prepare("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'text_version'").run();
  })();
}

export function readSqliteConfusions(db: Db): OcrConfusions | null {
  const raw = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(KEY) as string | undefined;
  return raw ? (JSON.parse(raw) as OcrConfusions) : null;
}

export function sqliteConfusionsCurrent(db: Db, fingerprint = indexFingerprint(db)): boolean {
  return readSqliteConfusions(db)?.version === fingerprint;
}
