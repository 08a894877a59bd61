// IIIF Presentation 3 Collections so a client can walk the archive: the site's titles, each title's
// years, each year's issue manifests. Every level carries navDate (the first day it covers), so
// viewers can lay the archive out on a timeline.
import type { TitleCount, TitleIssueRow } from '../store/types';
import { en, issueLabel, navDate, PRESENTATION_CONTEXT, RIGHTS } from './manifest';
import * as urls from './urls';
import { titlePath, titleYearPath } from '../../contract/runs';

/** The page a person reads the collection on (issue #36: the title's page, a year's calendar). */
const homepage = (origin: string, path: string, label: string) => ({ homepage: [{ id: origin + path, type: 'Text', label: en(label), format: 'text/html' }] });

const thumb = (origin: string, pageUid: string | null) =>
  pageUid ? { thumbnail: [{ id: origin + urls.thumbnailImage(pageUid), type: 'Image', format: 'image/jpeg' }] } : {};

const collection = (origin: string, path: string, label: string, date: string, items: unknown[], extra: Record<string, unknown> = {}) => ({
  '@context': PRESENTATION_CONTEXT,
  id: origin + path,
  type: 'Collection',
  label: en(label),
  navDate: date,
  rights: RIGHTS,
  ...extra,
  items,
});

export function buildTopCollection(origin: string, siteName: string, titles: TitleCount[]) {
  const sorted = [...titles].sort((a, b) => a.name.localeCompare(b.name) || a.lccn.localeCompare(b.lccn));
  const first = Math.min(...titles.map((t) => t.firstYear));
  return collection(
    origin,
    urls.topCollection(),
    siteName,
    navDate(`${String(Number.isFinite(first) ? first : new Date().getUTCFullYear()).padStart(4, '0')}-01-01`),
    sorted.map((t) => ({
      id: origin + urls.titleCollection(t.lccn),
      type: 'Collection',
      label: en(t.name),
      navDate: navDate(`${String(t.firstYear).padStart(4, '0')}-01-01`),
      ...thumb(origin, t.thumbPageUid),
    })),
    { summary: en(`${titles.length} newspaper title${titles.length === 1 ? '' : 's'}, by title, year and issue.`) },
  );
}

export function buildTitleCollection(origin: string, title: TitleCount, years: number[]) {
  const sorted = [...years].sort((a, b) => a - b);
  return collection(
    origin,
    urls.titleCollection(title.lccn),
    title.name,
    navDate(`${String(sorted[0] ?? title.firstYear).padStart(4, '0')}-01-01`),
    sorted.map((year) => ({
      id: origin + urls.yearCollection(title.lccn, year),
      type: 'Collection',
      label: en(`${title.name}, ${year}`),
      navDate: navDate(`${String(year).padStart(4, '0')}-01-01`),
    })),
    {
      metadata: [{ label: en('LCCN'), value: en(title.lccn) }],
      ...homepage(origin, titlePath(title.lccn), title.name),
      ...thumb(origin, title.thumbPageUid),
      partOf: [{ id: origin + urls.topCollection(), type: 'Collection' }],
    },
  );
}

export function buildYearCollection(origin: string, title: TitleCount, year: number, issues: TitleIssueRow[]) {
  return collection(
    origin,
    urls.yearCollection(title.lccn, year),
    `${title.name}, ${year}`,
    navDate(`${String(year).padStart(4, '0')}-01-01`),
    issues.map((i) => ({
      id: origin + urls.manifestUrl(i.uid),
      type: 'Manifest',
      label: en(issueLabel({ titleName: title.name, dateIssued: i.dateIssued, edition: i.edition })),
      navDate: navDate(i.dateIssued),
      ...thumb(origin, i.thumbPageUid),
    })),
    {
      ...homepage(origin, titleYearPath(title.lccn, year), `${title.name}, ${year}`),
      partOf: [{ id: origin + urls.titleCollection(title.lccn), type: 'Collection' }],
    },
  );
}
