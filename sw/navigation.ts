/// <reference lib="webworker" />
// Every page navigation is answered with the precached shell, so any route renders offline; the router
// decides what it shows. API, IIIF and media URLs, and files (sitemap.xml, robots.txt), go to the network.
// (Workbox tests these against pathname + search.)
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NAVIGATION_DENYLIST } from './rules';

export function registerNavigationFallback() {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));
}
