import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { QUIET_FEATURES } from './chromium';

// Chromium reads only the last --disable-features switch of its command line. Playwright puts its own list first
// and ours after it, so ours must repeat Playwright's: otherwise every browser test would run with Playwright's
// fixes undone (paint holding back, http://*.test upgraded to https...). The browser this worker launched is a
// child of this process; its command line is read from the system.
test('the browser keeps Playwright\u2019s disabled features and ours', async ({ browser }) => {
  expect(browser.isConnected()).toBe(true);
  const rows = execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((args) => args.includes('--remote-debugging-pipe'));
  expect(rows.length, 'a browser launched by this worker').toBeGreaterThan(0);
  for (const args of rows) {
    const switches = args.split(' ').filter((a) => a.startsWith('--disable-features='));
    expect(switches.length, 'Playwright\u2019s switch and ours').toBeGreaterThanOrEqual(1);
    const features = (s: string) => s.slice('--disable-features='.length).split(',');
    const last = new Set(features(switches[switches.length - 1]));
    for (const s of switches) for (const f of features(s)) expect(last, `${f} is still disabled`).toContain(f);
    for (const f of QUIET_FEATURES) expect(last).toContain(f);
  }
});
