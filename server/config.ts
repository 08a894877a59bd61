import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { parseTrustProxy, type TrustProxy } from './lib/client-address';
import { imageLimitsFromEnv, type ImageLimitsConfig } from './images/limits';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  demo: boolean;
  distDir: string;
  logLevel: string;
  /**
   * Which X-Forwarded-* hops to believe (TRUST_PROXY): false, a number of proxies in front of the server
   * (1 = one reverse proxy), or the proxies' addresses/CIDRs (server/lib/client-address.ts).
   */
  trustProxy: TrustProxy;
  /** Serve HTTPS directly (TLS_CERT and TLS_KEY: PEM file paths); else plain HTTP, usually behind a proxy. */
  tls?: { certFile: string; keyFile: string };
  /** Search worker threads on a file-backed SQLite archive (SEARCH_WORKERS; 0 = search in the main thread). */
  searchWorkers?: number;
  /** Each search's time budget in ms (SEARCH_TIME_BUDGET_MS, default 5000): past it a 503 with Retry-After. */
  searchBudgetMs?: number;
  /** Visitor corrections per address and per address on one page in a window (issue #23); tests and benches set it. */
  correctionLimits?: { perAddress: number; perPage: number; windowMs: number };
  /** Corrections written per second at most by this server (CORRECTIONS_PER_SECOND, default 50; 0 = unpaced). */
  correctionsPerSecond?: number;
  /** IIIF image size caps and render concurrency (IIIF_MAX_WIDTH, IIIF_MAX_HEIGHT, IIIF_MAX_AREA, IIIF_RENDERS, IIIF_RENDER_QUEUE). */
  imageLimits?: ImageLimitsConfig;
  /** Most pages a search export holds (EXPORT_MAX_ROWS, default 100,000; issue #37). */
  exportMaxRows?: number;
}

/** Reads the environment (design.md: PORT, HOST, DATA_DIR, DATABASE_URL, ADMIN_PASSWORD, DEMO). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demo: env.DEMO !== '0',
    distDir: resolve(env.DIST_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    searchWorkers: searchWorkers(env.SEARCH_WORKERS),
    searchBudgetMs: searchBudgetMs(env.SEARCH_TIME_BUDGET_MS),
    tls: tlsFiles(env.TLS_CERT, env.TLS_KEY),
    correctionsPerSecond: correctionsPerSecond(env.CORRECTIONS_PER_SECOND),
    imageLimits: imageLimitsFromEnv(env),
    exportMaxRows: exportMaxRows(env.EXPORT_MAX_ROWS),
  };
}

function tlsFiles(cert: string | undefined, key: string | undefined): Config['tls'] {
  if (!cert && !key) return undefined;
  if (!cert || !key) throw new Error('TLS_CERT and TLS_KEY go together: set both (PEM files) or neither');
  return { certFile: resolve(cert), keyFile: resolve(key) };
}

function correctionsPerSecond(value: string | undefined): number | undefined {
  if (value == null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100_000) throw new Error(`CORRECTIONS_PER_SECOND must be a number from 0 to 100000, got '${value}'`);
  return n;
}

function exportMaxRows(value: string | undefined): number | undefined {
  if (value == null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000_000) throw new Error(`EXPORT_MAX_ROWS must be a whole number from 1 to 10000000, got '${value}'`);
  return n;
}

function searchWorkers(value: string | undefined): number {
  if (value == null || value === '') return Math.min(2, availableParallelism());
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 64) throw new Error(`SEARCH_WORKERS must be a whole number from 0 to 64, got '${value}'`);
  return n;
}

function searchBudgetMs(value: string | undefined): number | undefined {
  if (value == null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 600_000)
    throw new Error(`SEARCH_TIME_BUDGET_MS must be a whole number of milliseconds from 1 to 600000, got '${value}'`);
  return n;
}
