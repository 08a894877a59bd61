// What crawlers, browsers and feed readers find the archive by, through the real app on the shared
// fixture: the sitemap index and its files, robots.txt, OpenSearch and its suggestions, the Atom feed of a
// search, file downloads' HEAD answers, and that a hostile Host header never reaches a public answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parseAtomFeed } from 'feedsmith';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import type { Store } from '../../server/store';
import { ROUTES } from '../../contract/routes';
import { FIXTURE_TITLES, HOST_A, makeTestApp, ORIGIN_A, ORIGIN_B, seedFixture, tempDir, type FixtureIds, type TestApp } from './helpers';

const HOSTILE = 'evil.example';
const SITE_A_TITLES = ['star', 'bee', 'zephyr'];
/** Two extra Evening Star pages with real files and words for suggestions; one audio item. */
const EXTRA = { date: '1930-01-01', pdf: 'files/p1.pdf', alto: 'files/p1.xml', audio: 'files/reading.wav', audioUid: 'star-reading' };

const FILLER = { date: '1930-02-01', pages: 10 };

interface Seeded extends FixtureIds {
  pageUids: string[];
}

/** OCR words in a row, so snippets can be made from them. */
const wordsOf = (text: string) => text.split(' ').map((w, i): [string, number, number, number, number] => [w, 10 + i * 60, 10, 50, 12]);

async function seed(store: Store): Promise<Seeded> {
  const ids = await seedFixture(store);
  const batch = await store.ingest.beginBatch('batch_extra', null);
  await store.ingest.writeIssue(batch, {
    lccn: 'sn83045462',
    dateIssued: EXTRA.date,
    edition: 1,
    pages: [
      {
        sequence: 1,
        number: '1',
        width: 1000,
        height: 1400,
        imagePath: null,
        pdfPath: EXTRA.pdf,
        altoPath: EXTRA.alto,
        ocrText: 'Telegram and telephone news',
        words: wordsOf('Telegram and telephone news'),
      },
      {
        sequence: 2,
        number: '2',
        width: 1000,
        height: 1400,
        imagePath: null,
        pdfPath: null,
        altoPath: null,
        ocrText: 'The telegram arrived; civil affairs',
        words: wordsOf('The telegram arrived; civil affairs'),
      },
    ],
  });
  // Enough pages with the fixture's word 'page' for a second feed page (20 results a page).
  await store.ingest.writeIssue(batch, {
    lccn: 'sn83045462',
    dateIssued: FILLER.date,
    edition: 1,
    pages: Array.from({ length: FILLER.pages }, (_, i) => ({
      sequence: i + 1,
      width: null,
      height: null,
      imagePath: null,
      pdfPath: null,
      altoPath: null,
      ocrText: 'page filler',
      words: wordsOf('page filler'),
    })),
  });
  await store.ingest.writeAudio(batch, { uid: EXTRA.audioUid, label: 'A reading', mediaPath: EXTRA.audio, mediaType: 'audio/wav', cues: [], meta: {} });
  await store.ingest.finishBatch(batch, 'complete', {});
  return { ...ids, pageUids: [`sn83045462-${EXTRA.date}-ed1-seq1`, `sn83045462-${EXTRA.date}-ed1-seq2`] };
}

let t: TestApp<Seeded>;
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['url', 'sitemap', 'Url'].includes(name) });
const get = (url: string, host = '127.0.0.1:8080', headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

beforeAll(async () => {
  t = await makeTestApp(seed);
  mkdirSync(join(t.dataDir, 'files'), { recursive: true });
  writeFileSync(join(t.dataDir, EXTRA.pdf), Buffer.alloc(12_345, 7));
  writeFileSync(join(t.dataDir, EXTRA.alto), '<alto>ünïcode text</alto>');
  writeFileSync(join(t.dataDir, EXTRA.audio), Buffer.alloc(54_321, 3));
  mkdirSync(join(t.dataDir, 'media'), { recursive: true });
  writeFileSync(join(t.dataDir, 'media', 'hero.jpg'), Buffer.alloc(2_222, 1));
});
afterAll(() => t?.close());

/** Pages, issues and titles site A shows: the fixture's, plus the two extra issues. */
function expectedA() {
  const titles = FIXTURE_TITLES.filter((x) => SITE_A_TITLES.includes(x.key));
  return {
    titles: titles.length,
    // Each title's years with an issue (a calendar page each); the extra issues are in 1930, which the Star may lack.
    years: new Set([...titles.flatMap((x) => x.issues.map(([d]) => `${x.key}/${d.slice(0, 4)}`)), 'star/1930']).size,
    issues: titles.reduce((n, x) => n + x.issues.length, 0) + 2,
    pages: titles.reduce((n, x) => n + x.issues.reduce((m, [, p]) => m + p, 0), 0) + 2 + FILLER.pages,
  };
}

/** Every <loc> of every file the index lists, with each file's size and lastmod. */
async function crawl(host = '127.0.0.1:8080') {
  const index = await get('/sitemap.xml', host);
  expect(index.statusCode).toBe(200);
  expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
  const files = xml.parse(index.body).sitemapindex.sitemap as { loc: string; lastmod?: string }[];
  const out: { loc: string; lastmod?: string; urls: { loc: string; lastmod?: string }[] }[] = [];
  for (const f of files) {
    const res = await get(new URL(f.loc).pathname, host);
    expect(res.statusCode, f.loc).toBe(200);
    out.push({ ...f, urls: xml.parse(res.body).urlset.url });
  }
  return out;
}

const batchTime = async (name: string) => {
  const b = (await t.store.ingest.listBatches()).find((x) => x.name === name)!;
  return b.finishedAt!;
};

describe('sitemap.xml', () => {
  it('is an index of the static routes and of every title, issue and page the site shows, with lastmod from the data', async () => {
    const files = await crawl();
    const byKind = (kind: string) => files.filter((f) => new URL(f.loc).pathname.startsWith(`/sitemaps/${kind}-`)).flatMap((f) => f.urls);
    const want = expectedA();
    const statics = files.find((f) => f.loc === `${ORIGIN_A}/sitemaps/static.xml`)!;
    // The site's screens, then the bulk data's list for harvesters (issue #37).
    expect(statics.urls.map((u) => u.loc)).toEqual([...ROUTES.filter((r) => r.inSitemap).map((r) => ORIGIN_A + r.path), `${ORIGIN_A}/data/batches`]);
    expect(byKind('titles')).toHaveLength(want.titles);
    expect(byKind('years')).toHaveLength(want.years);
    expect(byKind('years').every((y) => /\/title\/[a-z0-9]+\/\d{4}$/.test(y.loc))).toBe(true);
    expect(byKind('issues')).toHaveLength(want.issues);
    const pages = byKind('pages');
    expect(pages).toHaveLength(want.pages);
    expect(new Set(pages.map((p) => p.loc)).size).toBe(want.pages);
    expect(pages.every((p) => p.loc.startsWith(`${ORIGIN_A}/viewer?page=`))).toBe(true);
    // lastmod: the time the page's batch was loaded; the index carries the newest of each file.
    const extra = pages.find((p) => p.loc.endsWith(t.seeded.pageUids[0]))!;
    expect(extra.lastmod).toBe(await batchTime('batch_extra'));
    const older = pages.find((p) => p.loc.endsWith('sn99021999-1887-03-03-ed1-seq1'))!;
    expect(older.lastmod).toBe(await batchTime('batch_fixture'));
    expect(files.find((f) => f.loc.includes('/pages-'))!.lastmod).toBe(await batchTime('batch_extra'));
    // Site A never lists site B's titles.
    expect(pages.some((p) => p.loc.includes('sn00000003'))).toBe(false);
  });

  it('splits each kind into files of at most the limit, walking the keys, with nothing lost or repeated', async () => {
    const whole = await crawl();
    t.config.sitemapMaxUrls = 3;
    try {
      const split = await crawl();
      const want = expectedA();
      for (const [kind, n] of Object.entries(want)) {
        const files = split.filter((f) => f.loc.includes(`/sitemaps/${kind}-`));
        expect(files, kind).toHaveLength(Math.ceil(n / 3));
        expect(files.every((f) => f.urls.length <= 3)).toBe(true);
        const locs = files.flatMap((f) => f.urls.map((u) => u.loc));
        expect(locs).toEqual(whole.filter((f) => f.loc.includes(`/sitemaps/${kind}-`)).flatMap((f) => f.urls.map((u) => u.loc)));
      }
    } finally {
      t.config.sitemapMaxUrls = undefined;
    }
  });

  it("lists each site's own collection under its own origin, and 404s an unknown file", async () => {
    const files = await crawl('localhost:8080');
    const pages = files.flatMap((f) => f.urls).map((u) => u.loc);
    expect(pages.every((loc) => loc.startsWith(`${ORIGIN_B}/`))).toBe(true);
    expect(pages.some((loc) => loc.includes('sn00000003'))).toBe(true);
    expect(pages.some((loc) => loc.includes('sn83045462'))).toBe(false);
    expect((await get('/sitemaps/pages-999999.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/other.xml')).statusCode).toBe(404);
  });

  it('robots.txt leaves the downloads crawlable and points at the index', async () => {
    const res = await get('/robots.txt');
    const lines = res.body.split('\n');
    expect(lines).toContain('Allow: /Api/Files/');
    expect(lines).toContain('Allow: /iiif/');
    expect(lines.indexOf('Allow: /Api/Files/')).toBeLessThan(lines.indexOf('Disallow: /Api/'));
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain(`Sitemap: ${ORIGIN_A}/sitemap.xml`);
  });
});

describe('OpenSearch', () => {
  it('describes the site as a search engine with result, suggestion and feed URLs', async () => {
    const res = await get('/opensearch.xml', 'localhost:8080');
    expect(res.headers['content-type']).toMatch(/^application\/opensearchdescription\+xml/);
    const doc = xml.parse(res.body).OpenSearchDescription;
    expect(doc['@xmlns']).toBe('http://a9.com/-/spec/opensearch/1.1/');
    expect(doc.ShortName).toBe('Prairie Papers');
    const urls = Object.fromEntries((doc.Url as Record<string, string>[]).map((u) => [u['@type'], u['@template']]));
    expect(urls['text/html']).toBe(`${ORIGIN_B}/search?k={searchTerms}&ord=k1`);
    expect(urls['application/x-suggestions+json']).toBe(`${ORIGIN_B}/Api/Search/Suggest?q={searchTerms}`);
    expect(urls['application/atom+xml']).toBe(`${ORIGIN_B}/Api/Search/feed.atom?k={searchTerms}&ord=k1`);
    // ShortName is at most 16 characters.
    expect((xml.parse((await get('/opensearch.xml')).body).OpenSearchDescription.ShortName as string).length).toBeLessThanOrEqual(16);
  });

  it('suggests words of the archive, the most widespread first, in the OpenSearch suggestions format', async () => {
    const res = await get('/Api/Search/Suggest?q=Tele');
    expect(res.headers['content-type']).toMatch(/^application\/x-suggestions\+json/);
    expect(res.json()).toEqual(['Tele', ['telegram', 'telephone']]);
    expect((await get('/Api/Search/Suggest?q=civil%20TELEG')).json()).toEqual(['civil TELEG', ['civil telegram']]);
    // Site B's collection holds neither page.
    expect((await get('/Api/Search/Suggest?q=tele', 'localhost:8080')).json()).toEqual(['tele', []]);
    expect((await get('/Api/Search/Suggest?q=t')).json()).toEqual(['t', []]);
    expect((await get('/Api/Search/Suggest?q=%22*')).json()).toEqual(['"*', []]);
    expect((await get(`/Api/Search/Suggest?q=${'a'.repeat(300)}`)).statusCode).toBe(400);
  });
});

describe('Atom feed of a search', () => {
  it('lists the newest pages first with title, date, snippet, viewer link and the load time', async () => {
    const res = await get('/Api/Search/feed.atom?k=telegram&ord=k1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = parseAtomFeed(res.body);
    expect(feed.title?.value).toContain('telegram');
    expect(feed.links?.find((l) => l.rel === 'self')?.href).toBe(`${ORIGIN_A}/Api/Search/feed.atom?k=telegram&ord=k1`);
    const entries = feed.entries ?? [];
    expect(entries.map((e) => e.links?.[0]?.href)).toEqual(t.seeded.pageUids.map((uid) => `${ORIGIN_A}/viewer?page=${uid}`));
    expect(entries[0].title?.value).toBe(`Evening Star, ${EXTRA.date}, page 1`);
    expect(entries[0].summary?.value).toContain('<mark>Telegram</mark>');
    expect(entries[0].updated).toBe(await batchTime('batch_extra'));
    expect(feed.updated).toBe(await batchTime('batch_extra'));
  });

  it('follows the same parameters as /Api/Search, ordered newest first', async () => {
    const qs = 'k=page&ord=k1&d=01/01/1850-12/31/1925';
    const feed = parseAtomFeed((await get(`/Api/Search/feed.atom?${qs}`)).body);
    const api = (await get(`/Api/Search?${qs}&sort=date-desc`)).json() as { results: { pageUid: string; date: string }[] };
    expect(feed.entries?.map((e) => e.id)).toEqual(api.results.map((r) => `${ORIGIN_A}/viewer?page=${r.pageUid}`));
    const dates = api.results.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await get('/Api/Search/feed.atom?m=sometimes')).statusCode).toBe(400);
  });

  it('links the next page of older pages while there is one', async () => {
    const total = ((await get('/Api/Search?k=page&ord=k1')).json() as { total: number }).total;
    expect(total).toBeGreaterThan(20);
    const first = parseAtomFeed((await get('/Api/Search/feed.atom?k=page&ord=k1')).body);
    const next = first.links?.find((l) => l.rel === 'next')?.href;
    expect(next).toBe(`${ORIGIN_A}/Api/Search/feed.atom?k=page&ord=k1&p=2`);
    const second = parseAtomFeed((await get(new URL(next!).pathname + new URL(next!).search)).body);
    expect(second.entries).toHaveLength(total - 20);
    expect(second.links?.some((l) => l.rel === 'next')).toBe(false);
    const seen = new Set([...(first.entries ?? []), ...(second.entries ?? [])].map((e) => e.id));
    expect(seen.size).toBe(total);
  });
});

describe('HEAD on downloads', () => {
  const urls = () => [
    `/Api/Files/page/${t.seeded.pageUids[0]}/pdf`,
    `/Api/Files/page/${t.seeded.pageUids[0]}/alto`,
    `/Api/Files/page/${t.seeded.pageUids[0]}/text`,
    `/Api/Files/audio/${EXTRA.audioUid}`,
    `/Api/Files/audio/${EXTRA.audioUid}/media`,
    '/media/hero.jpg',
  ];

  it('gives the length and headers GET gives, without a body', async () => {
    for (const url of urls()) {
      const full = await get(url);
      const head = await t.app.inject({ method: 'HEAD', url, headers: { host: '127.0.0.1:8080' } });
      expect(full.statusCode, url).toBe(200);
      expect(head.statusCode, url).toBe(200);
      expect(Number(head.headers['content-length']), url).toBe(full.rawPayload.length);
      expect(head.rawPayload.length, url).toBe(0);
      for (const h of ['content-type', 'etag', 'accept-ranges', 'content-disposition', 'cache-control'])
        expect(head.headers[h], `${url} ${h}`).toBe(full.headers[h]);
    }
  });

  it('gives the length of a requested range', async () => {
    const url = `/Api/Files/audio/${EXTRA.audioUid}`;
    const head = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=100-199' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-length']).toBe('100');
    expect(head.headers['content-range']).toBe('bytes 100-199/54321');
  });
});

describe('a hostile Host header', () => {
  let clipId: string;
  beforeAll(async () => {
    const uid = 'sn83045462-1859-02-21-ed1-seq1';
    clipId = (await t.store.viewer.createClip({ pageUid: uid, x: 10, y: 10, w: 100, h: 100, caption: 'A caption' }))!.id;
  });
  const places = () => [
    '/sitemap.xml',
    '/sitemaps/static.xml',
    '/sitemaps/pages-0.xml',
    '/robots.txt',
    '/opensearch.xml',
    '/Api/openapi.json',
    '/Api/Search/feed.atom?k=page&ord=k1',
    `/clipsocialsharing?clip=${clipId}`,
    `/Api/Viewer/Clip/${clipId}`,
    '/Api/Viewer/Page/sn83045462-1859-02-21-ed1-seq1',
    '/iiif/3/sn83045462-1859-02-21-ed1-seq1/info.json',
    '/iiif/presentation/sn83045462-1859-02-21-ed1/manifest.json',
  ];

  it('is never written into an answer: the default site’s configured origin is', async () => {
    for (const url of places()) {
      const res = await get(url, HOSTILE, { 'x-forwarded-host': HOSTILE });
      expect(res.body, url).not.toContain(HOSTILE);
      if (res.statusCode === 200) expect(res.body, url).toContain(ORIGIN_A);
    }
  });

  it('a configured host name is kept as asked (bare host entries keep the port)', async () => {
    expect((await get('/robots.txt', HOST_A)).body).toContain(`Sitemap: http://${HOST_A}/sitemap.xml`);
    expect((await get('/robots.txt', `${HOST_A}:8443`)).body).toContain(`Sitemap: http://${HOST_A}:8443/sitemap.xml`);
    expect((await get('/robots.txt', 'localhost:8080')).body).toContain(`Sitemap: ${ORIGIN_B}/sitemap.xml`);
  });

  it('behind a trusted proxy, X-Forwarded-Host is checked against the configured origins too', async () => {
    const dataDir = tempDir();
    const store = createSqliteStore(':memory:');
    await seedFixture(store);
    const app = await buildApp({ ...loadConfig({ NODE_ENV: 'test', DEMO: '0', TRUST_PROXY: '1' }), dataDir, distDir: join(dataDir, 'none') }, store);
    try {
      const robots = (forwarded: string) => app.inject({ url: '/robots.txt', headers: { host: '127.0.0.1:8080', 'x-forwarded-host': forwarded } });
      expect((await robots(HOSTILE)).body).toContain(`Sitemap: ${ORIGIN_A}/sitemap.xml`);
      expect((await robots(HOSTILE)).body).not.toContain(HOSTILE);
      expect((await robots('localhost:8080')).body).toContain(`Sitemap: ${ORIGIN_B}/sitemap.xml`);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
