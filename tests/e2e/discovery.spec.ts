// Discovery in the browser: the head links the OpenSearch description (named after the site) and, on a
// results screen, the Atom feed of that search; the clip share page keeps the server's clip tags after
// the app has loaded.
import { expect, test } from '@playwright/test';

const PAGE_UID = 'demo0001-1819-09-22-ed1-seq1';

test('the head links OpenSearch and, on /search, the Atom feed of the search', async ({ page, request }) => {
  await page.goto('/home');
  const search = page.locator('link[rel="search"][type="application/opensearchdescription+xml"]');
  await expect(search).toHaveAttribute('href', '/opensearch.xml');
  await expect(search).toHaveAttribute('title', 'Old Press Archive');
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(0);

  await page.goto('/search?k=ship&ord=k1&p=2');
  const feed = page.locator('link[rel="alternate"][type="application/atom+xml"]');
  await expect(feed).toHaveAttribute('href', '/Api/Search/feed.atom?k=ship&ord=k1');
  const res = await request.get((await feed.getAttribute('href'))!);
  expect(res.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  expect(await res.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');

  // Leaving the results removes the feed link.
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).toHaveURL(/\/home/);
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(0);
});

test('the clip share page keeps the clip caption and image tags once the app runs, with og:site_name', async ({ page, request }) => {
  await request.get('/home'); // issues the XSRF cookie
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const made = await request.post('/Api/Viewer/Clip', {
    data: { pageUid: PAGE_UID, x: 100, y: 100, w: 400, h: 200, caption: 'Harbour notice' },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(made.status()).toBe(201);
  const clip = await made.json();

  await page.goto(`/clipsocialsharing?clip=${clip.id}`);
  await expect(page.getByRole('heading', { name: 'Harbour notice' })).toBeVisible();
  // The app has run its head update once the site settings are in (spec 2.2 title).
  await expect(page).toHaveTitle('Old Press Archive :: Clip Social Sharing');
  const content = (sel: string) => page.locator(sel).getAttribute('content');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /^Harbour notice — /);
  expect(await content('meta[property="og:image"]')).toBe(clip.imageUrl);
  expect(await content('meta[property="og:image"]')).toMatch(new RegExp(`/iiif/3/${PAGE_UID}/100,100,400,200/`));
  expect(await content('meta[name="twitter:title"]')).toMatch(/^Harbour notice — /);
  expect(await content('meta[property="og:site_name"]')).toBe('Old Press Archive');
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(1);
});
