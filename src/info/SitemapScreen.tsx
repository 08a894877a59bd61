// Sitemap: the site's pages with their titles (from the route table). The shell is hidden on /sitemap
// (spec 2.3), so this page carries its own way back home.
import { Link } from 'wouter';
import { PWA_SETTINGS_PATH, ROUTES, SAVED_PATH, composePageTitle, findRoute } from '../../contract/routes';
import { useSiteSettings } from '../shared/data/site-hooks';
import { SitemapTitles } from './SitemapTitles';

export function SitemapScreen() {
  const { data: settings } = useSiteSettings();
  const pages = ROUTES.filter((r) => r.inSitemap);
  return (
    <div className="container page page--narrow">
      <p>
        <Link href="/home">← Back to {settings?.SiteTitle || 'the archive'}</Link>
      </p>
      <h1>Sitemap</h1>
      <p>
        Every page of {settings?.SiteTitle || 'this archive'}. Crawlers can read the same list at <a href="/sitemap.xml">/sitemap.xml</a>.
      </p>
      <h2>Pages</h2>
      <ul className="sitemap-list" data-testid="sitemap-list">
        {pages.map((r) => {
          // The install guide is called what its own page is titled (the site's PageTitle), as in the tab title.
          const title = (r.path === PWA_SETTINGS_PATH && settings?.pwaSettings?.PageTitle) || r.title;
          return (
            <li key={r.path}>
              <Link href={r.path}>{title}</Link>
              <span className="sitemap-list__title">{composePageTitle(settings?.SiteTitle, title)}</span>
            </li>
          );
        })}
      </ul>
      <h2>On this device</h2>
      <ul className="sitemap-list">
        <li>
          <Link href={SAVED_PATH}>{findRoute(SAVED_PATH)!.title}</Link>
          <span className="sitemap-list__title">Issues, pages and searches saved for reading without a network</span>
        </li>
      </ul>
      <h2>Newspaper titles</h2>
      <SitemapTitles />
    </div>
  );
}
