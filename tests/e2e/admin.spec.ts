// The /admin area in a real browser: sign in, change the site, load and purge a real batch, and prove
// that hostile HTML saved by an admin never runs on the public pages.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { resolve } from 'node:path';

const PASSWORD = 'e2e-admin-password'; // playwright.config.ts sets ADMIN_PASSWORD
const BATCH_NAME = 'batch_dlc_manyyears_ver01';
const BATCH = resolve(`../shared/corpus/ndnp/${BATCH_NAME}`);
const MARC = resolve('../shared/corpus/ndnp/marc');

const HOSTILE = [
  '<p>Visible <strong>safe</strong> text</p>',
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '<a href="javascript:window.__pwned=1" id="js-link">click me</a>',
  '<svg onload="window.__pwned=1"></svg>',
  '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  '<details open ontoggle="window.__pwned=1">x</details>',
  '<div style="background:url(javascript:window.__pwned=1)">styled</div>',
].join('');

async function signIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sites' })).toBeVisible();
}

/** The admin API from the test, signed in, with the XSRF header. */
async function adminApi(request: APIRequestContext) {
  await request.get('/Api/Home/GetSiteTheme?url=http://127.0.0.1');
  const xsrf = async () => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const login = await request.post('/Api/Admin/Login', { data: { username: 'admin', password: PASSWORD }, headers: { 'X-XSRF-TOKEN': await xsrf() } });
  expect(login.ok()).toBe(true);
  return {
    get: async (path: string) => (await request.get(`/Api/Admin/${path}`)).json(),
    put: async (path: string, data: unknown) => request.put(`/Api/Admin/${path}`, { data, headers: { 'X-XSRF-TOKEN': await xsrf() } }),
    post: async (path: string, data: unknown) => request.post(`/Api/Admin/${path}`, { data, headers: { 'X-XSRF-TOKEN': await xsrf() } }),
  };
}

/**
 * The home screen's title count as a visitor sees it after a fresh load. A reload is a new look: the service
 * worker may answer a first load from its kept copy (stale-while-revalidate) and refresh it behind.
 */
async function totalTitles(page: Page): Promise<number> {
  await page.goto('/home');
  const text = await page
    .getByText(/^Total titles : \d+$/)
    .first()
    .textContent({ timeout: 20_000 });
  return Number(text!.replace(/\D+/g, ''));
}

test.describe.configure({ mode: 'serial' });

test('an admin changes SiteTitle and a menu item and sees them on the public site', async ({ page, request }) => {
  const api = await adminApi(request);
  const original = await api.get('Sites/1/Sections');
  try {
    await signIn(page);
    const title = page.getByLabel('Site title (used in page titles)');
    await title.fill('The Renamed Gazette Archive');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    await page.getByRole('tab', { name: 'Menus' }).click();
    await page.getByLabel('Header menu 1 text').fill('Our Reading Room');
    await page.getByRole('button', { name: 'Save menus' }).click();
    await expect(page.getByText('Saved. The public site shows it now.')).toBeVisible();

    await page.goto('/home');
    await expect(page).toHaveTitle('The Renamed Gazette Archive :: Home');
    await expect(page.getByRole('navigation').getByText('Our Reading Room')).toBeVisible();
    await page.screenshot({ path: 'test-results/admin-public-after-edit.png' });
  } finally {
    await api.put('Sites/1/Sections/settings', original.settings);
    await api.put('Sites/1/Sections/menus', original.menus);
  }
});

test('an admin loads a shared NDNP batch with visible progress, then purges it', async ({ page, request }) => {
  test.setTimeout(240_000);
  // A batch no other spec reads, so loading and purging it changes nothing another test relies on; a batch left
  // by an interrupted earlier run is purged first, so the test starts from the archive without it.
  const api = await adminApi(request);
  const loaded = async () => ((await api.get('Batches')) as { name: string }[]).some((b) => b.name === BATCH_NAME);
  if (await loaded()) {
    expect((await api.post('Jobs', { kind: 'purge', sourcePath: BATCH_NAME })).ok()).toBe(true);
    await expect.poll(loaded, { timeout: 120_000 }).toBe(false);
  }
  const before = await totalTitles(page);

  await signIn(page);
  await page.getByRole('button', { name: 'Batches' }).click();
  await page.getByLabel('Folder on the server').fill(BATCH);
  await page.getByLabel('MARC records folder (optional)').fill(MARC);
  await page.getByRole('button', { name: 'Start loading' }).click();
  // Progress shows while it runs (a progress bar and issue counts), then the job is done.
  await expect(page.getByRole('progressbar', { name: new RegExp(`Loading .*${BATCH_NAME}`) })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/\d+ \/ 15 issues/)).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-ingest-progress.png' });
  await expect(page.locator('.admin-job').first().getByText('done', { exact: true })).toBeVisible({ timeout: 180_000 });
  await expect(page.getByRole('cell', { name: BATCH_NAME, exact: true })).toBeVisible();

  // The batch's title shows on the public home page.
  const home = await page.context().newPage();
  await expect.poll(() => totalTitles(home), { timeout: 60_000 }).toBe(before + 1);
  await home.close();

  page.once('dialog', (d) => d.accept());
  await page.getByRole('button', { name: `Purge ${BATCH_NAME}` }).click();
  await expect(page.getByRole('cell', { name: BATCH_NAME, exact: true })).toHaveCount(0, { timeout: 60_000 });
  const after = await page.context().newPage();
  await expect.poll(() => totalTitles(after), { timeout: 60_000 }).toBe(before);
});

test('hostile HTML saved through the admin API never executes on the public pages', async ({ page, request }) => {
  const api = await adminApi(request);
  const original = await api.get('Sites/1/Sections');
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  try {
    for (const [section, patch] of [
      ['banner', { Status: true, BannerContentShort: HOSTILE, BannerContent: HOSTILE, ContentMore: true }],
      ['pageContent', { Status: true, PageContentShort: HOSTILE, PageContent: HOSTILE }],
      ['home', { HomePageContent: HOSTILE }],
      ['settings', { FooterText: HOSTILE, AdvantageFooterStatus: true }],
      ['policies', { 'privacy-policy': HOSTILE }],
    ] as const) {
      const res = await api.put(`Sites/1/Sections/${section}`, { ...original[section], ...patch });
      expect(res.ok(), await res.text()).toBe(true);
    }
    for (const path of ['/home', '/privacy-policy']) {
      await page.goto(path);
      await expect(page.getByText('Visible').first()).toBeVisible();
      for (const more of await page.getByRole('button', { name: 'Learn More' }).all()) {
        await more.click();
        await page.keyboard.press('Escape');
      }
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await page.locator('script:not([src]), iframe, svg[onload], [onerror], [onload], [ontoggle], a[href^="javascript:"]').count()).toBe(0);
    }
    expect(dialogs).toBe(0);
  } finally {
    for (const section of ['banner', 'pageContent', 'home', 'settings', 'policies']) await api.put(`Sites/1/Sections/${section}`, original[section]);
  }
});

// Issue #14.8: a page whose ALTO is malformed loads without text; the batch list says so, with the file.
test('the batch list shows pages loaded without text, with the broken file', async ({ page }) => {
  test.setTimeout(180_000);
  const { copyBatch } = await import('../server/ingest-fixtures');
  const { readdirSync, truncateSync, rmSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  const copy = copyBatch(BATCH, 'batch_e2e_textless_ver01', 2);
  try {
    const alto = readdirSync(copy.issueDirs[1]).find((f) => /^\d{4}\.xml$/.test(f))!;
    truncateSync(join(copy.issueDirs[1], alto), 20_000);
    await signIn(page);
    await page.getByRole('button', { name: 'Batches' }).click();
    await page.getByLabel('Folder on the server').fill(copy.dir);
    await page.getByRole('button', { name: 'Start loading' }).click();
    await expect(page.locator('.admin-job').first().getByText('done', { exact: true })).toBeVisible({ timeout: 150_000 });
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'batch_e2e_textless_ver01', exact: true }) });
    await expect(row.getByText('1 page loaded without text: fix the ALTO file and load the batch again.')).toBeVisible();
    await expect(row.getByText(new RegExp(`page 1: unreadable ALTO .*${alto}: malformed XML`))).toBeVisible();
    page.once('dialog', (d) => d.accept());
    await row.getByRole('button', { name: 'Purge batch_e2e_textless_ver01' }).click();
    await expect(page.getByRole('cell', { name: 'batch_e2e_textless_ver01', exact: true })).toHaveCount(0, { timeout: 60_000 });
  } finally {
    rmSync(dirname(copy.dir), { recursive: true, force: true });
  }
});
