// The offline database's record shapes and schema, declared once per version (dexie's pattern):
// v1 (first release) kept titles and decades with the decade's years as the API's comma string.
// v2 adds the letter and order of titles, splits a decade's years into a list (a reshape: upgradeToV2),
// adds the place tables and one 'home' record per site for the rest of the getDetail answer.
// v3 stores titles in chunks of TITLE_CHUNK (one record each): writing 150,000 title rows one by one
// held the main thread for seconds (an IndexedDB request and four index entries per row); 150 chunk
// records take a fraction of that (bench/offline-titles.ts). v4 drops the per-row table once v3 copied it.
// Every key starts with the site origin, so two sites never share a record.
// Realm-neutral (no DOM): the page (src/shared/db), the service worker (sw/) and the Comlink worker
// (workers/device-pages.ts, which reads the seen table with plain IndexedDB) all take the names from here.
// A version, once released, never changes (tests/unit/offline/db-schema.test.ts pins them): a new one is added.
import type { Transaction } from 'dexie';
import type { ContentDetails, HomeDetail } from '../contract/api';
import { initialLetter } from '../contract/fold';
import type { PageLinesResponse } from '../contract/corrections';
import type { SearchResponse } from '../contract/search/query';
import type { PageHit, ViewerPageResponse } from '../contract/viewer';

export const DB_NAME = 'newspaper-archive';

/** The table of what the visitor has seen (v5), and its index by site and kind. */
export const SEEN_TABLE = 'seen';
export const SEEN_BY_KIND = '[site+kind]';

export const SCHEMA_V1 = {
  titles: '[site+TitleId], site',
  decades: '[site+Decade], site',
};

export const SCHEMA_V2 = {
  titles: '[site+TitleId], site, [site+order], [site+letter]',
  decades: '[site+Decade], site, [site+order]',
  countries: '[site+CountryId], site',
  states: '[site+StateId], site, [site+CountryId]',
  cities: '[site+CityId], site, [site+StateId]',
  publications: '[site+PublicationId], site, [site+CityId]',
  home: 'site',
};

export const SCHEMA_V3 = { ...SCHEMA_V2, titleChunks: '[site+chunk], site' };
export const SCHEMA_V4 = { ...SCHEMA_V3, titles: null };
/** v5 adds what the visitor has seen (seen-store.ts): one table, least recently used evicted first. */
export const SCHEMA_V5 = { ...SCHEMA_V4, seen: `[site+kind+key], ${SEEN_BY_KIND}, usedAt, pinned` };
/** v6 adds the outbox (device-db/outbox.ts): writes made offline, keyed by the id the app made for them. */
export const SCHEMA_V6 = { ...SCHEMA_V5, outbox: 'clientId, site, createdAt' };
/**
 * v7 adds the visitor's research lists (device-db/lists.ts, issue #38): lists per site, and their items
 * (one record per item and list: an item in two lists is two records, each with its own note and place).
 */
export const SCHEMA_V7 = { ...SCHEMA_V6, lists: 'id, site', listItems: 'id, listId, site' };
/**
 * v8 indexes list items by their place in their list and by what they are on a site, so adding one to a
 * list of thousands and "which lists hold this page" read a few records instead of every item (with its
 * page text) of the list or the site. Only indexes: IndexedDB builds them from the records, nothing moves.
 */
export const SCHEMA_V8 = { ...SCHEMA_V7, listItems: 'id, listId, site, [listId+order], [site+kind+ref]' };
/**
 * v9 keeps each list's item count and bytes on the list record (upgradeToV9 counts the lists already on the
 * device), so /lists shows its lists without reading every item with its page text. No index changes.
 */
export const SCHEMA_V9 = SCHEMA_V8;

/** Titles per chunk record. */
export const TITLE_CHUNK = 1000;

/** Common to every record: the site's origin and when the server's answer was received (ms). */
export interface Stamped {
  site: string;
  fetchedAt: number;
}

export interface TitleRecord extends Stamped {
  TitleId: number;
  title: string;
  YearRange: string;
  count: number;
  ThumbImagePath: string;
  /** v2: upper-case initial ('#' for others) and the server's order. */
  letter: string;
  order: number;
}

/** A title inside a chunk: the chunk carries the site and fetchedAt. */
export type ChunkTitle = Omit<TitleRecord, 'site' | 'fetchedAt'>;

/** v3: TITLE_CHUNK titles of one site, in the server's order (chunk 0 first). */
export interface TitleChunkRecord extends Stamped {
  chunk: number;
  titles: ChunkTitle[];
}

/** Cuts a site's titles (in order) into chunk records. */
export function toTitleChunks(site: string, fetchedAt: number, titles: ChunkTitle[]): TitleChunkRecord[] {
  const chunks: TitleChunkRecord[] = [];
  for (let i = 0; i < titles.length; i += TITLE_CHUNK) chunks.push({ site, fetchedAt, chunk: i / TITLE_CHUNK, titles: titles.slice(i, i + TITLE_CHUNK) });
  return chunks;
}

export interface DecadeRecord extends Stamped {
  /** The decade id as the API gave it (may carry a '-' suffix). */
  Decade: string;
  start: number;
  count: number;
  /** v1 stored the API's comma list; v2 keeps it and the parsed list. */
  Years: string;
  years: number[];
  order: number;
}

/**
 * What a seen record holds: a search answer, a viewer page's data, the tile ledger of a page, an issue the
 * visitor saved for offline (offline part 2; its pages are 'page' records, pinned), or the archive's OCR
 * confusions (key 'confusions', pinned: the offline search's OCR distance, src/shared/data/ocr-confusions.ts), or a
 * run page's answer (a title, a year's calendar, an issue page: src/run/run-data.ts, key = its API path).
 */
export type SeenKind = 'search' | 'page' | 'tiles' | 'issue' | 'ocr' | 'run';

/**
 * The value of an 'issue' record (key = the issue uid, pinned): an issue saved for offline on purpose.
 * 'saving' until every page (data and tiles, PDFs if asked) is on the device: a half-saved issue is never
 * shown as saved. Its pages are pinned 'page' records (and their 'tiles' ledgers) under their page uids.
 */
export interface SavedIssue {
  issueUid: string;
  state: 'saving' | 'saved';
  /** Every page uid of the issue, in page order. */
  pages: string[];
  /** The page uids fully on the device so far (a resumed save starts after these). */
  done: string[];
  /** Whether the page PDFs were asked for too. */
  withPdfs: boolean;
  /** The estimate shown before the save started, and the bytes kept so far (data, tiles and PDFs). */
  estimatedBytes: number;
  bytes: number;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  /** The viewer address of the issue's first page. */
  href: string;
}

/** The value of a 'page' record (key = the page uid): a viewer page's data and its hits (src/viewer/common/seen-page.ts). */
export interface SeenPage {
  /** null while only hits are known (the hits' answer came before the page's). */
  page: ViewerPageResponse | null;
  /** Hits per search: key = hitsKey(the viewer URL's search parameters). */
  hits: Record<string, PageHit[]>;
  /** The page's OCR lines as the correction editor last read them (so it can open offline). */
  lines?: PageLinesResponse;
}

/** The value of a 'search' record (key = canonicalSearchKey): a search answer as seen (src/search/seen-searches.ts). */
export interface SeenSearch {
  /** The /search query string as it was opened (without '?'). */
  query: string;
  response: SearchResponse;
  /**
   * The pages "Save these results for offline" kept with this answer (src/shared/save/results-save.ts):
   * removing a saved issue leaves them, since the saved search still needs them.
   */
  savedPages?: string[];
}

/** v5: one thing the visitor has seen, per site (seen-store.ts). */
export interface SeenRecord<T = unknown> {
  site: string;
  kind: SeenKind;
  /** search: canonicalSearchKey (contract/search/key.ts); page: the page uid; tiles: the page uid. */
  key: string;
  value: T;
  /** What this record counts against SEEN_MAX_BYTES. */
  bytes: number;
  /** When the answer came from the server (ms). */
  savedAt: number;
  /** When it was last read or written (ms): the least recently used go first. */
  usedAt: number;
  /** 1: saved on purpose (offline part 2), never evicted automatically. IndexedDB cannot index booleans. */
  pinned: 0 | 1;
  /** How lists of recently seen things name it (optional: lists fall back to what the value holds). */
  label?: string;
  /** The app address that opens it again (optional). */
  href?: string;
}

/**
 * What an outbox item sends: a clip (POST Viewer/Clip), a Contact Us message (POST Site/Contact), a
 * correction of an OCR line (POST Viewer/Page/{pageUid}/Corrections; the body carries pageUid) or a shared
 * research list's snapshot (POST Lists/Shared, issue #38; device-db/lists-share.ts).
 */
export type OutboxKind = 'clip' | 'message' | 'correction' | 'list-share';

/**
 * pending: waiting for the network; sending: claimed by one flush (page or service worker) right now;
 * sent: the server stored it (result holds its answer); failed: the server refused it (lastError says why).
 */
export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed';

/** v6: one write made on this device, kept until the server has it (device-db/outbox.ts). */
export interface OutboxRecord<B = unknown, R = unknown> {
  /** A UUID made by the app; the server stores one clip or message per clientId, so a repeat is harmless. */
  clientId: string;
  site: string;
  kind: OutboxKind;
  /** The request body as the endpoint takes it (clientId included). */
  body: B;
  createdAt: number;
  state: OutboxState;
  /** How many times a flush claimed it. */
  attempts: number;
  /** When the current claim was made (ms): a claim left by a flush that died is taken over after a while. */
  claimedAt: number | null;
  lastError: string | null;
  /** The HTTP status of the last refusal (409: a correction's line changed meanwhile); absent on older records. */
  lastStatus?: number | null;
  sentAt: number | null;
  /** The server's answer once sent (a ClipResponse with its share link, or { id, ok }). */
  result: R | null;
  /**
   * Set when a kiosk forgot the visitor who made it while it still waited (not indexed): it is still sent,
   * never lost, but no longer listed for the next visitor.
   */
  hidden?: boolean;
}

/** What a list item is: a viewer page, a clipping (a region of a page) or a search. */
export type ListItemKind = 'page' | 'clip' | 'search';

/** v7: a list the visitor named, on one site. */
export interface ListRecord {
  /** A UUID made on the device. */
  id: string;
  site: string;
  name: string;
  /** Plain text, kept exactly as typed. */
  description: string;
  createdAt: number;
  updatedAt: number;
  /**
   * v9: how many items the list holds and the bytes they take (listItemBytes), kept by every write that adds,
   * removes or changes an item in the same transaction, so the lists are shown without reading their items.
   */
  count: number;
  bytes: number;
  /** Set once the visitor shared the list (not indexed, so no new schema version: v7 records simply lack it). */
  share?: ListShare;
}

/**
 * A list's share on the server (device-db/lists-share.ts): waiting in the outbox (its clientId), then shared
 * with the server's id, links and the secret delete token that withdraws it, or refused with the reason.
 */
export interface ListShare {
  clientId: string;
  includeNotes: boolean;
  requestedAt: number;
  state: 'waiting' | 'shared' | 'failed';
  id?: string;
  url?: string;
  collection?: string;
  /** Secret: only this device can withdraw the list. */
  deleteToken?: string;
  sharedAt?: number;
  error?: string;
}

/** A region of a page image in image pixels. */
export interface ListRegion {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * v7: one item of one list, with what it needs to be shown offline (the page it names may have been evicted
 * or never read on this device: the item carries its own title, date, snippet and text).
 */
export interface ListItemRecord {
  id: string;
  listId: string;
  site: string;
  kind: ListItemKind;
  /** page: the page uid; clip: the clip's id (or the page uid and region while unsent); search: the query string. */
  ref: string;
  /** Position in the list: items are shown by ascending order. */
  order: number;
  title: string;
  /** YYYY-MM-DD, or '' for a search. */
  date: string;
  /** How the page is named ('Page 3'), or ''. */
  page: string;
  /** Site-relative image address, or ''. */
  thumbnail: string;
  /** Plain text (a result's snippet without its marks), or ''. */
  snippet: string;
  region: ListRegion | null;
  /** The app address that opens it again (site-relative). */
  href: string;
  /** A page's plain text (searched on the device with the notes), or ''. */
  text: string;
  /**
   * A region note's IIIF canvas (site-relative id): its note exports as a W3C Web Annotation on
   * `canvas#xywh=region`. Absent for items without a region or made where the canvas was not known.
   */
  canvas?: string;
  /** The visitor's note: plain text, kept exactly as typed. */
  note: string;
  tags: string[];
  addedAt: number;
  updatedAt: number;
}

export interface CountryRecord extends Stamped {
  CountryId: number;
  CountryName: string;
}
export interface StateRecord extends Stamped {
  StateId: number;
  StateName: string;
  CountryId: number;
}
export interface CityRecord extends Stamped {
  CityId: number;
  CityName: string;
  StateId: number;
}
export interface PublicationRecord extends Stamped {
  PublicationId: number;
  PublicationName: string;
  CityId: number;
}

/** The parts of getDetail that are not lists: bounds, counts, flags, content blocks. */
export interface HomeRecord extends Stamped {
  MinDate: number;
  MaxDate: number;
  fullMinDate: number;
  fullMaxDate: number;
  DomainUrl: string;
  CollectionIds: string;
  objeWbSite: HomeDetail['objeWbSite'];
  solrtype: string;
  /** Which list the titles came from (spec 3.6: solrtype '4' uses the first). */
  titleList: 'YearRangeWithTitleandCountList' | 'YearRangeWithTitlecountSolr7Sametitle';
  ContentDetails: ContentDetails;
  AdHomeLeftContent: string;
  HomePageTitleCount: number;
  HomePageDecadeCount: number;
  /** The answer's ETag: an identical answer (same ETag) is not written again. Not indexed. */
  etag?: string | null;
}

export const parseYears = (years: string, decadeStart: number): number[] =>
  [
    ...new Set(
      String(years ?? '')
        .split(',')
        .map((y) => Number(y.trim()))
        .filter((y) => Number.isInteger(y) && y >= decadeStart && y <= decadeStart + 9),
    ),
  ].sort((a, b) => a - b);

/** v1 -> v2: titles get their letter and order, decades their parsed year list; nothing is lost. */
export async function upgradeToV2(tx: Transaction): Promise<void> {
  let order = 0;
  await tx
    .table('titles')
    .toCollection()
    .modify((t: Partial<TitleRecord> & { title: string }) => {
      t.letter = initialLetter(t.title);
      t.order = order++;
    });
  let dOrder = 0;
  await tx
    .table('decades')
    .toCollection()
    .modify((d: Partial<DecadeRecord> & { Decade: string; Years: string }) => {
      d.start = Number(String(d.Decade).split('-')[0]);
      d.years = parseYears(d.Years, d.start);
      d.order = dOrder++;
    });
}

/** v2 -> v3: each site's title rows, in order, become chunk records (v4 then drops the rows); nothing is lost. */
export async function upgradeToV3(tx: Transaction): Promise<void> {
  const rows = (await tx.table('titles').toArray()) as TitleRecord[];
  const bySite = new Map<string, TitleRecord[]>();
  for (const r of rows) (bySite.get(r.site) ?? bySite.set(r.site, []).get(r.site)!).push(r);
  for (const [site, list] of bySite) {
    list.sort((a, b) => a.order - b.order);
    const fetchedAt = Math.max(...list.map((t) => t.fetchedAt));
    await tx.table('titleChunks').bulkPut(
      toTitleChunks(
        site,
        fetchedAt,
        list.map(({ site: _s, fetchedAt: _f, ...t }) => t),
      ),
    );
  }
}

/**
 * The bytes a list item takes on the device (UTF-16 string lengths are close enough to what IndexedDB
 * stores). Its place in the list is left out: a reorder changes no list's size.
 */
export const listItemBytes = (item: ListItemRecord): number => JSON.stringify({ ...item, order: 0 }).length * 2;

/** v8 -> v9: each list gets the count and bytes of its items, counted once from the items. */
export async function upgradeToV9(tx: Transaction): Promise<void> {
  const stats = new Map<string, { count: number; bytes: number }>();
  await tx
    .table('listItems')
    .toCollection()
    .each((item: ListItemRecord) => {
      const s = stats.get(item.listId) ?? { count: 0, bytes: 0 };
      s.count++;
      s.bytes += listItemBytes(item);
      stats.set(item.listId, s);
    });
  await tx
    .table('lists')
    .toCollection()
    .modify((list: ListRecord) => {
      list.count = stats.get(list.id)?.count ?? 0;
      list.bytes = stats.get(list.id)?.bytes ?? 0;
    });
}
