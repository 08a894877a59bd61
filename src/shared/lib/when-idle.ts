// Work the first paint does not need (the outbox's code, reads and first send) waits until
// the page has loaded and the browser is idle, so it never lengthens the tasks that build the first screen.
// On a phone those tasks are the ones a visitor waits for; this work is invisible to them either way.

/** How long the browser may keep the work waiting for an idle moment after the load event. */
export const IDLE_TIMEOUT_MS = 2000;

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };

/** Runs `fn` once, after the load event and then at the browser's next idle moment (or IDLE_TIMEOUT_MS). */
export function whenIdleAfterLoad(fn: () => void, timeout = IDLE_TIMEOUT_MS): void {
  if (typeof window === 'undefined') return;
  const w = window as IdleWindow;
  const idle = () => (w.requestIdleCallback ? w.requestIdleCallback(fn, { timeout }) : setTimeout(fn, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', () => idle(), { once: true });
}
