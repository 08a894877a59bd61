// What a phone shows before the app's code has run: the site's name in the header band, served inside the app's
// root element (the app replaces it with its first render). Without it the screen stays blank until the entry, the
// screen's code and its first answer are all in, 2-2.5 s on a mid-range phone over 4G (Lighthouse's first
// contentful paint); with it the page is the site's from the first styled paint. Styled by the header's own
// classes from the render-blocking stylesheet, and the same height, so nothing jumps when the app takes over.
import type { FastifyRequest } from 'fastify';
import { showsSiteHeader } from '../../contract/routes';
import { escapeHtml } from '../presentation/social';
import { loadSiteSections } from './site-config';

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

/** The built index.html with `markup` inside its empty root element (unchanged when it has none). */
export function withBootShell(html: string, markup: string): string {
  if (!markup) return html;
  return html.replace(/<div id="root"><\/div>/, `<div id="root">${markup}</div>`);
}
