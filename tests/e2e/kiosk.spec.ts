// Kiosk mode (issue #17) in real Chromium against the real server: the admin API switches it on with a
// short idle time; an idle screen asks "Are you still there?", then returns to /home having forgotten
// the visitor (session storage, the site tools' local values, seen records, form state) while the browse
// data stays; no link opens a new window; a featured issue opens offline after one online visit.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { waitForActivatedWorker } from './offline-server';
import { waitForImage } from './viewer-helpers';

const PASSWORD = 'e2e-admin-password';
const FEATURED_ISSUE = 'demo0001-1819-09-22-ed1';

async function adminApi(request: APIRequestContext) {
  await request.get('/Api/Home/GetSiteTheme?url=http://127.0.0.1');
  const xsrf = async () => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const login = await request.post('/Api/Admin/Login', { data: { username: 'admin', password: PASSWORD }, headers: { 'X-XSRF-TOKEN': await xsrf() } });
  expect(login.ok()).toBe(true);
  return {
    get: async (path: string) => (await request.get(`/Api/Admin/${path}`)).json(),
    put: async (path: string, data: unknown) => {
      const res = await request.put(`/Api/Admin/${path}`, { data, headers: { 'X-XSRF-TOKEN': await xsrf() } });
      expect(res.status(), await res.text()).toBe(200);
      return res;
    },
  };
}

const kioskOn = async (page: Page) => expect(page.locator('html')).toHaveAttribute('data-kiosk', 'on');

/** Writes records straight into the app's IndexedDB, as the offline features would. */
function seedSeen(page: Page, records: Array<{ site: string; kind: string; key: string; pinned: 0 | 1 }>) {
  return page.evaluate(
    (rows) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('newspaper-archive');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('seen', 'readwrite');
          for (const r of rows) tx.objectStore('seen').put({ ...r, value: { note: 'visitor trace' }, bytes: 10, savedAt: Date.now(), usedAt: Date.now() });
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    records,
  );
}

function countRecords(page: Page, table: string, site: string, kinds: string[] = []) {
  return page.evaluate(
    ([t, s, k]) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('newspaper-archive');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction(t, 'readonly').objectStore(t).getAll();
          const rows = () => (all.result as Array<{ site: string; kind?: string }>).filter((r) => r.site === s && (k.length === 0 || k.includes(r.kind!)));
          all.onsuccess = () => (open.result.close(), resolve(rows().length));
          all.onerror = () => reject(all.error);
        };
      }),
    [table, site, kinds] as const,
  );
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let original: Record<string, unknown>;
test.beforeAll(async ({ request }) => {
  original = await (await adminApi(request)).get('Sites/1/Sections');
});
test.afterAll(async ({ request }) => {
  const api = await adminApi(request);
  for (const section of ['kiosk', 'menus', 'pwa']) await api.put(`Sites/1/Sections/${section}`, original[section]);
});

test('an idle kiosk asks "Are you still there?", a touch keeps the visitor, then it forgets them and returns to /home', async ({ page, request }) => {
  const api = await adminApi(request);
  await api.put('Sites/1/Sections/kiosk', { enabled: true, idleSeconds: 3, featuredIssueIds: [FEATURED_ISSUE] });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/home');
  await kioskOn(page);
  await expect(page.getByText(/Total titles : \d+/).first()).toBeVisible();
  const site = new URL(page.url()).origin;
  await expect.poll(() => countRecords(page, 'titleChunks', site)).toBeGreaterThan(0);
  const browseChunks = await countRecords(page, 'titleChunks', site);

  // The visitor's traces: session keys, the site tools' local mirror, seen records (kept and pinned),
  // and a half-typed search. Another site's records are not this kiosk's to forget.
  await page.evaluate(() => {
    sessionStorage.setItem('soolrResult', '{"q":"private search"}');
    sessionStorage.setItem('viewersearch', 'private search');
    sessionStorage.setItem('brightnessSession', '140');
    localStorage.setItem('brightnessLocal', '140');
  });
  await seedSeen(page, [
    { site, kind: 'search', key: `${site}|k=private`, pinned: 0 },
    { site, kind: 'page', key: 'demo0001-1819-09-22-ed1-seq1', pinned: 1 },
    { site: 'http://other.example', kind: 'search', key: 'http://other.example|k=x', pinned: 1 },
  ]);
  expect(await countRecords(page, 'seen', site, ['search', 'page'])).toBe(2);
  const terms = page.getByLabel('Row 1: search terms');
  await terms.fill('private search');

  const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('kiosk-countdown')).toHaveText(/^[12]$/);
  await page.screenshot({ path: 'test-results/kiosk-countdown.png' });
  // A touch anywhere dismisses it and keeps everything.
  await page.mouse.click(20, 20);
  await expect(dialog).toBeHidden();
  await expect(terms).toHaveValue('private search');
  expect(await page.evaluate(() => sessionStorage.getItem('viewersearch'))).toBe('private search');

  // Left alone, the screen starts again for the next visitor.
  await page.getByRole('link', { name: 'Directory' }).first().click();
  await expect(page).toHaveURL(/\/sitedirectory$/);
  await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });
  await expect(page.getByLabel('Row 1: search terms')).toHaveValue('');
  const left = await page.evaluate(() => ({
    soolr: sessionStorage.getItem('soolrResult'),
    viewersearch: sessionStorage.getItem('viewersearch'),
    brightness: sessionStorage.getItem('brightnessSession'),
    brightnessLocal: localStorage.getItem('brightnessLocal'),
  }));
  expect(left).toEqual({ soolr: null, viewersearch: null, brightness: null, brightnessLocal: null });
  // The visitor's searches and pages are gone, kept or pinned. (The home screen's own thumbnails may be
  // filed again by the tile ledger as the fresh home screen loads them: those are not the visitor's.)
  await expect.poll(() => countRecords(page, 'seen', site, ['search', 'page'])).toBe(0);
  expect(await countRecords(page, 'seen', 'http://other.example')).toBe(1);
  // The browse data is the site's, not the visitor's: it stays.
  expect(await countRecords(page, 'titleChunks', site)).toBe(browseChunks);
  await expect(page.getByText(/Total titles : \d+/).first()).toBeVisible();
});

test('in kiosk mode no link opens a new window: new-tab menu items, the install link, Ctrl-click, window.open', async ({ page, request, context }) => {
  const api = await adminApi(request);
  const menus = original.menus as { header: Array<{ MenuText: string; MenuLink: string; OpenInNewTab: boolean }> };
  await api.put('Sites/1/Sections/menus', {
    ...menus,
    header: [...menus.header, { MenuText: 'Reading room', MenuLink: '/sitedirectory', OpenInNewTab: true }],
  });
  await api.put('Sites/1/Sections/pwa', { ...(original.pwa as object), OpenInNewWindow: true });

  // Without kiosk mode the same links do open new tabs (so the checks below can fail).
  await api.put('Sites/1/Sections/kiosk', { enabled: false, idleSeconds: 600, featuredIssueIds: [] });
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Reading room' })).toHaveAttribute('target', '_blank');
  expect(await page.locator('a[target="_blank"]').count()).toBeGreaterThan(1);

  await api.put('Sites/1/Sections/kiosk', { enabled: true, idleSeconds: 600, featuredIssueIds: [FEATURED_ISSUE] });
  await page.goto('/home');
  await kioskOn(page);
  await expect(page.getByRole('link', { name: 'Reading room' })).toBeVisible();
  await expect(page.locator('[target]')).toHaveCount(0);

  const pagesBefore = context.pages().length;
  await page.getByRole('link', { name: 'Reading room' }).click();
  await expect(page).toHaveURL(/\/sitedirectory$/);
  await page.goto('/home');
  await kioskOn(page);
  await page.getByRole('link', { name: 'Reading room' }).click({ modifiers: ['ControlOrMeta'] });
  await expect(page).toHaveURL(/\/sitedirectory$/);
  await page.goto('/home');
  await kioskOn(page);
  await page.getByTestId('install-link').getByRole('link').click({ button: 'middle' });
  await page.getByTestId('install-link').getByRole('link').click();
  await expect(page).toHaveURL(/\/pwasettings$/);
  // The install link is a plain link (it opened a new tab before the guard took its target off), so it loaded
  // the app afresh: the guard is back once the site's settings are read, as on any start.
  await kioskOn(page);
  const opened = await page.evaluate(() => window.open('/sitedirectory', '_blank'));
  expect(opened).toBeNull();
  await expect(page).toHaveURL(/\/sitedirectory$/);
  // Links that appear later (the footer, a screen's own content) lose their target too.
  await expect(page.locator('[target]')).toHaveCount(0);
  await page.waitForTimeout(500); // a popup would have opened by now
  expect(context.pages().length).toBe(pagesBefore);
});

test('a featured issue opens offline after one online visit', async ({ page, request, context }) => {
  const api = await adminApi(request);
  await api.put('Sites/1/Sections/kiosk', { enabled: true, idleSeconds: 600, featuredIssueIds: [FEATURED_ISSUE] });
  const issue = (await (await request.get('/Api/Home/GetSiteSettings?url=http://127.0.0.1')).json()).kiosk.featuredIssues[0] as { pageIds: string[] };
  expect(issue.pageIds.length).toBeGreaterThan(0);

  await page.goto('/home');
  await kioskOn(page);
  await waitForActivatedWorker(page);
  await expect(page.locator('html')).toHaveAttribute('data-kiosk-kept', `${issue.pageIds.length}/${issue.pageIds.length}`, { timeout: 60_000 });

  // A day later the browser's HTTP cache may hold none of it (page data lives 5 minutes there): clear it,
  // so only what kiosk mode kept can answer.
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await context.setOffline(true);
  try {
    // Really offline, worker included: a page that is not featured cannot be fetched.
    const other = await page.evaluate(() =>
      fetch('/Api/Viewer/Page/demo0001-1819-09-29-ed1-seq1').then(
        (r) => r.status,
        () => 'failed',
      ),
    );
    expect(other).not.toBe(200);

    const last = issue.pageIds[issue.pageIds.length - 1];
    await page.goto(`/viewer?page=${last}`);
    await waitForImage(page);
    // The page image is drawn from the kept tiles: the canvas is not blank.
    await expect
      .poll(
        () =>
          page
            .getByTestId('deep-zoom')
            .locator('canvas')
            .first()
            .evaluate((c: HTMLCanvasElement) => {
              const ctx = c.getContext('2d');
              if (!ctx) return 0;
              const { data } = ctx.getImageData(0, 0, c.width, c.height);
              let inked = 0;
              for (let i = 0; i < data.length; i += 4 * 97) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 600) inked++;
              return inked;
            }),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(50);
  } finally {
    await context.setOffline(false);
  }
});
