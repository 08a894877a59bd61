// Spec 1 / 7.4: the service worker (/sw.js, built from sw/sw.ts) is registered immediately at start-up (the
// spec's contract, so a visitor who leaves after one screen can still come back offline).
// main.tsx imports this module for its side effect; the shell's update checks and the reload on takeover
// live in sw-reload.ts. On /home it also starts the home screen's saved data and its requests early
// (warmStartHomeData), before the screen's code. That module (with Dexie and the database declaration) is
// imported here, not statically: evaluating it inside the entry's module task made that task long on every
// screen, and screens whose first paint never opens the database paid for it. The served HTML preloads it
// with the home screen's chunks, so the installed app's offline start reads the database as early as before.
// Registration failures are logged, never fatal: the app still works online.
import { HOME_ENDPOINTS } from '../../contract/api';
import { loadResource } from '../shared/data/resources';

/** Baked in at build time (VITE_BUILD_ID), shown as <html data-build>: tells two releases apart. */
export const BUILD_ID: string = (import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev';

let registration: Promise<ServiceWorkerRegistration | undefined> | undefined;

/** Registers /sw.js once (idempotent); resolves to the registration, or undefined where unsupported. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (registration) return registration;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) {
    registration = Promise.resolve(undefined);
    return registration;
  }
  // updateViaCache 'none': the browser always asks the server for a new sw.js, never the HTTP cache.
  registration = navigator.serviceWorker.register('/sw.js', { scope: '/', type: 'classic', updateViaCache: 'none' }).catch((error) => {
    console.error('[service worker] registration failed; offline use is unavailable.', error);
    return undefined;
  });
  return registration;
}

if (typeof document !== 'undefined') {
  document.documentElement.dataset.build = BUILD_ID;
  void registerServiceWorker();
  // Also at start-up on /home: saved browse data and the getDetail request get going before the screen's code,
  // and the hero's heading and image (the screen waits for them before drawing, so no layout shift).
  if (/^\/(home)?$/i.test(location.pathname)) {
    loadResource(HOME_ENDPOINTS.homePageSettings).catch(() => undefined);
    import('../shared/data/home-detail').then(
      (m) => m.warmStartHomeData(),
      () => undefined, // the code could not load: the home screen's own import reports it
    );
  }
}
