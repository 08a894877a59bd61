// The IIIF Image API and the file downloads, on real pages ingested from the Bee batch (2 issues) and the
// real audio item, through the real app (buildApp + inject).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { ingestAudio, ingestBatch } from '../../server/ingest';
import { AUDIO_ITEM, BEE_BATCH, copyBatch, MARC, tempDir, type BatchCopy } from './ingest-fixtures';

const PAGE = 'sn99021999-1887-03-03-ed1-seq1';
const HOST = 'archive.test';
let app: FastifyInstance;
let store: SqliteStore;
let dataDir: string;
let copy: BatchCopy;

beforeAll(async () => {
  dataDir = tempDir('iiif');
  store = createSqliteStore(dataDir);
  await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: [HOST] }); // absolute URLs use configured origins only
  copy = copyBatch(BEE_BATCH, 'batch_iiif_ver01', 2);
  await ingestBatch(store, dataDir, copy.dir, { marcDir: MARC });
  await ingestAudio(store, dataDir, AUDIO_ITEM);
  // A page without an image (text only), to check its IIIF answer.
  await store.ingest.writeIssue(await store.ingest.beginBatch('no-images', null), {
    lccn: 'sn99021999',
    dateIssued: '1887-04-01',
    edition: 1,
    pages: [{ sequence: 1, width: null, height: null, imagePath: null, pdfPath: null, altoPath: null, ocrText: 'text only', words: [] }],
  });
  // A page whose image is a flat JPEG (no pyramid), as simpler sources provide.
  await sharp({ create: { width: 1000, height: 1500, channels: 3, background: '#c8b89a' } })
    .jpeg()
    .toFile(join(dataDir, 'flat.jpg'));
  await store.ingest.writeIssue(await store.ingest.beginBatch('flat', null), {
    lccn: 'sn99021999',
    dateIssued: '1887-04-02',
    edition: 1,
    pages: [{ sequence: 1, width: 1000, height: 1500, imagePath: 'flat.jpg', pdfPath: null, altoPath: null, ocrText: '', words: [] }],
  });
  app = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir: join(dataDir, 'no-dist') }, store);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dirname(copy.dir), { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
const imageOf = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return { res, meta: await sharp(res.rawPayload).metadata() };
};

describe('IIIF info.json', () => {
  it('describes the page image as a level 2 ImageService3 with 256 px tiles over the pyramid', async () => {
    const res = await get(`/iiif/3/${PAGE}/info.json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const info = res.json();
    expect(info).toMatchObject({
      '@context': 'http://iiif.io/api/image/3/context.json',
      id: `http://${HOST}/iiif/3/${PAGE}`,
      type: 'ImageService3',
      protocol: 'http://iiif.io/api/image',
      profile: 'level2',
      width: 2776,
      height: 3606,
      tiles: [{ width: 256, height: 256, scaleFactors: [1, 2, 4, 8, 16] }],
    });
    // Levels as viewers compute them (width rounded up), with the height the server returns for that width.
    expect(info.sizes[0]).toEqual({ width: 174, height: 226 });
    // The full 10 Mpx size is over the default maxArea (3000 x 3000): served as tiles, not listed (Image API 3).
    expect(info).toMatchObject({ maxWidth: 2776, maxHeight: 3606, maxArea: 9_000_000 });
    expect(info.sizes.at(-1)).toEqual({ width: 1388, height: 1803 });
  });

  it('returns every declared size exactly, whether asked as w, or as w,h', async () => {
    const info = (await get(`/iiif/3/${PAGE}/info.json`)).json() as { sizes: { width: number; height: number }[] };
    for (const { width, height } of info.sizes.slice(0, -1)) {
      expect((await imageOf(`/iiif/3/${PAGE}/full/${width},/0/default.jpg`)).meta, `${width},`).toMatchObject({ width, height });
      expect((await imageOf(`/iiif/3/${PAGE}/full/${width},${height}/0/default.jpg`)).meta).toMatchObject({ width, height });
    }
  });

  it('answers JSON-LD when asked, and redirects the bare id to info.json', async () => {
    const ld = await get(`/iiif/3/${PAGE}/info.json`, { accept: 'application/ld+json' });
    expect(ld.headers['content-type']).toMatch(/^application\/ld\+json; ?profile="http:\/\/iiif\.io\/api\/image\/3\/context\.json"/);
    const bare = await get(`/iiif/3/${PAGE}`);
    expect(bare.statusCode).toBe(303);
    expect(bare.headers.location).toBe(`http://${HOST}/iiif/3/${PAGE}/info.json`);
  });
});

describe('IIIF images', () => {
  it('serves a 256 px tile with long-lived caching, CORS and an ETag', async () => {
    const { res, meta } = await imageOf(`/iiif/3/${PAGE}/0,0,256,256/256,/0/default.jpg`);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const again = await get(`/iiif/3/${PAGE}/0,0,256,256/256,/0/default.jpg`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers simultaneous requests for the same new tile alike', async () => {
    const url = `/iiif/3/${PAGE}/768,768,256,256/128,/0/default.webp`;
    const all = await Promise.all(Array.from({ length: 5 }, () => get(url)));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(all.map((r) => r.headers.etag)).size).toBe(1);
    expect(all.every((r) => r.rawPayload.equals(all[0].rawPayload))).toBe(true);
  });

  it('serves scaled tiles from the pyramid, including the cut tiles at the right and bottom edges', async () => {
    expect((await imageOf(`/iiif/3/${PAGE}/1024,1024,1024,1024/256,/0/default.jpg`)).meta).toMatchObject({ width: 256, height: 256 });
    // 2776 = 10 x 256 + 216: the last column of full-size tiles is 216 px wide.
    expect((await imageOf(`/iiif/3/${PAGE}/2560,0,256,256/216,/0/default.jpg`)).meta).toMatchObject({ width: 216, height: 256 });
    expect((await imageOf(`/iiif/3/${PAGE}/full/173,/0/default.jpg`)).meta).toMatchObject({ width: 173, height: 225 });
  });

  it('matches the pixels of the page at the tile position', async () => {
    // The same region read at full resolution and from a tile: nearly equal mean brightness.
    const tile = await sharp((await get(`/iiif/3/${PAGE}/512,512,512,512/256,/0/gray.png`)).rawPayload).stats();
    const src = await sharp((await get(`/iiif/3/${PAGE}/512,512,512,512/max/0/gray.png`)).rawPayload)
      .resize(256, 256)
      .stats();
    expect(Math.abs(tile.channels[0].mean - src.channels[0].mean)).toBeLessThan(4);
  });

  it('fits, rotates, mirrors and converts as asked', async () => {
    expect((await imageOf(`/iiif/3/${PAGE}/full/!240,320/0/default.jpg`)).meta).toMatchObject({ width: 240, height: 312 });
    expect((await imageOf(`/iiif/3/${PAGE}/full/!240,320/90/default.jpg`)).meta).toMatchObject({ width: 312, height: 240 });
    expect((await imageOf(`/iiif/3/${PAGE}/0,0,300,100/max/!270/default.png`)).meta).toMatchObject({ format: 'png', width: 100, height: 300 });
    expect((await imageOf(`/iiif/3/${PAGE}/square/pct:10/180/gray.webp`)).meta).toMatchObject({ format: 'webp', width: 278, height: 278 });
    const gray = await imageOf(`/iiif/3/${PAGE}/0,0,64,64/max/0/gray.png`);
    expect(gray.meta.channels).toBe(1);
    const bitonal = await sharp((await get(`/iiif/3/${PAGE}/0,0,64,64/max/0/bitonal.png`)).rawPayload)
      .raw()
      .toBuffer();
    expect(new Set(bitonal).size).toBeLessThanOrEqual(2);
  });

  it('renders random regions, sizes and rotations at exactly the size it promises', async () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 40; i++) {
      const x = rnd(2776);
      const y = rnd(3606);
      const w = 1 + rnd(2776 - x);
      const h = 1 + rnd(3606 - y);
      const sw = 1 + rnd(Math.min(w, 300));
      const rot = [0, 90, 180, 270][rnd(4)];
      const res = await get(`/iiif/3/${PAGE}/${x},${y},${w},${h}/${sw},/${rnd(2) ? '!' : ''}${rot}/default.png`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      const sh = Math.max(1, Math.round((h * sw) / w));
      expect([meta.width, meta.height], `${x},${y},${w},${h} ${sw}, ${rot}`).toEqual(rot % 180 ? [sh, sw] : [sw, sh]);
    }
  });

  it('mirrors before rotating', async () => {
    // A left strip mirrored becomes a right strip: compare the mirrored region with the plain one flopped.
    const mirrored = await sharp((await get(`/iiif/3/${PAGE}/0,0,200,100/max/!0/gray.png`)).rawPayload)
      .raw()
      .toBuffer();
    const flopped = await sharp((await get(`/iiif/3/${PAGE}/0,0,200,100/max/0/gray.png`)).rawPayload)
      .flop()
      .raw()
      .toBuffer();
    expect(mirrored.equals(flopped)).toBe(true);
  });

  it.each([
    ['a region outside the image', '9000,0,10,10/max/0/default.jpg'],
    ['an empty region', '0,0,0,10/max/0/default.jpg'],
    ['a malformed region', 'left/max/0/default.jpg'],
    ['an upscale without ^', 'full/5000,/0/default.jpg'],
    ['a zero size', 'full/0,/0/default.jpg'],
    ['an unsupported rotation', 'full/max/45/default.jpg'],
    ['an unknown quality', 'full/max/0/sepia.jpg'],
    ['an unsupported format', 'full/max/0/default.gif'],
    ['a missing format', 'full/max/0/default'],
  ])('answers 400 with a message for %s', async (_label, params) => {
    const res = await get(`/iiif/3/${PAGE}/${params}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it('serves a flat (non-pyramid) image with a zoom ladder down to one tile', async () => {
    const info = (await get('/iiif/3/sn99021999-1887-04-02-ed1-seq1/info.json')).json();
    expect(info.tiles).toEqual([{ width: 256, height: 256, scaleFactors: [1, 2, 4, 8] }]);
    expect(info.sizes[0]).toEqual({ width: 125, height: 188 });
    expect((await imageOf('/iiif/3/sn99021999-1887-04-02-ed1-seq1/0,0,1000,1024/250,/0/default.jpg')).meta).toMatchObject({ width: 250, height: 256 });
  });

  it('answers 404 for unknown ids and pages without an image', async () => {
    for (const url of [
      '/iiif/3/sn00000000-1900-01-01-ed1-seq1/info.json',
      '/iiif/3/nope/full/max/0/default.jpg',
      '/iiif/3/sn99021999-1887-04-01-ed1-seq1/info.json',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });
});

describe('file downloads', () => {
  const src = () => join(copy.issueDirs[0]);

  it('serves the page PDF, ALTO and plain text', async () => {
    const pdf = await get(`/Api/Files/page/${PAGE}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(readFileSync(join(src(), '0003.pdf')))).toBe(true);
    const alto = await get(`/Api/Files/Page/${PAGE}/alto?download=1`);
    expect(alto.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(alto.headers['content-disposition']).toBe(`attachment; filename="${PAGE}.xml"`);
    expect(alto.body).toBe(readFileSync(join(src(), '0003.xml'), 'utf8'));
    const text = await get(`/Api/Files/page/${PAGE}/text`);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toMatch(/^THE OMAHA DAILY/);
  });

  it('answers 404 and 400 for what does not exist', async () => {
    expect((await get('/Api/Files/page/nope/pdf')).statusCode).toBe(404);
    expect((await get('/Api/Files/page/sn99021999-1887-04-01-ed1-seq1/pdf')).statusCode).toBe(404);
    expect((await get(`/Api/Files/page/${PAGE}/zip`)).statusCode).toBe(400);
    expect((await get('/Api/Files/audio/nope')).statusCode).toBe(404);
  });

  it('streams audio with byte ranges so players can seek', async () => {
    const wav = readFileSync(join(AUDIO_ITEM, 'reading.wav'));
    const whole = await get('/Api/Files/audio/omaha-bee-1887-03-03');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(wav.length);
    const part = await get('/Api/Files/audio/omaha-bee-1887-03-03/media', { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${wav.length}`);
    expect(part.rawPayload.equals(wav.subarray(1000, 2000))).toBe(true);
    const tail = await get('/Api/Files/audio/omaha-bee-1887-03-03', { range: 'bytes=-100' });
    expect(tail.rawPayload.equals(wav.subarray(wav.length - 100))).toBe(true);
    const beyond = await get('/Api/Files/audio/omaha-bee-1887-03-03', { range: `bytes=${wav.length}-` });
    expect(beyond.statusCode).toBe(416);
  });

  it('stored the audio item with its cues and duration, searchable by transcript', () => {
    const row = store.db.prepare('SELECT * FROM audio_items WHERE uid = ?').get('omaha-bee-1887-03-03') as {
      duration: number;
      cues: string;
      transcript: string;
      media_type: string;
      label: string;
    };
    expect(row.media_type).toBe('audio/wav');
    expect(row.label).toBe('Omaha Daily Bee, 1887-03-03: a reading');
    expect(row.duration).toBeCloseTo(59.05, 1);
    const cues = JSON.parse(row.cues) as { start: number; end: number; text: string }[];
    expect(cues).toHaveLength(7);
    expect(cues[1]).toEqual({ start: 5.28, end: 11.079, text: "This man's conduct affords striking proof that you cannot reform a natural born rogue." });
    expect(row.transcript).toContain('Garvey was nominated');
    expect(store.db.prepare('SELECT a.uid FROM audio_fts f JOIN audio_items a ON a.id = f.rowid WHERE audio_fts MATCH ?').pluck().all('garvey')).toEqual([
      'omaha-bee-1887-03-03',
    ]);
  });
});
