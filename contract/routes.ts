// The route table of spec 2.1 as data: the client router mounts it and the server's sitemap.xml lists it.
// Paths are lower-case; the client lower-cases the location before matching (matching is case-insensitive).

export type ScreenKey =
  | 'home'
  | 'sitedirectory'
  | 'search'
  | 'universalviewer'
  | 'policy'
  | 'viewer'
  | 'pdfviewer'
  | 'clipsocialsharing'
  | 'contactus'
  | 'pwasettings'
  | 'sitemap'
  | 'audioviewer'
  | 'admin'
  | 'saved'
  | 'lists'
  | 'title'
  | 'titleyear'
  | 'issue'
  | 'frontpages';

export interface RouteDef {
  path: string;
  /** Page title (spec 2.1). */
  title: string;
  screen: ScreenKey;
  /** Route data flag of spec 2.3: hides header, navigation, partners, footer and the site tools. */
  noHeaderFooterDisplay?: boolean;
  /** Listed on the Sitemap page and in sitemap.xml (pages a visitor or crawler can open without parameters). */
  inSitemap: boolean;
}

/** The URL parts the header, navigation bar, partnership band and footer are hidden on (spec 2.3). */
export const SHELL_HIDDEN_PATHS = ['/universalviewer', '/viewer', '/pdfviewer', '/clipsocialsharing', '/sitemap', '/audioviewer', '/admin'] as const;

/** Whether a page at `path` shows the site's header (before its settings are known: IsDisplay aside). */
export function showsSiteHeader(path: string): boolean {
  const p = path.toLowerCase();
  const route = landingRoute(p);
  return !!route && !route.noHeaderFooterDisplay && !SHELL_HIDDEN_PATHS.some((part) => p.includes(part));
}

export const HOME_PATH = '/home';
export const NOT_FOUND_TITLE = 'Page not found';
export const PWA_SETTINGS_PATH = '/pwasettings';
/** What the visitor saved on this device (issue #17): linked from the header, the sitemap and the offline banner. */
export const SAVED_PATH = '/saved';
/** The visitor's research lists and notes, kept on this device (issue #38). */
export const LISTS_PATH = '/lists';

export const ROUTES: readonly RouteDef[] = [
  { path: '/home', title: 'Home', screen: 'home', inSitemap: true },
  { path: '/sitedirectory', title: 'Site Directory', screen: 'sitedirectory', inSitemap: true },
  { path: '/search', title: 'Search', screen: 'search', inSitemap: true },
  { path: '/universalviewer', title: 'Universal Viewer', screen: 'universalviewer', inSitemap: false },
  { path: '/privacy-policy', title: 'Privacy Policy', screen: 'policy', inSitemap: true },
  { path: '/terms-and-conditions', title: 'Terms & Conditions', screen: 'policy', inSitemap: true },
  { path: '/termsof-use', title: 'Disclaimer', screen: 'policy', inSitemap: true },
  { path: '/copyright-policy', title: 'Copyright Policy', screen: 'policy', inSitemap: true },
  { path: '/dmca-and-copyright-takedown', title: 'DMCA & Copyright Takedown', screen: 'policy', inSitemap: true },
  { path: '/viewer', title: 'Viewer', screen: 'viewer', inSitemap: false },
  { path: '/pdfviewer', title: 'PDF Viewer', screen: 'pdfviewer', inSitemap: false },
  { path: '/clipsocialsharing', title: 'Clip Social Sharing', screen: 'clipsocialsharing', inSitemap: false },
  { path: '/contactus', title: 'Contact Us', screen: 'contactus', inSitemap: true },
  { path: '/pwasettings', title: 'PWA Installation Guide', screen: 'pwasettings', inSitemap: true },
  { path: '/sitemap', title: 'Sitemap', screen: 'sitemap', inSitemap: true },
  // The spec names these two but shows neither title: ours.
  { path: '/audioviewer', title: 'Audio Viewer', screen: 'audioviewer', inSitemap: false },
  { path: '/admin', title: 'Admin', screen: 'admin', inSitemap: false },
  // Issue #17. Not in sitemap.xml (a crawler has nothing saved); the Sitemap page links it under "On this device".
  { path: SAVED_PATH, title: 'Saved on this device', screen: 'saved', inSitemap: false },
  // Issue #38: on the device, like /saved.
  { path: LISTS_PATH, title: 'Your lists', screen: 'lists', inSitemap: false },
  // Issue #36, reading a title as a run. Paths with :params; the screen names the page once it knows the
  // title ('Omaha daily bee'), the route's title stands until then. sitemap.xml lists them per title.
  { path: '/title/:lccn', title: 'Title', screen: 'title', inSitemap: false },
  { path: '/title/:lccn/:year', title: 'Issues by year', screen: 'titleyear', inSitemap: false },
  { path: '/issue/:lccn/:date/:edition', title: 'Issue', screen: 'issue', inSitemap: false },
  { path: '/frontpages/:date', title: 'Front pages', screen: 'frontpages', inSitemap: false },
];

/** A route path with :params as a pattern over a normalised path (a param is one non-empty segment). */
const routePattern = (path: string) => new RegExp(`^${path.replace(/:[a-z]+/gi, '[^/]+')}$`);

/** Lower-cases and drops a trailing slash: '/Home/' -> '/home', '' -> '/'. */
export function normalisePath(pathname: string): string {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  return p === '' ? '/' : p;
}

/** The route a visit to `pathname` lands on: '/' is redirected to the home. */
export function landingRoute(pathname: string): RouteDef | undefined {
  return findRoute(normalisePath(pathname) === '/' ? HOME_PATH : pathname);
}

/** The route for a path (case-insensitive), or undefined for the not-found page. */
export function findRoute(pathname: string): RouteDef | undefined {
  const p = normalisePath(pathname);
  return ROUTES.find((r) => r.path === p) ?? ROUTES.find((r) => r.path.includes(':') && routePattern(r.path).test(p));
}

/** Spec 2.2: SiteTitle + ' :: ' + route title, or the route title alone when SiteTitle is empty. */
export function composePageTitle(siteTitle: string | null | undefined, routeTitle: string): string {
  const site = (siteTitle ?? '').trim();
  return site ? `${site} :: ${routeTitle}` : routeTitle;
}
