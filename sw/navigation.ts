/// <reference lib="webworker" />
// Every page navigation is answered with the precached shell, so any route renders offline; the router
// decides what it shows. API, IIIF and media URLs, and files (sitemap.xml, robots.txt), go to the network.
// (Workbox tests these against pathname + search.)
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

export const NAVIGATION_DENYLIST = [/^\/api(\/|$)/i, /^\/iiif(\/|$)/i, /^\/media(\/|$)/i, /^[^?]*\.[a-z0-9]{2,5}(\?|$)/i];

export function registerNavigationFallback() {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));
}
