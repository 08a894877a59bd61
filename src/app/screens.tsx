// Screens by route kind, each loaded lazily so heavy screens (viewers, admin) load only on their route.
import { lazy, type ComponentType } from 'react';
import type { RouteDef, ScreenKey } from '../../contract/routes';

export interface ScreenProps {
  route: RouteDef;
}

const named = <K extends string>(load: () => Promise<Record<K, ComponentType<ScreenProps>>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

export const SCREENS: Record<ScreenKey, ComponentType<ScreenProps>> = {
  home: named(() => import('../screens/home/HomeScreen'), 'HomeScreen'),
  search: named(() => import('../screens/search/SearchScreen'), 'SearchScreen'),
  viewer: named(() => import('../screens/viewer/ViewerScreen'), 'ViewerScreen'),
  pdfviewer: named(() => import('../screens/viewer/PdfViewerScreen'), 'PdfViewerScreen'),
  audioviewer: named(() => import('../screens/viewer/AudioViewerScreen'), 'AudioViewerScreen'),
  universalviewer: named(() => import('../screens/viewer/UniversalViewerScreen'), 'UniversalViewerScreen'),
  clipsocialsharing: named(() => import('../screens/viewer/ClipScreen'), 'ClipScreen'),
  admin: named(() => import('../screens/admin/AdminScreen'), 'AdminScreen'),
  policy: named(() => import('../screens/policy/PolicyScreen'), 'PolicyScreen'),
  contactus: named(() => import('../screens/contact/ContactScreen'), 'ContactScreen'),
  sitedirectory: named(() => import('../screens/sitedirectory/SiteDirectoryScreen'), 'SiteDirectoryScreen'),
  sitemap: named(() => import('../screens/sitemap/SitemapScreen'), 'SitemapScreen'),
  pwasettings: named(() => import('../screens/pwasettings/PwaSettingsScreen'), 'PwaSettingsScreen'),
};

export const NotFoundScreen = lazy(() => import('../screens/notfound/NotFoundScreen').then((m) => ({ default: m.NotFoundScreen })));
