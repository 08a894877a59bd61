/// <reference lib="webworker" />
// Placeholder: the offline-first issue builds the real worker (precache, navigation fallback, runtime caches).
import { precacheAndRoute } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };
precacheAndRoute(self.__WB_MANIFEST);
