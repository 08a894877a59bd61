import { join } from 'node:path';
import type { Store } from '../types';
import { sqliteDiscovery } from './discovery';
import { openSqlite, type Db } from './db';
import { sqliteSites } from './sites';
import { sqliteBrowse } from './browse';
import { sqliteContact, sqliteMeta } from './meta';
import { sqliteIngest } from './ingest';
import { sqliteViewer } from './viewer';
import { sqliteAdmin } from './admin';
import { sqliteSearch, type SqliteSearch } from './search';
import { sqliteCorrections } from './corrections';
import { sqliteDumps } from './dumps';
import { sqliteResearch } from './research';
import { sqliteRuns } from './runs';
import { sqliteSharedLists } from './shared-lists';

export interface SqliteStore extends Store {
  readonly db: Db;
  readonly search: SqliteSearch;
}

/** The embedded store: one SQLite file (WAL) in DATA_DIR. */
export function createSqliteStore(dataDir: string | ':memory:'): SqliteStore {
  const db = openSqlite(dataDir === ':memory:' ? ':memory:' : join(dataDir, 'archive.sqlite'));
  const meta = sqliteMeta(db);
  const bump = () => void meta.bumpDataVersion();
  const search = sqliteSearch(db);
  return {
    kind: 'sqlite',
    db,
    meta,
    sites: sqliteSites(db),
    browse: sqliteBrowse(db),
    contact: sqliteContact(db),
    ingest: sqliteIngest(db, bump),
    viewer: sqliteViewer(db),
    admin: sqliteAdmin(db),
    search,
    research: sqliteResearch(db, search),
    discovery: sqliteDiscovery(db),
    corrections: sqliteCorrections(db),
    dumps: sqliteDumps(db),
    runs: sqliteRuns(db),
    sharedLists: sqliteSharedLists(db),
    async close() {
      db.close();
    },
  };
}
