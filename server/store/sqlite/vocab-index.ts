// The vocabulary by first two letters and length (migration 010), and by its reversed spelling's (012: an
// OCR-tolerant word's ending): made from pages_vocab for one state of the full-text index (rank-lists.ts
// indexFingerprint), read by OCR-tolerant expansion only while that state holds.
import { reversed } from '../../../contract/search/ocr-distance';
import type { Db } from './db';
import { indexFingerprint } from './rank-lists';

const KEY = 'search_vocab_index';

/** Rebuilds the copy in one transaction; returns how many words it holds. */
export function buildVocabIndex(db: Db, fingerprint = indexFingerprint(db)): number {
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocab_index_source USING fts5vocab('main', 'pages_fts', 'row')");
  // Reversed by code point, as the engines' readers and the offline worker compare (contract: reversed).
  db.function('archive_reversed', { deterministic: true }, (t) => reversed(String(t)));
  const run = db.transaction(() => {
    db.prepare('DELETE FROM search_vocab_index').run();
    const n = db
      .prepare(
        `INSERT INTO search_vocab_index (prefix, len, term, pages, rprefix, rterm)
         SELECT substr(term, 1, 2), length(term), term, doc, substr(r, 1, 2), r
           FROM (SELECT term, doc, archive_reversed(term) AS r FROM temp.vocab_index_source)`,
      )
      .run().changes;
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(KEY, fingerprint);
    return n;
  });
  return run();
}

export function vocabIndexCurrent(db: Db, fingerprint = indexFingerprint(db)): boolean {
  return (db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(KEY) as string | undefined) === fingerprint;
}
