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
import { quoteFts5 } from './fts5';

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
  return db.prepare('SELECT term, doc AS pages FROM temp.rank_lists_vocab WHERE doc >= ? ORDER BY doc DESC, term').all(minPages) as {
    term: string;
    pages: number;
  }[];
}

export interface RankList {
  /** Page ids, best first (BM25 for the word alone, then id: the order search.ts sorts by). */
  ids: Int32Array;
  /** Their FTS5 ranks (negative BM25: lower is better). */
  scores: Float64Array;
  /** How many pages hold the word: the list is the whole ranking when this equals ids.length. */
  pages: number;
}

/** The `keep` best pages for one word. */
export function rankTerm(db: Db, term: string, keep: number): Omit<RankList, 'pages'> {
  const rows = db.prepare('SELECT rowid, rank FROM pages_fts WHERE pages_fts MATCH ?').raw().all(quoteFts5(term)) as [number, number][];
  rows.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const top = rows.slice(0, keep);
  return { ids: Int32Array.from(top, (r) => r[0]), scores: Float64Array.from(top, (r) => r[1]) };
}

const bytes = (a: Int32Array | Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

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

  const save = db.prepare('INSERT OR REPLACE INTO search_rank_lists (term, fingerprint, pages, ids, scores) VALUES (?, ?, ?, ?, ?)');
  for (let i = 0; i < todo.length; i += batch) {
    const part = todo.slice(i, i + batch);
    const lists: [string, number, Buffer, Buffer][] = [];
    db.exec('BEGIN');
    try {
      if (indexFingerprint(db) !== fingerprint) return { written, terms: total, fingerprint, complete: false }; // changed: next run
      for (const t of part) {
        const { ids, scores } = rankTerm(db, t.term, keep);
        lists.push([t.term, t.pages, bytes(ids), bytes(scores)]);
      }
    } finally {
      db.exec('COMMIT');
    }
    const stored = db
      .transaction(() => {
        if (indexFingerprint(db) !== fingerprint) return false;
        for (const [term, pages, ids, scores] of lists) save.run(term, fingerprint, pages, ids, scores);
        return true;
      })
      .immediate();
    if (!stored) return { written, terms: total, fingerprint, complete: false };
    written += lists.length;
    opts.onProgress?.(Math.min(i + batch, total), total);
  }
  // Words that fell below the threshold (pages deleted) lose their lists; then the state is marked complete.
  const drop = db.prepare('DELETE FROM search_rank_lists WHERE term = ?');
  const done = db
    .transaction(() => {
      if (indexFingerprint(db) !== fingerprint) return false;
      for (const term of db.prepare('SELECT term FROM search_rank_lists WHERE fingerprint <> ?').pluck().all(fingerprint) as string[]) {
        if (!frequent.has(term)) drop.run(term);
      }
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('rank_lists_complete', ?)").run(fingerprint);
      return true;
    })
    .immediate();
  return { written, terms: total, fingerprint, complete: done };
}

/** Whether the lists are complete for the index's current state (two small reads). */
export function rankListsCurrent(db: Db, fingerprint = indexFingerprint(db)): boolean {
  const marked = db.prepare("SELECT value FROM meta WHERE key = 'rank_lists_complete'").pluck().get() as string | undefined;
  return marked === fingerprint;
}

/** Reads the list for one word, or null when there is none for the index's current state. */
export function rankListReader(db: Db): (term: string, fingerprint: string) => RankList | null {
  const get = db.prepare('SELECT ids, scores, pages FROM search_rank_lists WHERE term = ? AND fingerprint = ?');
  return (term, fingerprint) => {
    const row = get.get(term, fingerprint) as { ids: Buffer; scores: Buffer; pages: number } | undefined;
    if (!row) return null;
    const ids = new Int32Array(row.ids.byteLength / 4);
    Buffer.from(ids.buffer).set(row.ids);
    const scores = new Float64Array(row.scores.byteLength / 8);
    Buffer.from(scores.buffer).set(row.scores);
    return { ids, scores, pages: row.pages };
  };
}

/**
 * The `need` best pages of a search over several listed words, in rank order, from their lists alone.
 * FTS5's BM25 of a query is the sum, in the query's word order, of each word's own score, so a page's
 * score lies between the sum of the scores its lists show and that sum plus, for each list it is missing
 * from, the list's last score (the Threshold Algorithm without random access, Fagin et al. 2003). When
 * the need-th best lower bound beats every other page's upper bound - pages in no list included - the
 * best pages are known; when each of them is in every list, its sum is its exact score (the same
 * additions FTS5 makes, in the same order), so the order is exact too. Otherwise null: score every match.
 * `accept` says whether a page matches the whole search and passes its filters.
 */
export function topFromLists(lists: RankList[], accept: (id: number) => boolean, need: number): number[] | null {
  if (!lists.length || lists.length > 30) return null;
  // What a page missing from a list can still gain from that word: nothing when the list is whole.
  const rest = lists.map((l) => (l.ids.length === l.pages ? 0 : -l.scores[l.ids.length - 1]));
  const sum = new Map<number, number>();
  const seenIn = new Map<number, number>(); // bit i: the page is in list i
  lists.forEach((l, i) => {
    for (let j = 0; j < l.ids.length; j++) {
      const id = l.ids[j];
      if (!accept(id)) continue;
      sum.set(id, (sum.get(id) ?? 0) - l.scores[j]);
      seenIn.set(id, (seenIn.get(id) ?? 0) | (1 << i));
    }
  });
  const everywhere = (1 << lists.length) - 1;
  const upper = (id: number) => {
    let u = sum.get(id)!;
    const seen = seenIn.get(id)!;
    for (let i = 0; i < lists.length; i++) if (!(seen & (1 << i))) u += rest[i];
    return u;
  };
  const pages = [...sum.keys()].sort((a, b) => sum.get(b)! - sum.get(a)! || a - b);
  const unseen = rest.reduce((a, b) => a + b, 0); // the best a page in no list can score
  const best = pages.slice(0, need);
  // Every best page must have its exact score: in every list, or the missing words can add nothing.
  if (best.some((id) => seenIn.get(id) !== everywhere && upper(id) !== sum.get(id))) return null;
  if (pages.length < need) return unseen === 0 ? best : null;
  let threshold = unseen;
  for (let k = need; k < pages.length; k++) threshold = Math.max(threshold, upper(pages[k]));
  const cut = sum.get(pages[need - 1])!;
  // Strictly better than anything left out; a tie at the cut is left to full scoring (ids break ties there).
  return cut > threshold ? best : null;
}
