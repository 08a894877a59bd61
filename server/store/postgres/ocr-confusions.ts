// The archive's OCR confusions (contract/search/confusions.ts) on PostgreSQL: learned from search_words (every
// word of pages.tsv with the pages holding it, as SQLite's vocabulary gives them, so both engines learn the same
// table), kept as JSON in meta for one pages_version. The upkeep learns them after the ranking lists
// (server/store/rank-lists-upkeep.ts); searches read the kept table (where searches read: the replica).
import { learnConfusions, type OcrConfusions } from '../../../contract/search/confusions';
import type { VocabularyWord } from '../../../contract/search/expand';
import type { Pg } from './db';
import { isEnglishWord } from '../dictionary';

const KEY = 'ocr_confusions';

/** Learns the table for the pages as they are and keeps it; a table that changed bumps the search version. */
export async function learnPgConfusions(db: Pg): Promise<OcrConfusions> {
  const [{ value: version }] = await db.q<{ value: string }>("SELECT value FROM meta WHERE key = 'pages_version'");
  const rows = await db.q<VocabularyWord>('SELECT term, pages FROM search_words WHERE pages > 0');
  const learned = learnConfusions(rows, { isWord: isEnglishWord });
  const table: OcrConfusions = { version, evidence: learned?.evidence ?? 0, confusions: learned?.confusions ?? [] };
  const [before] = await db.q<{ value: string }>('SELECT value FROM meta WHERE key = $1', [KEY]);
  const changed = JSON.stringify(before ? (JSON.parse(before.value) as OcrConfusions).confusions : []) !== JSON.stringify(table.confusions);
  await db.q(
    `WITH kept AS (INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value RETURNING 1)
     UPDATE meta SET value = (value::bigint + $3)::text WHERE key = 'text_version'`,
    [KEY, JSON.stringify(table), changed ? 1 : 0],
  );
  return table;
}

export async function pgConfusionsCurrent(db: Pg): Promise<boolean> {
  const [r] = await db.q<{ ok: boolean }>(
    `SELECT ((SELECT value FROM meta WHERE key = $1)::json ->> 'version') IS NOT DISTINCT FROM (SELECT value FROM meta WHERE key = 'pages_version') AS ok`,
    [KEY],
  );
  return r.ok;
}

/** The kept table, parsed once per stored value. */
export function pgConfusionsReader(db: Pg): () => Promise<OcrConfusions | null> {
  let cache: { raw: string | null; table: OcrConfusions | null } = { raw: null, table: null };
  return async () => {
    const [r] = await db.read<{ value: string | null }>('SELECT (SELECT value FROM meta WHERE key = $1) AS value', [KEY]);
    if (r.value !== cache.raw) cache = { raw: r.value, table: r.value ? (JSON.parse(r.value) as OcrConfusions) : null };
    return cache.table;
  };
}
