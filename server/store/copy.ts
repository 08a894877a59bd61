// Copies a whole archive from the embedded SQLite store into PostgreSQL: every table, in foreign-key
// order, with progress; then moves the id sequences past the copied ids. The PostgreSQL side keeps its
// own derived columns and indexes (full-text vectors are computed as rows arrive).
//
// Speed matters: an archive of 100,000 pages is ~7 GB, most of it word boxes. So rows are read from
// SQLite by rowid ranges (keyset paging: each chunk is an index seek, where OFFSET would rescan every
// earlier row) and streamed with PostgreSQL's COPY protocol (one statement per table, no per-row
// statement overhead), while secondary indexes are dropped and rebuilt once at the end.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './sqlite/db';
import type { Pg } from './postgres/db';
import { searchText } from './postgres/ingest';

export interface CopyProgress {
  table: string;
  done: number;
  total: number;
  tableIndex: number;
  tables: number;
}

/** Bookkeeping and derived data of the SQLite store that PostgreSQL keeps (or does without) on its own. */
// correction_lines: SQLite's index of corrected lines (migration 011); PostgreSQL indexes them in
// pages.search_text (DERIVED below, from pages.corrected_text).
const SKIP = new Set(['schema_migrations', 'sqlite_sequence', 'meta', 'search_rank_lists', 'search_vocab_index', 'correction_lines']);

/** Columns only the PostgreSQL side has, computed from the copied row. */
const DERIVED: Record<string, Record<string, (row: Record<string, unknown>) => unknown>> = {
  // The original OCR followed by the corrected lines (issue #23), as the PostgreSQL store writes it.
  pages: { search_text: (r) => searchText(r.corrected_text ? `${String(r.ocr_text ?? '')}\n${String(r.corrected_text)}` : String(r.ocr_text ?? '')) },
  audio_items: { search_text: (r) => searchText(String(r.transcript ?? '')) },
};

/** User tables of the SQLite file (not FTS virtual tables or their shadow tables), parents first. */
export function sqliteTablesInOrder(db: Db): string[] {
  const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string; sql: string }[];
  const virtual = rows.filter((r) => /CREATE VIRTUAL TABLE/i.test(r.sql)).map((r) => r.name);
  const isShadow = (n: string) => virtual.some((v) => n.startsWith(`${v}_`));
  const tables = rows.map((r) => r.name).filter((n) => !SKIP.has(n) && !virtual.includes(n) && !isShadow(n));
  const deps = new Map(
    tables.map((t) => [t, (db.prepare(`PRAGMA foreign_key_list("${t}")`).all() as { table: string }[]).map((f) => f.table).filter((p) => p !== t)]),
  );
  const ordered: string[] = [];
  const visit = (t: string, seen = new Set<string>()) => {
    if (ordered.includes(t) || seen.has(t)) return;
    seen.add(t);
    for (const p of deps.get(t) ?? []) if (tables.includes(p)) visit(p, seen);
    ordered.push(t);
  };
  tables.forEach((t) => visit(t));
  return ordered;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPE_ALL = /[\\\t\n\r]/g;

/** One value as a field of COPY's text format: backslash escapes for the delimiter, line ends and the
 *  backslash itself, \N for NULL, bytea as \\x hex (the backslash of \x escaped in turn). */
export function copyField(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'string') return NEEDS_ESCAPE.test(v) ? v.replace(ESCAPE_ALL, (c) => ESCAPES[c]) : v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (Buffer.isBuffer(v)) return `\\\\x${v.toString('hex')}`;
  return copyField(String(v));
}

export interface CopyOptions {
  onProgress?: (p: CopyProgress) => void;
  /** Rows read from SQLite at a time (and the progress step). */
  chunk?: number;
  /** Copy into a database that already holds an archive; rows whose keys exist there are skipped. */
  force?: boolean;
}

export async function copySqliteToPostgres(src: Db, dst: Pg, opts: CopyOptions = {}) {
  const chunk = opts.chunk ?? 500;
  const [{ n }] = await dst.q<{ n: number }>('SELECT COUNT(*)::int AS n FROM sites');
  if (n > 0 && !opts.force) throw new Error('The PostgreSQL database already holds an archive (it has sites). Use an empty database, or --force to add to it.');
  const tables = sqliteTablesInOrder(src);
  const summary: Record<string, number> = {};
  // One connection for the whole copy, without the pool's statement timeout: one COPY of the word
  // boxes or one full-text index build runs for minutes on a large archive.
  const client = await dst.connect();
  try {
    await client.query("SET statement_timeout = 0; SET synchronous_commit = off; SET maintenance_work_mem = '1GB'");
    // lz4 compresses the large values (word boxes, text, vectors) several times faster than the default
    // pglz; a server built without lz4 keeps its default.
    await client.query("SET default_toast_compression = 'lz4'").catch(() => undefined);
    // Secondary indexes (the full-text GIN index above all) are dropped while a table fills and built once
    // at the end: building an index over all rows is many times faster than updating it row by row.
    const { rows: indexes } = await client.query<{ tablename: string; indexname: string; indexdef: string }>(
      `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ANY($1::text[])
         AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
      [tables],
    );
    // Statistics targets set on index expressions (013: none for the phrase pairs, whose computation would
    // make ANALYZE below take minutes), set again on the re-created indexes.
    const { rows: targets } = await client.query<{ indexname: string; attnum: number; target: number }>(
      `SELECT c.relname AS indexname, a.attnum, a.attstattarget AS target FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE c.relname = ANY($1::text[]) AND a.attstattarget >= 0`,
      [indexes.map((ix) => ix.indexname)],
    );
    for (const ix of indexes) await client.query(`DROP INDEX IF EXISTS "${ix.indexname}"`);
    try {
      for (const [i, table] of tables.entries()) {
        summary[table] = await copyTable(client, table, i);
        // New rows written on PostgreSQL later must get ids past the copied ones.
        await client
          .query(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM "${table}"), 1))`)
          .catch(() => undefined);
      }
    } finally {
      for (const ix of indexes) await client.query(ix.indexdef.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
      for (const t of targets) await client.query(`ALTER INDEX "${t.indexname}" ALTER COLUMN ${t.attnum} SET STATISTICS ${t.target}`);
    }
    // Fresh statistics, or the planner guesses on a table it last saw empty.
    await client.query(`ANALYZE ${tables.map((t) => `"${t}"`).join(', ')}`);
  } finally {
    client.release();
  }
  const version = src.prepare("SELECT value FROM meta WHERE key = 'data_version'").pluck().get() as string | undefined;
  await dst.q("UPDATE meta SET value = $1 WHERE key = 'data_version'", [String(Number(version ?? 1) + 1)]);
  return summary;

  async function copyTable(client: pg.PoolClient, table: string, i: number): Promise<number> {
    const progress = (done: number, total: number) => opts.onProgress?.({ table, done, total, tableIndex: i + 1, tables: tables.length });
    const { rows: pgColumns } = await client.query<{ column_name: string; is_generated: string }>(
      "SELECT column_name, is_generated FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1",
      [table],
    );
    const pgCols = new Set(pgColumns.filter((c) => c.is_generated !== 'ALWAYS').map((c) => c.column_name));
    if (!pgCols.size) throw new Error(`PostgreSQL has no table '${table}': start the server once with DATABASE_URL to apply its migrations.`);
    const cols = (src.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name).filter((c) => pgCols.has(c));
    const derived = Object.entries(DERIVED[table] ?? {}).filter(([c]) => pgCols.has(c) && !cols.includes(c));
    const columnList = [...cols, ...derived.map(([c]) => c)].map((c) => `"${c}"`).join(', ');
    const total = src.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get() as number;
    if (total === 0) {
      progress(0, 0);
      return 0;
    }
    const select = src.prepare(`SELECT rowid, ${cols.map((c) => `"${c}"`).join(', ')} FROM "${table}" WHERE rowid > ? ORDER BY rowid LIMIT ?`).raw();
    let done = 0;
    async function* lines() {
      let after: number | bigint = -Infinity;
      for (;;) {
        const raw = select.all(after, chunk) as unknown[][];
        if (!raw.length) return;
        let text = '';
        for (const r of raw) {
          const values = r.slice(1);
          if (derived.length) {
            const obj = Object.fromEntries(cols.map((c, k) => [c, values[k]]));
            for (const [, f] of derived) values.push(f(obj));
          }
          text += `${values.map(copyField).join('\t')}\n`;
        }
        after = raw[raw.length - 1][0] as number;
        yield text;
        done += raw.length;
        progress(done, total);
      }
    }
    // Into an empty table rows go straight in. A table that already has rows (copying with force) is
    // filled through a staging table so that rows whose keys exist are skipped, as before.
    const {
      rows: [{ has }],
    } = await client.query<{ has: boolean }>(`SELECT EXISTS (SELECT 1 FROM "${table}") AS has`);
    if (!has) {
      await pipeline(Readable.from(lines()), client.query(copyFrom(`COPY "${table}" (${columnList}) FROM STDIN`)));
      return done;
    }
    const stage = `copy_stage_${table}`;
    await client.query(`CREATE TEMP TABLE "${stage}" (LIKE "${table}" INCLUDING DEFAULTS) ON COMMIT PRESERVE ROWS`);
    try {
      await pipeline(Readable.from(lines()), client.query(copyFrom(`COPY "${stage}" (${columnList}) FROM STDIN`)));
      await client.query(`INSERT INTO "${table}" (${columnList}) SELECT ${columnList} FROM "${stage}" ON CONFLICT DO NOTHING`);
    } finally {
      await client.query(`DROP TABLE IF EXISTS "${stage}"`);
    }
    return done;
  }
}
