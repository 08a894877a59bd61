import Database from 'better-sqlite3';
import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Db = Database.Database;

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long a connection waits for another one's write to end before it gives up with "database is locked". */
let busyTimeoutMs = 5000;

/**
 * A batch tool (the ingest command) waits longer than the server's requests: a running server's own writes can
 * hold the lock for seconds, and a load that gives up after five of them would have to be started again.
 */
export function setSqliteBusyTimeout(ms: number): void {
  busyTimeoutMs = ms;
}

/** Opens (creating if needed) the SQLite database in WAL mode and applies pending migrations. */
export function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${Math.round(busyTimeoutMs)}`);
  db.pragma('cache_size = -64000');
  db.pragma('temp_store = MEMORY');
  migrate(db);
  return db;
}

/** Applies every NNN_name.sql in migrations/ not yet recorded, each in its own transaction. */
export function migrate(db: Db): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const done = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as string[]);
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_.*\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if (done.has(version)) continue;
    const sql = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(version, new Date().toISOString());
    })();
    applied.push(version);
  }
  return applied;
}
