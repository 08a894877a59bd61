// Reference managers (Zotero's connector, Mendeley, Google Scholar's crawler) read a page's citation from
// its HTML and run no JavaScript: the served HTML of /viewer?page=… (and of a clip's share page) carries
// the page's Highwire `citation_*` meta tags in its head and a COinS span in its body, built from the same
// record as the viewer's "Download & cite" panel (contract/citation.ts).
import type { FastifyRequest } from 'fastify';
import { coinsTitle, highwireTags, type CitablePage, type CiteOptions } from '../../contract/citation';
import type { Store, ViewerPageRow } from '../store/types';
import { escapeHtml } from '../presentation/social';
import * as urls from '../presentation/urls';
import { loadSiteSections } from './site-config';

const VIEWER_PAGE = /^\/viewer\/?$/i;

/** What a citation names of a stored page; the viewer's page answer carries the same fields. */
export function pageCiteFields(page: ViewerPageRow): Omit<CitablePage, 'citationUrl' | 'pdfUrl'> {
  return {
    uid: page.uid,
    title: page.titleName,
    place: page.placeOfPublication,
    publisher: page.publisher ?? null,
    date: page.dateIssued,
    edition: page.edition,
    volume: page.volume,
    issueNumber: page.issueNumber,
    sequence: page.sequence,
    number: page.number,
  };
}

/** A stored page as the citation builder reads it, its URLs absolute on `origin`. */
export function citablePage(page: ViewerPageRow, origin: string): CitablePage {
  return {
    ...pageCiteFields(page),
    citationUrl: origin + urls.viewerPage(page.uid),
    pdfUrl: page.hasPdf ? origin + urls.pagePdf(page.uid) : null,
  };
}

/** The head's `<meta>` tags and the body's COinS span for one page (or a clip of it). */
export function citationMarkup(page: CitablePage, opts: CiteOptions = {}): { head: string; body: string } {
  const head = highwireTags(page, opts)
    .map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}" />`)
    .join('\n    ');
  // An empty span: reference managers read its title; people and screen readers see nothing.
  const body = `<span class="Z3988" title="${escapeHtml(coinsTitle(page, opts))}" hidden></span>`;
  return { head, body };
}

/** The served HTML with the citation's tags placed: meta tags before </head>, the span after <body>. */
export function withCitation(html: string, markup: { head: string; body: string }): string {
  // Replacer functions: a title holding `$&` must not expand.
  return html.replace(/<\/head>/i, (end) => `    ${markup.head}\n  ${end}`).replace(/<body([^>]*)>/i, (open) => `${open}\n    ${markup.body}`);
}

/** For a request of /viewer?page=<uid>, the page it shows, when the archive has it; else null. */
export async function viewerPageOf(store: Store, req: FastifyRequest, path: string): Promise<ViewerPageRow | null> {
  if (!VIEWER_PAGE.test(path)) return null;
  const uid = new URLSearchParams(req.url.split('?')[1] ?? '').get('page');
  if (!uid || uid.length > 300) return null;
  return store.viewer.page(uid);
}

/** A viewer page's citation markup. */
export async function viewerCitation(store: Store, req: FastifyRequest, page: ViewerPageRow): Promise<{ head: string; body: string }> {
  return citationMarkup(citablePage(page, req.site.origin), { archiveName: await archiveName(store, req) });
}

async function archiveName(store: Store, req: FastifyRequest): Promise<string> {
  const { settings } = await loadSiteSections(store, req.site.row);
  return settings.SiteName || settings.SiteTitle || req.site.row.name;
}
