// Reading the archive for crawlers and feeds: sitemap chunks walked by key (never the whole table in
// memory), the ingest time of pages, and page texts holding a word prefix (search suggestions).

export type SitemapKind = 'titles' | 'years' | 'issues' | 'pages';

/** One sitemap file: the rows with key > afterId, at most `size` of them; lastmod = newest ingest among them. */
export interface SitemapChunk {
  afterId: number;
  count: number;
  lastmod: string | null;
}

export interface SitemapEntry {
  id: number;
  /** Title LCCN (titles), 'lccn/year' (years), issue uid (issues) or page uid (pages). */
  key: string;
  /** ISO time the row's batch was loaded (titles: their newest issue's batch). */
  lastmod: string | null;
}

export interface DiscoveryRepo {
  /** The files of one kind for a collection (empty titleIds = every title), found by keyset steps of `size`. */
  sitemapChunks(kind: SitemapKind, titleIds: number[], size: number): Promise<SitemapChunk[]>;
  /** One file's rows: key > afterId, in key order, at most `limit`. */
  sitemapEntries(kind: SitemapKind, titleIds: number[], afterId: number, limit: number): Promise<SitemapEntry[]>;
  /** When each page's batch was loaded (unknown uids are left out). */
  pagesLastmod(uids: string[]): Promise<Map<string, string>>;
  /** Search text of up to `limit` pages holding a word that starts with `prefix` (already folded). */
  textsWithPrefix(prefix: string, titleIds: number[], limit: number): Promise<string[]>;
}
