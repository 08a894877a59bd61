// Sitemap: the site's pages with their titles (from the route table). The shell is hidden on /sitemap
// (spec 2.3), so this page carries its own way back home.
import { Link } from 'wouter';
import { ROUTES, composePageTitle } from '../../contract/routes';
import { useSiteSettings } from '../shared/data/site-hooks';

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
      <ul className="sitemap-list" data-testid="sitemap-list">
        {pages.map((r) => (
          <li key={r.path}>
            <Link href={r.path}>{r.title}</Link>
            <span className="sitemap-list__title">{composePageTitle(settings?.SiteTitle, r.title)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
