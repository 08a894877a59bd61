// Screens by route kind, each loaded lazily so heavy screens (viewers, admin) load only on their route.
import type { ComponentType } from 'react';
import { eagerLazy, type EagerLazy } from '../shared/ui/lazy-part';
import { landingRoute, type ScreenKey } from '../../contract/routes';
import type { ScreenProps } from '../shell/screen-props';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType<ScreenProps>>>, name: K) => eagerLazy(() => load().then((m) => m[name]));

export const SCREENS: Record<ScreenKey, EagerLazy<ScreenProps>> = {
  home: named(() => import('../home/HomeScreen'), 'HomeScreen'),
  search: named(() => import('../search/SearchScreen'), 'SearchScreen'),
  viewer: named(() => import('../viewer/page/ViewerScreen'), 'ViewerScreen'),
  pdfviewer: named(() => import('../viewer/pdf/PdfViewerScreen'), 'PdfViewerScreen'),
  audioviewer: named(() => import('../viewer/audio/AudioViewerScreen'), 'AudioViewerScreen'),
  universalviewer: named(() => import('../viewer/universal/UniversalViewerScreen'), 'UniversalViewerScreen'),
  clipsocialsharing: named(() => import('../viewer/clip/ClipScreen'), 'ClipScreen'),
  admin: named(() => import('../admin/AdminScreen'), 'AdminScreen'),
  policy: named(() => import('../info/PolicyScreen'), 'PolicyScreen'),
  contactus: named(() => import('../contact/ContactScreen'), 'ContactScreen'),
  sitedirectory: named(() => import('../info/SiteDirectoryScreen'), 'SiteDirectoryScreen'),
  sitemap: named(() => import('../info/SitemapScreen'), 'SitemapScreen'),
  saved: named(() => import('../saved/SavedScreen'), 'SavedScreen'),
  lists: named(() => import('../lists/ListsScreen'), 'ListsScreen'),
  pwasettings: named(() => import('../info/PwaSettingsScreen'), 'PwaSettingsScreen'),
  title: named(() => import('../run/TitleScreen'), 'TitleScreen'),
  titleyear: named(() => import('../run/YearScreen'), 'YearScreen'),
  issue: named(() => import('../run/IssueScreen'), 'IssueScreen'),
  frontpages: named(() => import('../run/FrontPagesScreen'), 'FrontPagesScreen'),
};

export const NotFoundScreen = eagerLazy(() => import('../info/NotFoundScreen').then((m) => m.NotFoundScreen));

/** How long the first render waits for its screen's code before drawing the shell with the loading overlay. */
export const FIRST_SCREEN_WAIT_MS = 1500;

/**
 * Loads the code of the screen at `pathname` (the not-found screen for an unknown path); resolves when it is in, or
 * after FIRST_SCREEN_WAIT_MS, or when it failed (the screen's error boundary then shows why).
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  const route = landingRoute(pathname);
  const screen = route ? SCREENS[route.screen] : NotFoundScreen;
  return Promise.race([screen.preload(), new Promise((done) => setTimeout(done, FIRST_SCREEN_WAIT_MS))]);
}
