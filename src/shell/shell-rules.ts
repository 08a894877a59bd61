// Pure rules of the application shell (spec 2.3, 4.6, 9): what is hidden where, which menu item is
// active, how each link opens, and where the floating buttons sit. Unit-tested in tests/unit/shell.
import type { MenuItem } from '../../contract/api';
import { SHELL_HIDDEN_PATHS } from '../../contract/routes';

export { SHELL_HIDDEN_PATHS };
/** The URL parts the accessibility, share and install buttons and footer link handling are hidden on. */
export const TOOLS_HIDDEN_PATHS = ['/universalviewer', '/clipsocialsharing', '/sitemap', '/audioviewer', '/admin'] as const;
/** Routes that count as viewers for the floating buttons' positions (spec 9). */
export const VIEWER_PATHS = ['/viewer', '/pdfviewer', '/audioviewer', '/universalviewer', '/clipsocialsharing'] as const;

const containsAny = (url: string, parts: readonly string[]) => {
  const u = url.toLowerCase();
  return parts.some((p) => u.includes(p));
};

export interface ShellContext {
  /** The current path (the spec's "URL"), any case. */
  url: string;
  /** SiteSettings.IsDisplay; undefined while settings load (treated as on so the page does not jump). */
  isDisplay: boolean | undefined;
  /** The route's noHeaderFooterDisplay data (the not-found page sets it). */
  noHeaderFooterDisplay: boolean;
}

export function isShellHidden(ctx: ShellContext): boolean {
  return containsAny(ctx.url, SHELL_HIDDEN_PATHS) || ctx.isDisplay === false || ctx.noHeaderFooterDisplay;
}

export function areToolsHidden(ctx: Pick<ShellContext, 'url' | 'noHeaderFooterDisplay'>): boolean {
  return containsAny(ctx.url, TOOLS_HIDDEN_PATHS) || ctx.noHeaderFooterDisplay;
}

export function isViewerUrl(url: string): boolean {
  return containsAny(url, VIEWER_PATHS);
}

/** Spec 4.6: active while the current URL contains MenuLink (case-insensitive). Empty links are never active. */
export function isMenuItemActive(currentUrl: string, menuLink: string): boolean {
  const link = menuLink.trim().toLowerCase();
  return link !== '' && currentUrl.toLowerCase().includes(link);
}

export type LinkOpening = { kind: 'app'; to: string } | { kind: 'same-tab'; href: string } | { kind: 'new-window'; href: string };

const IN_APP_MENU_NAMES = ['home', 'contact us', 'directory'];

/** Reading B of spec 2.3 for a header menu item. */
export function headerMenuOpening(item: MenuItem, handheld: boolean): LinkOpening {
  if (IN_APP_MENU_NAMES.includes(item.MenuText.trim().toLowerCase())) {
    return { kind: 'app', to: '/' + item.MenuLink.trim().toLowerCase().replace(/^\/+/, '') };
  }
  if (handheld || !item.OpenInNewTab) return { kind: 'same-tab', href: item.MenuLink };
  return { kind: 'new-window', href: item.MenuLink };
}

/** Fixed footer links (spec 2.3): same tab on phones and tablets, a new tab on desktop once attached. */
export function footerFixedLinkOpensNewTab(handheld: boolean, attached: boolean): boolean {
  return attached && !handheld;
}

/** Install link (spec 2.3): same tab on phones and tablets; on desktop a new tab when OpenInNewWindow. */
export function installLinkOpensNewTab(handheld: boolean, openInNewWindow: boolean): boolean {
  return !handheld && openInNewWindow;
}

/** Share button offset from the bottom in px (spec 9). */
export function shareButtonBottom(url: string, mobile: boolean, ipad: boolean): number {
  if (isViewerUrl(url)) return ipad ? 90 : 60;
  return mobile ? 35 : 30;
}

/** Install-app button offset from the bottom in px (spec 9). */
export function installButtonBottom(url: string): number {
  return isViewerUrl(url) ? 80 : 30;
}

/** Site-tools button offset from the bottom in px: stacked just above the share button (44 px tall). */
export function siteToolsBottom(shareBottom: number): number {
  return shareBottom + 56;
}
