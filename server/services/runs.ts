// Reading a title as a run (issue #36): the answers of /Api/Titles, /Api/Issues and /Api/FrontPages from the
// store's run reads, with the links a screen needs. Every answer is for one site: a title outside its
// collection is not found.
import { stat } from 'node:fs/promises';
import { isAbsolute, join, normalize } from 'node:path';
import type { FrontPagesResponse, IssueResponse, RelatedTitle, TitleIssuesResponse, TitleResponse } from '../../contract/runs';
import { issuePdfPath } from '../../contract/runs';
import { buildBrowseParams } from '../../contract/search/build';
import { SEARCH_FEED_PATH } from '../../contract/discovery';
import { notFound } from '../errors';
import type { RunIssue, Store } from '../store/types';
import * as urls from '../presentation/urls';

/** At most this many front pages in one answer (a month and day across a long archive). */
export const FRONT_PAGES_MAX = 400;

const clip = (s: string) => s.slice(0, 100);

/** 'id-12' names a title by the Home API's TitleId (a title tile knows no LCCN); a real LCCN has no hyphen. */
export const TITLE_ID_REF = /^id-(\d{1,9})$/;

export async function titleAnswer(store: Store, siteId: number, asked: string): Promise<TitleResponse> {
  const byId = TITLE_ID_REF.exec(asked);
  const lccn = byId ? ((await store.runs.lccnOf(siteId, Number(byId[1]))) ?? asked) : asked;
  const t = await store.runs.title(siteId, lccn);
  if (!t) throw notFound(`No title '${clip(lccn)}' on this site.`);
  const d = t.details;
  const related = [...(d?.preceding ?? []), ...(d?.succeeding ?? [])].map((r) => r.lccn).filter((l): l is string => !!l);
  const held = await store.runs.heldLccns(siteId, related);
  const withHeld = (list: Omit<RelatedTitle, 'held'>[] = []): RelatedTitle[] => list.map((r) => ({ ...r, held: !!r.lccn && held.has(r.lccn) }));
  const placeFromColumns = [t.place.city, t.place.county, t.place.state, t.place.country].filter(Boolean).join(', ');
  const years = t.coverage.map((c) => c.year);
  const first = years[0];
  const last = years[years.length - 1];
  const search = `/search?${buildBrowseParams({ titleIds: [t.id], start: `01/01/${first ?? t.startYear ?? 1600}`, end: `12/31/${last ?? t.endYear ?? 2100}` })}`;
  const feed = new URLSearchParams({ t: String(t.id) });
  return {
    lccn: t.lccn,
    name: t.name,
    source: t.source,
    hasRecord: t.source === 'marc',
    placeOfPublication: t.placeOfPublication,
    places: d?.places.length ? d.places : placeFromColumns ? [placeFromColumns] : [],
    publisher: t.publisher,
    startYear: t.startYear,
    endYear: t.endYear,
    frequency: t.frequency,
    formerFrequencies: d?.formerFrequencies ?? [],
    languages: d?.languages.length ? d.languages : t.language ? [t.language] : [],
    subjects: d?.subjects ?? [],
    preceding: withHeld(d?.preceding),
    succeeding: withHeld(d?.succeeding),
    oclc: d?.oclc ?? null,
    coverage: t.coverage,
    firstIssue: t.firstIssue,
    lastIssue: t.lastIssue,
    issueCount: t.coverage.reduce((n, c) => n + c.issues, 0),
    pageCount: t.coverage.reduce((n, c) => n + c.pages, 0),
    links: { search, iiifCollection: urls.titleCollection(t.lccn), feed: `${SEARCH_FEED_PATH}?${feed}` },
  };
}

export async function yearAnswer(store: Store, siteId: number, lccn: string, year: number): Promise<TitleIssuesResponse> {
  const y = await store.runs.year(siteId, lccn, year);
  if (!y) throw notFound(`No title '${clip(lccn)}' on this site.`);
  return { lccn: y.lccn, name: y.name, year, issues: y.issues, prevYear: y.prevYear, nextYear: y.nextYear };
}

export async function issueOr404(store: Store, siteId: number, lccn: string, date: string, edition: number): Promise<RunIssue> {
  const issue = await store.runs.issue(siteId, lccn, date, edition);
  if (issue) return issue;
  if (!(await store.runs.year(siteId, lccn, Number(date.slice(0, 4))))) throw notFound(`No title '${clip(lccn)}' on this site.`);
  throw notFound(`No issue of '${clip(lccn)}' dated ${date}${edition === 1 ? '' : `, edition ${edition}`} on this site.`);
}

/** A file under DATA_DIR by a path ingest stored, or null (outside DATA_DIR, missing). */
export function dataFile(dataDir: string, rel: string | null): string | null {
  if (!rel) return null;
  const r = normalize(rel);
  if (isAbsolute(r) || r.startsWith('..')) return null;
  return join(dataDir, r);
}

/** What a page drawn from its image adds when its image file cannot tell (a 1600-pixel JPEG of a printed page). */
const IMAGE_PAGE_BYTES = 400 * 1024;

/** The whole-issue PDF's size, roughly: the pages' PDFs as stored, and for a page drawn from its image, its image file or a typical JPEG. */
async function pdfBytes(dataDir: string, issue: RunIssue): Promise<number | null> {
  const sizes = await Promise.all(
    issue.pages.map(async (p) => {
      const file = dataFile(dataDir, p.pdfPath ?? p.imagePath);
      const info = file ? await stat(file).catch(() => null) : null;
      if (info?.isFile() && (p.pdfPath || info.size < IMAGE_PAGE_BYTES * 4)) return info.size;
      return p.hasImage ? IMAGE_PAGE_BYTES : 0;
    }),
  );
  const total = sizes.reduce((a, b) => a + b, 0);
  return total > 0 ? total : null;
}

export async function issueAnswer(store: Store, dataDir: string, siteId: number, lccn: string, date: string, edition: number): Promise<IssueResponse> {
  const i = await issueOr404(store, siteId, lccn, date, edition);
  return {
    uid: i.uid,
    lccn: i.lccn,
    title: i.title,
    placeOfPublication: i.placeOfPublication,
    date: i.date,
    edition: i.edition,
    volume: i.volume,
    number: i.number,
    pages: i.pages.map((p) => ({
      uid: p.uid,
      sequence: p.sequence,
      number: p.number,
      section: p.section,
      width: p.width,
      height: p.height,
      hasImage: p.hasImage,
      hasPdf: p.hasPdf,
    })),
    editions: i.editions,
    prevIssue: i.prevIssue,
    nextIssue: i.nextIssue,
    pdf: { url: issuePdfPath(i.lccn, i.date, i.edition), bytes: i.pages.some((p) => p.hasPdf || p.hasImage) ? await pdfBytes(dataDir, i) : null },
    manifest: urls.manifestUrl(i.uid),
  };
}

export async function frontPagesAnswer(
  store: Store,
  siteId: number,
  at: { date: string } | { monthDay: string },
  thisYear = new Date().getUTCFullYear(),
): Promise<FrontPagesResponse> {
  const pages = await store.runs.frontPages(siteId, at, FRONT_PAGES_MAX);
  if ('date' in at) return { date: at.date, monthDay: null, pages, hundredYearsAgo: null };
  const century = `${String(thisYear - 100).padStart(4, '0')}-${at.monthDay}`;
  return { date: null, monthDay: at.monthDay, pages, hundredYearsAgo: pages.some((p) => p.date === century) ? century : null };
}
