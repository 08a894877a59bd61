import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  demo: boolean;
  distDir: string;
  logLevel: string;
  /** Trust X-Forwarded-* from a reverse proxy (TRUST_PROXY=1): only behind one, or clients can spoof their address. */
  trustProxy: boolean;
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
    trustProxy: env.TRUST_PROXY === '1',
  };
}
