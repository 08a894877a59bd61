// What a phone shows before the app's code has run: the site's name in the header band (on the viewer, which hides
// the header: its bar and the page's preview), served inside the app's root element (the app replaces it with its
// first render). Without it the screen stays blank until the entry, the screen's code and its first answer are all
// in, 2-2.5 s on a mid-range phone over 4G (Lighthouse's first contentful paint); with it the page is the site's
// from the first styled paint. Styled from the render-blocking stylesheet, the same heights as the app's, so
// nothing jumps when the app takes over.
import type { FastifyRequest } from 'fastify';
import { showsSiteHeader } from '../../contract/routes';
import { escapeHtml } from '../presentation/social';
import { loadSiteSections } from './site-config';
import { resultThumbnailPath } from '../../contract/saved-files';
import type { ViewerPageRow } from '../store/types';

/** The header band naming the request's site for a page at `path` that shows the header, else ''. */
export async function bootShellMarkup(req: FastifyRequest, path: string): Promise<string> {
  if (!req.site || !showsSiteHeader(path)) return '';
  const { settings } = await loadSiteSections(req.server.store, req.site.row);
  if (settings.IsDisplay === false) return '';
  const name = String(settings.SiteTitle || settings.SiteName || req.site.row.name || '').trim();
  if (!name) return '';
  return (
    `<div class="boot-shell" aria-hidden="true"><header class="site-header"><div class="container site-header__inner">` +
    `<span class="site-header__logo"><span class="site-header__name">${escapeHtml(name.slice(0, 200))}</span></span>` +
    `</div></header></div>`
  );
}

/**
 * The viewer's bar and its page's preview (the thumbnail results show, the same URL the viewer then shows until
 * the deep zoom has drawn the page), for a page with an image, else ''. The viewers hide the site's header, so
 * without it a phone showed nothing until the entry, the viewer's code and the page's answer were in.
 */
export function bootViewerMarkup(page: PreviewedPage): string {
  const src = previewSrc(page);
  if (!src) return '';
  return (
    `<div class="boot-viewer" aria-hidden="true"><div class="boot-viewer__top"></div><div class="boot-viewer__main">` +
    `<img class="vz-preview" src="${src}" alt="" fetchpriority="high" /></div></div>`
  );
}

/** The head's request for that preview, ahead of the app's code: the preview can then be painted before the app
 *  takes the root over (it draws the same image, so the first stays the page's largest paint). */
export function viewerPreviewPreloadTag(page: PreviewedPage): string {
  const src = previewSrc(page);
  return src ? `<link rel="preload" as="image" href="${src}" fetchpriority="high" />` : '';
}

type PreviewedPage = Pick<ViewerPageRow, 'uid' | 'hasImage' | 'width' | 'height'>;
const previewSrc = (page: PreviewedPage) => (page.hasImage && page.width && page.height ? `/${escapeHtml(resultThumbnailPath(page.uid))}` : null);

/** The built index.html with `markup` inside its empty root element (unchanged when it has none). */
export function withBootShell(html: string, markup: string): string {
  if (!markup) return html;
  return html.replace(/<div id="root"><\/div>/, `<div id="root">${markup}</div>`);
}
