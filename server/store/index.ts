import type { Store } from './types';
import { createSqliteStore } from './sqlite';

export type { Store } from './types';

/** Picks the engine from DATABASE_URL: unset = embedded SQLite in dataDir; postgres://... = PostgreSQL. */
export async function openStore(opts: { dataDir: string; databaseUrl?: string }): Promise<Store> {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const { createPostgresStore } = await import('./postgres');
    return createPostgresStore(opts.databaseUrl);
  }
  return createSqliteStore(opts.dataDir);
}
