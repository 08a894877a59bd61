// "Add to list" writes here, in the archive worker (issue #38): the item goes into its list, and a page is
// then kept like a saved page: its record and tiles are pinned if this device has read it, and saved (text,
// image tiles for the visitor's screen) when it has not and the network is there; the list's items then get
// the page's text, so the notes search finds words printed on it. On the visitor's thread the list write
// and the keep (the page's answer fetched, its structured clone into IndexedDB, the items' text) cost one to
// two frames after "Add" (bench/lists.ts). The worker opens the app's Dexie database itself; its writes
// reach the app's live queries through Dexie's cross-context notifications, as another tab's do.
import type { ViewerPageResponse } from '../contract/viewer';
import { IIIF_CACHE } from '../contract/saved-files';
import { databaseOnDemand, type ArchiveDatabase } from '../device-db/database';
import type { SeenPage } from '../device-db/schema';
import { addToList, addToNewList, fillPageText, ListError, pageText, type ListItemInput } from '../device-db/lists';
import { pinExisting } from '../device-db/pinned-write';
import { pageSaver } from '../device-db/page-saver';
import { releaseProxy } from 'comlink';
import { fetchTilesToCache } from './tile-fetch';

const database = databaseOnDemand();

async function keptPage(db: ArchiveDatabase, site: string, uid: string): Promise<ViewerPageResponse | null> {
  const record = await db.seen.get([site, 'page', uid]).catch(() => undefined);
  return (record?.value as SeenPage | undefined)?.page ?? null;
}

/** Fetches tiles through the service worker (from the page: this worker cannot reach it); null when there is none. */
export type TilesVia = (urls: string[]) => Promise<Record<string, number> | null>;

export async function keepListedPage(
  site: string,
  uid: string,
  screen: { width: number; height: number },
  db = database(),
  tilesVia?: TilesVia,
): Promise<void> {
  await pinExisting(db, site, 'page', uid).catch(() => false);
  await pinExisting(db, site, 'tiles', uid).catch(() => false);
  let page = await keptPage(db, site, uid);
  if (!page && navigator.onLine) {
    // Through the service worker when the page has one (no request of this worker is then reported to the
    // page's thread); here when it has none or it failed (the page was closed meanwhile).
    const fetchTiles = async (urls: string[], parallel: number) => (await tilesVia?.(urls).catch(() => null)) ?? fetchTilesToCache(urls, IIIF_CACHE, parallel);
    // The saver hands the page over once it is written, or throws.
    await pageSaver({ db, site, withPdfs: false, screen, fetchTiles, onKept: (kept) => void (page = kept) })(uid, new AbortController().signal);
  }
  if (page) await fillPageText(db, site, uid, pageText(page));
}

/** Where "Add to list" puts the item: an existing list, or a new one of that name. */
export type ListTarget = { listId: string } | { newList: string };

/**
 * Adds the item to its list and answers with the list's name, or with the reason the list refused it (a
 * name too long, a full list: ListError's words, shown to the visitor). A page is then kept in the background.
 */
export async function addListItem(
  site: string,
  target: ListTarget,
  input: ListItemInput,
  screen: { width: number; height: number },
  tilesVia?: TilesVia,
  db = database(),
): Promise<{ listName: string } | { refused: string }> {
  let listName: string;
  try {
    if ('newList' in target) listName = (await addToNewList(db, site, target.newList, input)).list.name;
    else {
      await addToList(db, target.listId, input);
      listName = (await db.lists.get(target.listId))?.name ?? 'the list';
    }
  } catch (error) {
    if (error instanceof ListError) return { refused: error.message };
    throw error;
  }
  // The page's callback (a Comlink proxy: a message port each) is let go once the keep is over, or at once.
  const release = () => (tilesVia as { [releaseProxy]?: () => void } | undefined)?.[releaseProxy]?.();
  if (input.kind === 'page')
    keepListedPage(site, input.ref, screen, db, tilesVia)
      .catch((error) => console.warn('[lists] the page could not be kept on this device', input.ref, error))
      .finally(release);
  else release();
  return { listName };
}
