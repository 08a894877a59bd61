// Spec 1 / 7.4: the service worker (/sw.js, built from sw/sw.ts) is registered at start-up, as soon as the
// page's own load event has fired: a first install fetches and stores every precached file, which on a
// phone's two cores and one connection would otherwise compete with the files and tasks of the first screen.
// main.tsx imports this module for its side effect; the shell's update checks and the reload on takeover
// live in sw-reload.ts. It also starts the home screen's saved data early (warmStartHomeData): imported
// statically, so the installed app's offline start reads the device database without first fetching its code.
// Registration failures are logged, never fatal: the app still works online.
import { warmStartHomeData } from '../shared/data/home-detail';
import { afterLoad } from '../shared/lib/when-idle';

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
  afterLoad(() => void registerServiceWorker());
  // Also at start-up: saved browse data and the getDetail request get going before the screen's code.
  warmStartHomeData();
}
