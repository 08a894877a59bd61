// Header (spec 2.3): the site logo linking to /home (large logo, else DefaultLargeLogo, loader image on
// error) and the three social-network links, each opening in a new tab.
import { useState } from 'react';
import { Link } from 'wouter';
import type { SiteSettings } from '../../contract/api';
import { LISTS_PATH, SAVED_PATH } from '../../contract/routes';
import { LOADER_IMAGE, resolveAsset } from '../shared/lib/asset-url';
import { SocialIcon, type SocialNetwork } from './shell-icons';

const NETWORKS: { key: SocialNetwork; label: string }[] = [
  { key: 'Facebook', label: 'Facebook' },
  { key: 'Twitter', label: 'X (Twitter)' },
  { key: 'Instagram', label: 'Instagram' },
];

export function headerLogoSrc(settings: SiteSettings | undefined): string {
  if (!settings) return '';
  return resolveAsset(settings.DomainUrl, settings.WebsiteLargeLogoPath || settings.DefaultLargeLogo);
}

export function Header({ settings, children }: { settings: SiteSettings | undefined; children?: React.ReactNode }) {
  const src = headerLogoSrc(settings);
  // A configured large logo is the site's wordmark; the default logo is only an emblem, so name the site beside it.
  const showName = !settings?.WebsiteLargeLogoPath;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const siteName = settings?.SiteName || settings?.SiteTitle || 'Newspaper Archive';
  const social = settings?.SocialLinks;

  return (
    <header className="site-header" role="banner">
      <div className="container site-header__inner">
        <Link href="/home" className="site-header__logo" aria-label={`${siteName} home`}>
          {src && <img src={failedSrc === src ? LOADER_IMAGE : src} alt={showName ? '' : siteName} data-testid="site-logo" onError={() => setFailedSrc(src)} />}
          {(showName || !src) && <span className="site-header__name">{settings?.SiteTitle || siteName}</span>}
        </Link>
        <ul className="site-header__social" aria-label="Follow us">
          {NETWORKS.filter((n) => social?.[n.key]).map((n) => (
            <li key={n.key}>
              <a href={social![n.key]} target="_blank" rel="noopener noreferrer" aria-label={`${n.label} (opens in a new tab)`}>
                <SocialIcon network={n.key} />
              </a>
            </li>
          ))}
        </ul>
        {/* What lives on this device: saved items (issue #17) and the visitor's research lists (issue #38). A
            discreet pair, so the header keeps the spec's logo and social links; stacked on a narrow phone. */}
        <span className="site-header__device">
          <Link href={SAVED_PATH} className="site-header__saved" aria-label="Saved on this device" data-testid="header-saved-link">
            Saved
          </Link>
          <Link href={LISTS_PATH} className="site-header__saved" aria-label="Your lists on this device" data-testid="header-lists-link">
            Lists
          </Link>
        </span>
        {children}
      </div>
    </header>
  );
}
