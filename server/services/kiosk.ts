// Kiosk mode (issue #17): which issues a kiosk keeps on the device, and the checks on what staff choose.
// The server keeps no read counts, so "most read" is approximated by the site's newest issues: those are
// what a visitor of a shared screen most often asks for. Staff can always choose the issues themselves.
import type { KioskSettings, KioskFeaturedIssue } from '../../contract/api';
import { badRequest } from '../errors';
import type { Store } from '../store';
import type { SiteRow } from '../store/types';
import type { KioskSection } from '../sites/sections';

/** How many newest issues stand in for "most read" when staff chose none. */
export const KIOSK_NEWEST_COUNT = 3;
/** Titles looked at for the newest issues: the ones whose pages end latest. */
const NEWEST_TITLES = 4;

async function siteIssue(store: Store, siteTitleIds: Set<number>, uid: string) {
  const issue = await store.viewer.issue(uid);
  if (!issue || (siteTitleIds.size > 0 && !siteTitleIds.has(issue.titleId))) return null;
  return issue;
}

/** Refuses (400) featured issues that are not in the site's collection, naming them. */
export async function checkFeaturedIssues(store: Store, site: SiteRow, uids: string[]): Promise<void> {
  const titleIds = new Set(await store.sites.getTitleIds(site.id));
  const unknown: string[] = [];
  for (const uid of new Set(uids)) if (!(await siteIssue(store, titleIds, uid))) unknown.push(uid);
  if (unknown.length) throw badRequest(`Not an issue of this site: ${unknown.slice(0, 5).join(', ')}.`);
}

/** The site's newest issues (for the admin's choice list, and standing in for "most read"). */
export async function newestIssues(
  store: Store,
  site: SiteRow,
  count: number,
  titleCount = NEWEST_TITLES,
): Promise<Array<{ issueId: string; title: string; date: string; pages: number }>> {
  const titles = (await store.browse.titleCounts(site.id)).sort((a, b) => b.lastYear - a.lastYear).slice(0, titleCount);
  const issues = (await Promise.all(titles.map(async (t) => (await store.viewer.titleIssues(t.lccn)).map((i) => ({ ...i, title: t.name }))))).flat();
  return issues
    .filter((i) => i.pageCount > 0)
    .sort((a, b) => b.dateIssued.localeCompare(a.dateIssued) || a.uid.localeCompare(b.uid))
    .slice(0, count)
    .map((i) => ({ issueId: i.uid, title: i.title, date: i.dateIssued, pages: i.pageCount }));
}

const newestIssueUids = async (store: Store, site: SiteRow) => (await newestIssues(store, site, KIOSK_NEWEST_COUNT)).map((i) => i.issueId);

/** The kiosk block of GetSiteSettings: off sites get no issue look-ups at all. */
export async function kioskSettings(store: Store, site: SiteRow, kiosk: KioskSection): Promise<KioskSettings> {
  if (!kiosk.enabled) return { enabled: false, idleSeconds: kiosk.idleSeconds, featuredIssueIds: [], featuredBy: 'staff', featuredIssues: [] };
  const chosen = kiosk.featuredIssueIds.length > 0;
  const uids = chosen ? kiosk.featuredIssueIds : await newestIssueUids(store, site);
  const titleIds = new Set(await store.sites.getTitleIds(site.id));
  const featuredIssues: KioskFeaturedIssue[] = [];
  for (const uid of uids) {
    const issue = await siteIssue(store, titleIds, uid); // an issue removed since it was chosen is skipped
    if (!issue || issue.pages.length === 0) continue;
    featuredIssues.push({
      issueId: issue.uid,
      title: issue.titleName,
      date: issue.dateIssued,
      pageIds: issue.pages.map((p) => p.uid),
    });
  }
  return {
    enabled: true,
    idleSeconds: kiosk.idleSeconds,
    featuredIssueIds: featuredIssues.map((i) => i.issueId),
    featuredBy: chosen ? 'staff' : 'newest',
    featuredIssues,
  };
}
