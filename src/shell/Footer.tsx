// Footer (spec 2.3): configurable menus with their submenus (by FooterMenuID), the fixed links, the
// FooterText line, and the disclaimer; menus and disclaimer only when AdvantageFooterStatus is on.
// The fixed links get their device behaviour 2 s after each navigation: same tab on phones and tablets,
// a new tab on desktop.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { FooterMenuItem, SiteSettings } from '../../contract/api';
import { footerFixedLinkOpensNewTab } from './shell-rules';
import { isHandheld } from '../shared/lib/device';
import { AppLink } from '../shared/ui/AppLink';
import { SafeHtml } from '../shared/ui/SafeHtml';
import { DISCLAIMER_POINTS, FOOTER_FIXED_LINKS, FOOTER_LINK_ATTACH_MS } from './footer-links';

/** Resets on each navigation and turns true FOOTER_LINK_ATTACH_MS later, unless handling is off. */
function useAttachedAfterNavigation(enabled: boolean): boolean {
  const [location] = useLocation();
  const [attached, setAttached] = useState(false);
  useEffect(() => {
    setAttached(false);
    if (!enabled) return;
    const t = setTimeout(() => setAttached(true), FOOTER_LINK_ATTACH_MS);
    return () => clearTimeout(t);
  }, [location, enabled]);
  return attached;
}

const isOwnPath = (href: string) => href.startsWith('/') && !href.startsWith('//');

function MenuLink({ item }: { item: FooterMenuItem }) {
  return (
    <AppLink href={item.MenuLink} newTab={item.OpenInNewTab} inApp={!item.OpenInNewTab && isOwnPath(item.MenuLink)}>
      {item.MenuText}
    </AppLink>
  );
}

export function footerSubmenus(menu: FooterMenuItem, submenus: FooterMenuItem[]): FooterMenuItem[] {
  return submenus.filter((s) => s.FooterMenuID === menu.FooterMenuID);
}

export function Footer({ settings, linkHandling }: { settings: SiteSettings; linkHandling: boolean }) {
  const attached = useAttachedAfterNavigation(linkHandling);
  const newTab = footerFixedLinkOpensNewTab(isHandheld(), attached);
  const showExtras = settings.AdvantageFooterStatus === true;
  const menus = settings.objFooterMenuList ?? [];
  const subs = settings.objFooterSubmenuList ?? [];

  return (
    <footer className="site-footer" role="contentinfo">
      <div className="container">
        {showExtras && menus.length > 0 && (
          <div className="site-footer__menus" data-testid="footer-menus">
            {menus.map((menu) => (
              <nav key={menu.FooterMenuID} className="site-footer__menu" aria-label={menu.MenuText}>
                <h2 className="site-footer__menu-title">{menu.MenuLink ? <MenuLink item={menu} /> : menu.MenuText}</h2>
                <ul>
                  {footerSubmenus(menu, subs).map((s, i) => (
                    <li key={`${s.MenuText}-${i}`}>
                      <MenuLink item={s} />
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        )}
        <nav aria-label="Policies" className="site-footer__fixed">
          <ul data-testid="footer-fixed-links" data-attached={attached ? 'true' : 'false'}>
            {FOOTER_FIXED_LINKS.map((l) => (
              <li key={l.href}>
                <AppLink href={l.href} inApp={!newTab} newTab={newTab}>
                  {l.text}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        {settings.FooterText && <SafeHtml className="site-footer__text" html={settings.FooterText} />}
        {showExtras && (
          <div className="site-footer__disclaimer" data-testid="footer-disclaimer">
            <h2 className="site-footer__menu-title">Disclaimer</h2>
            <ul>
              {DISCLAIMER_POINTS.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </footer>
  );
}
