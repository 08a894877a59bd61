// Reading a title as a run (issue #36): a title's record and coverage, a year of its issues, one issue with
// its pages, and the front pages of a day across the site's titles. Every read is per site: a title outside
// the site's collection is not found.
import type { CalendarIssue, FrontPage, IssuePage, IssueRef, TitleDetails, YearCoverage } from '../../../contract/runs';

export interface RunTitleRow {
  id: number;
  lccn: string;
  name: string;
  source: string;
  placeOfPublication: string | null;
  publisher: string | null;
  startYear: number | null;
  endYear: number | null;
  language: string | null;
  frequency: string | null;
  details: TitleDetails | null;
  /** City, state and country of the title's place in the places list. */
  place: { city: string | null; county: string | null; state: string | null; country: string | null };
  coverage: YearCoverage[];
  firstIssue: IssueRef | null;
  lastIssue: IssueRef | null;
}

export interface RunYear {
  lccn: string;
  name: string;
  issues: CalendarIssue[];
  prevYear: number | null;
  nextYear: number | null;
}

export interface RunIssuePage extends IssuePage {
  pdfPath: string | null;
  imagePath: string | null;
}

export interface RunIssue {
  uid: string;
  lccn: string;
  title: string;
  placeOfPublication: string | null;
  date: string;
  edition: number;
  volume: string | null;
  number: string | null;
  pages: RunIssuePage[];
  editions: number[];
  prevIssue: IssueRef | null;
  nextIssue: IssueRef | null;
}

export interface RunsRepo {
  /** The title with its coverage per year, or null when unknown or outside the site. */
  title(siteId: number, lccn: string): Promise<RunTitleRow | null>;
  /** The LCCN of a title by its id (the Home API's TitleId), when the site shows it. */
  lccnOf(siteId: number, titleId: number): Promise<string | null>;
  /** Of these LCCNs, the ones the site holds (for linking earlier and later titles). */
  heldLccns(siteId: number, lccns: string[]): Promise<Set<string>>;
  /** A year of the title's issues (one query for the year's issues), or null when the title is not the site's. */
  year(siteId: number, lccn: string, year: number): Promise<RunYear | null>;
  issue(siteId: number, lccn: string, date: string, edition: number): Promise<RunIssue | null>;
  /** The first page of every issue of one day (date) or of one month and day across years (monthDay), at most `limit`. */
  frontPages(siteId: number, at: { date: string } | { monthDay: string }, limit: number): Promise<FrontPage[]>;
}
