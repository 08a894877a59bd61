// Shared research lists (issue #38 item 5): the rules. A snapshot is checked whole by the route's schema,
// stored under 128 random bits on the site it was shared from, read back only through that site, and
// withdrawn with the delete token answered at creation (the store keeps its SHA-256 only). Notes are plain
// text everywhere: escaped in the HTML page, and in the IIIF Collection given as HTML only when they hold a
// character HTML would read, escaped inside a <p> (IIIF clients read a value starting with '<' as HTML).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  sharedItemPage,
  sharedListCollectionPath,
  sharedListPath,
  type SharedListCreated,
  type SharedListItem,
  type SharedListRequest,
  type SharedListResponse,
} from '../../contract/shared-lists';
import { forbidden, notFound } from '../errors';
import type { SharedListRow, SiteRow, Store } from '../store/types';
import { en, navDate, PRESENTATION_CONTEXT } from '../presentation/manifest';
import { escapeHtml } from '../presentation/social';
import * as urls from '../presentation/urls';
import { loadSiteSections } from './site-config';

const newId = () => randomBytes(16).toString('base64url');
const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** Stores a snapshot of the request for `site`; the token is in the answer only. */
export async function createSharedList(
  store: Store,
  site: SiteRow,
  origin: string,
  body: SharedListRequest,
  address: string | null,
  now = new Date(),
): Promise<{ created: boolean; answer: SharedListCreated }> {
  const pages = body.items.map(sharedItemPage);
  const issues = await store.sharedLists.pageIssues(pages.filter(Boolean));
  const items: SharedListItem[] = body.items.map((item, i) => ({
    ...item,
    note: body.includeNotes ? item.note : '',
    tags: body.includeNotes ? item.tags : [],
    pageUid: pages[i],
    issueUid: issues.get(pages[i]) ?? null,
  }));
  const deleteToken = newToken();
  const { row, created } = await store.sharedLists.create({
    id: newId(),
    siteId: site.id,
    clientId: body.clientId,
    tokenHash: tokenHash(deleteToken),
    name: body.name,
    description: body.description,
    includeNotes: body.includeNotes,
    items,
    createdAt: now.toISOString(),
    address,
  });
  return {
    created,
    answer: {
      id: row.id,
      url: origin + sharedListPath(row.id),
      collection: origin + sharedListCollectionPath(row.id),
      deleteToken,
      createdAt: row.createdAt,
    },
  };
}

/** The list, only on the site it was shared from (elsewhere it does not exist). */
export async function readSharedList(store: Store, site: SiteRow, id: string): Promise<SharedListRow> {
  const row = await store.sharedLists.get(id);
  if (!row || row.siteId !== site.id) throw notFound('No shared list at this address: it may have been withdrawn.');
  return row;
}

export async function withdrawSharedList(store: Store, site: SiteRow, id: string, token: string): Promise<void> {
  await readSharedList(store, site, id);
  const hash = await store.sharedLists.tokenHash(id);
  if (!hash || !sameHash(hash, tokenHash(token))) throw forbidden('That delete token does not match this shared list.');
  await store.sharedLists.remove(id);
}

export function sharedListJson(row: SharedListRow, origin: string): SharedListResponse {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    includeNotes: row.includeNotes,
    createdAt: row.createdAt,
    url: origin + sharedListPath(row.id),
    collection: origin + sharedListCollectionPath(row.id),
    items: row.items,
  };
}

/** A IIIF language map of plain text: as HTML (escaped, in a <p>) only when the text holds '<', '>' or '&'. */
const plain = (text: string) => en(/[<>&]/.test(text) ? `<p>${escapeHtml(text)}</p>` : text);

const itemLabel = (item: SharedListItem) => {
  const where = [item.title, item.date, item.page].filter(Boolean).join(', ');
  return item.kind === 'clip' ? `Clipping: ${where}` : where;
};

/**
 * The list as a IIIF Presentation 3 Collection: one Manifest reference per issue its pages and clips are in
 * (in the list's order; an issue named twice is listed once, with each item's note in its summary).
 * Searches, and pages the archive no longer has, are in the HTML page only.
 */
export function sharedListCollection(row: SharedListRow, origin: string, siteName: string) {
  const byIssue = new Map<string, SharedListItem[]>();
  for (const item of row.items) if (item.issueUid) (byIssue.get(item.issueUid) ?? byIssue.set(item.issueUid, []).get(item.issueUid)!).push(item);
  const summary = (items: SharedListItem[]) => {
    const lines = items.map((i) => [itemLabel(i), i.note].filter(Boolean).join(': '));
    return plain(lines.join(' · '));
  };
  return {
    '@context': PRESENTATION_CONTEXT,
    id: origin + sharedListCollectionPath(row.id),
    type: 'Collection',
    label: plain(row.name),
    ...(row.description ? { summary: plain(row.description) } : {}),
    requiredStatement: { label: en('Shared list'), value: plain(`A visitor's list of ${siteName}, shared on ${row.createdAt.slice(0, 10)}.`) },
    homepage: [{ id: origin + sharedListPath(row.id), type: 'Text', label: plain(row.name), format: 'text/html' }],
    items: [...byIssue].map(([issueUid, items]) => {
      const first = items[0];
      return {
        id: origin + urls.manifestUrl(issueUid),
        type: 'Manifest',
        label: plain([first.title, first.date].filter(Boolean).join(', ') || issueUid),
        summary: summary(items),
        ...(/^\d{4}-\d{2}-\d{2}$/.test(first.date) ? { navDate: navDate(first.date) } : {}),
        ...(first.pageUid ? { thumbnail: [{ id: origin + urls.thumbnailImage(first.pageUid), type: 'Image', format: 'image/jpeg' }] } : {}),
      };
    }),
  };
}

export interface SharedListPage {
  row: SharedListRow;
  origin: string;
  siteName: string;
  logo: string;
  accent: string;
  /** The visitor's XSRF-free report form posts here; `reported` thanks them. */
  reported: boolean;
}

const KIND_WORD = { page: 'Page', clip: 'Clipping', search: 'Search' } as const;

/** The shared list as a page read without JavaScript: the site's name, logo and colour; every value escaped. */
export function sharedListHtml(p: SharedListPage): string {
  const e = escapeHtml;
  const { row, origin } = p;
  const link = (href: string) => (/^\/(?![/\\])/.test(href) ? origin + href : origin + '/');
  const items = row.items.map((item) => {
    const thumb =
      item.pageUid && item.issueUid
        ? `<img src="${e(origin + (item.region ? urls.regionImage(item.pageUid, item.region, '!200,300') : urls.thumbnailImage(item.pageUid)))}" alt="" width="100" loading="lazy" />`
        : '';
    const meta = [KIND_WORD[item.kind], item.date, item.page].filter(Boolean).map(e).join(' · ');
    const tags = item.tags.length ? `<p class="tags">Tags: ${item.tags.map(e).join(', ')}</p>` : '';
    return `<li>${thumb}<div><h3><a href="${e(link(item.href))}">${e(item.title || item.ref)}</a></h3><p class="meta">${meta}</p>${
      item.snippet ? `<p class="snippet">${e(item.snippet)}</p>` : ''
    }${item.note ? `<p class="note"><span class="label">Note:</span> ${e(item.note)}</p>` : ''}${tags}</div></li>`;
  });
  const logo = p.logo ? `<img src="${e(p.logo)}" alt="" height="40" />` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${e(row.name)}: a shared list, ${e(p.siteName)}</title>
<link rel="alternate" type="application/ld+json" title="IIIF Collection" href="${e(origin + sharedListCollectionPath(row.id))}" />
<style>
body { font: 16px/1.5 Georgia, serif; color: #1f1a16; background: #fff; margin: 0; }
header { border-bottom: 6px solid ${e(p.accent)}; padding: .75rem 1rem; display: flex; gap: .75rem; align-items: center; }
header a { color: #1f1a16; font-weight: bold; text-decoration: none; font-size: 1.2rem; }
main { max-width: 60rem; margin: 1rem auto 3rem; padding: 0 1rem; }
a { color: #6b3a0a; }
ol { list-style: none; padding: 0; }
li { display: flex; gap: 1rem; border-top: 1px solid #8a7a6a; padding: .75rem 0; }
li img { flex: none; object-fit: cover; background: #eee; }
h3 { margin: 0; font-size: 1.1rem; }
.meta, .tags { color: #4d4540; margin: .2rem 0; font-size: .9rem; }
.note, .description { white-space: pre-wrap; overflow-wrap: anywhere; background: #f7f3ee; padding: .5rem; margin: .4rem 0; }
.label { font-weight: bold; }
.report { margin-top: 2rem; border-top: 1px solid #8a7a6a; padding-top: 1rem; font-size: .9rem; }
.report button { font: inherit; color: #6b3a0a; background: none; border: 0; padding: 0; text-decoration: underline; cursor: pointer; min-height: 24px; }
</style>
</head>
<body>
<header>${logo}<a href="${e(origin)}/">${e(p.siteName)}</a></header>
<main>
<h1>${e(row.name)}</h1>
<p>A list a visitor of ${e(p.siteName)} shared on ${e(row.createdAt.slice(0, 10))}: ${row.items.length} ${row.items.length === 1 ? 'item' : 'items'}${
    row.includeNotes ? ', with their notes' : ''
  }. Open it in a IIIF viewer such as Mirador: <a href="${e(origin + sharedListCollectionPath(row.id))}">IIIF Collection</a>.</p>
${row.description ? `<p class="description">${e(row.description)}</p>` : ''}
<h2>Items</h2>
${items.length ? `<ol>${items.join('')}</ol>` : '<p>This list is empty.</p>'}
<div class="report">${
    p.reported
      ? '<p role="status">Thank you: the archive’s staff will look at this list.</p>'
      : `<form method="post" action="${e(sharedListPath(row.id))}/report"><button type="submit">Report this list</button> to the archive’s staff if it holds something that should not be here.</form>`
  }</div>
</main>
</body>
</html>
`;
}

/** What the page needs of the site: its name, small logo and colour. */
export async function sharedListSite(store: Store, site: SiteRow) {
  const { settings } = await loadSiteSections(store, site);
  return {
    siteName: settings.SiteTitle || settings.SiteName || site.name,
    logo: settings.WebsiteSmallLogoPath || '',
    accent: /^#[0-9a-f]{6}$/i.test(settings.PrimaryColor ?? '') ? settings.PrimaryColor : '#6b3a0a',
  };
}
