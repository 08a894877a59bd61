// Site theme (spec 3.2, 4.10): fetched at start, applied 250 ms later as a stylesheet link (ThemeFile
// resolved against DomainUrl; the default stylesheet when empty) and meta theme-color = PrimaryColor.
import { useEffect } from 'react';
import type { SiteTheme } from '../../contract/api';
import { resolveAsset } from '../shared/lib/asset-url';

export const THEME_APPLY_DELAY_MS = 250;
export const DEFAULT_THEME_STYLESHEET = '/themes/default.css';
const LINK_ID = 'site-theme-stylesheet';

export function themeStylesheetHref(theme: SiteTheme, domainUrl: string | undefined): string {
  return theme.ThemeFile?.trim() ? resolveAsset(domainUrl, theme.ThemeFile) : DEFAULT_THEME_STYLESHEET;
}

export function applyTheme(theme: SiteTheme, domainUrl: string | undefined, doc: Document = document) {
  const href = themeStylesheetHref(theme, domainUrl);
  let link = doc.getElementById(LINK_ID) as HTMLLinkElement | null;
  if (!link) {
    link = doc.createElement('link');
    link.id = LINK_ID;
    link.rel = 'stylesheet';
    doc.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  if (/^#[0-9a-f]{3,8}$/i.test(theme.PrimaryColor ?? '')) {
    let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = doc.createElement('meta');
      meta.name = 'theme-color';
      doc.head.appendChild(meta);
    }
    meta.content = theme.PrimaryColor;
  }
}

export function useApplyTheme(theme: SiteTheme | undefined, domainUrl: string | undefined) {
  useEffect(() => {
    if (!theme) return;
    const t = setTimeout(() => applyTheme(theme, domainUrl), THEME_APPLY_DELAY_MS);
    return () => clearTimeout(t);
  }, [theme, domainUrl]);
}
