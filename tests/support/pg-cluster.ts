// A throwaway PostgreSQL cluster on a loopback port, for the engine-parametrised test suites and
// benchmarks. Debian's postgresql-15 binaries; initdb refuses root, so it runs as 'postgres' then.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import pg from 'pg';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const pgAvailable = () => existsSync(join(PG_BIN, 'initdb'));

const asPostgres = (cmd: string, args: string[]) => {
  const isRoot = process.getuid?.() === 0;
  const [bin, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(bin, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface PgCluster {
  /** URL of the maintenance database (postgres). */
  adminUrl: string;
  stop(): void;
}

export interface PgClusterOptions {
  /** A folder to keep the cluster in across runs (created when missing, reused when it holds one);
   *  stop() then leaves it in place. Default: a fresh temporary folder, removed by stop(). */
  dir?: string;
  /** A fixed port (default: any free one). */
  port?: number;
  /** Extra server settings, e.g. ['shared_buffers=1GB']. */
  settings?: string[];
}

/**
 * The part a primary and a replica share: the folder (kept when `dir` was given), the port, the data folder
 * (filled by `create` when it holds no cluster yet) and pg_ctl to start the server, which is started.
 */
async function launchCluster(opts: PgClusterOptions, tmpPrefix: string, create: (data: string) => void, baseSettings: string[]) {
  const keep = opts.dir != null;
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), tmpPrefix));
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const port = opts.port ?? (await freePort());
  const data = join(dir, 'data');
  if (!existsSync(join(data, 'PG_VERSION'))) create(data);
  const settings = [...baseSettings, ...(opts.settings ?? [])].map((s) => `-c ${s}`).join(' ');
  const start = () =>
    void asPostgres(join(PG_BIN, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} ${settings}`,
      'start',
    ]);
  const halt = (mode: 'fast' | 'immediate') => void asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', mode, 'stop']);
  /** Removes the folder unless it was given (then it is kept for the next run). */
  const remove = () => {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  };
  start();
  return { keep, port, data, start, halt, remove };
}

export async function startPgCluster(opts: PgClusterOptions = {}): Promise<PgCluster> {
  const cluster = await launchCluster(
    opts,
    'archive-pg-',
    (data) => asPostgres(join(PG_BIN, 'initdb'), ['-D', data, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']),
    ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'],
  );
  return {
    adminUrl: `postgres://app@127.0.0.1:${cluster.port}/postgres`,
    stop() {
      try {
        // A kept cluster shuts down cleanly so its next start needs no recovery.
        cluster.halt(cluster.keep ? 'fast' : 'immediate');
      } finally {
        cluster.remove();
      }
    },
  };
}

export interface PgReplica extends PgCluster {
  /** The replica's data folder (for pg_ctl by hand). */
  dataDir: string;
  /** Stops the replica's server, keeping its folder (start() brings it back). */
  halt(): void;
  start(): void;
}

/**
 * A streaming read replica of a running cluster: a base backup taken over the replication protocol with
 * -R (standby.signal and primary_conninfo written for us), started on its own port. Reads only; the
 * primary's WAL streams to it. stop() removes it unless `dir` was given.
 */
export async function startPgReplica(primaryAdminUrl: string, opts: PgClusterOptions = {}): Promise<PgReplica> {
  const primary = new URL(primaryAdminUrl);
  const baseBackup = (data: string) =>
    asPostgres(join(PG_BIN, 'pg_basebackup'), [
      '-h',
      primary.hostname,
      '-p',
      primary.port,
      '-U',
      primary.username,
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
  const replica = await launchCluster(opts, 'archive-pg-replica-', baseBackup, ['fsync=off', 'hot_standby_feedback=on']);
  const halt = () => replica.halt('fast');
  return {
    adminUrl: `postgres://${primary.username}@127.0.0.1:${replica.port}/postgres`,
    dataDir: replica.data,
    halt,
    start: replica.start,
    stop() {
      try {
        if (existsSync(join(replica.data, 'postmaster.pid'))) halt();
      } finally {
        replica.remove();
      }
    },
  };
}

/** A new empty database in the cluster; returns its URL. */
export async function createDatabase(adminUrl: string, name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}
