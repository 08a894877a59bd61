import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { parseTrustProxy, type TrustProxy } from './lib/client-address';
import { imageLimitsFromEnv, type ImageLimitsConfig } from './images/limits';
import { numberFromEnv, wholeFromEnv } from './lib/env';

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
    searchWorkers: wholeFromEnv(env, 'SEARCH_WORKERS', Math.min(2, availableParallelism()), 0, 64),
    searchBudgetMs: wholeFromEnv(env, 'SEARCH_TIME_BUDGET_MS', undefined, 1, 600_000, 'milliseconds'),
    tls: tlsFiles(env.TLS_CERT, env.TLS_KEY),
    correctionsPerSecond: numberFromEnv(env, 'CORRECTIONS_PER_SECOND', undefined, 0, 100_000),
    imageLimits: imageLimitsFromEnv(env),
    exportMaxRows: wholeFromEnv(env, 'EXPORT_MAX_ROWS', undefined, 1, 10_000_000),
  };
}

function tlsFiles(cert: string | undefined, key: string | undefined): Config['tls'] {
  if (!cert && !key) return undefined;
  if (!cert || !key) throw new Error('TLS_CERT and TLS_KEY go together: set both (PEM files) or neither');
  return { certFile: resolve(cert), keyFile: resolve(key) };
}
