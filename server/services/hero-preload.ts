// The home screen's largest picture is its hero image, which the app only learns from an API answer after
// its code has run. Named in the served HTML instead, the browser fetches it while the code still loads
// (issue #19: LCP). Root-relative paths resolve against the page's own origin, as the app resolves them.
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../presentation/social';
import { sanitizeUrl } from '../lib/sanitize';
import { loadSiteSections } from './site-config';

const HOME_PAGE = /^\/(home)?\/?$/i;

/** `<link rel="preload">` for the hero image of the request's site when it asks for /home, else ''. */
export async function heroPreloadTag(req: FastifyRequest, path: string): Promise<string> {
  if (!HOME_PAGE.test(path) || !req.site) return '';
  const { home } = await loadSiteSections(req.server.store, req.site.row);
  const image = sanitizeUrl(home.HomePageImagePath);
  if (!image || image.startsWith('data:')) return '';
  const href = /^https?:/i.test(image) || image.startsWith('/') ? image : `/${image}`;
  return `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high" />`;
}

/** The built index.html with `tag` placed before its first script, so the fetch starts first. */
export function withHeadTag(html: string, tag: string): string {
  if (!tag) return html;
  const at = html.search(/<script\b|<\/head>/i);
  return at < 0 ? html : `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
}
