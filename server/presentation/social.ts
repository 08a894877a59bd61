// Server-rendered social preview of a clip: the built index.html with the clip's og: and twitter: tags in
// its head, so link previews (which run no JavaScript) show the clipped image and caption.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const FALLBACK_HTML = '<!doctype html><html lang="en-US"><head><meta charset="UTF-8" /><title>Clip</title></head><body><div id="root"></div></body></html>';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function readIndexHtml(distDir: string): string {
  const file = join(distDir, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : FALLBACK_HTML;
}

export interface SocialPreview {
  title: string;
  description: string;
  url: string;
  image: string;
  imageWidth?: number;
  imageHeight?: number;
  imageAlt: string;
  /** og:site_name: the site's name as its settings give it. */
  siteName?: string;
}

/** Replaces the page's title, description and any og:/twitter: tags with the clip's. */
export function injectSocialTags(html: string, p: SocialPreview): string {
  const meta = (attr: 'name' | 'property', key: string, value: string | number) => `<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`;
  const tags = [
    `<title>${escapeHtml(p.title)}</title>`,
    meta('name', 'description', p.description),
    `<link rel="canonical" href="${escapeHtml(p.url)}" />`,
    meta('property', 'og:type', 'article'),
    ...(p.siteName ? [meta('property', 'og:site_name', p.siteName)] : []),
    meta('property', 'og:title', p.title),
    meta('property', 'og:description', p.description),
    meta('property', 'og:url', p.url),
    meta('property', 'og:image', p.image),
    ...(p.imageWidth ? [meta('property', 'og:image:width', p.imageWidth)] : []),
    ...(p.imageHeight ? [meta('property', 'og:image:height', p.imageHeight)] : []),
    meta('property', 'og:image:alt', p.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', p.title),
    meta('name', 'twitter:description', p.description),
    meta('name', 'twitter:image', p.image),
    meta('name', 'twitter:image:alt', p.imageAlt),
  ].join('\n    ');
  const cleaned = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+(?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*>\s*/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>\s*/gi, '');
  // A replacer function: a replacement string would expand $&, $', $` and $<name> found in a caption.
  return cleaned.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
}
