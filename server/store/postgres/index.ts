import type { Store } from '../types';
import { pgDiscovery } from './discovery';
import { openPg, type Pg } from './db';
import { pgSites } from './sites';
import { pgBrowse } from './browse';
import { pgContact, pgMeta } from './meta';
import { pgIngest } from './ingest';
import { pgAdmin } from './admin';
import { pgSearch } from './search';
import { pgViewer } from './viewer';
import { pgCorrections } from './corrections';
import { pgDumps } from './dumps';
import { pgResearch } from './research';
import { pgRuns } from './runs';
import { pgSharedLists } from './shared-lists';

export interface PostgresStore extends Store {
  readonly pg: Pg;
}

/**
 * The scale-out store. DATABASE_URL is the primary; DATABASE_REPLICA_URL (optional) takes read queries.
 * Pool size and statement timeout: PG_POOL_SIZE (10), PG_STATEMENT_TIMEOUT_MS (30000). How search reads get
 * their planner settings: PG_PLANNER_SETTINGS, `connection` (default) or `transaction` (db.ts, makePools).
 */
export async function createPostgresStore(url: string, env: NodeJS.ProcessEnv = process.env): Promise<PostgresStore> {
  const plannerSettings = env.PG_PLANNER_SETTINGS || 'connection';
  if (plannerSettings !== 'connection' && plannerSettings !== 'transaction') {
    throw new Error(`PG_PLANNER_SETTINGS must be "connection" or "transaction", not "${plannerSettings}"`);
  }
  const pg = await openPg({
    url,
    replicaUrl: env.DATABASE_REPLICA_URL || undefined,
    maxReplicaLagMs: env.PG_REPLICA_MAX_LAG_MS ? Number(env.PG_REPLICA_MAX_LAG_MS) : undefined,
    replicaCheckMs: env.PG_REPLICA_CHECK_MS ? Number(env.PG_REPLICA_CHECK_MS) : undefined,
    poolSize: Number(env.PG_POOL_SIZE ?? 10),
    statementTimeoutMs: Number(env.PG_STATEMENT_TIMEOUT_MS ?? 30_000),
    plannerSettings,
  });
  const meta = pgMeta(pg);
  return {
    kind: 'postgres',
    pg,
    meta,
    sites: pgSites(pg),
    browse: pgBrowse(pg),
    contact: pgContact(pg),
    ingest: pgIngest(pg, () => meta.bumpDataVersion()),
    admin: pgAdmin(pg),
    search: pgSearch(pg),
    discovery: pgDiscovery(pg),
    viewer: pgViewer(pg),
    corrections: pgCorrections(pg),
    dumps: pgDumps(pg),
    research: pgResearch(pg),
    runs: pgRuns(pg),
    sharedLists: pgSharedLists(pg),
    async close() {
      await pg.end();
    },
  };
}
