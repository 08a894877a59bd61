// Copies a whole archive from the embedded SQLite store into PostgreSQL: every table, in foreign-key
// order, in chunks, with progress; then moves the id sequences past the copied ids. The PostgreSQL
// side keeps its own derived columns and indexes (full-text vectors are computed as rows arrive).
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

const SKIP = new Set(['schema_migrations', 'sqlite_sequence', 'meta']);

/** Columns only the PostgreSQL side has, computed from the copied row. */
const DERIVED: Record<string, Record<string, (row: Record<string, unknown>) => unknown>> = {
  pages: { search_text: (r) => searchText(String(r.ocr_text ?? '')) },
  audio_items: { search_text: (r) => searchText(String(r.transcript ?? '')) },
};

/** User tables of the SQLite file (not FTS virtual tables or their shadow tables), parents first. */
export function sqliteTablesInOrder(db: Db): string[] {
  const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string; sql: string }[];
  const virtual = rows.filter((r) => /CREATE VIRTUAL TABLE/i.test(r.sql)).map((r) => r.name);
  const isShadow = (n: string) => virtual.some((v) => n.startsWith(`${v}_`));
  const tables = rows.map((r) => r.name).filter((n) => !SKIP.has(n) && !virtual.includes(n) && !isShadow(n));
  const deps = new Map(tables.map((t) => [t, (db.prepare(`PRAGMA foreign_key_list("${t}")`).all() as { table: string }[]).map((f) => f.table).filter((p) => p !== t)]));
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

export async function copySqliteToPostgres(src: Db, dst: Pg, opts: { onProgress?: (p: CopyProgress) => void; chunk?: number; force?: boolean } = {}) {
  const chunk = opts.chunk ?? 500;
  const [{ n }] = await dst.q<{ n: number }>('SELECT COUNT(*)::int AS n FROM sites');
  if (n > 0 && !opts.force) throw new Error('The PostgreSQL database already holds an archive (it has sites). Use an empty database, or --force to add to it.');
  const tables = sqliteTablesInOrder(src);
  const summary: Record<string, number> = {};
  // Secondary indexes (the full-text GIN index above all) are dropped while a table fills and built once
  // at the end: building an index over all rows is many times faster than updating it row by row.
  const indexes = await dst.q<{ tablename: string; indexname: string; indexdef: string }>(
    `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ANY($1::text[])
       AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
    [tables],
  );
  for (const ix of indexes) await dst.q(`DROP INDEX IF EXISTS "${ix.indexname}"`);
  try {
    await copyTables();
  } finally {
    for (const ix of indexes) await dst.q(ix.indexdef.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
  }
  const version = src.prepare("SELECT value FROM meta WHERE key = 'data_version'").pluck().get() as string | undefined;
  await dst.q("UPDATE meta SET value = $1 WHERE key = 'data_version'", [String(Number(version ?? 1) + 1)]);
  return summary;

  async function copyTables() {
    for (const [i, table] of tables.entries()) {
      const pgCols = new Set((await dst.q<{ column_name: string; is_generated: string }>(
        "SELECT column_name, is_generated FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1",
        [table],
      )).filter((c) => c.is_generated !== 'ALWAYS').map((c) => c.column_name));
      if (!pgCols.size) throw new Error(`PostgreSQL has no table '${table}': start the server once with DATABASE_URL to apply its migrations.`);
      const cols = (src.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name).filter((c) => pgCols.has(c));
      const derived = Object.entries(DERIVED[table] ?? {}).filter(([c]) => pgCols.has(c) && !cols.includes(c));
      const allCols = [...cols, ...derived.map(([c]) => c)];
      const total = src.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get() as number;
      const select = src.prepare(`SELECT ${cols.map((c) => `"${c}"`).join(', ')} FROM "${table}" ORDER BY rowid LIMIT ? OFFSET ?`).raw();
      let done = 0;
      while (done < total) {
        const raw = select.all(chunk, done) as unknown[][];
        if (!raw.length) break;
        const rows = raw.map((r) => {
          if (!derived.length) return r;
          const obj = Object.fromEntries(cols.map((c, i) => [c, r[i]]));
          return [...r, ...derived.map(([, f]) => f(obj))];
        });
        const values = rows.map((_, r) => `(${allCols.map((_, c) => `$${r * allCols.length + c + 1}`).join(', ')})`).join(', ');
        await dst.q(`INSERT INTO "${table}" (${allCols.map((c) => `"${c}"`).join(', ')}) VALUES ${values} ON CONFLICT DO NOTHING`, rows.flat());
        done += rows.length;
        opts.onProgress?.({ table, done, total, tableIndex: i + 1, tables: tables.length });
      }
      if (total === 0) opts.onProgress?.({ table, done: 0, total: 0, tableIndex: i + 1, tables: tables.length });
      summary[table] = done;
      if (pgCols.has('id')) {
        await dst.q(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM "${table}"), 1))`).catch(() => undefined);
      }
    }
  }
}
