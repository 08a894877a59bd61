// A throwaway PostgreSQL cluster on a loopback port, for the engine-parametrised test suites and
// benchmarks. Debian's postgresql-15 binaries; initdb refuses root, so it runs as 'postgres' then.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
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

export async function startPgCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'archive-pg-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  asPostgres(join(PG_BIN, 'initdb'), ['-D', join(dir, 'data'), '-U', 'app', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  asPostgres(join(PG_BIN, 'pg_ctl'), [
    '-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w',
    '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ]);
  return {
    adminUrl: `postgres://app@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
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
