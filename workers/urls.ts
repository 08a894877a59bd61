// /search URLs for form searches and browse clicks; the query model lives in contract/search-query.ts.
import { buildBrowseParams, buildSearchParams, type BrowseSpec, type SearchQuery } from '../contract/search-query';

export const SEARCH_PATH = '/search';

export const buildSearchUrl = (query: SearchQuery, extra: { publicationId?: number } = {}): string =>
  `${SEARCH_PATH}?${buildSearchParams(query, extra).toString()}`;

export const buildBrowseUrl = (spec: BrowseSpec): string => `${SEARCH_PATH}?${buildBrowseParams(spec).toString()}`;
