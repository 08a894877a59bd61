// The home screen's "On this day" block (issue #36) in real Chromium: off by default, so the spec's home is
// unchanged and the block's code and request are never fetched; an admin switches it on in /admin's site
// settings by keyboard; the home then shows the front pages of today's month and day across the years held,
// "100 years ago today" when that year is held, linking to /frontpages/{MM-DD} and its Atom feed, with axe
// finding nothing serious at desktop and phone sizes; switched off again, it is gone. It changes what every
// visitor of the shared server sees, so it runs with the one-at-a-time specs (its name ends in admin.spec.ts).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { TitleResponse } from '../../contract/runs';
import { axeFindings } from './offline-server';

const PASSWORD = 'e2e-admin-password'; // playwright.config.ts sets ADMIN_PASSWORD
const FIELD = 'Show "On this day" front pages on the home page';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The admin API from the test, signed in, with the XSRF header. */
async function adminApi(request: APIRequestContext) {
  await request.get('/Api/Home/GetSiteTheme?url=http://127.0.0.1');
  const xsrf = async () => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const login = await request.post('/Api/Admin/Login', { data: { username: 'admin', password: PASSWORD }, headers: { 'X-XSRF-TOKEN': await xsrf() } });
  expect(login.ok()).toBe(true);
  return {
    get: async (path: string) => (await request.get(`/Api/Admin/${path}`)).json(),
    put: async (path: string, data: unknown) => request.put(`/Api/Admin/${path}`, { data, headers: { 'X-XSRF-TOKEN': await xsrf() } }),
  };
}

/** A day the demo archive holds an issue on, from the first title's record. */
async function heldDay(request: APIRequestContext): Promise<{ date: string; lccn: string; name: string }> {
  const titles = (await (await request.get('/Api/Home/getDetail?url=http://127.0.0.1')).json()) as {
    model: { _searchModels: { YearRangeWithTitleandCountList: { TitleId: number }[] } };
  };
  const id = titles.model._searchModels.YearRangeWithTitleandCountList[0].TitleId;
  const t = (await (await request.get(`/Api/Titles/id-${id}`)).json()) as TitleResponse;
  return { date: t.firstIssue!.date, lccn: t.lccn, name: t.name };
}

/** Opens /home afresh until `check` holds: the service worker may answer a first look from its kept settings. */
async function homeUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto('/home');
    await check();
  }).toPass({ timeout: 60_000 });
}

test.describe.configure({ mode: 'serial' });

test('off by default; an admin switches "On this day" on by keyboard and the home shows that day across the years; off again, it is gone', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const api = await adminApi(request);
  const original = await api.get('Sites/1/Sections');
  expect(original.settings.ShowOnThisDayInHome).toBe(false);
  const held = await heldDay(request);
  const [year, month, day] = held.date.split('-').map(Number);
  const when = `${MONTHS[month - 1]} ${day}`;
  const monthDay = held.date.slice(5);
  // "Today" is that day a hundred years on, so the block has "100 years ago today" to show.
  await page.clock.setFixedTime(new Date(year + 100, month - 1, day, 12));

  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  try {
    // Off: the spec's home, without the block, its chunk or its request.
    await homeUntil(page, async () => {
      await expect(page.getByText(/^Total titles : \d+$/).first()).toBeVisible({ timeout: 20_000 });
    });
    await expect(page.getByTestId('on-this-day')).toHaveCount(0);
    expect(asked.filter((u) => u.includes('/Api/FrontPages') || u.includes('OnThisDayBlock'))).toEqual([]);

    // The admin's site settings form: the field is labelled and reached with Tab, switched with Space.
    await page.goto('/admin');
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const box = page.getByLabel(FIELD);
    await expect(box).not.toBeChecked();
    await page.getByLabel('Show title thumbnails on the home page').focus();
    for (let i = 0; i < 5 && !(await box.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(box).toBeFocused();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    expect((await api.get('Sites/1/Sections')).settings.ShowOnThisDayInHome).toBe(true);

    // On: the block, under the spec's blocks.
    const block = page.getByTestId('on-this-day');
    await homeUntil(page, () => expect(block).toBeVisible({ timeout: 10_000 }));
    await expect(block.getByRole('heading', { level: 2 })).toHaveText(`On this day: ${when}`);
    await expect(block.getByTestId('on-this-day-century')).toHaveText(new RegExp(`^100 years ago today: ${when}, ${year}$`));
    await expect(block.getByRole('link', { name: new RegExp(`^${year}\\s+${held.name}\\s*, front page of ${when}, ${year}`) })).toBeVisible();
    await expect(block.getByRole('link', { name: /^Atom feed of front pages on this day$/ })).toHaveAttribute(
      'href',
      `/Api/FrontPages/feed.atom?monthDay=${monthDay}`,
    );
    await block.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/home-on-this-day.png', fullPage: true });
    expect(await axeFindings(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await block.scrollIntoViewIfNeeded();
    await expect(block.getByRole('link', { name: /^(All \d+ front pages|The front page) of / })).toBeVisible();
    await page.screenshot({ path: 'test-results/home-on-this-day-phone.png' });
    expect(await axeFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Into the run: every front page of that month and day.
    await block.getByRole('link', { name: /^(All \d+ front pages|The front page) of / }).click();
    await expect(page).toHaveURL(new RegExp(`/frontpages/${monthDay}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`On this day: ${when}`);

    // Off again: gone from the home.
    expect((await api.put('Sites/1/Sections/settings', { ...original.settings, ShowOnThisDayInHome: false })).ok()).toBe(true);
    await homeUntil(page, async () => {
      await expect(page.getByText(/^Total titles : \d+$/).first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('on-this-day')).toHaveCount(0);
    });
  } finally {
    await api.put('Sites/1/Sections/settings', original.settings);
  }
});
