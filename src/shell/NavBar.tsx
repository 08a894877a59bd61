// Navigation bar (spec 2.3, 4.6): the header menu, the active item (URL contains MenuLink, any case),
// Reading B of the opening behaviour, and the collapse of the menu 500 ms after use (spec 4.10).
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { MenuItem } from '../../contract/api';
import { headerMenuOpening, isMenuItemActive } from './shell-rules';
import { isHandheld } from '../shared/lib/device';
import { AppLink } from '../shared/ui/AppLink';
import { MenuIcon } from './shell-icons';

export const MENU_COLLAPSE_MS = 500;

/** A same-tab link to one of our own paths still navigates inside the app. */
const isOwnPath = (href: string) => href.startsWith('/') && !href.startsWith('//');

/**
 * `pending`: the site's settings (and so its menu) have not come yet. The bar then holds its place, empty, so the
 * screen below (often drawn first) does not move down when the menu arrives.
 */
export function NavBar({ items, pending = false }: { items: MenuItem[]; pending?: boolean }) {
  const [location] = useLocation();
  const search = useSearch();
  const currentUrl = search ? `${location}?${search}` : location;
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = useId();
  const handheld = isHandheld();

  useEffect(() => () => clearTimeout(timer.current), []);

  const collapseSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), MENU_COLLAPSE_MS);
  };

  if (pending && items.length === 0)
    return (
      <nav className="site-nav site-nav--pending" aria-hidden="true">
        <div className="container site-nav__inner">
          <span className="site-nav__toggle">
            <MenuIcon />
            <span>Menu</span>
          </span>
          <span className="site-nav__list">
            <span className="site-nav__link">Menu</span>
          </span>
        </div>
      </nav>
    );
  if (items.length === 0) return null;
  return (
    <nav className="site-nav" aria-label="Main">
      <div className="container site-nav__inner">
        <button type="button" className="site-nav__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
          <MenuIcon />
          <span>Menu</span>
        </button>
        <ul id={listId} className={`site-nav__list${open ? ' site-nav__list--open' : ''}`} data-testid="nav-list">
          {items.map((item, i) => {
            const opening = headerMenuOpening(item, handheld);
            const active = isMenuItemActive(currentUrl, item.MenuLink);
            const href = opening.kind === 'app' ? opening.to : opening.href;
            return (
              <li key={`${item.MenuText}-${i}`}>
                <AppLink
                  href={href}
                  inApp={opening.kind === 'app' || (opening.kind === 'same-tab' && isOwnPath(href))}
                  newTab={opening.kind === 'new-window'}
                  className={`site-nav__link${active ? ' site-nav__link--active' : ''}`}
                  aria-current={active ? 'page' : undefined}
                  onClick={collapseSoon}
                >
                  {item.MenuText}
                </AppLink>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
