// The server's search result cache: serialised answers (JSON, a gzip copy, an ETag) keyed by the site and
// the canonical query (contract/search/key.ts), valid for one search version of the archive (the data version
// plus the text version published corrections bump: MetaRepo.searchVersion). The version is
// read from the store on every request (one indexed row), never kept in this process's memory, so an
// ingest, a purge or a site or collection change made through any API server, or by the ingest CLI, makes
// every server's entries stale at once. Bounded in entries and bytes (least recently used go first).
import type { SearchQuery, SearchResponse } from '../../../contract/search/query';
import { canonicalSearchKey } from '../../../contract/search/key';
import { ResponseCache, type CachedResponse } from '../response-cache';
import type { Store } from '../../store';

export interface SearchCacheOptions {
  /** Default 64 MiB: JSON plus its gzip copy. */
  maxBytes?: number;
  /** Default 10,000 answers. */
  maxEntries?: number;
}

export interface CachedSearch extends CachedResponse {
  /** Whether this request was answered from the cache (false: this request ran the search). */
  hit: boolean;
  version: number;
}

export interface SearchCacheStats {
  hits: number;
  misses: number;
  entries: number;
  version: number;
}

type Run = (siteId: number, query: SearchQuery) => Promise<SearchResponse>;

export class SearchResultCache {
  private entries: ResponseCache;
  /** The newest search version seen (data + text version); entries of older versions are dropped when it moves. */
  private version = -1;
  private hits = 0;
  private misses = 0;
  private readonly maxBytes: number;
  private readonly maxEntries: number;

  constructor(
    private readonly store: Store,
    private readonly run: Run,
    opts: SearchCacheOptions = {},
  ) {
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.entries = new ResponseCache(this.maxEntries, this.maxBytes);
  }

  /** The current data version, as the store has it (the caller may need it to resolve the site). */
  dataVersion(): Promise<number> {
    return this.store.meta.dataVersion();
  }

  /** The version answers are kept for: the data version plus the corrections' text version (MetaRepo.searchVersion). */
  searchVersion(): Promise<number> {
    return this.store.meta.searchVersion();
  }

  /** The answer for siteId and query at search version `version` (read it with searchVersion() just before). */
  async answer(siteId: number, query: SearchQuery, version: number): Promise<CachedSearch> {
    if (version > this.version) {
      // Everything cached belongs to an older archive: free it now rather than wait for eviction.
      this.entries = new ResponseCache(this.maxEntries, this.maxBytes);
      this.version = version;
    }
    const key = `${siteId}|${canonicalSearchKey(query)}`;
    let ran = false;
    const res = await this.entries.get(key, version, () => {
      ran = true;
      return this.run(siteId, query);
    });
    if (ran) this.misses++;
    else this.hits++;
    return { ...res, hit: !ran, version };
  }

  stats(): SearchCacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.entries.size, version: this.version };
  }
}
