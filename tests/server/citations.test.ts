// Citations of a real page (issue #37): the page record as CSL-JSON, formatted by citation-js in Chicago,
// MLA and APA; RIS and BibTeX read back by citation-js's own parsers; the served HTML of /viewer?page=…
// carries the Highwire citation_* tags and a COinS span (parsed here as a reference manager would); a
// clip's share page cites its region.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { Cite } from '@citation-js/core';
import { ingestBatch } from '../../server/ingest';
import { pageCsl, regionLabel, type CslItem } from '../../contract/citation';
import type { ViewerPageResponse } from '../../contract/viewer';
import { formatCitation, toBibtex, toCslJson, toRis } from '../../src/viewer/page/cite-engine';
import { copyBatch, MARC, STAR_BATCH, tempDir } from './ingest-fixtures';
import { makeTestApp, ORIGIN_A, type TestApp } from './helpers';

const DIST = tempDir('cite-dist');
writeFileSync(
  join(DIST, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Archive</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
);

let t: TestApp<undefined>;
let page: ViewerPageResponse;
let item: CslItem;
const HOST = new URL(ORIGIN_A).host;

beforeAll(async () => {
  const copy = copyBatch(STAR_BATCH, 'batch_cite_ver01', 1);
  t = await makeTestApp(async () => undefined, { distDir: DIST });
  const report = await ingestBatch(t.store, t.dataDir, copy.dir, { marcDir: MARC, images: false });
  const issue = Object.keys(report.issueStats)[0];
  const res = await t.app.inject({ url: `/Api/Viewer/Page/${issue}-seq1`, headers: { host: HOST } });
  expect(res.statusCode).toBe(200);
  page = res.json();
  item = pageCsl(page);
}, 120_000);
afterAll(() => t?.close());

/** The <meta name> tags of a served HTML page, and its COinS spans' ContextObjects. */
function embedded(html: string) {
  // The preload <link>s are left out: the parser would fetch them, and they are not what is read here.
  const doc = new new Window().DOMParser().parseFromString(html.replace(/<link\b[^>]*>/gi, ''), 'text/html');
  const meta = new Map<string, string[]>();
  for (const m of doc.querySelectorAll('head meta[name]')) {
    const name = m.getAttribute('name')!;
    meta.set(name, [...(meta.get(name) ?? []), m.getAttribute('content') ?? '']);
  }
  const coins = [...doc.querySelectorAll('span.Z3988')].map((s) => new URLSearchParams(s.getAttribute('title') ?? ''));
  return { meta, one: (name: string) => meta.get(name)?.[0], coins };
}

describe('the page record as CSL-JSON', () => {
  it('is a newspaper article with the title, date, page, place, publisher and URL of the page', () => {
    expect(page.title).toMatch(/evening star/i);
    expect(item).toMatchObject({
      type: 'article-newspaper',
      'container-title': page.title,
      issued: { 'date-parts': [[1859, 2, 21]] },
      page: '1',
      'publisher-place': 'Washington, D.C.',
      URL: `${ORIGIN_A}/viewer?page=${page.uid}`,
    });
    // From the title's MARC record, through the viewer's page answer.
    expect(page.publisher).toBeTruthy();
    expect(item.publisher).toBe(page.publisher!.replace(/[\s:;,/]+$/, ''));
  });
});

describe('formatted by citation-js', () => {
  it('Chicago names the newspaper, its place, the day and the stable URL', () => {
    const c = formatCitation(item, 'chicago');
    expect(c).toContain('Evening Star (Washington, D.C.)');
    expect(c).toContain('February 21, 1859');
    expect(c).toContain(item.URL);
  });

  it('MLA names the newspaper with its place, the day, the page and the URL', () => {
    const c = formatCitation(item, 'mla');
    expect(c).toContain('Evening Star [Washington, D.C.]');
    expect(c).toContain('21 Feb. 1859');
    expect(c).toContain('p. 1');
    expect(c).toContain(item.URL);
  });

  it('APA gives the date in brackets after the title, the newspaper, the page and the URL', () => {
    const c = formatCitation(item, 'apa');
    expect(c).toContain('(1859, February 21)');
    expect(c).toContain('Evening Star');
    expect(c).toContain(item.URL);
    // The three styles differ: each is its own style, not one text with another label.
    expect(new Set((['chicago', 'mla', 'apa'] as const).map((s) => formatCitation(item, s))).size).toBe(3);
  });
});

describe('reference files read back by a parser', () => {
  it('RIS: a NEWS record with the title, newspaper, day, page, place, publisher and URL', () => {
    const ris = toRis(item);
    expect(ris).toMatch(/^TY {2}- NEWS$/m);
    expect(ris).toMatch(/^DA {2}- 1859\/02\/21\/$/m);
    const [back] = new Cite(ris).data as Record<string, unknown>[];
    expect(back).toMatchObject({
      type: 'article-newspaper',
      title: item.title,
      'container-title': item['container-title'],
      page: '1',
      'publisher-place': 'Washington, D.C.',
      publisher: item.publisher,
      URL: item.URL,
    });
    expect((back.issued as { 'date-parts': number[][] })['date-parts'][0][0]).toBe(1859);
  });

  it('BibTeX: the same fields, with the full day', () => {
    const [back] = new Cite(toBibtex(item)).data as Record<string, unknown>[];
    expect(back).toMatchObject({
      title: item.title,
      'container-title': item['container-title'],
      page: '1',
      publisher: item.publisher,
      URL: item.URL,
      issued: { 'date-parts': [[1859, 2, 21]] },
    });
  });

  it('CSL-JSON: the item itself', () => {
    const [back] = new Cite(JSON.parse(toCslJson(item))).data as Record<string, unknown>[];
    expect(back).toMatchObject(item as unknown as Record<string, unknown>);
  });
});

describe('embedded metadata in the served HTML (no JavaScript)', () => {
  it('/viewer?page=… carries the Highwire citation_* tags a reference manager reads', async () => {
    const res = await t.app.inject({ url: `/viewer?page=${encodeURIComponent(page.uid)}`, headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    const { one } = embedded(res.body);
    expect(one('citation_title')).toBe(item.title);
    expect(one('citation_journal_title')).toBe(page.title);
    expect(one('citation_date')).toBe('1859/02/21');
    expect(one('citation_firstpage')).toBe('1');
    expect(one('citation_publisher')).toBe(item.publisher);
    expect(one('citation_place')).toBe('Washington, D.C.');
    expect(one('citation_volume')).toBe(page.volume);
    expect(one('citation_public_url')).toBe(`${ORIGIN_A}/viewer?page=${page.uid}`);
    expect(one('citation_pdf_url')).toBe(`${ORIGIN_A}${page.downloads.pdf}`);
    // Zotero's connector: a newspaper article, not the journal article citation_journal_title alone suggests.
    expect(one('z.itemType')).toBe('newspaperArticle');
  });

  it('and a COinS span with the same fields', async () => {
    const res = await t.app.inject({ url: `/viewer?page=${encodeURIComponent(page.uid)}`, headers: { host: HOST } });
    const { coins } = embedded(res.body);
    expect(coins).toHaveLength(1);
    const co = coins[0];
    expect(co.get('ctx_ver')).toBe('Z39.88-2004');
    expect(co.get('rft.atitle')).toBe(item.title);
    expect(co.get('rft.jtitle')).toBe(page.title);
    expect(co.get('rft.date')).toBe('1859-02-21');
    expect(co.get('rft.spage')).toBe('1');
    expect(co.get('rft.pub')).toBe(item.publisher);
    expect(co.get('rft.place')).toBe('Washington, D.C.');
    expect(co.get('rft_id')).toBe(item.URL);
  });

  it('a page not in the archive gets the app without citation tags; other screens get none', async () => {
    for (const url of ['/viewer?page=sn00000000-1900-01-01-ed1-seq1', '/search?k=star', '/home']) {
      const res = await t.app.inject({ url, headers: { host: HOST } });
      expect(res.statusCode, url).toBe(200);
      const { meta, coins } = embedded(res.body);
      expect(
        [...meta.keys()].filter((k) => k.startsWith('citation_')),
        url,
      ).toEqual([]);
      expect(coins, url).toHaveLength(0);
    }
  });

  it('escapes what it writes: a hostile title cannot add markup', async () => {
    await t.store.ingest.upsertTitle({ lccn: 'sn83045462', name: 'Evening star"><script>alert(1)</script>', place: {}, source: 'marc' });
    try {
      const res = await t.app.inject({ url: `/viewer?page=${encodeURIComponent(page.uid)}`, headers: { host: HOST } });
      expect(res.body).not.toContain('<script>alert(1)');
      expect(embedded(res.body).one('citation_journal_title')).toBe('Evening star"><script>alert(1)</script>');
    } finally {
      await t.store.ingest.upsertTitle({
        lccn: 'sn83045462',
        name: page.title,
        place: {},
        placeOfPublication: page.place,
        publisher: page.publisher,
        source: 'marc',
      });
    }
  });
});

describe('a clip cites its region', () => {
  it('in its CSL-JSON and formatted citation', () => {
    const region = { x: 120, y: 340, w: 800, h: 600 };
    const clip = pageCsl(page, { clip: { region, caption: 'Arrival of the mails', url: `${ORIGIN_A}/clipsocialsharing?clip=abc` } });
    expect(clip.title).toContain('Arrival of the mails');
    expect(clip.title).toContain(regionLabel(region));
    expect(clip.URL).toBe(`${ORIGIN_A}/clipsocialsharing?clip=abc`);
    // Chicago and MLA write titles in title case.
    for (const s of ['chicago', 'mla', 'apa'] as const) expect(formatCitation(clip, s).toLowerCase(), s).toContain('region 120,340 800×600 px');
  });

  it("in its share page's citation tags and COinS", async () => {
    const clip = await t.store.viewer.createClip({ pageUid: page.uid, x: 10, y: 20, w: 300, h: 200, caption: 'Telegraphic news' });
    const res = await t.app.inject({ url: `/clipsocialsharing?clip=${clip!.id}`, headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    const { one, coins } = embedded(res.body);
    expect(one('citation_title')).toContain('Telegraphic news');
    expect(one('citation_title')).toContain('region 10,20 300×200 px');
    expect(one('citation_journal_title')).toBe(page.title);
    expect(one('citation_public_url')).toBe(`${ORIGIN_A}/clipsocialsharing?clip=${clip!.id}`);
    expect(coins[0].get('rft.atitle')).toContain('region 10,20 300×200 px');
    // The social preview is still there.
    expect(res.body).toContain('og:image');
  });
});
