// Ranking lists for very frequent words. FTS5 scores a match with BM25 at about a microsecond per page, so
// ranking a word found in 100,000 pages ("the", "street") costs 100-250 ms however few results are shown.
// For each word held by at least RANK_LISTS.minPages pages, a list of its KEEP best-ranked page ids is
// computed once (in the background, see rank-lists-runner.ts) and stored; a search for that one word -
// with or without date, place, title filters and None words - walks the list and stops as soon as it
// has the page it needs, falling back to full scoring when too few listed pages pass the filters.
//
// The order is exactly the full ranking's (BM25, then page id): a list is only used while the full-text
// index is in the state it was computed on (its fingerprint), and None words do not change BM25 (FTS5
// scores an excluded word's phrase at zero in every page that matches).
import { createHash } from 'node:crypto';
import type { Db } from './db';
import { quoteFts5 } from '../../search/tokens';

export const RANK_LISTS = {
  /** A word gets a list when at least this many pages hold it (below it, scoring takes ~10 ms). */
  minPages: 10_000,
  /** Page ids kept per word: enough for page 1 under a filter that passes one page in 200. */
  keep: 4_000,
};

export interface RankListOptions {
  minPages?: number;
  keep?: number;
  /** Words per write transaction (and per progress report). */
  batch?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Names the current state of the full-text index: its structure record (rewritten by every insert,
 * delete and merge) and its totals (page and token counts, which BM25 uses).
 */
export function indexFingerprint(db: Db): string {
  const blocks = db.prepare('SELECT id, block FROM pages_fts_data WHERE id IN (1, 10) ORDER BY id').raw().all() as [number, Buffer][];
  const hash = createHash('sha1');
  for (const [id, block] of blocks) hash.update(`${id}:`).update(block);
  return hash.digest('hex');
}

/** Words held by at least `minPages` pages, most frequent first, with their page counts. */
export function frequentTerms(db: Db, minPages: number): { term: string; pages: number }[] {
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.rank_lists_vocab USING fts5vocab('main', 'pages_fts', 'row')");
  return db.prepare('SELECT term, doc AS pages FROM temp.rank_lists_vocab WHERE doc >= ? ORDER BY doc DESC, term').all(minPages) as { term: string; pages: number }[];
}

/** The `keep` best pages for one word, by BM25 then id (the order search.ts sorts by). */
export function rankTerm(db: Db, term: string, keep: number): Int32Array {
  const rows = db.prepare('SELECT rowid, rank FROM pages_fts WHERE pages_fts MATCH ?').raw().all(quoteFts5(term)) as [number, number][];
  rows.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  return Int32Array.from(rows.slice(0, keep), (r) => r[0]);
}

/**
 * Computes the lists missing for the index's current state and stores them; lists of words no longer
 * frequent, or computed on an older state, are replaced or removed. Reads run in one snapshot so every
 * list of a batch matches the fingerprint it is stored with; a batch is dropped (and computed again on the
 * next run) when the index changed meanwhile. Returns how many lists were written.
 */
export function buildRankLists(db: Db, opts: RankListOptions = {}): { written: number; terms: number; fingerprint: string; complete: boolean } {
  const minPages = opts.minPages ?? RANK_LISTS.minPages;
  const keep = opts.keep ?? RANK_LISTS.keep;
  const batch = opts.batch ?? 50;
  let written = 0;

  db.exec('BEGIN');
  let fingerprint: string;
  let todo: { term: string; pages: number }[];
  let frequent: Set<string>;
  try {
    fingerprint = indexFingerprint(db);
    const terms = frequentTerms(db, minPages);
    frequent = new Set(terms.map((t) => t.term));
    const current = new Set(db.prepare('SELECT term FROM search_rank_lists WHERE fingerprint = ?').pluck().all(fingerprint) as string[]);
    todo = terms.filter((t) => !current.has(t.term));
  } finally {
    db.exec('COMMIT');
  }
  const total = todo.length;
  opts.onProgress?.(0, total);

  const save = db.prepare('INSERT OR REPLACE INTO search_rank_lists (term, fingerprint, pages, ids) VALUES (?, ?, ?, ?)');
  for (let i = 0; i < todo.length; i += batch) {
    const part = todo.slice(i, i + batch);
    const lists: [string, number, Buffer][] = [];
    db.exec('BEGIN');
    try {
      if (indexFingerprint(db) !== fingerprint) return { written, terms: total, fingerprint, complete: false }; // changed: next run
      for (const t of part) {
        const ids = rankTerm(db, t.term, keep);
        lists.push([t.term, t.pages, Buffer.from(ids.buffer, ids.byteOffset, ids.byteLength)]);
      }
    } finally {
      db.exec('COMMIT');
    }
    const stored = db.transaction(() => {
      if (indexFingerprint(db) !== fingerprint) return false;
      for (const [term, pages, ids] of lists) save.run(term, fingerprint, pages, ids);
      return true;
    }).immediate();
    if (!stored) return { written, terms: total, fingerprint, complete: false };
    written += lists.length;
    opts.onProgress?.(Math.min(i + batch, total), total);
  }
  // Words that fell below the threshold (pages deleted) lose their lists; then the state is marked complete.
  const drop = db.prepare('DELETE FROM search_rank_lists WHERE term = ?');
  const done = db.transaction(() => {
    if (indexFingerprint(db) !== fingerprint) return false;
    for (const term of db.prepare('SELECT term FROM search_rank_lists WHERE fingerprint <> ?').pluck().all(fingerprint) as string[]) {
      if (!frequent.has(term)) drop.run(term);
    }
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('rank_lists_complete', ?)").run(fingerprint);
    return true;
  }).immediate();
  return { written, terms: total, fingerprint, complete: done };
}

/** Whether the lists are complete for the index's current state (two small reads). */
export function rankListsCurrent(db: Db): boolean {
  const marked = db.prepare("SELECT value FROM meta WHERE key = 'rank_lists_complete'").pluck().get() as string | undefined;
  return marked === indexFingerprint(db);
}

/** Reads the list for one word, or null when there is none for the index's current state. */
export function rankListReader(db: Db): (term: string, fingerprint: string) => { ids: Int32Array; pages: number } | null {
  const get = db.prepare('SELECT ids, pages FROM search_rank_lists WHERE term = ? AND fingerprint = ?');
  return (term, fingerprint) => {
    const row = get.get(term, fingerprint) as { ids: Buffer; pages: number } | undefined;
    if (!row) return null;
    const ids = new Int32Array(row.ids.byteLength / 4);
    Buffer.from(ids.buffer).set(row.ids);
    return { ids, pages: row.pages };
  };
}
