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

/**
 * Features switched off in every launch. Chromium's own: each new window (a fresh browser context is one) loads the
 * omnibox popup's WebUI in a renderer of its own, ~250 ms of CPU that competed with the page under test on this
 * 2-core machine (a person's browser loaded it long before they opened the archive). Playwright's: its own list
 * (playwright-core's chromiumSwitches, 1.65), repeated because Chromium reads only the last --disable-features it is
 * given; tests/e2e/chromium-flags.spec.ts checks that the launched browser's last one still holds all of Playwright's.
 */
export const QUIET_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];
const PLAYWRIGHT_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** One --disable-features switch holding every list given (a second switch would replace the first). */
export const disableFeatures = (...lists: string[][]) => `--disable-features=${[...new Set(lists.flat())].join(',')}`;

export const CHROMIUM_ARGS = ['--headless', ...CHROMIUM_QUIET_FLAGS, disableFeatures(PLAYWRIGHT_FEATURES, QUIET_FEATURES)];

/**
 * The shared browser of the spec files: *.test host names map to the loopback server, so a test can give a site of
 * its own an origin of its own (shell-helpers' testOrigin). Every spec launches with the same flags, so Playwright
 * runs them all in one kind of worker and schedules them in one order.
 */
export const E2E_BROWSER_ARGS = [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.test 127.0.0.1'];
