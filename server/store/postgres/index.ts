import type { Store } from '../types';

/** PostgreSQL store: implemented by the scale-out issue. */
export async function createPostgresStore(_url: string): Promise<Store> {
  throw new Error('PostgreSQL support is not built yet: unset DATABASE_URL to use the embedded SQLite store.');
}
