import pg from 'pg';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
// Transient failures worth one more try: connection loss, serialization failure, deadlock, shutdown.
const TRANSIENT = /^(08|40001|40P01|57P0[123]|53300)/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface PgOptions {
  url: string;
  /** Read-only queries go here when set (a streaming replica). */
  replicaUrl?: string;
  poolSize?: number;
  statementTimeoutMs?: number;
}

export interface Pg {
  /** A query on the primary. */
  q<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /** A read-only query, on the replica when one is configured. */
  read<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Runs fn in one transaction on one connection; retried as a whole on transient errors. */
  tx<T>(fn: (q: <R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>) => Promise<T>): Promise<T>;
  /** A dedicated client of the primary for bulk work (COPY, index builds); the caller releases it. */
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
}

function makePool(url: string, opts: PgOptions) {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    statement_timeout: opts.statementTimeoutMs ?? 30_000,
    application_name: 'newspaper-archive',
  });
  // An idle client losing its connection must not crash the server; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}

async function withRetry<T>(fn: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      const code = String((err as { code?: string }).code ?? '');
      const transient = TRANSIENT.test(code) || /ECONNRESET|ECONNREFUSED|Connection terminated/.test((err as Error).message);
      if (!transient || i >= tries) throw err;
      await sleep(50 * 2 ** i);
    }
  }
}

/** Runs fn between `begin` and COMMIT on one client; any error rolls back (a failed rollback is moot) and is rethrown. */
export async function inTransaction<T>(client: pg.PoolClient, fn: () => Promise<T>, begin = 'BEGIN'): Promise<T> {
  await client.query(begin);
  try {
    const out = await fn();
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

export async function openPg(opts: PgOptions): Promise<Pg> {
  const primary = makePool(opts.url, opts);
  const replica = opts.replicaUrl ? makePool(opts.replicaUrl, opts) : primary;
  const run =
    (pool: pg.Pool) =>
    async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
      withRetry(async () => (await pool.query<R>(sql, params)).rows);
  const db: Pg = {
    q: run(primary),
    read: run(replica),
    async tx(fn) {
      return withRetry(async () => {
        const client = await primary.connect();
        try {
          return await inTransaction(client, () => fn(async (sql, params = []) => (await client.query(sql, params)).rows));
        } finally {
          client.release();
        }
      });
    },
    connect: () => primary.connect(),
    async end() {
      await primary.end();
      if (replica !== primary) await replica.end();
    },
  };
  await migrate(db);
  return db;
}

/** Applies pending migrations under an advisory lock, so several servers starting together are safe. */
export async function migrate(db: Pg): Promise<string[]> {
  return db.tx(async (q) => {
    await q('SELECT pg_advisory_xact_lock(727274)');
    await q('CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
    const done = new Set((await q<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const applied: string[] = [];
    for (const file of readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d{3}_.*\.sql$/.test(f))
      .sort()) {
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      await q(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
      await q('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [version, new Date().toISOString()]);
      applied.push(version);
    }
    return applied;
  });
}
