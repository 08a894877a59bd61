// sitemap.xml for crawlers: a sitemap index (sitemaps.org 0.9) at /sitemap.xml listing one file of the
// site's static routes and files of its titles, their years, issues and pages of at most `maxUrls` URLs each. Files are
// named by the key they start after (/sitemaps/pages-0.xml, /sitemaps/pages-81234.xml), found by keyset
// steps through the store, so neither the index nor a file ever holds more than one chunk of rows.
import { ROUTES } from '../../contract/routes';
import type { Store } from '../store';
import type { SiteRow, SitemapKind } from '../store/types';
import * as urls from '../presentation/urls';
import { issuePath, parseIssueUid, titlePath, titleYearPath } from '../../contract/runs';

/** An issue's page from its uid; the universal viewer for a uid of another form. */
const issueEntry = (uid: string) => {
  const i = parseIssueUid(uid);
  return i ? issuePath(i.lccn, i.date, i.edition) : `/universalviewer?issue=${encodeURIComponent(uid)}`;
};

/** The protocol's limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_KINDS: SitemapKind[] = ['titles', 'years', 'issues', 'pages'];

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
/** W3C datetime as sitemaps want it; the stored ISO times already are one. */
const lastmodTag = (iso: string | null | undefined) => (iso ? `<lastmod>${xmlEscape(iso)}</lastmod>` : '');

/** Where a row of each kind opens in the app. */
const entryPath: Record<SitemapKind, (key: string) => string> = {
  // The run's pages (issue #36): a title's page links its years' calendars, which link its issues.
  titles: (lccn) => titlePath(lccn),
  years: (key) => {
    const cut = key.lastIndexOf('/');
    return titleYearPath(key.slice(0, cut), Number(key.slice(cut + 1)));
  },
  issues: issueEntry,
  pages: (uid) => urls.viewerPage(uid),
};

export const fileName = (kind: SitemapKind | 'static', afterId = 0) => (kind === 'static' ? 'static.xml' : `${kind}-${afterId}.xml`);

/** The index: the static file first, then each kind's chunks with the newest ingest time in it. */
export async function buildSitemapIndex(store: Store, site: SiteRow, origin: string, maxUrls = SITEMAP_MAX_URLS): Promise<string> {
  const titleIds = await store.sites.getTitleIds(site.id);
  const entries = [`  <sitemap><loc>${xmlEscape(`${origin}/sitemaps/${fileName('static')}`)}</loc>${lastmodTag(site.updatedAt)}</sitemap>`];
  for (const kind of SITEMAP_KINDS) {
    for (const chunk of await store.discovery.sitemapChunks(kind, titleIds, maxUrls)) {
      entries.push(`  <sitemap><loc>${xmlEscape(`${origin}/sitemaps/${fileName(kind, chunk.afterId)}`)}</loc>${lastmodTag(chunk.lastmod)}</sitemap>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

const urlset = (lines: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${lines.join('\n')}\n</urlset>\n`;

/** Where harvesters find the bulk data (services/dumps/listing.ts serves it). */
export const BULK_DATA_PATH = '/data/batches';

/** The site's own screens (the route table's sitemap entries) and the bulk data's list. */
export function buildStaticSitemap(origin: string, lastmod: string): string {
  return urlset([
    ...ROUTES.filter((r) => r.inSitemap).map(
      (r) => `  <url><loc>${xmlEscape(origin + r.path)}</loc>${lastmodTag(lastmod)}<changefreq>${r.path === '/home' ? 'daily' : 'monthly'}</changefreq></url>`,
    ),
    `  <url><loc>${xmlEscape(origin + BULK_DATA_PATH)}</loc><changefreq>weekly</changefreq></url>`,
  ]);
}

/** One file named by the index ("pages-0.xml"); null when the name is not one we make. */
export async function buildSitemapFile(store: Store, site: SiteRow, origin: string, name: string, maxUrls = SITEMAP_MAX_URLS): Promise<string | null> {
  if (name === fileName('static')) return buildStaticSitemap(origin, site.updatedAt);
  // A years file starts after a title id times 10,000 plus a year: up to 15 digits.
  const m = /^(titles|years|issues|pages)-(\d{1,15})\.xml$/.exec(name);
  if (!m) return null;
  const kind = m[1] as SitemapKind;
  const rows = await store.discovery.sitemapEntries(kind, await store.sites.getTitleIds(site.id), Number(m[2]), maxUrls);
  if (!rows.length) return null;
  return urlset(rows.map((r) => `  <url><loc>${xmlEscape(origin + entryPath[kind](r.key))}</loc>${lastmodTag(r.lastmod)}</url>`));
}

/**
 * robots.txt: the screens and the downloads (page PDFs, ALTO, text, audio, IIIF images, the bulk data) are
 * open to crawlers; the rest of the API and the admin are not. Harvesters are pointed to the bulk data.
 */
export function buildRobotsTxt(origin: string): string {
  return [
    `# Bulk data (each batch's OCR text and ALTO with SHA-256 checksums): ${origin}${BULK_DATA_PATH}`,
    `# (JSON: ${origin}${BULK_DATA_PATH}.json, Atom feed: ${origin}${BULK_DATA_PATH}.atom). Please mirror from there.`,
    'User-agent: *',
    'Allow: /data/',
    'Allow: /Api/Files/',
    'Allow: /Api/Data/',
    'Allow: /iiif/',
    'Allow: /opensearch.xml',
    'Disallow: /Api/',
    'Disallow: /admin',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
