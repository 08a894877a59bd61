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
  /** Reads move to the primary while the replica has not replayed the primary's WAL for this long
   *  (replay paused or stuck, or the replica cut off). Default 5,000 ms. */
  maxReplicaLagMs?: number;
  /** How often the replica's health and lag are checked. Default 1,000 ms. */
  replicaCheckMs?: number;
  poolSize?: number;
  statementTimeoutMs?: number;
  /** How a read's planner settings (ReadOptions) are applied: 'connection' (the default) by connections that
   *  start with them, one round trip; 'transaction' by SET LOCAL in a transaction around the read, three round
   *  trips, for a pooler that refuses settings at connection start (PgBouncer, unless it tracks them). */
  plannerSettings?: 'connection' | 'transaction';
}

export interface Pg {
  /** A query on the primary. */
  q<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /** A read-only query, on the replica when one is configured. */
  read<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[], opts?: ReadOptions): Promise<R[]>;
  /** Runs fn in one transaction on one connection; retried as a whole on transient errors. */
  tx<T>(fn: (q: <R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>) => Promise<T>): Promise<T>;
  /** A dedicated client of the primary for bulk work (COPY, index builds); the caller releases it. */
  connect(): Promise<pg.PoolClient>;
  /** Where reads went so far, and whether the replica is in use now (for benchmarks and operations). */
  readStats(): ReadStats;
  end(): Promise<void>;
}

export interface ReadOptions {
  /** Plan the query without bitmap scans, so an ORDER BY the full-text index's distance with a LIMIT is the
   *  index's ordered scan, which stops after LIMIT rows. The planner's estimate of a tsquery's matches can be
   *  ten times too low (998 for 11,843), and it then prefers a bitmap scan of every match plus a sort, which
   *  reads every match's tsvector (150-350 ms where the ordered scan takes 37). Set for that one statement. */
  orderedIndexScan?: boolean;
  /** Plan the query as a walk of the date index (pages_search_date) that tests each row: no bitmap scan,
   *  sequential scan or sort, for a date-ordered page of a word on a large share of the pages (the planner
   *  would collect every match first, misjudging how many there are). */
  dateIndexScan?: boolean;
  /** Plan the query without a sequential scan: a full-text condition of many alternatives (an OCR-tolerant
   *  word's 50 forms) is estimated to match a large share of the pages, and a sequential scan then looks
   *  cheap to the planner, which does not count reading each page's tsvector (1.2 s at 100,000 pages, where
   *  the full-text index's bitmap takes 20-30 ms). */
  noSeqScan?: boolean;
  /** Plan the query as bitmap scans only (no sequential scan, no plain index scan): a condition on the phrase
   *  pairs index (tsv_pairs, migrations 013 and 015) must come from that index, since computing the pairs of
   *  a page costs ~3 ms. With a LIMIT and an ORDER BY date the planner walked the date index instead and
   *  computed every page's pairs until enough matched (a statement timeout at 100,000 pages). */
  pairsIndex?: boolean;
  /** Plan the query as walks of the titles' index in date order (pages_search_cover) that test each row: no
   *  bitmap scan, sequential scan or full sort. The caller writes its word test as a function call
   *  (ts_match_vq), which no index can answer: as `@@` the planner read the word's whole posting list from
   *  the full-text index and kept the title's rows (53 ms for a word on 93,000 pages). */
  titleWalk?: boolean;
}

/** The planner settings a ReadOptions asks for, by name, each turned off (none: the defaults). JIT goes off with
 *  them: a disabled plan node costs 10^10 in the planner's units, far over jit_above_cost, so every steered
 *  statement was compiled first (100-150 ms of LLVM for a 1 ms walk of a title's pages). */
function plannerSettings(opts?: ReadOptions): string[] {
  const steer = (...names: string[]) => [...names.map((n) => `enable_${n}`), 'jit'];
  if (opts?.dateIndexScan || opts?.titleWalk) return steer('bitmapscan', 'seqscan', 'sort');
  if (opts?.orderedIndexScan) return steer('bitmapscan');
  if (opts?.noSeqScan) return steer('seqscan');
  if (opts?.pairsIndex) return steer('seqscan', 'indexscan');
  return [];
}

/**
 * A server's connections: the default pool, and beside it one small pool per set of planner settings, whose
 * connections start with those settings (the `options` startup parameter), made when first asked for. A
 * statement with settings is then one round trip. Applied in a transaction instead (BEGIN with SET LOCAL, the
 * statement, COMMIT) it takes three, about 1 ms each here, on searches that take 4-8 ms in all. A pooler that
 * refuses the startup settings ("unsupported startup parameter": PgBouncer unless it tracks them) turns this
 * server to the transaction way for good, as PG_PLANNER_SETTINGS=transaction does from the start.
 */
function makePools(url: string, opts: PgOptions) {
  const main = makePool(url, opts);
  const tuned = new Map<string, pg.Pool>();
  let mode = opts.plannerSettings ?? 'connection';
  const inTx = async <R extends pg.QueryResultRow>(settings: string[], sql: string, params: unknown[]) => {
    const client = await main.connect();
    try {
      const set = settings.map((n) => `SET LOCAL ${n} = off`).join('; ');
      return await inTransaction(client, async () => (await client.query<R>(sql, params)).rows, `BEGIN; ${set}`);
    } finally {
      client.release();
    }
  };
  return {
    main,
    /** One read with the planner settings `readOpts` asks for. */
    async query<R extends pg.QueryResultRow>(sql: string, params: unknown[], readOpts?: ReadOptions): Promise<R[]> {
      const settings = plannerSettings(readOpts);
      if (!settings.length) return (await main.query<R>(sql, params)).rows;
      if (mode === 'transaction') return inTx<R>(settings, sql, params);
      const key = settings.join(',');
      let pool = tuned.get(key);
      if (!pool) {
        const options = settings.map((n) => `-c ${n}=off`).join(' ');
        // Kept longer when idle than the main pool's connections: a steered read is rarer, and a new connection's
        // first statements load the catalog again (a few ms on a search of 5-50).
        tuned.set(key, (pool = makePool(url, { ...opts, poolSize: Math.ceil((opts.poolSize ?? 10) / 2) }, options, 300_000)));
      }
      try {
        return (await pool.query<R>(sql, params)).rows;
      } catch (err) {
        if (!/unsupported startup parameter/i.test((err as Error).message)) throw err;
        mode = 'transaction';
        console.warn(`PostgreSQL: planner settings at connection start refused (${(err as Error).message}); applying them per statement`);
        return inTx<R>(settings, sql, params);
      }
    },
    async end() {
      await Promise.all([main.end(), ...[...tuned.values()].map((p) => p.end())]);
    },
  };
}
type Pools = ReturnType<typeof makePools>;

export interface ReadStats {
  replicaConfigured: boolean;
  /** Whether reads go to the replica now (false while it lags or is unreachable). */
  replicaInUse: boolean;
  replicaReads: number;
  primaryReads: number;
  /** Reads that failed on the replica (connection lost, recovery conflict) and were answered by the primary. */
  fallbacks: number;
  /** Why the replica is out of use, when it is. */
  reason: string | null;
}

function makePool(url: string, opts: PgOptions, settings?: string, idleMs = 30_000) {
  const pool = new pg.Pool({
    connectionString: url,
    ...(settings ? { options: settings } : {}),
    max: opts.poolSize ?? 10,
    idleTimeoutMillis: idleMs,
    connectionTimeoutMillis: 10_000,
    statement_timeout: opts.statementTimeoutMs ?? 30_000,
    application_name: 'newspaper-archive',
  });
  // An idle client losing its connection must not crash the server; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}

const isTransient = (err: unknown) =>
  TRANSIENT.test(String((err as { code?: string }).code ?? '')) ||
  /ECONNRESET|ECONNREFUSED|Connection terminated|timeout exceeded when trying to connect|conflict with recovery/.test((err as Error).message);

async function withRetry<T>(fn: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (!isTransient(err) || i >= tries) throw err;
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

/**
 * Routes reads to a streaming replica while it is healthy, to the primary otherwise. A check every
 * replicaCheckMs compares the replica's replayed WAL position with the primary's: a replica behind the
 * primary that has replayed nothing for maxReplicaLagMs (replay paused, WAL not arriving) is left out
 * until it catches up, so a search never answers from data older than that. A read that fails on the
 * replica (down, restarting, a recovery conflict) is answered by the primary at once and the replica is
 * left out until the next check finds it well. Writes always go to the primary, so nothing is lost.
 */
function replicaRouter(primary: Pools, replica: Pools, opts: PgOptions) {
  const maxLagMs = opts.maxReplicaLagMs ?? 5_000;
  const stats: ReadStats = { replicaConfigured: true, replicaInUse: true, replicaReads: 0, primaryReads: 0, fallbacks: 0, reason: null };
  const leaveOut = (reason: string) => {
    stats.replicaInUse = false;
    stats.reason = reason;
  };
  // The primary's WAL position at each check, oldest first: the replica's lag is the age of the newest
  // position it has replayed. (The replica's last replayed commit time says nothing when the primary was
  // idle before a write, and an idle primary's last few WAL bytes may wait for its WAL writer.)
  let seen: { at: number; lsn: bigint }[] = [];
  const lsnNumber = (lsn: string) => {
    const [hi, lo] = lsn.split('/');
    return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
  };
  const check = async () => {
    try {
      const at = Date.now();
      const [p] = (await primary.main.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows;
      seen.push({ at, lsn: lsnNumber(p.lsn) });
      const [r] = (await replica.main.query<{ lsn: string | null }>('SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn()::text END AS lsn'))
        .rows;
      if (r.lsn === null)
        seen = []; // promoted: it is a primary now, never behind
      else {
        const replayed = lsnNumber(r.lsn);
        const upTo = seen.findLastIndex((s) => s.lsn <= replayed);
        const lagMs = upTo < 0 ? Date.now() - seen[0].at : upTo === seen.length - 1 ? 0 : Date.now() - seen[upTo + 1].at;
        seen = seen.slice(Math.max(0, upTo)).slice(-10_000);
        if (lagMs > maxLagMs) return leaveOut(`replica behind the primary for ${lagMs} ms (limit ${maxLagMs} ms)`);
      }
      stats.replicaInUse = true;
      stats.reason = null;
    } catch (err) {
      leaveOut(`replica check failed: ${(err as Error).message}`);
    }
  };
  let checking: Promise<void> | null = null;
  const runCheck = () => (checking ??= check().finally(() => (checking = null)));
  const timer = setInterval(() => void runCheck(), opts.replicaCheckMs ?? 1_000);
  timer.unref();
  return {
    stats,
    ready: runCheck(),
    async read<R extends pg.QueryResultRow>(sql: string, params: unknown[] = [], readOpts?: ReadOptions): Promise<R[]> {
      if (stats.replicaInUse) {
        try {
          const rows = await replica.query<R>(sql, params, readOpts);
          stats.replicaReads++;
          return rows;
        } catch (err) {
          if (!isTransient(err)) throw err;
          stats.fallbacks++;
          leaveOut(`replica read failed: ${(err as Error).message}`);
        }
      }
      stats.primaryReads++;
      return withRetry(() => primary.query<R>(sql, params, readOpts));
    },
    stop: () => clearInterval(timer),
  };
}

export async function openPg(opts: PgOptions): Promise<Pg> {
  const primary = makePools(opts.url, opts);
  const replica = opts.replicaUrl ? makePools(opts.replicaUrl, opts) : null;
  const run =
    (pool: Pools) =>
    async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = [], readOpts?: ReadOptions) =>
      withRetry(() => pool.query<R>(sql, params, readOpts));
  const router = replica ? replicaRouter(primary, replica, opts) : null;
  let primaryReads = 0;
  const db: Pg = {
    q: run(primary),
    read: router
      ? router.read
      : async (sql, params, readOpts) => {
          primaryReads++;
          return run(primary)(sql, params, readOpts);
        },
    async tx(fn) {
      return withRetry(async () => {
        const client = await primary.main.connect();
        try {
          return await inTransaction(client, () => fn(async (sql, params = []) => (await client.query(sql, params)).rows));
        } finally {
          client.release();
        }
      });
    },
    connect: () => primary.main.connect(),
    readStats: () =>
      router ? { ...router.stats } : { replicaConfigured: false, replicaInUse: false, replicaReads: 0, primaryReads, fallbacks: 0, reason: null },
    async end() {
      router?.stop();
      await primary.end();
      if (replica) await replica.end();
    },
  };
  await router?.ready;
  await migrate(db);
  return db;
}

/** Applies pending migrations under an advisory lock, so several servers starting together are safe. */
export async function migrate(db: Pg): Promise<string[]> {
  return db.tx(async (q) => {
    await q('SELECT pg_advisory_xact_lock(727274)');
    // A migration may rebuild an index over the whole archive (013: 14 minutes at 100,000 pages): the pool's
    // statement timeout, meant for requests, would cancel it and stop the server from starting.
    await q('SET LOCAL statement_timeout = 0');
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
