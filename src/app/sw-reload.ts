// Spec 4.10: when a new service worker takes over, the page reloads. The offline issue registers the
// worker (src/app/sw-register.ts); the shell only listens, and asks for an update check on navigation.

let reloading = false;

export function listenForServiceWorkerTakeover(): () => void {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!sw) return () => {};
  // A first install that claims the page is not an update: only reload when a worker was in control.
  const hadController = !!sw.controller;
  const onChange = () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  };
  sw.addEventListener('controllerchange', onChange);
  return () => sw.removeEventListener('controllerchange', onChange);
}

/** Ask the registered worker to look for an update (on navigation), only when online. */
export function checkForServiceWorkerUpdate() {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!sw || !navigator.onLine) return;
  sw.getRegistration()
    .then((reg) => reg?.update())
    .catch(() => {
      /* offline or no worker yet: nothing to do */
    });
}
