// Reading a newspaper as a run (issue #36): a title's page, its year calendars, an issue's page and the
// front pages of a day. The API's answers (/Api/Titles, /Api/Issues, /Api/FrontPages) and the screens'
// addresses, shared by the server, the app and the service worker.

/** A title named in another's record (MARC 780/785): linked when this archive holds it on this site. */
export interface RelatedTitle {
  name: string;
  lccn: string | null;
  oclc: string | null;
  /** How the record relates them ("Continues", "Absorbed", "Continued by"...). */
  relation: string;
  held: boolean;
}

/** What a title's MARC record says beyond the columns ingest always kept. */
export interface TitleDetails {
  /** Earlier frequencies (321), each with its dates when the record gives them. */
  formerFrequencies: string[];
  /** Subject headings (650, 651), subdivisions joined with ' -- '. */
  subjects: string[];
  preceding: Omit<RelatedTitle, 'held'>[];
  succeeding: Omit<RelatedTitle, 'held'>[];
  /** OCLC number (035 '(OCoLC)'). */
  oclc: string | null;
  /** Language codes (008/35-37 and 041 $a), first the main one. */
  languages: string[];
  /** Every place the record names (752), as 'City, County, State, Country'. */
  places: string[];
}

export interface YearCoverage {
  year: number;
  issues: number;
  pages: number;
}

export interface TitleResponse {
  lccn: string;
  name: string;
  /** Where the record came from: 'marc' (a catalogue record), else what ingest knew ('lccn-only', 'demo'). */
  source: string;
  /** Whether the title has a MARC record (false: only what the batches told). */
  hasRecord: boolean;
  placeOfPublication: string | null;
  places: string[];
  publisher: string | null;
  /** Years published (the catalogue's), null when unknown. */
  startYear: number | null;
  endYear: number | null;
  frequency: string | null;
  formerFrequencies: string[];
  languages: string[];
  subjects: string[];
  preceding: RelatedTitle[];
  succeeding: RelatedTitle[];
  oclc: string | null;
  /** Issues and pages held per year, years with none left out. */
  coverage: YearCoverage[];
  firstIssue: IssueRef | null;
  lastIssue: IssueRef | null;
  issueCount: number;
  pageCount: number;
  links: { search: string; iiifCollection: string; feed: string };
}

export interface IssueRef {
  date: string; // YYYY-MM-DD
  edition: number;
}

export interface CalendarIssue extends IssueRef {
  pages: number;
}

export interface TitleIssuesResponse {
  lccn: string;
  name: string;
  year: number;
  /** In date then edition order. */
  issues: CalendarIssue[];
  prevYear: number | null;
  nextYear: number | null;
}

export interface IssuePage {
  uid: string;
  sequence: number;
  number: string | null;
  /** The page's section as the issue's METS names it ("Section B", "Sporting"); null when it names none. */
  section: string | null;
  width: number | null;
  height: number | null;
  hasImage: boolean;
  hasPdf: boolean;
}

export interface IssueResponse {
  uid: string;
  lccn: string;
  title: string;
  placeOfPublication: string | null;
  date: string;
  edition: number;
  volume: string | null;
  number: string | null;
  pages: IssuePage[];
  /** Other editions of the same day. */
  editions: number[];
  prevIssue: IssueRef | null;
  nextIssue: IssueRef | null;
  pdf: { url: string; /** Approximate size in bytes (the pages' files), null when unknown. */ bytes: number | null };
  manifest: string;
}

export interface FrontPage {
  lccn: string;
  title: string;
  placeOfPublication: string | null;
  date: string;
  edition: number;
  pageUid: string;
  pages: number;
  hasImage: boolean;
}

export interface FrontPagesResponse {
  /** The day asked for (date) or the month and day across years (monthDay). */
  date: string | null;
  monthDay: string | null;
  /** In date order, then title. */
  pages: FrontPage[];
  /** The same month and day a hundred years before `today` is held (monthDay asks only). */
  hundredYearsAgo: string | null;
}

/** Dates are ISO days; the routes' paths are lower-case like the spec's. */
export const titlePath = (lccn: string) => `/title/${encodeURIComponent(lccn)}`;
export const titleYearPath = (lccn: string, year: number) => `${titlePath(lccn)}/${year}`;
export const issuePath = (lccn: string, date: string, edition: number) => `/issue/${encodeURIComponent(lccn)}/${date}/ed-${edition}`;
export const frontPagesPath = (date: string) => `/frontpages/${date}`;
export const issuePdfPath = (lccn: string, date: string, edition: number) => `/Api/Files/issue/${encodeURIComponent(lccn)}/${date}/${edition}/pdf`;

/** The API path of an issue's page (under /Api/), also the key its answer is kept under on the device. */
export const issueApiPath = (lccn: string, date: string, edition: number) => `Issues/${encodeURIComponent(lccn)}/${encodeURIComponent(date)}/${edition}`;

/** An issue uid '{lccn}-{YYYY-MM-DD}-ed{n}' as its parts, or null. */
export function parseIssueUid(uid: string): { lccn: string; date: string; edition: number } | null {
  const m = /^(.+)-(\d{4}-\d{2}-\d{2})-ed(\d+)$/.exec(uid);
  return m ? { lccn: m[1], date: m[2], edition: Number(m[3]) } : null;
}

/** A real calendar day YYYY-MM-DD (no 1887-02-30). */
export function isIsoDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

/** Days in a month of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  return [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** MM-DD of a real day of some year (02-29 included). */
export const isMonthDay = (s: string) => /^\d{2}-\d{2}$/.test(s) && isIsoDay(`2000-${s}`);
