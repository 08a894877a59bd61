// Reads the viewer pages kept on this device straight from the app's IndexedDB database, in the worker, so
// the main thread neither reads nor copies hundreds of pages of words. The database is declared and upgraded
// by Dexie in the app (its names from device-db/schema.ts: table 'seen' keyed [site, kind, key], index by
// site and kind); this file only reads it, and opens it without a version so it never upgrades it.
import type { ViewerPageResponse } from '../contract/viewer';
import { DB_NAME, SEEN_BY_KIND, SEEN_TABLE } from '../device-db/schema';
import type { DevicePage } from './offline-search';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

let opened: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME);
    // No version asked: if the app has not made the database yet, do not make an empty one in its place.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const db = request.result;
      // The app upgrading its schema must not wait for this reader: close, and reopen on the next call.
      db.onversionchange = () => {
        db.close();
        opened = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opened = null;
      reject(request.error);
    };
  });
  return opened;
}

async function pageIndex(): Promise<IDBIndex | null> {
  const db = await openDb().catch(() => null);
  if (!db || !db.objectStoreNames.contains(SEEN_TABLE)) return null;
  return db.transaction(SEEN_TABLE, 'readonly').objectStore(SEEN_TABLE).index(SEEN_BY_KIND);
}

/** The page uids kept for a site (cheap: keys only). What the cached index is checked against. */
export async function devicePageKeys(site: string): Promise<string[]> {
  const index = await pageIndex();
  if (!index) return [];
  const keys = (await done(index.getAllKeys(IDBKeyRange.only([site, 'page'])))) as unknown as Array<[string, string, string]>;
  return keys.map((k) => k[2]).sort();
}

/** The kept pages of a site that have their data (a record may hold only hits while its page loads). */
export async function devicePages(site: string): Promise<DevicePage[]> {
  const index = await pageIndex();
  if (!index) return [];
  const rows = (await done(index.getAll(IDBKeyRange.only([site, 'page'])))) as Array<{ value?: { page?: ViewerPageResponse | null } }>;
  const out: DevicePage[] = [];
  for (const row of rows) {
    const p = row.value?.page;
    if (!p || !Array.isArray(p.words)) continue;
    out.push({ uid: p.uid, title: p.title, date: p.date, sequence: p.sequence, number: p.number, width: p.width, height: p.height, words: p.words });
  }
  return out;
}
