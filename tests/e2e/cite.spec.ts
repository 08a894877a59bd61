// The viewer's "Download & cite" panel (issue #37) in real Chromium: the citation in Chicago, MLA and APA
// (citation-js, loaded only when the panel opens), "Copy citation" puts it on the clipboard, RIS, BibTeX
// and CSL-JSON files download, the panel works from the keyboard, and axe finds no serious or critical
// violation in it.
import { axeFindings } from './axe';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';

const PAGE_UID = 'demo0001-1819-09-22-ed1-seq1';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function openPanel(page: Page) {
  await page.goto(`/viewer?page=${PAGE_UID}`);
  await expect(page.getByRole('tab', { name: 'Download & cite' })).toBeVisible();
  await page.getByRole('tab', { name: 'Download & cite' }).click();
  // The formatter has loaded when the style choice is enabled.
  await expect(page.getByRole('radio', { name: 'Chicago' })).toBeEnabled({ timeout: 30_000 });
}

test('the citation library loads only when the panel opens', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`/viewer?page=${PAGE_UID}`);
  await expect(page.getByRole('tab', { name: 'Download & cite' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((u) => /cite-engine/.test(u))).toBe(false);
  await page.getByRole('tab', { name: 'Download & cite' }).click();
  await expect(page.getByRole('radio', { name: 'Chicago' })).toBeEnabled({ timeout: 30_000 });
  expect(scripts.some((u) => /cite-engine/.test(u))).toBe(true);
});

test('shows the citation in each style; "Copy citation" copies the one shown', async ({ page }) => {
  await openPanel(page);
  const citation = page.getByTestId('citation');
  const url = `/viewer?page=${PAGE_UID}`;
  const styles: [string, string, RegExp][] = [
    ['Chicago', 'chicago', /The Richmond Evening Courier.*September 22, 1819/],
    ['MLA', 'mla', /The Richmond Evening Courier.*22 Sept\. 1819, p\. 1/],
    ['APA', 'apa', /\(1819, September 22\)\. The Richmond Evening Courier/],
  ];
  for (const [label, id, pattern] of styles) {
    await page.getByRole('radio', { name: label }).check();
    await expect(citation).toHaveAttribute('data-style', id);
    await expect(citation, label).toContainText(pattern);
    await expect(citation, label).toContainText(url);
    await page.getByRole('button', { name: 'Copy citation' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The citation is copied.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await citation.textContent())?.trim());
  }
});

test('RIS, BibTeX and CSL-JSON files download with the page reference', async ({ page }) => {
  await openPanel(page);
  const files: [string, string, RegExp][] = [
    ['RIS', `${PAGE_UID}.ris`, /^TY {2}- NEWS[\s\S]*DA {2}- 1819\/09\/22\/[\s\S]*T2 {2}- The Richmond Evening Courier/m],
    ['BibTeX', `${PAGE_UID}.bib`, /@article\{[\s\S]*journal = \{The Richmond Evening Courier\}/],
    ['CSL-JSON', `${PAGE_UID}.json`, /"type": "article-newspaper"[\s\S]*"container-title": "The Richmond Evening Courier"/],
  ];
  for (const [label, name, pattern] of files) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label, exact: true }).click()]);
    expect(download.suggestedFilename()).toBe(name);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text, label).toMatch(pattern);
    expect(text, label).toContain(`/viewer?page=${PAGE_UID}`);
  }
  const json = JSON.parse(
    await readFile((await (await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSL-JSON' }).click()]))[0].path())!, 'utf8'),
  );
  expect(json[0]).toMatchObject({ type: 'article-newspaper', issued: { 'date-parts': [[1819, 9, 22]] }, page: '1' });
});

test('keyboard: choose a style with the arrow keys, then copy with Enter', async ({ page }) => {
  await openPanel(page);
  await page.getByRole('radio', { name: 'Chicago' }).check();
  await page.getByRole('radio', { name: 'Chicago' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'MLA' })).toBeChecked();
  await expect(page.getByTestId('citation')).toHaveAttribute('data-style', 'mla');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Copy citation' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'The citation is copied.' })).toBeVisible();
  // The reference files are reachable by Tab too.
  for (const label of ['Copy link', 'RIS', 'BibTeX', 'CSL-JSON']) {
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: label, exact: true })).toBeFocused();
  }
});

test('axe finds no serious or critical violation in the panel', async ({ page }) => {
  await openPanel(page);
  expect(await axeFindings(page, { include: ['#vz-tabpanel-download'] })).toEqual([]);
});
