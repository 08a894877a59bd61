// Reading a title as a run (issue #36) in real Chromium on the demo archive: home → "About this title" → a
// year's calendar → a day → the issue page → the viewer and back, by mouse and by keyboard, at phone and
// desktop sizes; axe finds no serious or critical violation on the new screens; an unknown issue gets
// "Page not found" with the way back to the title; the screens seen online reopen offline, stamped.
import { expect, test, type Page } from '@playwright/test';
import type { IssueResponse, TitleIssuesResponse, TitleResponse } from '../../contract/runs';
import { axeFindings, seenRecord, waitForActivatedWorker } from './offline-server';
import { PHONE_UA } from './shell-helpers';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, userAgent: PHONE_UA, isMobile: true, hasTouch: true },
] as const;

/** The first title on the home screen, by its tile's "About this title" link. */
async function openTitleFromHome(page: Page) {
  await page.goto('/home');
  const about = page.getByRole('link', { name: /^About this title: / }).first();
  await expect(about).toBeVisible({ timeout: 30_000 });
  const name = ((await about.getAttribute('aria-label')) ?? '').replace(/^About this title: /, '');
  await about.click();
  await expect(page).toHaveURL(/\/title\/[a-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  return name;
}

for (const size of SIZES) {
  test.describe(`${size.name}`, () => {
    test.use({ viewport: size.viewport, ...('userAgent' in size ? { userAgent: size.userAgent, isMobile: size.isMobile, hasTouch: size.hasTouch } : {}) });

    test('home → title → year → day → issue → viewer and back, with the page titles on the way', async ({ page }) => {
      const name = await openTitleFromHome(page);
      await expect(page).toHaveTitle(new RegExp(`${name}$`));
      const lccn = page.url().split('/title/')[1];
      const title = (await (await page.request.get(`/Api/Titles/${lccn}`)).json()) as TitleResponse;
      expect(title.coverage.length).toBeGreaterThan(0);
      expect(await axeFindings(page)).toEqual([]);

      // The coverage strip: a bar per year held, each a link to its calendar.
      const year = title.coverage[0].year;
      await page.getByRole('link', { name: new RegExp(`^${year}: \\d+ issues?, \\d+ pages?$`) }).click();
      await expect(page).toHaveURL(new RegExp(`/title/${lccn}/${year}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name}, ${year}`);
      await expect(page.locator('table.run-month')).toHaveCount(12);
      await expect(page.locator('table.run-month').first().locator('th[scope=col]')).toHaveCount(7);
      expect(await axeFindings(page)).toEqual([]);

      const cal = (await (await page.request.get(`/Api/Titles/${lccn}/Issues?year=${year}`)).json()) as TitleIssuesResponse;
      const first = cal.issues[0];
      const day = page.locator('a[data-run-issue]').first();
      await expect(day).toHaveAttribute('aria-label', new RegExp(`^[A-Z][a-z]+ ${Number(first.date.slice(8))}, ${year}, .*${first.pages} pages?$`));
      await day.click();
      await expect(page).toHaveURL(new RegExp(`/issue/${lccn}/${first.date}/ed-${first.edition}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
      await expect(page.getByTestId('issue-pages').locator('li')).toHaveCount(first.pages);
      await expect(page.getByTestId('issue-pdf')).toHaveText(/^Download this issue \(PDF, about [\d.]+ [KM]B\)$/);
      expect(await axeFindings(page)).toEqual([]);

      await page.getByTestId('issue-pages').getByRole('link').first().click();
      await expect(page).toHaveURL(/\/viewer\?page=/);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/issue/${lccn}/${first.date}/ed-${first.edition}$`));
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`/title/${lccn}$`));
    });

    test('a long run fits the screen: its strip scrolls inside itself, the page never sideways', async ({ page }) => {
      // demo0001's strip has a column for each of 126 years: far wider than a phone.
      for (const path of ['/title/demo0001', '/title/demo0001/1797']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.run-coverage__bars, table.run-month').first()).toBeVisible();
        const [pageWidth, screenWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        expect(pageWidth, path).toBeLessThanOrEqual(size.viewport.width);
        expect(screenWidth, path).toBe(size.viewport.width);
      }
    });

    test('by keyboard: tab to a year, arrow keys across the calendar, Enter into the issue', async ({ page }) => {
      await openTitleFromHome(page);
      const lccn = page.url().split('/title/')[1];
      const bar = page.locator('a.run-coverage__bar').first();
      await bar.focus();
      await expect(bar).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/title/${lccn}/\\d{4}$`));
      const days = page.locator('a[data-run-issue]');
      await expect(days.first()).toBeVisible();
      // Tab from the heading reaches the calendar's first issue after the year navigation.
      await page.getByRole('heading', { level: 1 }).click();
      for (let i = 0; i < 30 && !(await days.first().evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
      await expect(days.first()).toBeFocused();
      if ((await days.count()) > 1) {
        await page.keyboard.press('ArrowRight');
        await expect(days.nth(1)).toBeFocused();
        await page.keyboard.press('ArrowLeft');
        await expect(days.first()).toBeFocused();
      }
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/issue/${lccn}/\\d{4}-\\d\\d-\\d\\d/ed-\\d+$`));
      await expect(page.getByTestId('issue-screen')).toBeVisible();
      const issueUrl = page.url();

      // On into the viewer by Tab and Enter from the issue's heading, and back.
      const firstPage = page.getByTestId('issue-pages').getByRole('link').first();
      await page.getByRole('heading', { level: 1 }).click();
      for (let i = 0; i < 30 && !(await firstPage.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
      await expect(firstPage).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/viewer\?page=/);
      await page.goBack();
      await expect(page).toHaveURL(issueUrl);
      await expect(page.getByTestId('issue-screen')).toBeVisible();
    });
  });
}

test.describe('without the service worker, so the test can change an answer', () => {
  test.use({ serviceWorkers: 'block' });

  test('the issue page names each page by its number and, where the METS names one, its section', async ({ page }) => {
    await openTitleFromHome(page);
    const lccn = page.url().split('/title/')[1];
    const title = (await (await page.request.get(`/Api/Titles/${lccn}`)).json()) as TitleResponse;
    const first = title.firstIssue!;
    // The demo's METS name no sections: the answer gets one, as ingest gives it from a METS "section label".
    await page.route(
      (url) => url.pathname === `/Api/Issues/${lccn}/${first.date}/${first.edition}`,
      async (route) => {
        const answer = (await (await route.fetch()).json()) as IssueResponse;
        answer.pages[answer.pages.length - 1].section = 'Sporting section';
        await route.fulfill({ json: answer });
      },
    );
    await page.goto(`/issue/${lccn}/${first.date}/ed-${first.edition}`);
    const pages = page.getByTestId('issue-pages').getByRole('link');
    await expect(pages.last()).toHaveText(/^Page \d+Sporting section$/);
    await expect(pages.first()).toHaveText(/^Page 1$/);
    await page.screenshot({ path: 'test-results/run-issue-page.png', fullPage: true });
    expect(await axeFindings(page)).toEqual([]);
  });
});

test('front pages of a day and "on this day" across the years, with axe', async ({ page }) => {
  await openTitleFromHome(page);
  const lccn = page.url().split('/title/')[1];
  const title = (await (await page.request.get(`/Api/Titles/${lccn}`)).json()) as TitleResponse;
  const date = title.firstIssue!.date;
  await page.goto(`/frontpages/${date}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Front pages of [A-Z][a-z]+ \d+, \d{4}$/);
  await expect(page.getByTestId('front-pages').locator('li').first()).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await page.goto(`/frontpages/${date.slice(5)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^On this day: /);
  await expect(page.getByTestId('front-pages').locator('li').first()).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
});

test('an unknown issue or title is "Page not found" with the way back to the title', async ({ page }) => {
  await openTitleFromHome(page);
  const lccn = page.url().split('/title/')[1];
  await page.goto(`/issue/${lccn}/1700-01-01/ed-1`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByText(`No issue of '${lccn}' dated 1700-01-01`)).toBeVisible();
  await expect(page).toHaveTitle(/Page not found$/);
  expect(await axeFindings(page)).toEqual([]);
  await page.getByRole('link', { name: 'Back to the title' }).click();
  await expect(page).toHaveURL(new RegExp(`/title/${lccn}$`));
  await page.goto('/title/sn00000000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Back to the title' })).toHaveCount(0);
});

test('offline: a title page, a year calendar and an issue page seen online reopen offline, stamped', async ({ page, context }) => {
  await page.goto('/home');
  await waitForActivatedWorker(page);
  await openTitleFromHome(page);
  const titleUrl = page.url();
  const lccn = titleUrl.split('/title/')[1];
  await page.locator('a.run-coverage__bar').first().click();
  await expect(page.locator('a[data-run-issue]').first()).toBeVisible();
  const yearUrl = page.url();
  await page.locator('a[data-run-issue]').first().click();
  await expect(page.getByTestId('issue-screen')).toBeVisible();
  const issueUrl = page.url();
  await expect.poll(async () => (await seenRecord(page, 'run', `Titles/${lccn}`)) !== null).toBe(true);
  await expect(page.getByTestId('saved-stamp')).toHaveCount(0);

  await context.setOffline(true);
  for (const [url, testId] of [
    [titleUrl, 'title-screen'],
    [yearUrl, 'year-screen'],
    [issueUrl, 'issue-screen'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByTestId(testId)).toBeVisible();
    await expect(page.getByTestId('saved-stamp')).toHaveText(/^Saved (just now|.+ ago)$/);
  }
  // A year never opened says it is not on this device.
  await page.goto(`/title/${lccn}/1700`);
  await expect(page.getByRole('alert')).toHaveText('This page is not on this device.');
  await context.setOffline(false);
});

test('saving an issue for offline keeps its issue page: it opens offline though never opened online', async ({ page, context }) => {
  await page.goto('/home');
  await waitForActivatedWorker(page);
  await openTitleFromHome(page);
  const lccn = page.url().split('/title/')[1];
  const title = (await (await page.request.get(`/Api/Titles/${lccn}`)).json()) as TitleResponse;
  const last = title.lastIssue!;
  const issue = (await (await page.request.get(`/Api/Issues/${lccn}/${last.date}/${last.edition}`)).json()) as IssueResponse;
  await page.goto(`/viewer?page=${encodeURIComponent(issue.pages[0].uid)}`);
  await page.getByRole('button', { name: 'Save issue for offline' }).click();
  await page.getByRole('button', { name: 'Start saving' }).click();
  await expect(page.getByTestId('saved-for-offline')).toHaveText(/Saved for offline/, { timeout: 60_000 });
  const kept = await seenRecord(page, 'run', `Issues/${lccn}/${last.date}/${last.edition}`);
  expect(kept?.pinned).toBe(1);

  await context.setOffline(true);
  await page.goto(`/issue/${lccn}/${last.date}/ed-${last.edition}`);
  await expect(page.getByTestId('issue-screen')).toBeVisible();
  await expect(page.getByTestId('issue-pages').locator('li')).toHaveCount(issue.pages.length);
  await expect(page.getByTestId('saved-stamp')).toBeVisible();
  await context.setOffline(false);
});
