// The viewer's pages kept on this device (offline research): each page opened online is kept in the seen
// store (kind 'page', key = page uid) with its text, word boxes, metadata, citation data, and the hits of
// each search it was opened from (keyed by canonicalSearchKey). Its tiles are kept by the service worker
// under the same key (sw/tile-ledger.ts), so both are used and evicted together.
import type { PageHit, ViewerPageResponse } from '../../../contract/viewer';
import type { PageLinesResponse } from '../../../contract/corrections';
import type { SeenPage } from '../../../device-db/schema';
import { callArchiveWorker } from '../../shared/lib/worker-client';
import { archiveDb, keepSeen, readSeen } from '../../shared/db';
import type { SeenRecord } from '../../shared/db';
import { currentSite } from '../../shared/data/site';
import { keepOcrConfusions } from '../../shared/data/ocr-confusions';

/**
 * The key of the search a page was opened from: its canonical /search key (the page parameter aside), from
 * the archive worker (the canonical key is one of its jobs; the builder stays out of the viewer's chunk).
 */
export async function hitsKey(params: URLSearchParams): Promise<string> {
  const rest = new URLSearchParams(params);
  rest.delete('page');
  rest.delete('region');
  try {
    return await callArchiveWorker('searchKey', [rest.toString()]);
  } catch {
    // Not a query the search screen could make: key it by its own words, in a fixed order.
    return ['k', 'e', 'o', 'n', 'ord'].map((k) => `${k}=${rest.get(k) ?? ''}`).join('&');
  }
}

// Writes of one page are read-merge-write: run them one after another.
let writes: Promise<unknown> = Promise.resolve();
const serial = <T>(job: () => Promise<T>): Promise<T> => {
  const next = writes.then(job, job);
  writes = next.catch(() => undefined);
  return next;
};

async function update(uid: string, change: (value: SeenPage) => SeenPage): Promise<void> {
  await serial(async () => {
    const db = archiveDb();
    const site = currentSite();
    const existing = (await db.seen.get([site, 'page', uid]).catch(() => undefined)) as SeenRecord<SeenPage> | undefined;
    await keepSeen(db, site, 'page', uid, change(existing?.value ?? { page: null, hits: {} }));
  });
}

/** Keeps a page answer fetched from the server (its kept hits stay). */
export const keepPage = (page: ViewerPageResponse) => {
  // The offline search over kept pages scores misreadings as the server does: keep the archive's confusions too.
  void keepOcrConfusions();
  return update(page.uid, (v) => ({ ...v, page }));
};

/** Keeps the hits of one search on a page. */
export const keepHits = (uid: string, key: string, hits: PageHit[]) => update(uid, (v) => ({ ...v, hits: { ...v.hits, [key]: hits } }));

/** Keeps the lines the correction editor read. */
export const keepLines = (uid: string, lines: PageLinesResponse) => update(uid, (v) => ({ ...v, lines }));

/** The kept page (and its hits), marked used now, with when it came from the server. */
export async function readPage(uid: string): Promise<{ value: SeenPage; savedAt: number } | null> {
  const record = await readSeen<SeenPage>(archiveDb(), currentSite(), 'page', uid).catch(() => undefined);
  return record ? { value: record.value, savedAt: record.savedAt } : null;
}

export interface PageOnDevice {
  uid: string;
  sequence: number;
  label: string;
}

/** The issue a page uid belongs to when its data is not on the device: NDNP-style '{issue}-seq{n}'. */
export const issueOfUid = (uid: string) => uid.replace(/-seq\d+$/i, '');

/**
 * Pages kept on this device from the issue of `uid` (the uid's issue part, or a kept page that links to
 * it), in page order: the way back from a page that was never opened.
 */
export async function pagesOfIssueOnDevice(uid: string): Promise<PageOnDevice[]> {
  const rows = (await archiveDb()
    .seen.where('[site+kind]')
    .equals([currentSite(), 'page'])
    .toArray()
    .catch(() => [])) as SeenRecord<SeenPage>[];
  const pages = rows.map((r) => r.value.page).filter((p): p is ViewerPageResponse => !!p);
  const linked = pages.find((p) => p.prevPageUid === uid || p.nextPageUid === uid);
  const issue = linked?.issueUid ?? issueOfUid(uid);
  return pages
    .filter((p) => p.issueUid === issue && p.uid !== uid)
    .sort((a, b) => a.sequence - b.sequence)
    .map((p) => ({ uid: p.uid, sequence: p.sequence, label: p.number ? `Page ${p.number}` : `Page ${p.sequence}` }));
}
