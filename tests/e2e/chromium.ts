// The one Chromium every browser test (and the Lighthouse bench) runs: Debian's binary, with the background
// traffic (sync, component updates, QUIC) switched off so a run sees only the requests the app makes.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags without the headless mode, for launchers that choose their own (Lighthouse wants --headless=new). */
export const CHROMIUM_QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_ARGS = ['--headless', ...CHROMIUM_QUIET_FLAGS];

/**
 * The shared browser of the spec files: *.test host names map to the loopback server, so a test can give a site of
 * its own an origin of its own (shell-helpers' testOrigin). Every spec launches with the same flags, so Playwright
 * runs them all in one kind of worker and schedules them in one order.
 */
export const E2E_BROWSER_ARGS = [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.test 127.0.0.1'];
