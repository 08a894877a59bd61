// Images and theme files are relative paths resolved against the site's DomainUrl (spec 7.1).

/** Absolute URL for a settings path: absolute, data: and root-relative paths pass through. */
export function resolveAsset(domainUrl: string | undefined, path: string | undefined | null): string {
  const p = (path ?? '').trim();
  if (!p) return '';
  if (/^(https?:|data:|blob:)/i.test(p) || p.startsWith('//')) return p;
  const base = (domainUrl ?? '').trim() || (typeof location !== 'undefined' ? location.origin : 'http://localhost');
  try {
    return new URL(p, base.endsWith('/') ? base : base + '/').toString();
  } catch {
    return p;
  }
}

/**
 * pwaSettings.ButtonImage is a base64 JPEG: a data URL or the bare base64 text (as the original product
 * stored it). The server also accepts an image path, resolved against DomainUrl like other images.
 */
export function base64ImageSrc(value: string | undefined | null, domainUrl?: string): string {
  const v = (value ?? '').trim();
  if (!v) return '';
  if (/^data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=]+$/i.test(v)) return v;
  if (/^[A-Za-z0-9+/]{16,}={0,2}$/.test(v)) return `data:image/jpeg;base64,${v}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v) && !/^https?:/i.test(v)) return ''; // no other schemes
  return resolveAsset(domainUrl, v);
}

export const LOADER_IMAGE = '/images/loader.svg';
