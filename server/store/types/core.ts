// The store is split into repositories, one per concern, each with an interface here and an engine
// implementation under server/store/sqlite/ (and server/store/postgres/ for scale-out). Every method
// is async so both engines satisfy the same interface.

import type { AdminSite } from '../../../contract/admin';
export type SiteSection =
  | 'settings' // SiteSettings scalars: logos, texts, flags, theme, GACode, social links
  | 'menus' // { header: MenuItem[], footer: FooterMenuItem[], footerSub: FooterMenuItem[] }
  | 'home' // HomePageSetModel fields
  | 'banner' // WebBannerModel fields + ContentMore
  | 'pageContent' // ContentDetails fields
  | 'ads' // { AdHomeLeftContent, AdHomeRightContent }
  | 'pwa' // PwaSettings or null
  | 'policies' // Record<PolicySlug, html>
  | 'kiosk'; // KioskSection: { enabled, idleSeconds, featuredIssueIds }

/** The row is the admin API's answer (contract/admin.ts). */
export type SiteRow = AdminSite;

export interface SitesRepo {
  /** The site whose origin matches (lower-cased, no trailing slash), or null. */
  findByOrigin(origin: string): Promise<SiteRow | null>;
  getDefault(): Promise<SiteRow>;
  get(id: number): Promise<SiteRow | null>;
  list(): Promise<SiteRow[]>;
  create(input: { slug: string; name: string; isDefault?: boolean; origins: string[] }): Promise<SiteRow>;
  update(id: number, input: { slug?: string; name?: string; isDefault?: boolean; origins?: string[] }): Promise<SiteRow>;
  remove(id: number): Promise<void>;
  getSections(siteId: number): Promise<Partial<Record<SiteSection, unknown>>>;
  putSection(siteId: number, section: SiteSection, data: unknown): Promise<void>;
  /** Title ids the site shows; empty = every title. */
  getTitleIds(siteId: number): Promise<number[]>;
  setTitleIds(siteId: number, titleIds: number[]): Promise<void>;
}

export interface TitleCount {
  id: number;
  lccn: string;
  name: string;
  startYear: number | null;
  endYear: number | null;
  cityId: number | null;
  pages: number;
  firstYear: number; // of its pages in the filter
  lastYear: number;
  thumbPageUid: string | null; // first page of the earliest issue
}

export interface YearCount {
  year: number;
  pages: number;
}

export interface PlaceRows {
  countries: { id: number; name: string }[];
  states: { id: number; countryId: number; name: string }[];
  cities: { id: number; stateId: number; name: string }[];
  publications: { id: number; cityId: number; name: string }[];
}

export interface BrowseFilter {
  /** Restrict to these titles (already intersected with the site's collection by the caller or not). */
  titleIds?: number[];
  /** Restrict to pages whose decade is one of these (decade start years). */
  decades?: number[];
}

export interface BrowseRepo {
  /** Pages per title within the site's collection and the filter; titles with 0 pages are left out. */
  titleCounts(siteId: number, filter?: BrowseFilter): Promise<TitleCount[]>;
  /** Pages per year within the site's collection and the filter. */
  yearCounts(siteId: number, filter?: BrowseFilter): Promise<YearCount[]>;
  /** Countries, states, cities and publications (titles) of the site's collection. */
  places(siteId: number): Promise<PlaceRows>;
}

export interface MetaRepo {
  /** A number bumped whenever content or configuration changes; response caches key on it. */
  dataVersion(): Promise<number>;
  bumpDataVersion(): Promise<number>;
  /**
   * What answers that show page text key on (search answers and counts): the data version plus a text
   * version that published corrections bump instead of the data version (issue #23), so a correction
   * drops cached searches but not Home, discovery or site answers. A sum of two counters that only grow:
   * it changes whenever either changes.
   */
  searchVersion(): Promise<number>;
  bumpTextVersion(): Promise<number>;
}

export interface ContactRepo {
  /** Stores a message and returns its id; with a clientId already stored, stores nothing and returns that message's id. */
  add(msg: { siteId: number | null; name: string; email: string; subject: string; message: string; clientId?: string | null }): Promise<number>;
  list(
    limit?: number,
  ): Promise<{ id: number; siteId: number | null; name: string; email: string; subject: string; message: string; createdAt: string; readAt: string | null }[]>;
  markRead(id: number): Promise<void>;
}
