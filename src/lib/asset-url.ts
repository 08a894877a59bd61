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

/** pwaSettings.ButtonImage is a base64 JPEG, either a data URL or the bare base64 text. */
export function base64ImageSrc(value: string | undefined | null): string {
  const v = (value ?? '').trim();
  if (!v) return '';
  if (/^data:image\//i.test(v)) return v;
  if (/^[A-Za-z0-9+/=\s]+$/.test(v)) return `data:image/jpeg;base64,${v.replace(/\s+/g, '')}`;
  return ''; // anything else (a script URL, say) is not an image we show
}

export const LOADER_IMAGE = '/images/loader.svg';
