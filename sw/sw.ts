/// <reference lib="webworker" />
// The service worker, put together from one file per concern. Order matters for routing: the first
// matching route wins, so precache comes first and the catch-all navigation fallback last.
import { registerPrecache } from './precache';
import { registerApiCache } from './api-cache';
import { registerImageCaches } from './images';
import { registerNavigationFallback } from './navigation';
import { registerLifecycle } from './lifecycle';
import { registerWarmUp } from './warm-up';
import { registerOutboxSync } from './outbox-sync';
import { registerKioskRoutes } from './kiosk';
import { registerKeepTiles } from './keep-tiles';

declare const self: ServiceWorkerGlobalScope;

registerLifecycle();
registerWarmUp();
registerOutboxSync();
registerPrecache();
registerApiCache(self.location.origin);
registerKioskRoutes(self.location.origin);
registerImageCaches(self.location.origin);
registerKeepTiles(self.location.origin);
registerNavigationFallback();
