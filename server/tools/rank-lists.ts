// Builds the search's ranking lists for frequent words (server/store/sqlite/rank-lists.ts), the vocabulary
// index of OCR-tolerant words (vocab-index.ts) and the OCR's confusions (ocr-confusions.ts) in DATA_DIR's archive. The server runs this on its own, in a child process, whenever the index has changed; by hand:
//   npm run search:rank-lists -- [--data <DATA_DIR>]
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openSqlite } from '../store/sqlite/db';
import { buildRankLists } from '../store/sqlite/rank-lists';
import { buildVocabIndex, vocabIndexCurrent } from '../store/sqlite/vocab-index';
import { learnSqliteConfusions, sqliteConfusionsCurrent } from '../store/sqlite/ocr-confusions';

const args = process.argv.slice(2);
const i = args.indexOf('--data');
const dataDir = resolve(i >= 0 && args[i + 1] ? args[i + 1] : (process.env.DATA_DIR ?? './data'));
const file = join(dataDir, 'archive.sqlite');
if (!existsSync(file)) {
  console.error(`No archive at ${file}.`);
  process.exit(2);
}
const db = openSqlite(file);
const started = performance.now();
const quiet = Boolean(process.send); // started by the server: one line at the end
let last = 0;
const result = buildRankLists(db, {
  onProgress: (done, total) => {
    if (!quiet && (done === total || performance.now() - last > 2000)) {
      last = performance.now();
      console.log(`ranking lists: ${done}/${total} words`);
    }
  },
});
// The vocabulary by letters and length for OCR-tolerant words, and the OCR's confusions learned from it, for the
// same state of the index.
let confusions = '';
// Each only when not current for this state: each writes in a transaction of its own, and an ingest started
// meanwhile (the CLI beside a running server) waits for it.
if (result.complete) {
  if (!vocabIndexCurrent(db, result.fingerprint)) buildVocabIndex(db, result.fingerprint);
  if (!sqliteConfusionsCurrent(db, result.fingerprint)) {
    const learned = learnSqliteConfusions(db, result.fingerprint);
    confusions = learned.confusions.length ? `; ${learned.confusions.length} OCR confusions learned from ${learned.evidence} misreadings` : '';
  }
}
db.close();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const line = result.complete
  ? `Search: ranking lists for ${result.terms} frequent words made in ${seconds} s${confusions}`
  : `Search: the index changed while ranking lists were made (${result.written} kept); trying again later`;
if (result.written > 0 || !result.complete || !quiet) console.log(line);
process.send?.({ complete: result.complete, written: result.written });
