// Spec 1 / 7.4: the service worker (/sw.js, built from sw/sw.ts) is registered immediately at start-up (the
// spec's contract, so a visitor who leaves after one screen can still come back offline).
// main.tsx imports this module for its side effect; the shell's update checks and the reload on takeover
// live in sw-reload.ts. It also starts the home screen's saved data early (warmStartHomeData): imported
// statically, so the installed app's offline start reads the device database without first fetching its code.
// Registration failures are logged, never fatal: the app still works online.
import { warmStartHomeData } from '../shared/data/home-detail';

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
  // Also at start-up: saved browse data and the getDetail request get going before the screen's code.
  warmStartHomeData();
}
