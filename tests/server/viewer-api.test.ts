import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import type { Store } from '../../server/store';
import type { WordBox } from '../../server/store/types';
import type { ClipResponse, PageSearchResponse, ViewerPageResponse } from '../../contract/viewer';

let app: FastifyInstance;
let store: Store;
const LCCN = 'sn00000001';

// Page 1: "The New York Herald ... new ideas in York" — a phrase, its words apart, a hyphen-split word.
const page1: WordBox[] = [
  ['The', 100, 100, 60, 30],
  ['New', 170, 100, 70, 30],
  ['York', 250, 100, 80, 30],
  ['Herald.', 340, 100, 120, 30],
  ['new', 100, 200, 60, 30],
  ['ideas', 170, 200, 90, 30],
  ['in', 270, 200, 30, 30],
  ['York', 310, 200, 80, 30],
  ['Govern-', 700, 200, 120, 30],
  ['ment', 100, 240, 70, 30],
  ['Café', 180, 240, 70, 30],
];

async function seed(s: Store) {
  await s.ingest.upsertTitle({ lccn: LCCN, name: 'The Test Gazette', place: { country: 'United States', state: 'Nebraska', city: 'Omaha' }, source: 'demo' });
  const batch = await s.ingest.beginBatch('batch_test', null);
  const page = (sequence: number, words: WordBox[], extra: Partial<{ pdfPath: string; altoPath: string }> = {}) => ({
    sequence,
    number: String(sequence),
    width: 1000,
    height: 1400,
    imagePath: `images/${sequence}.tif`,
    pdfPath: extra.pdfPath ?? null,
    altoPath: extra.altoPath ?? null,
    ocrText: words.map((w) => w[0]).join(' '),
    words,
  });
  await s.ingest.writeIssue(batch, { lccn: LCCN, dateIssued: '1887-03-01', edition: 1, pages: [page(1, [['Earlier', 10, 10, 50, 20]])] });
  await s.ingest.writeIssue(batch, {
    lccn: LCCN,
    dateIssued: '1887-03-03',
    edition: 1,
    volume: 'XVI',
    pages: [page(1, page1, { pdfPath: 'p/1.pdf', altoPath: 'p/1.xml' }), page(2, [['York', 10, 10, 50, 20]]), page(3, [])],
  });
  await s.ingest.writeIssue(batch, { lccn: LCCN, dateIssued: '1887-03-05', edition: 1, pages: [page(2, []), page(1, [])] });
  await s.ingest.writeAudio(batch, {
    uid: 'audio-1',
    lccn: LCCN,
    label: 'A reading',
    dateIssued: '1887-03-03',
    mediaPath: 'audio/a.wav',
    mediaType: 'audio/wav',
    duration: 9,
    cues: [
      { start: 0, end: 4, text: 'First words.' },
      { start: 4, end: 9, text: 'Second words.' },
    ],
    meta: {},
  });
}

const ISSUE = `${LCCN}-1887-03-03-ed1`;
const P1 = `${ISSUE}-seq1`;
let distDir: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'viewer-api-'));
  distDir = join(dataDir, 'dist');
  mkdirSync(distDir);
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Site" /><meta property="og:title" content="Old" /><title>Archive</title></head><body><div id="root"></div></body></html>',
  );
  store = createSqliteStore(dataDir);
  await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['http://localhost', 'archive.test'] });
  await seed(store);
  app = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir }, store);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await store.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'archive.test' } });
const json = <T>(res: LightMyRequestResponse) => JSON.parse(res.body) as T;

describe('GET /Api/Viewer/Page/:uid', () => {
  it('answers the page with its neighbours, words and links', async () => {
    const res = await get(`/Api/Viewer/Page/${P1}`);
    expect(res.statusCode).toBe(200);
    const p = json<ViewerPageResponse>(res);
    expect(p).toMatchObject({
      uid: P1,
      issueUid: ISSUE,
      title: 'The Test Gazette',
      date: '1887-03-03',
      sequence: 1,
      pageCount: 3,
      width: 1000,
      height: 1400,
      volume: 'XVI',
    });
    expect(p.prevPageUid).toBeNull();
    expect(p.nextPageUid).toBe(`${ISSUE}-seq2`);
    expect(p.prevIssuePageUid).toBe(`${LCCN}-1887-03-01-ed1-seq1`);
    // The next issue's first page by sequence, even though seq2 was written first.
    expect(p.nextIssuePageUid).toBe(`${LCCN}-1887-03-05-ed1-seq1`);
    expect(p.words).toEqual(page1);
    expect(p.imageService).toBe(`/iiif/3/${P1}`);
    expect(p.downloads.pdf).toMatch(/pdf/);
    expect(p.downloads.alto).toMatch(/alto/);
    expect(p.citationUrl).toBe(`http://archive.test/viewer?page=${P1}`);
  });

  it('leaves out downloads the page does not have', async () => {
    const p = json<ViewerPageResponse>(await get(`/Api/Viewer/Page/${ISSUE}-seq3`));
    expect(p.downloads.pdf).toBeNull();
    expect(p.downloads.alto).toBeNull();
    expect(p.nextPageUid).toBeNull();
    expect(p.prevPageUid).toBe(`${ISSUE}-seq2`);
  });

  it('answers 404 with a message for an unknown page', async () => {
    const res = await get('/Api/Viewer/Page/nope-seq1');
    expect(res.statusCode).toBe(404);
    expect(json<{ error: string }>(res).error).toMatch(/No page/);
  });
});

describe('GET /Api/Viewer/Page/:uid/search', () => {
  const hitsOf = async (qs: string) => json<PageSearchResponse>(await get(`/Api/Viewer/Page/${P1}/search?${qs}`)).hits;

  it('boxes only real phrase occurrences for an exact search', async () => {
    const hits = await hitsOf('q=new%20york&exact=1');
    expect(hits).toEqual([{ words: [1, 2], boxes: [page1[1].slice(1), page1[2].slice(1)] }]);
  });

  it('boxes every word occurrence for a words search, case-insensitively', async () => {
    const hits = await hitsOf('q=NEW%20york');
    expect(hits.map((h) => h.words)).toEqual([[1], [2], [4], [7]]);
  });

  it('matches across diacritics, punctuation and OCR line-end hyphens', async () => {
    expect((await hitsOf('q=cafe')).map((h) => h.words)).toEqual([[10]]);
    expect((await hitsOf('q=herald')).map((h) => h.words)).toEqual([[3]]);
    expect((await hitsOf('q=government')).map((h) => h.words)).toEqual([[8, 9]]);
  });

  it('takes the hits from the search screen parameters: Exact rows as phrases, None rows ignored', async () => {
    expect((await hitsOf('e=new%20york&ord=e1')).map((h) => h.words)).toEqual([[1, 2]]);
    expect((await hitsOf('k=ideas&n=york&ord=k1,n1')).map((h) => h.words)).toEqual([[5]]);
    expect((await hitsOf('o=ideas%20herald')).map((h) => h.words)).toEqual([[3], [5]]);
  });

  it('answers 400 for a malformed search URL and 404 for an unknown page', async () => {
    expect((await get(`/Api/Viewer/Page/${P1}/search?ord=x9`)).statusCode).toBe(400);
    expect((await get(`/Api/Viewer/Page/${P1}/search?q=a&exact=maybe`)).statusCode).toBe(400);
    expect((await get('/Api/Viewer/Page/none/search?q=a')).statusCode).toBe(404);
  });

  it('survives hostile text', async () => {
    for (const q of ['"', '*', 'NEAR(a b)', '😀', 'x'.repeat(1000), '\u0000']) {
      const res = await get(`/Api/Viewer/Page/${P1}/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('GET /Api/Viewer/Audio/:uid', () => {
  it('answers the item with its cues and media URL', async () => {
    const res = await get('/Api/Viewer/Audio/audio-1');
    expect(res.statusCode).toBe(200);
    const a = json<{ cues: unknown[]; mediaUrl: string; title: string; pageUid: string | null }>(res);
    expect(a.cues).toHaveLength(2);
    expect(a.pageUid).toBe(P1); // the page of the same title and date
    expect(a.title).toBe('The Test Gazette');
    expect(a.mediaUrl).toMatch(/audio-1/);
    expect((await get('/Api/Viewer/Audio/nope')).statusCode).toBe(404);
  });
});

describe('clips', () => {
  async function xsrfCookie() {
    const res = await get('/Api/Viewer/Page/x');
    return res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  }
  const post = async (payload: object, withHeader = true) => {
    const token = await xsrfCookie();
    return app.inject({
      method: 'POST',
      url: '/Api/Viewer/Clip',
      payload,
      headers: { host: 'archive.test', ...(withHeader ? { 'x-xsrf-token': token } : {}) },
      cookies: { 'XSRF-TOKEN': token },
    });
  };

  it('stores a clip and serves it with its share URL and IIIF region image', async () => {
    const res = await post({ pageUid: P1, x: 100, y: 90, w: 240, h: 50, caption: 'New York <b>news</b>' });
    expect(res.statusCode).toBe(201);
    const clip = json<ClipResponse>(res);
    expect(clip.url).toBe(`http://archive.test/clipsocialsharing?clip=${clip.id}`);
    expect(clip.imageUrl).toBe(`http://archive.test/iiif/3/${P1}/100,90,240,50/max/0/default.jpg`);
    const again = json<ClipResponse>(await get(`/Api/Viewer/Clip/${clip.id}`));
    expect(again).toMatchObject({ pageUid: P1, x: 100, y: 90, w: 240, h: 50, caption: 'New York <b>news</b>', title: 'The Test Gazette' });
  });

  it('refuses a clip without the XSRF header, outside the page, or with bad fields', async () => {
    expect((await post({ pageUid: P1, x: 1, y: 1, w: 50, h: 50, caption: '' }, false)).statusCode).toBe(403);
    expect((await post({ pageUid: P1, x: 900, y: 1, w: 200, h: 50, caption: '' })).statusCode).toBe(400);
    expect((await post({ pageUid: P1, x: 1, y: 1, w: 50, h: 50, caption: 'x'.repeat(1000) })).statusCode).toBe(400);
    expect((await post({ pageUid: P1, x: -1, y: 1, w: 50, h: 50 })).statusCode).toBe(400);
    expect((await post({ pageUid: 'missing', x: 1, y: 1, w: 50, h: 50 })).statusCode).toBe(404);
    expect((await get('/Api/Viewer/Clip/nope')).statusCode).toBe(404);
  });

  it('renders the share page with escaped og: and twitter: tags in the server HTML', async () => {
    const clip = json<ClipResponse>(await post({ pageUid: P1, x: 100, y: 90, w: 240, h: 50, caption: 'A "quoted" <script>alert(1)</script>' }));
    const res = await get(`/clipsocialsharing?clip=${clip.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain(`<meta property="og:image" content="http://archive.test/iiif/3/${P1}/100,90,240,50/max/0/default.jpg" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('og:title" content="A &quot;quoted&quot; &lt;script&gt;alert(1)&lt;/script&gt; — The Test Gazette"');
    expect(html).toMatch(/og:description" content="A clipping from The Test Gazette, March 3, 1887, page 1\."/);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('content="Old"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
    const missing = await get('/clipsocialsharing?clip=unknown');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  // Issue #14.2: the caption went in as a String.replace replacement, so $` $' $& copied the page into it.
  it.each(['$`', "$'", '$&', '$$', '$1', '$<x>', "a $` b $' c $& d"])('keeps the caption %s verbatim in the share page', async (caption) => {
    const clip = (await store.viewer.createClip({ pageUid: P1, x: 10, y: 10, w: 50, h: 50, caption }))!;
    const html = (await get(`/clipsocialsharing?clip=${clip.id}`)).body;
    const escaped = caption.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
    expect(html).toContain(`<title>${escaped} — The Test Gazette</title>`);
    expect(html).toContain(`og:title" content="${escaped} — The Test Gazette"`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('limits how fast one visitor can create clips', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await post({ pageUid: P1, x: 1, y: 1, w: 50, h: 50, caption: `c${i}` })).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
    const limited = await post({ pageUid: P1, x: 1, y: 1, w: 50, h: 50 });
    expect(limited.statusCode).toBe(429);
    expect(json<{ error: string }>(limited).error).toBeTruthy();
  });
});
