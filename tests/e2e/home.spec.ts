// The home screen on the demo archive (spec 2.4, 4.1-4.5, 5, 7.3, 8, 9), against the real server.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { BannerResponse, HomeDetail, TitleDecadeResponse } from '../../contract/api';

let detail: HomeDetail;
let banner: BannerResponse;
const origin = () => test.info().project.use.baseURL!;

async function api<T>(request: APIRequestContext, endpoint: string, params: Record<string, string> = {}): Promise<T> {
  const qs = new URLSearchParams({ url: origin(), ...params });
  const res = await request.get(`/Api/Home/${endpoint}?${qs}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

test.beforeAll(async ({ request }) => {
  detail = await api<HomeDetail>(request, 'getDetail');
  banner = await api<BannerResponse>(request, 'GetBanner');
  expect(detail.model._searchModels.YearRangeWithTitleandCountList.length).toBeGreaterThan(4);
  expect(detail.model._searchModels.DecadeList.length).toBeGreaterThan(9);
});

const globMin = () => `01/01/${detail.MinDate}`;
const globMax = () => `12/31/${detail.MaxDate}`;
const titles = () => detail.model._searchModels.YearRangeWithTitleandCountList;

async function openHome(page: Page) {
  await page.goto('/home');
  await expect(page.getByTestId('title-tiles')).toBeVisible();
}

/** Waits for the /search navigation and answers its query parameters in order. */
async function searchParams(page: Page): Promise<Array<[string, string]>> {
  await page.waitForURL(/\/search\?/);
  return [...new URL(page.url()).searchParams.entries()];
}

async function expectError(page: Page, message: string) {
  const modal = page.getByRole('dialog', { name: 'Error' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(message, { exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
}

test.describe('hero and session', () => {
  test('entering /home resets the spec 4.2 session keys and keeps the global dates', async ({ page }) => {
    await page.goto('/privacy-policy');
    const keys = ['soolrResult', 'pagination', 'visitedViewer', 'viewersearch', 'isexactsearch', 'ishighlightall', 'viewerscale', 'viewerrotate'];
    await page.evaluate((ks) => ks.forEach((k) => sessionStorage.setItem(k, 'something')), keys);
    await openHome(page);
    const values = await page.evaluate((ks) => ks.map((k) => sessionStorage.getItem(k)), keys);
    expect(values).toEqual(keys.map(() => null));
    expect(await page.evaluate(() => [sessionStorage.getItem('globMinDate'), sessionStorage.getItem('globMaxDate')])).toEqual([globMin(), globMax()]);
  });

  test('hero: background image under DomainUrl, overlay colour and opacity, HTML heading, panel at most 680 px', async ({ page, request }) => {
    const hps = await api<{ DomainUrl: string; homePageSetModel: { HomePageImagePath: string; ImageOverlayColor: string; ImageOpacity: number } }>(
      request,
      'GetHomePageSettings',
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await openHome(page);
    const hero = page.getByTestId('hero');
    const bg = await hero.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(bg).toContain(`${hps.DomainUrl}${hps.homePageSetModel.HomePageImagePath}`.replace(/ /g, '%20'));
    const overlay = page.getByTestId('hero-overlay');
    expect(await overlay.evaluate((el) => Number(getComputedStyle(el).opacity))).toBeCloseTo(hps.homePageSetModel.ImageOpacity, 2);
    const hex = hps.homePageSetModel.ImageOverlayColor.replace('#', '');
    const rgb = `rgb(${[0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(await overlay.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb);
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
    const panel = await page.locator('.hero__panel').boundingBox();
    expect(panel!.width).toBeLessThanOrEqual(680);
    expect(panel!.width).toBeGreaterThan(600);
  });
});

test.describe('advanced search form', () => {
  test('row types and placeholders; add, remove; Enter runs the search with k, e and ord=k1_e1', async ({ page }) => {
    await openHome(page);
    const rows = page.getByTestId('search-row');
    await expect(rows).toHaveCount(1);
    const type1 = page.getByLabel('Row 1: search type');
    await expect(type1.locator('option')).toHaveText(['All', 'Exact', 'Any', 'None']);
    const text1 = page.getByLabel('Row 1: search terms');
    const placeholders: Array<[string, string]> = [
      ['Exact', 'Find these EXACT names or words'],
      ['Any', 'Find people OR places OR events'],
      ['None', 'Exclude these people, places OR events'],
      ['All', 'Find people AND places AND events'],
    ];
    for (const [label, placeholder] of placeholders) {
      await type1.selectOption({ label });
      await expect(text1).toHaveAttribute('placeholder', placeholder);
    }
    // The first row has no combinator and cannot be removed.
    await expect(page.getByLabel('Row 1: combine with the rows before')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove row 1' })).toHaveCount(0);

    await text1.fill('civil war');
    await page.getByRole('button', { name: 'Add search row' }).click();
    await expect(rows).toHaveCount(2);
    await expect(page.getByLabel('Row 2: search terms')).toBeFocused();
    // A new row is All / And.
    await expect(page.getByLabel('Row 2: search type')).toHaveValue('1');
    await expect(page.getByLabel('Row 2: combine with the rows before')).toHaveValue('1');
    await expect(page.getByLabel('Row 2: combine with the rows before').locator('option')).toHaveText(['And', 'Or']);

    await page.getByRole('button', { name: 'Add search row' }).click();
    await expect(rows).toHaveCount(3);
    await page.getByRole('button', { name: 'Remove row 3' }).click();
    await expect(rows).toHaveCount(2);

    await page.getByLabel('Row 2: combine with the rows before').selectOption({ label: 'Or' });
    await page.getByLabel('Row 2: search type').selectOption({ label: 'Exact' });
    await page.getByLabel('Row 2: search terms').fill('Abraham Lincoln');
    await page.getByLabel('Row 2: search terms').press('Enter');
    expect(await searchParams(page)).toEqual([
      ['i', 'f'],
      ['d', `${globMin()}-${globMax()}`],
      ['bcn', '1'],
      ['m', 'between'],
      ['k', 'civil war'],
      ['e', 'Abraham Lincoln'],
      ['ord', 'k1_e1'],
    ]);
  });

  test('phones get their own add-row button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openHome(page);
    await expect(page.getByRole('button', { name: 'Add search row' })).toBeHidden();
    await page.getByRole('button', { name: 'Add row', exact: true }).click();
    await expect(page.getByTestId('search-row')).toHaveCount(2);
    await page.getByLabel('Row 1: search terms').fill('omaha');
    await page.getByLabel('Row 2: search type').selectOption({ label: 'None' });
    await page.getByLabel('Row 2: search terms').fill('fire');
    await page.getByRole('button', { name: 'Discover' }).click();
    const p = new Map(await searchParams(page));
    expect([p.get('k'), p.get('n'), p.get('ord')]).toEqual(['omaha', 'fire', 'k1,n1']);
  });

  test('date modes show their fields and search with the spec 4.1 ranges; fields clear one by one', async ({ page }) => {
    await openHome(page);
    const start = page.getByTestId('date-start');
    const end = page.getByTestId('date-end');
    const mode = page.getByLabel('Date', { exact: true });
    await expect(mode).toHaveValue('between');
    await expect(mode.locator('option')).toHaveText(['Between', 'On', 'Before', 'After']);
    await expect(start).toHaveAttribute('placeholder', globMin());
    await expect(end).toHaveAttribute('placeholder', globMax());

    await start.fill('03/15/1860');
    await end.fill('12/31/1870');
    await page.getByRole('button', { name: 'Clear start date' }).click();
    await expect(start).toHaveValue('');
    await expect(end).toHaveValue('12/31/1870');
    await expect(start).toBeFocused();
    await page.getByRole('button', { name: 'Clear end date' }).click();
    await expect(end).toHaveValue('');

    await mode.selectOption('on');
    await expect(start).toBeVisible();
    await expect(end).toHaveCount(0);
    await mode.selectOption('after');
    await expect(start).toBeVisible();
    await expect(end).toHaveCount(0);
    await mode.selectOption('before');
    await expect(start).toHaveCount(0);
    await expect(end).toBeVisible();

    const cases: Array<[string, string, string]> = [
      ['on', '7/4/1876', '07/04/1876-07/04/1876'],
      ['after', '07/04/1876', `07/04/1876-${globMax()}`],
      ['before', '07/04/1876', `${globMin()}-07/04/1876`],
      ['between', '', ''],
    ];
    for (const [m, value, d] of cases) {
      await openHome(page);
      await page.getByLabel('Row 1: search terms').fill('fire');
      await page.getByLabel('Date', { exact: true }).selectOption(m);
      if (m === 'before') await page.getByTestId('date-end').fill(value);
      else if (m === 'between') {
        await page.getByTestId('date-start').fill('01/01/1850');
        await page.getByTestId('date-end').fill('12/31/1859');
      } else await page.getByTestId('date-start').fill(value);
      await page.getByRole('button', { name: 'Discover' }).click();
      const p = new Map(await searchParams(page));
      expect(p.get('m')).toBe(m);
      expect(p.get('d')).toBe(d || '01/01/1850-12/31/1859');
    }
  });

  test('places cascade Country -> State -> City -> Publication; Clear resets all to 0', async ({ page }) => {
    const pub = detail.PublicationData[0];
    const city = detail.CityData.find((c) => c.CityId === pub.CityId)!;
    const state = detail.StateData.find((s) => s.StateId === city.StateId)!;
    const country = detail.CountryData.find((c) => c.CountryId === state.CountryId)!;
    await openHome(page);
    const toggle = page.getByRole('button', { name: /Advanced search/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const [co, st, ci, pu] = ['Country', 'State', 'City', 'Publication'].map((l) => page.getByLabel(l, { exact: true }));
    for (const [sel, placeholder] of [
      [co, 'Select Country'],
      [st, 'Select State'],
      [ci, 'Select City'],
      [pu, 'Select Publication'],
    ] as const) {
      await expect(sel).toHaveValue('0');
      await expect(sel.locator('option').first()).toHaveText(placeholder);
    }
    await expect(st).toBeDisabled();
    await co.selectOption({ label: country.CountryName });
    const statesOfCountry = detail.StateData.filter((s) => s.CountryId === country.CountryId).length;
    await expect(st.locator('option')).toHaveCount(statesOfCountry + 1);
    await st.selectOption({ label: state.StateName });
    await ci.selectOption({ label: city.CityName });
    await pu.selectOption({ label: pub.PublicationName });

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    for (const sel of [co, st, ci, pu]) await expect(sel).toHaveValue('0');

    await co.selectOption({ label: country.CountryName });
    await st.selectOption({ label: state.StateName });
    await ci.selectOption({ label: city.CityName });
    await pu.selectOption({ label: pub.PublicationName });
    await page.getByLabel('Row 1: search terms').fill('harbour');
    await page.getByRole('button', { name: 'Discover' }).click();
    expect((await searchParams(page)).slice(-5)).toEqual([
      ['co', String(country.CountryId)],
      ['st', String(state.StateId)],
      ['ci', String(city.CityId)],
      ['ti', String(pub.PublicationId)],
      ['t', String(pub.PublicationId)],
    ]);
  });

  test('each search validation message in the Error modal', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Discover' }).click();
    await expectError(page, 'Please provide search query');
    await expect(page.getByRole('button', { name: 'Discover' })).toBeFocused();

    await page.getByLabel('Row 1: search terms').fill('fire');
    await page.getByRole('button', { name: 'Add search row' }).click();
    await page.getByLabel('Row 2: search terms').fill('   ');
    await page.getByLabel('Row 2: search terms').press('Enter');
    await expectError(page, 'Please provide search query');
    await page.getByRole('button', { name: 'Remove row 2' }).click();

    for (const bad of ['1876-07-04', '7/4/76', '13/01/1876', '07/04/18x6']) {
      await page.getByTestId('date-start').fill(bad);
      await page.getByRole('button', { name: 'Discover' }).click();
      await expectError(page, 'Invalid date: Please input a date in the form of MM/DD/YYYY');
    }
    await page.getByTestId('date-start').fill('02/01/1880');
    await page.getByTestId('date-end').fill('01/31/1880');
    await page.getByRole('button', { name: 'Discover' }).click();
    await expectError(page, 'Start date should not be greater than end date');

    // Escape closes the modal too, and the page stays on /home.
    await page.getByRole('button', { name: 'Discover' }).click();
    await expect(page.getByRole('dialog', { name: 'Error' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Error' })).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/home');
  });
});

test.describe('browse, single-select', () => {
  test('4 title tiles, 9 decades (first 3 apart), counters and pages', async ({ page }) => {
    await openHome(page);
    const tiles = page.getByTestId('title-tiles').locator('.title-tile');
    await expect(tiles).toHaveCount(4);
    await expect(page.getByTestId('title-tiles')).toHaveClass(/title-tiles--many/);
    const t0 = titles()[0];
    await expect(tiles.first()).toContainText(t0.title);
    await expect(tiles.first()).toContainText(`(${t0.YearRange})`);
    await expect(tiles.first()).toContainText(`${t0.count} Pages`);
    await expect(tiles.first().locator('img')).toHaveAttribute('src', `${detail.DomainUrl}${t0.ThumbImagePath}`);
    const decades = page.getByTestId('decade-tiles').locator('.decade-tile');
    await expect(decades).toHaveCount(9);
    await expect(page.getByTestId('decade-tiles')).toHaveClass(/decade-tiles--many/);
    await expect(page.locator('.decade-tile--featured')).toHaveCount(3);
    await expect(decades.first()).toContainText(`${detail.model._searchModels.DecadeList[0].count} Pages`);
    await expect(page.getByText(`Total titles : ${titles().length}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`Total decades : ${detail.model._searchModels.DecadeList.length}`, { exact: true })).toBeVisible();
    // Hidden until multi-select.
    await expect(page.getByText('Select All')).toHaveCount(0);
    await expect(page.getByText('Clear All')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Apply Filter' })).toHaveCount(0);
  });

  test('a title click searches the title over the whole archive, page 1', async ({ page }) => {
    await openHome(page);
    await page.getByTestId('title-tiles').getByRole('link').first().click();
    expect(await searchParams(page)).toEqual([
      ['i', 'f'],
      ['t', String(titles()[0].TitleId)],
      ['d', `${globMin()}-${globMax()}`],
      ['bcn', '1'],
      ['p', '1'],
    ]);
  });

  test('a decade click searches the decade clamped to the archive, page 1', async ({ page }) => {
    const first = Number(detail.model._searchModels.DecadeList[0].Decade);
    await openHome(page);
    await page.getByTestId('decade-tiles').getByRole('link').first().click();
    const from = Math.max(first, detail.MinDate);
    expect(await searchParams(page)).toEqual([
      ['i', 'f'],
      ['bdd', String(first)],
      ['d', `01/01/${from}-12/31/${first + 9}`],
      ['bcn', '1'],
      ['p', '1'],
    ]);
  });

  test("Dates panel -> a decade's Years panel -> a year searches that year", async ({ page }) => {
    const decade = detail.model._searchModels.DecadeList.find((d) => d.Years.split(',').length >= 3)!;
    const start = Number(decade.Decade);
    const years = decade.Years.split(',').map(Number);
    await openHome(page);
    await page.getByRole('button', { name: 'See All dates' }).click();
    const dates = page.getByTestId('dates-panel');
    await expect(dates.getByRole('heading', { name: 'Dates' })).toBeVisible();
    await expect(dates.getByPlaceholder('Search By Decade')).toBeFocused();
    await expect(dates.getByText(`Total decades : ${detail.model._searchModels.DecadeList.length}`)).toBeVisible();
    await dates.getByPlaceholder('Search By Decade').fill(String(start).slice(0, 3));
    await expect(dates.getByText('Total decades : 1', { exact: true })).toBeVisible();
    await dates.getByRole('button', { name: `${start}s: show years` }).click();
    const panel = page.getByTestId('years-panel');
    await expect(panel.getByRole('heading', { name: /Years/ })).toBeVisible();
    await expect(panel.getByText(`Total Years : ${years.length}`, { exact: true })).toBeVisible();
    await panel.getByPlaceholder('Search By Year').fill(String(years[1]));
    await expect(panel.getByText('Total Years : 1', { exact: true })).toBeVisible();
    await panel.getByRole('link', { name: String(years[1]) }).click();
    expect(await searchParams(page)).toEqual([
      ['i', 'f'],
      ['by', String(years[1])],
      ['bdd', `${String(years[1]).slice(0, 3)}0`],
      ['d', `01/01/${years[1]}-12/31/${years[1]}`],
      ['bcn', '1'],
    ]);
  });

  test("Enter in 'Search By Year' asks for a year; Escape closes panels one by one and focus returns", async ({ page }) => {
    const decade = detail.model._searchModels.DecadeList[3];
    await openHome(page);
    const seeAll = page.getByRole('button', { name: 'See All dates' });
    await seeAll.click();
    const opener = page.getByRole('button', { name: `${decade.Decade}s: show years` });
    await opener.click();
    await page.getByPlaceholder('Search By Year').press('Enter');
    await expectError(page, 'Please select a year');
    await expect(page.getByTestId('years-panel').getByRole('heading')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('years-panel').getByRole('heading')).toHaveCount(0);
    await expect(opener).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('dates-panel').getByRole('heading')).toHaveCount(0);
    await expect(seeAll).toBeFocused();
  });

  test("Titles panel: 'Search By Title' filters while typing, letters A-Z marked present, keyboard open and close", async ({ page }) => {
    await openHome(page);
    const seeAll = page.getByRole('button', { name: 'See All titles' });
    await seeAll.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('titles-panel');
    await expect(panel.getByRole('heading', { name: 'Titles' })).toBeVisible();
    const search = panel.getByPlaceholder('Search By Title');
    await expect(search).toBeFocused();
    await expect(panel.getByText(`Total titles : ${titles().length}`, { exact: true })).toBeVisible();

    const initials = new Set(titles().map((t) => t.title.trim()[0].toUpperCase()));
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      const button = panel.locator('.letter-index__letter', { hasText: new RegExp(`^${letter}$`) });
      if (initials.has(letter)) await expect(button).toHaveClass(/is-present/);
      else await expect(button).toBeDisabled();
    }
    // Grouped under upper-case initials, each entry with its years and pages.
    for (const letter of initials) await expect(panel.getByRole('listitem', { name: `Letter ${letter}` })).toBeVisible();
    const target = titles().find((t) => / /.test(t.title))!;
    const word = target.title.split(' ').slice(-1)[0];
    const expected = titles().filter((t) => t.title.toLowerCase().includes(word.toLowerCase()));
    await search.pressSequentially(word.toLowerCase(), { delay: 30 });
    await expect(panel.getByText(`Total titles : ${expected.length}`, { exact: true })).toBeVisible();
    await expect(panel.locator('.list-title__name')).toHaveText(expected.map((t) => t.title));
    await expect(panel.locator('.list-title').first()).toContainText(`(${expected[0].YearRange}) · ${expected[0].count} Pages`);

    await page.keyboard.press('Escape');
    await expect(panel.getByRole('heading')).toHaveCount(0);
    await expect(seeAll).toBeFocused();

    // A title in the list is a link to its results.
    await seeAll.click();
    await panel.getByRole('link', { name: new RegExp(target.title) }).click();
    expect(new Map(await searchParams(page)).get('t')).toBe(String(target.TitleId));
  });
});

test.describe('browse, multi-select', () => {
  const narrowed = (request: APIRequestContext, titleIds: number[], decades: number[]) =>
    api<TitleDecadeResponse>(request, 'SelectTitleDecade', {
      titleIds: titleIds.join(','),
      decades: decades.join(','),
      collectionIds: detail.CollectionIds,
      solrType: '4',
    });

  test('the switch shows checkboxes, Select All, Clear All and Apply Filter; its tooltip says Change Browse Selection', async ({ page }) => {
    await openHome(page);
    const sw = page.getByRole('switch', { name: 'Multi-select' });
    await expect(sw).toHaveAccessibleDescription('Change Browse Selection');
    await sw.focus();
    await expect(page.getByRole('tooltip')).toHaveText('Change Browse Selection');
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.keyboard.press('Space');
    await expect(sw).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Select All titles' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Select All decades' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear All titles' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply Filter' })).toBeVisible();
    await expect(page.getByTestId('title-tiles').getByRole('checkbox')).toHaveCount(4);
    await expect(page.getByTestId('decade-tiles').getByRole('checkbox')).toHaveCount(9);
    await expect(page.getByTestId('title-tiles').getByRole('link')).toHaveCount(0);
  });

  test('checking a decade narrows the titles, checking a title narrows the decades (SelectTitleDecade), selections kept; Apply Filter', async ({
    page,
    request,
  }) => {
    const decade = Number(detail.model._searchModels.DecadeList[1].Decade);
    const byDecade = await narrowed(request, [], [decade]);
    const narrowTitles = byDecade.SelectedYearRangeWithTitleandCountList;
    expect(narrowTitles.length).toBeLessThan(titles().length); // the demo has titles without that decade
    const title = narrowTitles[0];
    const byBoth = await narrowed(request, [title.TitleId], [decade]);

    await openHome(page);
    await page.getByRole('switch', { name: 'Multi-select' }).check();
    // Slow the server a little so the spinner can be seen.
    await page.route('**/Api/Home/SelectTitleDecade*', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const call = page.waitForRequest(/SelectTitleDecade/);
    await page
      .getByTestId('decade-tiles')
      .getByRole('checkbox', { name: new RegExp(`^${decade}s`) })
      .check();
    const sent = new URL((await call).url()).searchParams;
    expect([sent.get('titleIds') ?? '', sent.get('decades'), sent.get('collectionIds'), sent.get('solrType')]).toEqual([
      '',
      String(decade),
      detail.CollectionIds,
      '4',
    ]);
    await expect(page.getByTestId('loading-overlay')).toBeVisible();
    await expect(page.getByTestId('loading-overlay')).toBeHidden();
    await expect(page.getByText(`Total titles : ${narrowTitles.length}`, { exact: true })).toBeVisible();
    await expect(page.getByTestId('title-tiles').locator('.title-tile__name')).toHaveText(narrowTitles.slice(0, 4).map((t) => t.title));

    const call2 = page.waitForRequest(/SelectTitleDecade/);
    await page
      .getByTestId('title-tiles')
      .getByRole('checkbox', { name: new RegExp(title.title) })
      .check();
    expect(new URL((await call2).url()).searchParams.get('titleIds')).toBe(String(title.TitleId));
    await expect(page.getByTestId('loading-overlay')).toBeHidden();
    await expect(page.getByText(`Total decades : ${byBoth.SelectedDecadeList.length}`, { exact: true })).toBeVisible();
    // Still present after the reload: still checked.
    await expect(page.getByTestId('decade-tiles').getByRole('checkbox', { name: new RegExp(`^${decade}s`) })).toBeChecked();
    await expect(page.getByTestId('title-tiles').getByRole('checkbox', { name: new RegExp(title.title) })).toBeChecked();

    await page.getByRole('button', { name: 'Apply Filter' }).click();
    expect(await searchParams(page)).toEqual([
      ['i', 'f'],
      ['t', String(title.TitleId)],
      ['bdd', String(decade)],
      ['d', `01/01/${Math.max(decade, detail.MinDate)}-12/31/${decade + 9}`],
      ['bcn', '1'],
      ['p', '1'],
    ]);
  });

  test('Clear All restores the full lists; Select All checks every title', async ({ page }) => {
    await openHome(page);
    await page.getByRole('switch', { name: 'Multi-select' }).check();
    await page.getByTestId('decade-tiles').getByRole('checkbox').first().check();
    await expect(page.getByText(`Total titles : ${titles().length}`, { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear All decades' }).click();
    await expect(page.getByText(`Total titles : ${titles().length}`, { exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select All titles' }).check();
    await expect(page.getByTestId('loading-overlay')).toBeHidden();
    await expect(page.getByTestId('title-tiles').getByRole('checkbox', { checked: true })).toHaveCount(4);
    await page.getByRole('button', { name: 'See All titles' }).click();
    const panel = page.getByTestId('titles-panel');
    await expect(panel.getByRole('checkbox', { name: 'Select All titles' })).toBeChecked();
    await page.keyboard.press('Escape');
    // Leaving multi-select forgets the selection (the tiles are links again, each with its "About this title").
    await page.getByRole('switch', { name: 'Multi-select' }).uncheck();
    await expect(page.getByTestId('title-tiles').getByRole('link', { name: / Pages$/ })).toHaveCount(4);
  });

  test('each browse Apply Filter message; with a filter typed only visible checked titles count', async ({ page }) => {
    await openHome(page);
    await page.getByRole('switch', { name: 'Multi-select' }).check();
    await page.getByRole('button', { name: 'Apply Filter' }).click();
    await expectError(page, 'Please select a title or decade');

    await page.getByRole('button', { name: 'See All titles' }).click();
    const tp = page.getByTestId('titles-panel');
    await tp.getByRole('button', { name: 'Apply Filter' }).click();
    await expectError(page, 'Please select a title');
    // Check one title, then filter it out of view: it no longer counts.
    const first = titles()[0];
    await tp.getByRole('checkbox', { name: new RegExp(first.title) }).check();
    await expect(page.getByTestId('loading-overlay')).toBeHidden();
    const other = titles().find(
      (t) => !t.title.toLowerCase().includes(titles()[0].title.slice(0, 4).toLowerCase()) && t.title.split(' ').slice(-1)[0].length > 4,
    )!;
    await tp.getByPlaceholder('Search By Title').fill(other.title.split(' ').slice(-1)[0]);
    await expect(tp.getByRole('checkbox', { name: new RegExp(first.title) })).toHaveCount(0);
    await tp.getByRole('button', { name: 'Apply Filter' }).click();
    await expectError(page, 'Please select a title');
    await tp.getByPlaceholder('Search By Title').fill('');
    await tp.getByRole('button', { name: 'Apply Filter' }).click();
    expect(new Map(await searchParams(page)).get('t')).toBe(String(first.TitleId));

    await openHome(page);
    await page.getByRole('switch', { name: 'Multi-select' }).check();
    await page.getByRole('button', { name: 'See All dates' }).click();
    const dp = page.getByTestId('dates-panel');
    await dp.getByRole('button', { name: 'Apply Filter' }).click();
    await expectError(page, 'Please select a decade');
    const decade = Number(detail.model._searchModels.DecadeList[2].Decade);
    await dp.getByRole('checkbox', { name: `${decade}s` }).check();
    await expect(page.getByTestId('loading-overlay')).toBeHidden();
    await dp.getByRole('button', { name: 'Apply Filter' }).click();
    const p = new Map(await searchParams(page));
    expect([p.get('bdd'), p.get('d'), p.get('t')]).toEqual([String(decade), `01/01/${decade}-12/31/${decade + 9}`, undefined]);
  });
});

test.describe('content and banner blocks', () => {
  // Answers are rewritten with page.route below; the service worker's own fetches would bypass it.
  test.use({ serviceWorkers: 'block' });
  test("'Learn More' opens the content and banner modals with heading, image and full HTML", async ({ page }) => {
    const c = detail.model.ContentDetails;
    expect(c.Status).toBe(true);
    expect(banner.ContentMore).toBe(true);
    await openHome(page);
    const block = page.getByTestId('content-block');
    await expect(block.getByRole('heading', { name: c.PageContentHeading })).toBeVisible();
    await block.getByRole('button', { name: 'Learn More' }).click();
    const modal = page.getByRole('dialog', { name: c.PageContentHeading });
    await expect(modal).toBeVisible();
    await expect(modal.locator('img')).toHaveAttribute('src', `${detail.DomainUrl}${c.PageContentImagePath}`);
    const fullText = c.PageContent.replace(/<[^>]+>/g, ' ')
      .split(/\s+/)
      .slice(0, 6)
      .join(' ');
    await expect(modal).toContainText(fullText);
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    await expect(block.getByRole('button', { name: 'Learn More' })).toBeFocused();

    const b = banner.webBannerModel;
    const bb = page.getByTestId('banner-block');
    await expect(bb.getByRole('heading', { name: b.BannerHeading })).toBeVisible();
    await bb.getByRole('button', { name: 'Learn More' }).click();
    const bm = page.getByRole('dialog', { name: b.BannerHeading });
    await expect(bm.locator('img')).toHaveAttribute('src', `${banner.DomainUrl}${b.BannerImagePath}`);
    await page.keyboard.press('Escape');
    await expect(bm).toBeHidden();
  });

  test('flags off: the left and right advertisements; no banner Learn More without ContentMore; HTML is sanitised', async ({ page }) => {
    await page.route('**/Api/Home/getDetail*', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as HomeDetail;
      json.model.ContentDetails.Status = false;
      json.model.ContentDetails.PageContentStatus = false;
      json.model.AdvertisementContent.AdHomeLeftContent += '<img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>';
      // Short lists and no thumbnails: the other layout variants.
      json.objeWbSite.ShowThumbInHome = false;
      json.model._searchModels.YearRangeWithTitleandCountList = json.model._searchModels.YearRangeWithTitleandCountList.slice(0, 3);
      json.model._searchModels.DecadeList = json.model._searchModels.DecadeList.slice(0, 5);
      await route.fulfill({ response, json });
    });
    await page.route('**/Api/Home/GetBanner*', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as BannerResponse;
      json.ContentMore = false;
      await route.fulfill({ response, json });
    });
    await openHome(page);
    await expect(page.getByTestId('title-tiles')).toHaveClass(/title-tiles--few/);
    await expect(page.getByTestId('title-tiles')).toHaveClass(/title-tiles--cols-3/);
    await expect(page.getByTestId('title-tiles').locator('.title-tile')).toHaveCount(3);
    await expect(page.getByTestId('title-tiles').locator('img, .title-tile__thumb')).toHaveCount(0);
    await expect(page.getByTestId('decade-tiles')).toHaveClass(/decade-tiles--few/);
    await expect(page.getByTestId('decade-tiles').locator('.decade-tile')).toHaveCount(5);
    const left = page.getByTestId('content-block');
    const leftText = detail.model.AdvertisementContent.AdHomeLeftContent.replace(/<[^>]+>/g, ' ')
      .trim()
      .split(/\s+/)
      .slice(0, 4)
      .join(' ');
    await expect(left).toContainText(leftText);
    await expect(left.getByRole('button', { name: 'Learn More' })).toHaveCount(0);
    await expect(left.locator('[onerror], script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.getByTestId('banner-block').getByRole('heading', { name: banner.webBannerModel.BannerHeading })).toBeVisible();
    await expect(page.getByTestId('banner-block').getByRole('button', { name: 'Learn More' })).toHaveCount(0);

    await page.unroute('**/Api/Home/GetBanner*');
    await page.route('**/Api/Home/GetBanner*', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as BannerResponse;
      json.webBannerModel.Status = false;
      json.webBannerModel.BannerStatus = false;
      await route.fulfill({ response, json });
    });
    await page.reload();
    const right = page.getByTestId('banner-block');
    const rightText = banner.webBannerModel.homeAdvertisementContent.AdHomeRightContent.replace(/<[^>]+>/g, ' ')
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .join(' ');
    await expect(right).toContainText(rightText);
    await expect(right.getByRole('heading', { name: banner.webBannerModel.BannerHeading })).toHaveCount(0);
  });
});

test.describe('screenshots', () => {
  for (const [name, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    test(`home at ${name} width`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await openHome(page);
      await expect(page.getByTestId('title-tiles').locator('img').first()).toBeVisible();
      // Load every image (thumbnails are lazy) before the full-page picture.
      await page.evaluate(async () => {
        document.querySelectorAll<HTMLImageElement>('img[loading=lazy]').forEach((img) => (img.loading = 'eager'));
        await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
        await document.fonts.ready;
      });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `/tmp/home-${name}.png`, fullPage: true });
      await page.getByRole('switch', { name: 'Multi-select' }).check();
      await page.getByTestId('decade-tiles').getByRole('checkbox').nth(4).check();
      await expect(page.getByTestId('loading-overlay')).toBeHidden();
      await page.getByTestId('browse-panel').screenshot({ path: `/tmp/home-${name}-multi.png` });
      await page.getByRole('button', { name: 'See All titles' }).click();
      await expect(page.getByTestId('titles-panel').locator('.list-title').first()).toBeVisible();
      await page.screenshot({ path: `/tmp/home-${name}-titles.png` });
    });
  }
});
