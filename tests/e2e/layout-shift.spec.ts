// Layout shifts while a screen loads (issue #19): the cumulative layout shift of /home, /search, /viewer and a
// run's title and issue pages, measured by Chromium's own Layout Instability API (PerformanceObserver
// 'layout-shift'), must stay under 0.02 on desktop and phone sizes. Besides the load as served, the same load is
// repeated with the answers arriving in other orders (the hero's settings late, the screen's code late, images
// late), because which of them arrives first depends on the network and the machine: reserved space must hold in
// every order.
import { expect, test, type Page, type Route } from '@playwright/test';
import { networkQuiet } from './quiet-network';

const LIMIT = 0.02;
const DESKTOP = { width: 1350, height: 940 };
const PHONE = { width: 412, height: 823 };
const VIEWER_PAGE = 'demo0001-1819-09-22-ed1-seq1';

// Service workers are blocked so every request is the network's (and page.route sees it), as on a first visit.
test.use({ serviceWorkers: 'block' });
// Each load is measured in a page of its own: the loads share the two workers.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

interface Shift {
  value: number;
  sources: string[];
}

/** Records every layout shift without recent input from the very start of the document. */
async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    const describe = (n: Node | null) => {
      if (!n) return '(gone)';
      const el = n as HTMLElement;
      return `${n.nodeName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map(
            (s) =>
              `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} x ${Math.round(s.previousRect.x)}→${Math.round(s.currentRect.x)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const later = (ms: number) => async (route: Route) => {
  await new Promise((r) => setTimeout(r, ms));
  await route.continue().catch(() => undefined); // the page may have gone on
};

type Order = 'as served' | 'hero settings late' | 'screen code late' | 'images late';

async function arrange(page: Page, order: Order) {
  if (order === 'hero settings late') {
    await page.route(/\/Api\/Home\/GetHomePageSettings/, later(1200));
    await page.route(/\/Api\/Home\/getDetail/i, later(600));
  } else if (order === 'screen code late') {
    // The site settings (header, band, footer) arrive long before the screen's code and data.
    await page.route(/\/assets\/(HomeScreen|SearchScreen|ViewerScreen|TitleScreen|IssueScreen)-[^/]+\.js$/, later(1000));
    await page.route(/\/Api\/Home\/getDetail/i, later(1500));
  } else if (order === 'images late') {
    await page.route(/\/media\/|\/iiif\//, later(900));
  }
}

async function cumulativeShift(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<{ total: number; shifts: Shift[] }> {
  await observeShifts(page);
  await page.goto(path);
  await ready(page);
  await networkQuiet(page);
  await page.waitForTimeout(800); // a last paint after the final answer
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

const report = (shifts: Shift[]) => shifts.map((s) => `${s.value.toFixed(4)}: ${s.sources.join('; ')}`).join('\n');

const homeReady = async (page: Page) => {
  await expect(page.getByRole('search', { name: 'Search the archive' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('title-tiles')).toBeVisible({ timeout: 30_000 });
};
const searchReady = async (page: Page) => {
  await expect(page.locator('.search-hits a[href^="/viewer"]').first()).toBeVisible({ timeout: 30_000 });
};
const viewerReady = async (page: Page) => {
  await expect(page.locator('.vz-app')).toBeVisible({ timeout: 30_000 });
};
const titleReady = async (page: Page) => {
  await expect(page.getByTestId('coverage-strip')).toBeVisible({ timeout: 30_000 });
};
const issueReady = async (page: Page) => {
  await expect(page.getByTestId('issue-screen').locator('a[href^="/viewer"]').first()).toBeVisible({ timeout: 30_000 });
};

const CASES: { name: string; path: string; ready: (page: Page) => Promise<void>; orders: Order[] }[] = [
  { name: '/home', path: '/home', ready: homeReady, orders: ['as served', 'hero settings late', 'screen code late', 'images late'] },
  { name: '/search', path: '/search?k=railroad', ready: searchReady, orders: ['as served', 'screen code late', 'images late'] },
  { name: '/viewer', path: `/viewer?page=${VIEWER_PAGE}`, ready: viewerReady, orders: ['as served', 'images late'] },
  // A newspaper's run: the title page and an issue page (issue #36), whose answers replace a "Loading…" line.
  { name: '/title', path: '/title/demo0001', ready: titleReady, orders: ['as served', 'screen code late'] },
  { name: '/issue', path: '/issue/demo0001/1819-09-22/ed-1', ready: issueReady, orders: ['as served', 'screen code late', 'images late'] },
];

for (const c of CASES) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test.describe(`${c.name} on a ${size}`, () => {
      test.use({ viewport });
      for (const order of c.orders) {
        test(`moves nothing while it loads (${order}): cumulative layout shift under ${LIMIT}`, async ({ page }) => {
          await arrange(page, order);
          const { total, shifts } = await cumulativeShift(page, c.path, c.ready);
          expect(total, `layout shifts of ${c.path} (${order}):\n${report(shifts)}`).toBeLessThan(LIMIT);
        });
      }
    });
  }
}
