// Issue #21: the floating buttons (site tools, Share, install link) never cover content. On every route, at
// phone, tablet and desktop sizes, each kind of visible control is scrolled to the middle of the screen and
// document.elementFromPoint must find the control there, not a floating button; the end of the page is then
// scrolled to, and its last control must be clear of them too. axe-core runs on the same screens: no
// serious or critical finding, and no moderate landmark finding. Screenshots: /tmp/floating-*.png.
import { axeFindings } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, PHONE_UA } from './shell-helpers';
import { AUDIO_ITEM, NDNP_PAGE, ensureIngested, waitForImage } from './viewer-helpers';

// The three devices are independent: they share the two workers.
test.describe.configure({ mode: 'parallel', timeout: 300_000 });

// The three screens, and the narrowest and widest it names (320 and 1440 px). Sizes of one device (the
// same touch, mobile and user-agent settings) share a browser context: each screen is loaded once at the first
// size and checked there, then the window is resized to the next size and checked again, as a visitor turning a
// phone or widening a window would see it.
const DEVICES = [
  {
    name: 'phone',
    options: { isMobile: true, hasTouch: true, userAgent: PHONE_UA },
    sizes: [
      { name: 'small-phone', viewport: { width: 320, height: 640 } },
      { name: 'phone', viewport: { width: 390, height: 844 } },
    ],
  },
  { name: 'tablet', options: { hasTouch: true }, sizes: [{ name: 'tablet', viewport: { width: 768, height: 1024 } }] },
  {
    name: 'desktop',
    options: {},
    sizes: [
      { name: 'desktop', viewport: { width: 1366, height: 900 } },
      { name: 'wide', viewport: { width: 1440, height: 900 } },
    ],
  },
] as const;

interface RouteCase {
  path: string;
  /** Waits for the screen's content (and opens what a visitor would open). */
  ready(page: Page): Promise<void>;
  admin?: boolean;
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
const DEMO_PAGE = 'demo0004-1909-08-20-ed1-seq1';

const ROUTES: RouteCase[] = [
  {
    path: '/home',
    ready: async (page) => {
      await expect(page.getByTestId('title-tiles')).toBeVisible({ timeout: 20_000 });
    },
  },
  {
    path: '/search?i=f&k=railroad&ord=k1',
    ready: async (page) => {
      await expect(page.locator('.search-hit').first()).toBeVisible({ timeout: 20_000 });
    },
  },
  {
    path: '/search?i=f&k=qqxyzzy&ord=k1',
    ready: async (page) => {
      await expect(page.getByText('Some ideas:')).toBeVisible({ timeout: 20_000 });
    },
  },
  {
    path: `/viewer?page=${DEMO_PAGE}&i=f&e=railroad%20bridge&ord=e1`,
    ready: async (page) => {
      await waitForImage(page);
      const unfold = page.getByRole('button', { name: 'Show search, text and downloads' });
      if (await unfold.isVisible()) await unfold.click(); // folded away on narrow screens
      await page.getByRole('tab', { name: 'Text' }).click();
    },
  },
  {
    path: '/viewer',
    ready: async (page) => {
      await expect(page.locator('.vz-app')).toBeVisible();
    },
  },
  {
    path: `/pdfviewer?page=${NDNP_PAGE}`,
    ready: async (page) => {
      await expect(page.getByTestId('pdf-canvas')).toHaveAttribute('data-rendered', 'true', { timeout: 60_000 });
    },
  },
  {
    path: `/audioviewer?item=${AUDIO_ITEM}`,
    ready: async (page) => {
      await expect(page.locator('.vz-cue').first()).toBeVisible({ timeout: 20_000 });
    },
  },
  { path: '/universalviewer?issue=demo0004-1909-08-20-ed1', ready: waitForImage },
  { path: '/contactus', ready: heading },
  { path: '/privacy-policy', ready: heading },
  { path: '/terms-and-conditions', ready: heading },
  { path: '/termsof-use', ready: heading },
  { path: '/copyright-policy', ready: heading },
  { path: '/dmca-and-copyright-takedown', ready: heading },
  { path: '/pwasettings', ready: heading },
  { path: '/sitedirectory', ready: heading },
  {
    path: '/sitemap',
    ready: async (page) => {
      await expect(page.getByTestId('sitemap-titles')).toBeVisible({ timeout: 20_000 });
    },
  },
  { path: '/no-such-page', ready: heading },
  {
    path: '/admin',
    admin: true,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Sites' })).toBeVisible();
    },
  },
];

/**
 * In the page: scrolls a sample of every kind of visible control to the middle of the screen and reports
 * the ones a floating button covers there, then scrolls to the very end and checks the last control.
 */
function findCoveredControls(perKind: number) {
  const FLOATING = '.share-widget, .site-tools, .install-link';
  const SELECTOR = 'input:not([type=hidden]), select, textarea, button, a[href], summary, [tabindex="0"], [role=tab], [role=switch]';
  const isShown = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  };
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].join('.')} "${(el.getAttribute('aria-label') || (el as HTMLElement).innerText || (el as HTMLInputElement).value || '').trim().slice(0, 40)}"`;
  /** The floating button over a point of the control, if one is there. */
  const coverAt = (el: Element): string | null => {
    const r = el.getBoundingClientRect();
    const inset = Math.min(3, r.width / 4, r.height / 4);
    const xs = [r.left + inset, (r.left + r.right) / 2, r.right - inset];
    const ys = [r.top + inset, (r.top + r.bottom) / 2, r.bottom - inset];
    for (const x of xs)
      for (const y of ys) {
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        const top = document.elementFromPoint(x, y);
        const over = top?.closest(FLOATING);
        if (over && !over.contains(el)) return `${over.className} at ${Math.round(x)},${Math.round(y)}`;
      }
    return null;
  };
  const controls = [...document.querySelectorAll(SELECTOR)].filter((el) => !el.closest(FLOATING) && isShown(el));
  const byKind = new Map<string, Element[]>();
  for (const el of controls) {
    const kind = el.tagName === 'INPUT' ? `input[${(el as HTMLInputElement).type}]` : (el.getAttribute('role') ?? el.tagName.toLowerCase());
    const list = byKind.get(kind);
    if (list) list.push(el);
    else byKind.set(kind, [el]);
  }
  const sample: Element[] = [];
  for (const list of byKind.values()) {
    const step = Math.max(1, list.length / perKind);
    for (let i = 0; i < list.length && sample.length < 400; i += step) sample.push(list[Math.floor(i)]);
  }
  const problems: string[] = [];
  for (const el of sample) {
    el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const cover = coverAt(el);
    if (cover) problems.push(`middle: ${describe(el)} under ${cover}`);
  }
  // The end of the page: every scroll area and the document scrolled to their ends.
  const last = controls.at(-1);
  for (const el of [document.scrollingElement, ...document.querySelectorAll('*')]) {
    if (el && el.scrollHeight > el.clientHeight + 1) el.scrollTop = el.scrollHeight;
  }
  if (last && isShown(last)) {
    const cover = coverAt(last);
    if (cover) problems.push(`end: ${describe(last)} under ${cover}`);
  }
  return { problems, kinds: [...byKind.keys()], sampled: sample.length, floating: document.querySelectorAll(FLOATING).length };
}

const LANDMARK = /^(region|landmark-)/;
const findings = (page: Page) =>
  axeFindings(page, {
    rules: 'wcag22aa+best-practice',
    exclude: ['.openseadragon-canvas'], // the image's drawing surface, OpenSeadragon's own markup
    counts: (v) => v.impact === 'serious' || v.impact === 'critical' || (v.impact === 'moderate' && LANDMARK.test(v.id)),
  });

/** The screen as a visitor sees it once it is still: the site's theme stylesheet applied (it is added a moment
 *  after start) and no transition or finite animation running, then two frames for the last layout. */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const theme = document.getElementById('site-theme-stylesheet') as HTMLLinkElement | null;
    const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    return Boolean(theme?.sheet) && !moving;
  });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function signIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sites' })).toBeVisible();
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(200_000);
  await ensureIngested(request);
});

const sizeName = (size: (typeof DEVICES)[number]['sizes'][number]) => `${size.name} ${size.viewport.width}x${size.viewport.height}`;

for (const device of DEVICES) {
  test(`${device.sizes.map(sizeName).join(', ')}: no floating button covers a control, and axe finds nothing serious`, async ({ browser }) => {
    const context = await browser.newContext({ ...device.options, viewport: device.sizes[0].viewport });
    const page = await context.newPage();
    const failures: string[] = [];
    for (const route of ROUTES) {
      await page.setViewportSize(device.sizes[0].viewport);
      if (route.admin) await signIn(page);
      else await page.goto(route.path);
      await route.ready(page);
      const slug = route.path.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'root';
      for (const [i, size] of device.sizes.entries()) {
        if (i > 0) {
          await page.evaluate(() => window.scrollTo(0, 0)); // the previous size's check ended scrolled to the end
          await page.setViewportSize(size.viewport);
        }
        await settled(page);
        if (['home', 'search-i-f-k-railroad-ord-k', 'viewer-page-demo-ed-seq-i-f-e-railroad-bridge-ord-e'].includes(slug)) {
          await page.screenshot({ path: `/tmp/floating-${size.name}-${slug}.png` });
        }
        const axe = await findings(page);
        const result = await page.evaluate(findCoveredControls, 12);
        const where = `${route.path} at ${sizeName(size)}`;
        expect(result.sampled, `${where} has controls to check`).toBeGreaterThan(0);
        const found = [...axe.map((f) => `${where}: axe ${f}`), ...result.problems.map((p) => `${where}: ${p}`)];
        if (found.length) console.log(found.join('\n'));
        failures.push(...found);
        if (slug === 'home') await page.screenshot({ path: `/tmp/floating-${size.name}-home-end.png` }); // scrolled to the end
      }
    }
    expect(failures).toEqual([]);
    await context.close();
  });
}
