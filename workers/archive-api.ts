// The worker's API as a plain object: the worker entry exposes it with Comlink, the main-thread fallback
// calls it directly, and tests import it without a Worker. Its type is the contract (squoosh pattern).
import { buildLetterIndex } from './letter-index';
import { groupMatches, titleGroupNumbers, type TitleGroups } from './title-groups';
import { buildTitleIndex, filterTitles, type FilterResult, type TitleIndex, type TitleLike } from './title-filter';
import { decadeYearRanges, deriveDecadeRange, fullRange, yearRange } from './dates';
import { applyBrowseUrl, formSearchUrl, homeLinks, queryUrl } from './search-links';
import { canonicalSearchKey } from '../contract/search/key';
import { parseSearchParams, type SearchResponse } from '../contract/search/query';
import { indexPages, searchIndex, trendIndex, type DeviceIndex } from './offline-search';
import { parseTrendOptions, searchParamsOf, type TrendResponse } from '../contract/search/research';
import type { Confusion } from '../contract/search/ocr-distance';
import { devicePageKeys, devicePages } from './device-pages';
import type { ListTarget, TilesVia } from './list-writes';
import type { ListItemInput } from '../device-db/lists';

const MAX_INDEXES = 4;

export function createArchiveApi() {
  // Title lists are sent once per list (key = site + fetchedAt); keystrokes then send only the query.
  const indexes = new Map<string, { index: TitleIndex; last?: FilterResult; groupOf?: Uint8Array; titles: TitleLike[] }>();
  const entryOf = (key: string) => {
    const entry = indexes.get(key);
    if (!entry) throw new Error(`No title index '${key}': call indexTitles first.`);
    return entry;
  };

  // The index of the pages kept on the device, built once per set of pages (site + their uids).
  let device: { key: string; index: DeviceIndex } | null = null;
  const deviceIndex = async (site: string): Promise<DeviceIndex> => {
    const key = `${site}\u0000${(await devicePageKeys(site)).join('\u0000')}`;
    if (device?.key !== key) device = { key, index: indexPages(await devicePages(site)) };
    return device.index;
  };

  return {
    /**
     * Searches the viewer pages kept on this device for `site` with a /search query string (offline search,
     * workers/offline-search.ts). `pages` is how many pages were searched.
     */
    async searchDevicePages(
      site: string,
      query: string,
      titleNames: Record<number, string> = {},
      confusions?: Confusion[],
    ): Promise<{ pages: number; response: SearchResponse }> {
      const index = await deviceIndex(site);
      return { pages: index.pages.length, response: searchIndex(index, parseSearchParams(query), { titleNames, confusions }) };
    },
    /** The trend of a /Api/Search/Trend query string over the pages kept on this device (issue #37). */
    async trendDevicePages(
      site: string,
      query: string,
      titleNames: Record<number, string> = {},
      confusions?: Confusion[],
    ): Promise<{ pages: number; trend: TrendResponse }> {
      const index = await deviceIndex(site);
      const params = new URLSearchParams(query);
      const trend = trendIndex(index, parseSearchParams(searchParamsOf(params)), parseTrendOptions(params), { titleNames, confusions });
      return { pages: index.pages.length, trend };
    },
    /** Indexes a title list under `key`; returns its size. */
    indexTitles(key: string, titles: TitleLike[]): number {
      indexes.delete(key);
      indexes.set(key, { index: buildTitleIndex(titles), titles });
      while (indexes.size > MAX_INDEXES) indexes.delete(indexes.keys().next().value as string);
      return titles.length;
    },
    /** Positions of titles matching `query` in the list indexed under `key`. */
    filterTitles(key: string, query: string): Int32Array {
      const entry = entryOf(key);
      entry.last = filterTitles(entry.index, query, entry.last);
      return entry.last.matches;
    },
    /** Matching titles grouped under A-Z then '#', as rows for a virtual list. */
    groupTitles(key: string, query: string): TitleGroups {
      const entry = entryOf(key);
      entry.groupOf ??= titleGroupNumbers(entry.titles);
      entry.last = filterTitles(entry.index, query, entry.last);
      return groupMatches(entry.groupOf, entry.last.matches);
    },
    hasIndex: (key: string): boolean => indexes.has(key),
    buildLetterIndex,
    deriveDecadeRange,
    decadeYearRanges,
    yearRange,
    fullRange,
    homeLinks,
    formSearchUrl,
    applyBrowseUrl,
    queryUrl,
    /**
     * "Add to list": the item into its list (an existing one, or a new one of that name), and a page kept for
     * offline for a screen of `screen` device pixels (workers/list-writes.ts, loaded on the first add: Dexie
     * and the saver are not in the worker's first download).
     */
    async addListItem(site: string, target: ListTarget, input: ListItemInput, screen: { width: number; height: number }, tilesVia?: TilesVia) {
      return (await import('./list-writes')).addListItem(site, target, input, screen, tilesVia);
    },
    /** The canonical key of a /search query string (contract/search-key.ts). */
    searchKey: (query: string): string => canonicalSearchKey(query),
  };
}

export type ArchiveApi = ReturnType<typeof createArchiveApi>;
