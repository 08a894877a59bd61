// Every admin-entered HTML fragment and URL is treated as hostile: sanitised when saved and again when
// served, so a bad row in the database (or an old one saved before a rule existed) cannot reach a page.
import sanitize from 'sanitize-html';

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'blockquote',
  'span',
  'div',
  'figure',
  'figcaption',
  'hr',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

/** data: URLs are only ever images of these raster types (never SVG, never text/html). */
const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp)[;,]/i;

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['class'],
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span'],
    colgroup: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // "//host/x" would load from or link to another site while looking like a local path: refused.
  allowProtocolRelative: false,
  // Script/style bodies are dropped with their tags; other disallowed tags (svg, iframe...) keep only text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'iframe', 'object', 'svg', 'math'],
  transformTags: {
    a(tagName, attribs) {
      const out: Record<string, string> = { ...attribs };
      delete out.rel;
      if (out.target !== '_blank') delete out.target;
      // Links to other sites (and every new tab) get no window.opener and send no Referer.
      if (out.target === '_blank' || isExternalUrl(out.href ?? '')) out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
    img(tagName, attribs) {
      const out: Record<string, string> = { ...attribs };
      const src = (out.src ?? '').replace(/[\u0000-\u0020]/g, '');
      if (/^data:/i.test(src) && !SAFE_DATA_IMAGE.test(src)) delete out.src;
      for (const dim of ['width', 'height'] as const) if (out[dim] !== undefined && !/^\d{1,5}%?$/.test(out[dim])) delete out[dim];
      return { tagName, attribs: out };
    },
  },
};

/** Keeps ordinary formatting, links and images; drops scripts, styles, event handlers and unsafe URLs. */
export function sanitizeHtml(html: string): string {
  if (typeof html !== 'string' || html === '') return '';
  return sanitize(html, OPTIONS);
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** An absolute http(s) URL: the only way a link to another site may be written. */
export const isExternalUrl = (u: string) => /^https?:\/\//i.test(u.replace(/[\u0000-\u0020]/g, ''));

/** Starts like "//host" (or "/\\host", which browsers read the same): another site without a scheme. */
export const isProtocolRelative = (u: string) => /^\s*[\\/][\\/]/.test(u);

export const PROTOCOL_RELATIVE_MESSAGE = 'must not start with //: a link to another site is written in full, starting with https:// or http://';

/**
 * For plain URL fields (logo paths, menu links, theme file): a relative path or an http(s) URL, else ''.
 * Spaces are encoded (image paths may contain them); control characters, quotes and angle brackets
 * reject the value, since browsers silently strip some of them and that is how scheme filters are fooled.
 */
export function sanitizeUrl(u: unknown): string {
  if (typeof u !== 'string') return '';
  const value = u.trim();
  if (value === '' || value.length > 2048) return '';
  if (/[\u0000-\u001f\u007f<>"'`\\]/.test(value)) return '';
  const encoded = value.replace(/ /g, '%20');
  const scheme = SCHEME.exec(encoded);
  if (scheme) return /^https?$/i.test(scheme[1]) ? encoded : '';
  // No scheme: relative ("media/x.png", "/home", "?q", "#top"). Protocol-relative ("//host/x") points at
  // another site while looking local: refused. So is anything a browser could still read as a scheme
  // (e.g. "javascript&#58;" decoded elsewhere).
  if (isProtocolRelative(encoded)) return '';
  if (/&#|&colon;/i.test(encoded)) return '';
  return encoded;
}

/** About 750 KB of image as base64. */
export const MAX_INLINE_IMAGE = 1_000_000;

/** An image given inline (the install button): a data:image URL of a raster type, bare base64, or a URL. */
export function sanitizeImageSrc(u: unknown): string {
  if (typeof u !== 'string') return '';
  const value = u.trim();
  if (SAFE_DATA_IMAGE.test(value)) return value.length <= MAX_INLINE_IMAGE && /^data:image\/[a-z]+;base64,[A-Za-z0-9+/=]*$/i.test(value) ? value : '';
  // Bare base64, as the original product stored the install-button JPEG; the client adds the data: prefix.
  if (value.length <= MAX_INLINE_IMAGE && !isProtocolRelative(value) && /^[A-Za-z0-9+/]{16,}={0,2}$/.test(value)) return value;
  return sanitizeUrl(value);
}
