// What a visitor leaves in the offline database, and the small functions that forget it (kiosk mode,
// issue #17). The 'seen' table is forgotten here; tables added later (saved items, an outbox) register
// their own clearer with onForgetVisitor so a kiosk reset reaches them without this file knowing them.
import Dexie from 'dexie';
import type { ArchiveDatabase } from '../../../device-db/database';
import type { SeenRecord } from '../../../device-db/schema';
import { deleteEvictedTiles } from '../../../device-db/seen-store';

export type VisitorTraceClearer = (site: string) => Promise<void>;
const clearers = new Map<string, VisitorTraceClearer>();

/** Registers (by name, so a second registration replaces the first) what to clear when a visitor is forgotten. */
export function onForgetVisitor(name: string, clear: VisitorTraceClearer): () => void {
  clearers.set(name, clear);
  return () => clearers.delete(name);
}

/**
 * Every seen record of the site, pinned or not: search answers, page data, tile ledgers, saved issues; and
 * the tiles those ledgers name, from Cache Storage (a saved issue's page images must not outlive its visitor).
 */
export async function forgetSiteSeen(db: ArchiveDatabase, site: string): Promise<number> {
  const range = db.seen.where('[site+kind]').between([site, Dexie.minKey], [site, Dexie.maxKey]);
  const ledgers = (await db.seen.where('[site+kind]').equals([site, 'tiles']).toArray()) as SeenRecord[];
  const count = await range.delete();
  await deleteEvictedTiles(ledgers);
  return count;
}

/**
 * Forgets the site's visitor records: the seen table, then every registered clearer. One failing clearer
 * does not stop the others; the names of those that failed are returned.
 */
export async function forgetVisitorRecords(db: ArchiveDatabase, site: string): Promise<string[]> {
  const jobs: Array<[string, () => Promise<unknown>]> = [
    ['seen', () => forgetSiteSeen(db, site)],
    ...[...clearers].map(([n, c]): [string, () => Promise<unknown>] => [n, () => c(site)]),
  ];
  const results = await Promise.allSettled(jobs.map(([, run]) => run()));
  return jobs.filter((_, i) => results[i].status === 'rejected').map(([n]) => n);
}
