// A compact in-memory copy of what search filters and sorts on (title, year, date, sequence per page id),
// so counting, facets and date ordering over 100,000 matches are array walks instead of 100,000 row
// lookups into wide page rows. Rebuilt when the pages may have changed (searchKey: an ingest or admin change,
// any write to the OCR index, any write on this connection), which costs one sequential scan of a covering index.
import type { Db } from './db';

export interface PageMeta {
  /** Page ids in ascending order. */
  ids: Int32Array;
  /** Indexed by page id; title 0 = no page with that id. */
  title: Int32Array;
  year: Int16Array;
  /** YYYYMMDD */
  date: Int32Array;
  seq: Int32Array;
}

const cache = new WeakMap<Db, { key: string; meta: PageMeta }>();

/** Changes whenever this connection or another one has written to the database. */
const changeStatements = new WeakMap<Db, { version: { get(): unknown }; changes: { get(): unknown } }>();

/** The connection's data version and its own writes: read before every vocabulary read of an OCR-tolerant word
 *  (dozens a word), so the statements are prepared once per connection. */
export function changeKey(db: Db): string {
  let s = changeStatements.get(db);
  if (!s) {
    s = { version: db.prepare('PRAGMA data_version').pluck(), changes: db.prepare('SELECT total_changes()').pluck() };
    changeStatements.set(db, s);
  }
  return `${s.version.get() as number}:${(s.changes.get() as number) ?? 0}`;
}

const keyStatements = new WeakMap<Db, { version: { get(): unknown }; structure: { get(): unknown }; changes: { get(): unknown } }>();

/**
 * Changes when what search reads about pages may have changed: the data version (bumped by every ingest and
 * admin change, from any connection or process), the OCR index's structure record (rewritten by every write
 * to pages_fts) and this connection's own writes. Unlike changeKey, a visitor's correction written by another
 * connection (the server's main thread, while searches run in worker threads) leaves it alone: corrections
 * touch neither pages_fts nor page metadata (their lines have their own index, read fresh: search.ts), so
 * the page metadata and the OCR matches kept for recent words stay valid (issue #23).
 */
export function searchKey(db: Db): string {
  let s = keyStatements.get(db);
  if (!s) {
    s = {
      version: db.prepare("SELECT value FROM meta WHERE key = 'data_version'").pluck(),
      structure: db.prepare('SELECT hex(block) FROM pages_fts_data WHERE id = 10').pluck(),
      changes: db.prepare('SELECT total_changes()').pluck(),
    };
    keyStatements.set(db, s);
  }
  return `${String(s.version.get())}:${String(s.structure.get())}:${String(s.changes.get())}`;
}

export function pageMeta(db: Db): PageMeta {
  const key = searchKey(db);
  const hit = cache.get(db);
  if (hit && hit.key === key) return hit.meta;
  const maxId = (db.prepare('SELECT COALESCE(MAX(id), 0) FROM pages').pluck().get() as number) ?? 0;
  const count = (db.prepare('SELECT COUNT(*) FROM pages').pluck().get() as number) ?? 0;
  const meta: PageMeta = {
    ids: new Int32Array(count),
    title: new Int32Array(maxId + 1),
    year: new Int16Array(maxId + 1),
    date: new Int32Array(maxId + 1),
    seq: new Int32Array(maxId + 1),
  };
  let i = 0;
  const rows = db.prepare('SELECT id, title_id, year, date_issued, sequence FROM pages ORDER BY id').raw().iterate() as Iterable<
    [number, number, number, string, number]
  >;
  for (const [id, title, year, date, seq] of rows) {
    if (i >= count) break;
    meta.ids[i++] = id;
    meta.title[id] = title;
    meta.year[id] = year;
    meta.date[id] = Number(date.slice(0, 4)) * 10000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
    meta.seq[id] = seq;
  }
  cache.set(db, { key, meta });
  return meta;
}

export const isoToInt = (iso: string) => Number(iso.slice(0, 4)) * 10000 + Number(iso.slice(5, 7)) * 100 + Number(iso.slice(8, 10));

/** A small least-recently-used memo for one database, dropped whenever its pages or OCR index change (searchKey). */
export function changeMemo<T>(db: Db, size: number) {
  const entries = new Map<string, T>();
  let seen = '';
  const memo = (key: string, compute: () => T): T => {
    const now = searchKey(db);
    if (now !== seen) {
      entries.clear();
      seen = now;
    }
    const hit = entries.get(key);
    if (hit !== undefined) {
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const value = compute();
    entries.set(key, value);
    if (entries.size > size) entries.delete(entries.keys().next().value!);
    return value;
  };
  /** The kept value, if any, without computing it. */
  memo.peek = (key: string): T | undefined => (searchKey(db) === seen ? entries.get(key) : undefined);
  return memo;
}
