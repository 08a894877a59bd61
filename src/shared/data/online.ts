// Whether the network can be used: the browser's own flag, plus what our last API call found (a kiosk
// can be 'online' with the server unreachable). Screens use useOnlineStatus(); the data layer reports.
import { useSyncExternalStore } from 'react';

let serverUnreachable = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    serverUnreachable = false;
    notify();
  });
  window.addEventListener('offline', notify);
}

/** Called by the data layer after each API call. */
export function reportNetworkResult(reachable: boolean) {
  if (serverUnreachable === !reachable) return;
  serverUnreachable = !reachable;
  notify();
}

export const isOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine) && !serverUnreachable;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** true while the archive's server can be reached (as far as we know). */
export const useOnlineStatus = (): boolean => useSyncExternalStore(subscribe, isOnline, () => true);

/** Runs `listener` when the connection comes back (to refresh quietly). */
export function onBackOnline(listener: () => void): () => void {
  let was = isOnline();
  return subscribe(() => {
    const now = isOnline();
    if (now && !was) listener();
    was = now;
  });
}
