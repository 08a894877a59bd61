// What the HTTP load benchmarks share (home-api.ts, search-load.ts): the real server as a child process
// (like `npm run serve`) on loopback, serving a minimal built app whose favicon is the static ceiling, and
// autocannon runs that also measure the server's CPU per request (robust to other load on a shared machine,
// unlike wall-clock latency).
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon, { type Options } from 'autocannon';

export interface ServedApp {
  /** http://127.0.0.1:{port} */
  base: string;
  /** Resolves when the server answers the static file; rejects when it exits or takes longer than `timeoutMs`. */
  ready(timeoutMs?: number): Promise<void>;
  /** CPU time (user + system, ms) the server process and its threads have used so far; Linux /proc, else NaN. */
  cpuMs(): number;
  stop(): void;
}

export interface ServedAppOptions {
  /** The repository root (the server runs from there). */
  root: string;
  port: number;
  dataDir: string;
  /** Where the minimal built app is written. */
  distDir: string;
  /** More environment for the server (DEMO=0 and the like). */
  env?: Record<string, string>;
}

/** Writes a minimal built app (the shell and /favicon.svg, the ceiling) and starts the server on it. */
export function startServedApp(opts: ServedAppOptions): ServedApp {
  mkdirSync(opts.distDir, { recursive: true });
  writeFileSync(join(opts.distDir, 'index.html'), '<!doctype html><title>bench</title><div id="root"></div>');
  copyFileSync(join(opts.root, 'public', 'favicon.svg'), join(opts.distDir, 'favicon.svg'));

  const base = `http://127.0.0.1:${opts.port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: opts.root,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DIST_DIR: opts.distDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server.stdout.on('data', (d: Buffer) => process.stdout.write(`  server: ${d}`));
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('exit', stop);

  return {
    base,
    stop,
    async ready(timeoutMs = 180_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
        try {
          if ((await fetch(`${base}/favicon.svg`)).ok) return;
        } catch {
          /* not listening yet */
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error('the server did not start in time');
    },
    cpuMs() {
      try {
        const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
      } catch {
        return NaN;
      }
    },
  };
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Server CPU per request, µs. */
  cpuUsPerRequest: number;
}

/** One autocannon run against the served app, with the server's CPU per request. */
export async function runLoad(app: ServedApp, options: Options): Promise<LoadResult> {
  const cpuBefore = app.cpuMs();
  const r = await autocannon(options);
  const cpuUs = ((app.cpuMs() - cpuBefore) * 1000) / Math.max(1, r.requests.total);
  return {
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    cpuUsPerRequest: Math.round(cpuUs),
  };
}
