// The device database's versions as released. A visitor's browser holds data under these exact declarations:
// changing a released version (instead of adding the next one) makes Dexie refuse to open, or lose tables.
// The page, the service worker and the worker all read the names from device-db/schema.ts.
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { ArchiveDatabase } from '../../../device-db/database';
import * as schema from '../../../device-db/schema';

const RELEASED = {
  SCHEMA_V1: { titles: '[site+TitleId], site', decades: '[site+Decade], site' },
  SCHEMA_V2: {
    titles: '[site+TitleId], site, [site+order], [site+letter]',
    decades: '[site+Decade], site, [site+order]',
    countries: '[site+CountryId], site',
    states: '[site+StateId], site, [site+CountryId]',
    cities: '[site+CityId], site, [site+StateId]',
    publications: '[site+PublicationId], site, [site+CityId]',
    home: 'site',
  },
};
const V3 = { ...RELEASED.SCHEMA_V2, titleChunks: '[site+chunk], site' };
const V4 = { ...V3, titles: null };
const V5 = { ...V4, seen: '[site+kind+key], [site+kind], usedAt, pinned' };
const V6 = { ...V5, outbox: 'clientId, site, createdAt' };
const V7 = { ...V6, lists: 'id, site', listItems: 'id, listId, site' };
const V8 = { ...V7, listItems: 'id, listId, site, [listId+order], [site+kind+ref]' };

let name: string | undefined;
afterEach(async () => {
  if (name) await Dexie.delete(name);
  name = undefined;
});

describe('device database schema', () => {
  it('keeps every released version byte for byte', () => {
    expect(schema.DB_NAME).toBe('newspaper-archive');
    expect(schema.SCHEMA_V1).toEqual(RELEASED.SCHEMA_V1);
    expect(schema.SCHEMA_V2).toEqual(RELEASED.SCHEMA_V2);
    expect(schema.SCHEMA_V3).toEqual(V3);
    expect(schema.SCHEMA_V4).toEqual(V4);
    expect(schema.SCHEMA_V5).toEqual(V5);
    expect(schema.SCHEMA_V6).toEqual(V6);
    expect(schema.SCHEMA_V7).toEqual(V7);
    expect(schema.SCHEMA_V8).toEqual(V8);
    // v9 keeps counts on the list records (an upgrade function, device-db/schema.ts upgradeToV9): no index changes.
    expect(schema.SCHEMA_V9).toEqual(V8);
  });

  it('opens at version 9 with the seen index the worker reads by name', async () => {
    name = `schema-test-${Math.random().toString(36).slice(2)}`;
    const db = new ArchiveDatabase(name);
    await db.open();
    expect(db.verno).toBe(9);
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      'cities',
      'countries',
      'decades',
      'home',
      'listItems',
      'lists',
      'outbox',
      'publications',
      'seen',
      'states',
      'titleChunks',
    ]);
    const seen = db.table(schema.SEEN_TABLE);
    expect(seen.schema.idxByName[schema.SEEN_BY_KIND]).toBeDefined();
    db.close();
  });
});
