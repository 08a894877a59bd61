import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, E2E_BROWSER_ARGS } from './tests/e2e/chromium';

// Browser tests run Debian's Chromium against the real server serving the built app (npm run build first).
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${port}`;
const distDir = process.env.DIST_DIR ?? 'dist';
// The demo archive, generated once per run; this server and the offline specs' own servers start from copies.
const demoTemplate = `.tmp/e2e-demo-template-${port}`;

// Specs that change what every visitor of a server sees (site settings, kiosk mode, a batch loaded and purged,
// published corrections) run after the others, on two servers of their own (E2E_PORT + 5 and + 6), one spec at a
// time on each: the published corrections on one, the site settings, kiosk mode and batches on the other. The rest
// share the main server, a spec file per worker (a file whose tests are independent says so with mode 'parallel'
// and spreads over the workers). Specs that start servers of their own (offline-*) use ports and data folders of
// their own.
const CORRECTIONS = [/corrections\.spec\.ts$/];
const SITE_WIDE = [/admin\.spec\.ts$/, /kiosk\.spec\.ts$/];
const SERIAL = [...CORRECTIONS, ...SITE_WIDE];
const correctionsPort = port + 5;
const siteWidePort = port + 6;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two workers on two cores: a third made every test slower by as much as it gained (the cores were full) and
  // made timing-sensitive tests fail.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retries, in CI too: a test that passes only on a second try is a flake to fix, not to hide.
  retries: 0,
  projects: [
    // The NDNP batch and the audio item the viewer specs read, loaded once before any spec runs.
    { name: 'shared data', testMatch: /shared-data\.setup\.ts$/ },
    { name: 'parallel', dependencies: ['shared data'], testIgnore: SERIAL },
    // After the others: run beside them, these specs failed now and then under the load of the other worker's
    // offline specs. After them, the two groups run side by side, each on its own server.
    { name: 'corrections', dependencies: ['parallel'], testMatch: CORRECTIONS, workers: 1, use: { baseURL: `http://127.0.0.1:${correctionsPort}` } },
    { name: 'site-wide', dependencies: ['parallel'], testMatch: SITE_WIDE, workers: 1, use: { baseURL: `http://127.0.0.1:${siteWidePort}` } },
  ],
  reporter: process.env.PW_REPORTER ? [[process.env.PW_REPORTER]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: E2E_BROWSER_ARGS,
    },
    trace: 'off',
    screenshot: 'off',
  },
  webServer: [
    {
      command: `rm -rf ${dataDir} && tsx tests/e2e/make-demo-template.ts ${demoTemplate} ${dataDir} && tsx server/main.ts`,
      url: `http://127.0.0.1:${port}/Api/Home/GetSiteTheme?url=http://127.0.0.1:${port}`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'e2e-admin-password' },
    },
    // Started after the first, so the template is there to copy.
    ...[correctionsPort, siteWidePort].map((serialPort) => {
      const serialDataDir = `.tmp/e2e-data-${serialPort}`;
      return {
        command: `rm -rf ${serialDataDir} && tsx tests/e2e/make-demo-template.ts --reuse ${demoTemplate} ${serialDataDir} && tsx server/main.ts`,
        url: `http://127.0.0.1:${serialPort}/Api/Home/GetSiteTheme?url=http://127.0.0.1:${serialPort}`,
        reuseExistingServer: false,
        timeout: 180_000,
        env: {
          PORT: String(serialPort),
          HOST: '127.0.0.1',
          DATA_DIR: serialDataDir,
          DIST_DIR: distDir,
          LOG_LEVEL: 'warn',
          ADMIN_PASSWORD: 'e2e-admin-password',
        },
      };
    }),
  ],
});
