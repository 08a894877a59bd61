// The application shell: wouter router over the route table (contract/routes.ts), page titles and meta
// tags, the header / navigation / partnership band / footer with their hiding rules, the site tools,
// share and install buttons, theme, cross-tab session sharing and service-worker takeover reloads.
import { memo, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { HOME_PATH, NOT_FOUND_TITLE, PWA_SETTINGS_PATH, ROUTES, composePageTitle, findRoute, normalisePath } from '../../contract/routes';
import { useSiteSettings, useSiteTheme } from '../shared/data/site-hooks';
import { loadResource } from '../shared/data/resources';
import { HOME_ENDPOINTS } from '../../contract/api';
import { Header } from '../shell/Header';
import { NavBar } from '../shell/NavBar';
import { PartnerBand } from '../shell/PartnerBand';
import { Footer } from '../shell/Footer';
import { SiteTools } from '../shell/SiteTools';
import { ShareButton } from '../shell/ShareButton';
import { InstallLink } from '../shell/InstallLink';
import { LoadingOverlay } from '../shell/LoadingOverlay';
import { useAccessibility } from './use-accessibility';
import { areToolsHidden, isShellHidden } from '../shell/shell-rules';
import { useApplyTheme } from './theme';
import { usePageMeta } from './meta-tags';
import { checkForServiceWorkerUpdate } from './sw-reload';
import { startSessionSync } from '../shared/lib/session-sync';
import { updatePwaLinkViewed } from '../shared/lib/pwa-cookie';
import { captureInstallPrompt } from '../shared/lib/install-prompt';
import { SCREENS, NotFoundScreen } from './screens';
import type { ScreenProps } from '../shell/screen-props';
import { useNamedTitle } from '../shared/lib/screen-title';
import { OfflineNotices } from '../offline';
import { eagerLazy, PartBoundary } from '../shared/ui/lazy-part';
import { ScreenUnavailable } from './ScreenUnavailable';

captureInstallPrompt();

// The shell renders again whenever its own state changes (site settings, theme, a page title arriving); the
// screen and the shell's parts have their own subscriptions, so they render again only when their props change.
// Without this a start-up drew the screen (the home's lists, a page of results) once per answer the shell got.
const MEMO_SCREENS = Object.fromEntries(Object.entries(SCREENS).map(([key, Screen]) => [key, memo(Screen)])) as Record<string, ComponentType<ScreenProps>>;
const NO_MENU: never[] = [];
const ShellHeader = memo(Header);
const ShellNavBar = memo(NavBar);
const ShellPartnerBand = memo(PartnerBand);
const ShellFooter = memo(Footer);
const ShellSiteTools = memo(SiteTools);
const ShellShareButton = memo(ShareButton);
const ShellInstallLink = memo(InstallLink);

// Kiosk mode is one site setting few sites switch on: its code and styles load only where it is on.
// A screen's code that failed to load stays failed in this page (the browser keeps the failed import): back
// online, the page is loaded again.
const reloadPage = () => window.location.reload();

const KioskMode = eagerLazy(() => import('../kiosk/KioskMode').then((m) => m.KioskMode));

/** Fired on window when another tab's session storage was copied into this one (spec 4.8). */
const SESSION_COPIED_EVENT = 'archive:session-copied';
// Before the first render: a new tab must ask for a copy while its session storage is still empty.
if (typeof window !== 'undefined') {
  startSessionSync({ onCopied: (keys) => window.dispatchEvent(new CustomEvent(SESSION_COPIED_EVENT, { detail: keys })) });
}

export function App() {
  // Kiosk mode starts the shell afresh (a new key) when it forgets a visitor: no form or screen state survives.
  const [visitor, setVisitor] = useState(0);
  const nextVisitor = useCallback(() => setVisitor((v) => v + 1), []);
  return (
    <Router>
      <Shell key={visitor} />
      <SiteKiosk onVisitorForgotten={nextVisitor} />
    </Router>
  );
}

function SiteKiosk({ onVisitorForgotten }: { onVisitorForgotten(): void }) {
  const kiosk = useSiteSettings().data?.kiosk;
  if (!kiosk?.enabled) return null;
  return (
    <Suspense fallback={null}>
      <KioskMode kiosk={kiosk} onVisitorForgotten={onVisitorForgotten} />
    </Suspense>
  );
}

function Shell() {
  const [location] = useLocation();
  const search = useSearch();
  const path = normalisePath(location);
  const route = findRoute(path);
  const settingsAnswer = useSiteSettings();
  const settings = settingsAnswer.data;
  const theme = useSiteTheme().data;
  const a11y = useAccessibility();
  const [pwaViewed, setPwaViewed] = useState(true);
  const navigated = useRef(false);

  const noHeaderFooterDisplay = !route || !!route.noHeaderFooterDisplay;
  const shellHidden = isShellHidden({ url: path, isDisplay: settings?.IsDisplay, noHeaderFooterDisplay });
  const toolsHidden = areToolsHidden({ url: path, noHeaderFooterDisplay });

  const pwaTitle = route?.path === PWA_SETTINGS_PATH ? settings?.pwaSettings?.PageTitle : undefined;
  const named = useNamedTitle(path);
  const title = pwaTitle || composePageTitle(settings?.SiteTitle, named ?? (route ? route.title : NOT_FOUND_TITLE));
  usePageMeta(title, typeof window === 'undefined' ? '' : window.location.href, settings);
  useApplyTheme(theme, settings?.DomainUrl);

  const { reload } = a11y;
  useEffect(() => {
    window.addEventListener(SESSION_COPIED_EVENT, reload);
    // The copy may have arrived before this effect subscribed (between the first render and its effects): read again.
    reload();
    return () => window.removeEventListener(SESSION_COPIED_EVENT, reload);
  }, [reload]);

  useEffect(() => {
    setPwaViewed(updatePwaLinkViewed(path === PWA_SETTINGS_PATH));
    // Spec 7.2: site settings are asked for again on each later navigation (the first load is the hook's);
    // the service worker answers at once from its cache and revalidates, and the last answer stays if
    // the network is gone. The worker's update check too: on the first load the browser has just checked
    // (it does after every navigation the worker answers) or is registering it.
    if (navigated.current) {
      checkForServiceWorkerUpdate();
      loadResource(HOME_ENDPOINTS.settings).catch(() => undefined);
    }
    navigated.current = true;
    window.scrollTo?.(0, 0);
  }, [path]);

  if (path === '/') return <Redirect to={HOME_PATH + (search ? `?${search}` : '')} replace />;

  return (
    <div
      className={`app${noHeaderFooterDisplay ? ' app--no-padding' : ' app--padded'}${toolsHidden ? '' : ' app--floating'}`}
      data-shell={shellHidden ? 'hidden' : 'shown'}
    >
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <OfflineNotices />
      {!shellHidden && (
        <>
          <ShellHeader settings={settings} />
          <ShellNavBar items={settings?.objHeaderMenuList ?? NO_MENU} pending={!settings && settingsAnswer.loading} />
        </>
      )}
      <main id="main-content" className="content-area" style={a11y.style} tabIndex={-1} data-testid="content-area">
        <PartBoundary fallback={<ScreenUnavailable />} onRetry={reloadPage} resetKey={path}>
          <Suspense fallback={<LoadingOverlay show />}>
            <Switch location={path}>
              {ROUTES.map((r) => {
                const Screen = MEMO_SCREENS[r.screen];
                return (
                  <Route key={r.path} path={r.path}>
                    <Screen route={r} />
                  </Route>
                );
              })}
              <Route>
                <NotFoundScreen />
              </Route>
            </Switch>
          </Suspense>
        </PartBoundary>
      </main>
      {!shellHidden && settings && (
        <>
          <ShellPartnerBand settings={settings} />
          <ShellFooter settings={settings} linkHandling={!toolsHidden} />
        </>
      )}
      {!toolsHidden && (
        // A landmark of their own, so every part of the page is inside one (axe 'region').
        <aside className="floating-tools" aria-label="Page tools">
          <ShellSiteTools values={a11y.values} onChange={a11y.set} onReset={a11y.reset} />
          <ShellShareButton />
          <ShellInstallLink pwa={settings?.pwaSettings} viewed={pwaViewed} domainUrl={settings?.DomainUrl} />
        </aside>
      )}
    </div>
  );
}
