// The Dexie database: one per browser profile and origin, keys per site origin (see schema.ts). The page and
// the service worker open it through this class; the page alone wires its events (src/shared/db/database.ts).
import Dexie, { type Table } from 'dexie';
import {
  DB_NAME,
  SCHEMA_V1,
  SCHEMA_V2,
  SCHEMA_V3,
  SCHEMA_V4,
  SCHEMA_V5,
  SCHEMA_V6,
  SCHEMA_V7,
  SCHEMA_V8,
  SCHEMA_V9,
  upgradeToV2,
  upgradeToV3,
  upgradeToV9,
} from './schema';
import type {
  CityRecord,
  CountryRecord,
  DecadeRecord,
  HomeRecord,
  ListItemRecord,
  ListRecord,
  OutboxRecord,
  PublicationRecord,
  SeenKind,
  SeenRecord,
  StateRecord,
  TitleChunkRecord,
} from './schema';

export class ArchiveDatabase extends Dexie {
  titleChunks!: Table<TitleChunkRecord, [string, number]>;
  decades!: Table<DecadeRecord, [string, string]>;
  countries!: Table<CountryRecord, [string, number]>;
  states!: Table<StateRecord, [string, number]>;
  cities!: Table<CityRecord, [string, number]>;
  publications!: Table<PublicationRecord, [string, number]>;
  home!: Table<HomeRecord, string>;
  seen!: Table<SeenRecord, [string, SeenKind, string]>;
  outbox!: Table<OutboxRecord, string>;
  lists!: Table<ListRecord, string>;
  listItems!: Table<ListItemRecord, string>;

  constructor(name = DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2).upgrade(upgradeToV2);
    this.version(3).stores(SCHEMA_V3).upgrade(upgradeToV3);
    this.version(4).stores(SCHEMA_V4);
    this.version(5).stores(SCHEMA_V5);
    this.version(6).stores(SCHEMA_V6);
    this.version(7).stores(SCHEMA_V7);
    this.version(8).stores(SCHEMA_V8);
    this.version(9).stores(SCHEMA_V9).upgrade(upgradeToV9);
  }
}

/**
 * The database as a worker holds it (the service worker, the archive worker): opened on first use, and let go
 * when a page opens a newer schema or deletes it (versionchange), so the page is never blocked by a worker;
 * the next use opens it again.
 */
export function databaseOnDemand(): () => ArchiveDatabase {
  let db: ArchiveDatabase | undefined;
  return () => {
    if (!db) {
      const opened = new ArchiveDatabase();
      opened.on('versionchange', () => {
        opened.close();
        if (db === opened) db = undefined;
        return false;
      });
      db = opened;
    }
    return db;
  };
}
