// What the visitor saved on this device for the current site (issue #17): issues (kind 'issue', their pages
// pinned 'page' records), pinned pages and pinned search answers, with their sizes; and removing them. A
// removed issue takes its pages and their tiles (Cache Storage) with it. Pages only viewed are not saved
// items (they are evicted as room is needed) and are only counted.
import type { ArchiveDatabase, SavedIssue, SeenKind, SeenPage, SeenRecord, SeenSearch } from '../shared/db';
import { removeSeen } from '../shared/db';
import { formatIssueDate } from '../shared/lib/format';
import { issueApiPath, parseIssueUid } from '../../contract/runs';

export type SavedKind = 'issue' | 'page' | 'search';

export interface SavedItem {
  kind: SavedKind;
  key: string;
  /** How the list names it. */
  name: string;
  /** A second line: an issue's pages or how far its save went; a page's issue date. */
  detail: string;
  /** Where it opens (offline too). */
  href: string;
  /** Bytes it takes on this device (data, and tiles for pages). */
  bytes: number;
  savedAt: number;
  /** Only for issues: 'saving' is never shown as saved. */
  partly?: boolean;
}

export interface SavedOnDevice {
  issues: SavedItem[];
  pages: SavedItem[];
  searches: SavedItem[];
  /** Pages read but not saved: kept for a while, removed first when room is needed. */
  viewedPages: number;
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** An issue's line: how many pages, or how far an unfinished save went (a half-saved issue is not 'saved'). */
export function issueDetail(issue: Pick<SavedIssue, 'state' | 'pages' | 'done'>): string {
  if (issue.state === 'saved') return count(issue.pages.length, 'page');
  return `Partly saved (${issue.done.length} of ${count(issue.pages.length, 'page')})`;
}

const byNewest = (a: SavedItem, b: SavedItem) => b.savedAt - a.savedAt;

/** Reads the saved items of `site` (every kind in one pass over the site's seen records). */
export async function readSavedItems(db: ArchiveDatabase, site: string): Promise<SavedOnDevice> {
  const rows = (await db.seen.where('[site+kind]').between([site, ''], [site, '\uffff']).toArray()) as SeenRecord[];
  const bytesOf = new Map<string, number>(rows.map((r) => [`${r.kind}\u0000${r.key}`, r.bytes]));
  const pageBytes = (uid: string) => (bytesOf.get(`page\u0000${uid}`) ?? 0) + (bytesOf.get(`tiles\u0000${uid}`) ?? 0);
  const issues: SavedItem[] = [];
  const inIssues = new Set<string>();
  for (const r of rows) {
    if (r.kind !== 'issue') continue;
    const v = r.value as SavedIssue;
    v.pages.forEach((uid) => inIssues.add(uid));
    const counted = r.bytes + v.pages.reduce((n, uid) => n + pageBytes(uid), 0);
    issues.push({
      kind: 'issue',
      key: r.key,
      name: r.label ?? `${v.title}, ${formatIssueDate(v.date)}`,
      detail: issueDetail(v),
      href: r.href ?? v.href,
      bytes: Math.max(v.bytes ?? 0, counted),
      savedAt: r.savedAt,
      partly: v.state !== 'saved',
    });
  }
  const pages: SavedItem[] = [];
  const searches: SavedItem[] = [];
  let viewedPages = 0;
  for (const r of rows) {
    if (r.kind === 'page' && !r.pinned) viewedPages++;
    if (!r.pinned) continue;
    if (r.kind === 'page' && !inIssues.has(r.key)) {
      const page = (r.value as SeenPage).page;
      pages.push({
        kind: 'page',
        key: r.key,
        name: r.label ?? (page ? `${page.title}, ${formatIssueDate(page.date)}, page ${page.number || page.sequence}` : r.key),
        detail: page?.place ?? '',
        href: r.href ?? `/viewer?page=${encodeURIComponent(r.key)}`,
        bytes: pageBytes(r.key),
        savedAt: r.savedAt,
      });
    } else if (r.kind === 'search') {
      const v = r.value as SeenSearch;
      searches.push({
        kind: 'search',
        key: r.key,
        name: r.label ?? v.query,
        detail: v.response ? count(v.response.total, 'page') + ' found' : '',
        href: r.href ?? `/search?${v.query}`,
        bytes: r.bytes,
        savedAt: r.savedAt,
      });
    }
  }
  return { issues: issues.sort(byNewest), pages: pages.sort(byNewest), searches: searches.sort(byNewest), viewedPages };
}

/**
 * Removes a saved item; an issue goes with its pages and their tiles, except the pages a saved search also
 * kept ("Save these results for offline"): those stay, listed as saved pages. Returns how many records went.
 */
export async function removeSavedItem(db: ArchiveDatabase, site: string, item: Pick<SavedItem, 'kind' | 'key'>): Promise<number> {
  const keys: Array<[SeenKind, string]> = [[item.kind, item.key]];
  const withTiles = (uid: string): Array<[SeenKind, string]> => [
    ['page', uid],
    ['tiles', uid],
  ];
  if (item.kind === 'page') keys.push(['tiles', item.key]);
  if (item.kind === 'issue') {
    const issue = (await db.seen.get([site, 'issue', item.key]))?.value as SavedIssue | undefined;
    const searches = (await db.seen.where('[site+kind]').equals([site, 'search']).toArray()) as SeenRecord<SeenSearch>[];
    const keptBySearch = new Set(searches.filter((s) => s.pinned).flatMap((s) => s.value?.savedPages ?? []));
    for (const uid of issue?.pages ?? []) if (!keptBySearch.has(uid)) keys.push(...withTiles(uid));
    // The issue's own page kept with it (issue #36).
    const parts = parseIssueUid(item.key);
    if (parts) keys.push(['run', issueApiPath(parts.lccn, parts.date, parts.edition)]);
  }
  return (await removeSeen(db, site, keys)).length;
}

/** '1.2 MB': bytes in the units people read (1 KB = 1,000 bytes, as browsers and operating systems show). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1000) return `${Math.max(0, Math.round(bytes || 0))} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let n = bytes / 1000;
  let u = 0;
  while (n >= 1000 && u < units.length - 1) {
    n /= 1000;
    u++;
  }
  return `${n.toLocaleString('en-US', { maximumFractionDigits: n < 10 ? 1 : 0 })} ${units[u]}`;
}
