// A page in a list is kept like a saved page (issue #38): its record and tiles are pinned if this device has
// read it, and saved (text, image tiles for this screen) when it has not and the network is there; the list
// item then gets the page's text, so the notes search finds words printed on it.
import type { ArchiveDatabase, SeenPage } from '../db';
import type { ViewerPageResponse } from '../../../contract/viewer';
import { fillPageText } from '../../../device-db/lists';
import { pinExisting } from '../save/pinned-write';
import { pageSaver } from '../save/page-saver';
import { screenSize } from '../save/tile-plan';
import { pageText } from './list-items';
import { callArchiveWorker } from '../lib/worker-client';
import { IIIF_CACHE } from '../../../contract/saved-files';

async function keptPage(db: ArchiveDatabase, site: string, uid: string) {
  const record = await db.seen.get([site, 'page', uid]).catch(() => undefined);
  return record ? { pinned: !!record.pinned, page: (record.value as SeenPage | undefined)?.page ?? null } : null;
}

export async function keepListedPage(db: ArchiveDatabase, site: string, uid: string): Promise<void> {
  await pinExisting(db, site, 'page', uid).catch(() => false);
  await pinExisting(db, site, 'tiles', uid).catch(() => false);
  let kept = await keptPage(db, site, uid);
  if (!kept?.page && navigator.onLine) {
    let saved: ViewerPageResponse | null = null;
    // The tiles are fetched by the archive worker: a page kept for a list costs the visitor's thread no request.
    const fetchTiles = (urls: string[], parallel: number, signal: AbortSignal) =>
      callArchiveWorker('fetchTilesToCache', [urls, IIIF_CACHE, parallel], { signal });
    const onKept = (page: ViewerPageResponse) => void (saved = page);
    // The saver hands the page over once it is written, or throws.
    await pageSaver({ db, site, withPdfs: false, screen: screenSize(), fetchTiles, onKept })(uid, new AbortController().signal);
    kept = { pinned: true, page: saved };
  }
  if (kept?.page) await fillPageText(db, site, uid, pageText(kept.page));
}
