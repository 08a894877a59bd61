// Issue #34 (5, 7): what one IIIF request may cost. Sizes are capped by the maxWidth, maxHeight and maxArea
// info.json declares (max, ^max and !w,h fitted inside them, explicit sizes beyond them refused 400), renders
// wait in a bounded queue (503 + Retry-After when it is full), and a query string never breaks a route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { makeTestApp, type TestApp } from './helpers';
import { createRenderQueue, RenderQueueFullError } from '../../server/images/limits';
import { PYRAMID_TIFF } from '../../server/ingest/page-image';

const PAGE = 'sn83045462-1859-02-21-ed1-seq1'; // 1000 x 1400 in the fixture

async function withImages(env: Record<string, string>) {
  const t = await makeTestApp(undefined, { env });
  mkdirSync(join(t.dataDir, 'images'), { recursive: true });
  // Noise, so a PNG of it costs real work (a flat colour compresses to nothing).
  const noise = Buffer.alloc(1000 * 1400 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  await sharp(noise, { raw: { width: 1000, height: 1400, channels: 3 } })
    .tiff(PYRAMID_TIFF)
    .toFile(join(t.dataDir, 'images', 'p1.tif'));
  return t;
}

const sizeOf = async (body: Buffer) => {
  const m = await sharp(body).metadata();
  return { width: m.width, height: m.height };
};

describe('IIIF size limits (declared in info.json)', () => {
  let t: TestApp<unknown>;
  beforeAll(async () => {
    t = await withImages({ IIIF_MAX_WIDTH: '800', IIIF_MAX_HEIGHT: '1000', IIIF_MAX_AREA: '600000' });
  });
  afterAll(async () => t?.close());
  const get = (url: string) => t.app.inject({ url });

  it('declares maxWidth, maxHeight and maxArea, and lists only sizes within them', async () => {
    const info = (await get(`/iiif/3/${PAGE}/info.json`)).json();
    expect(info).toMatchObject({ width: 1000, height: 1400, maxWidth: 800, maxHeight: 1000, maxArea: 600_000 });
    expect(info.extraFeatures).toContain('sizeUpscaling');
    expect(info.sizes.length).toBeGreaterThan(0);
    for (const s of info.sizes) {
      expect(s.width).toBeLessThanOrEqual(800);
      expect(s.height).toBeLessThanOrEqual(1000);
      expect(s.width * s.height).toBeLessThanOrEqual(600_000);
      expect((await get(`/iiif/3/${PAGE}/full/${s.width},${s.height}/0/default.jpg`)).statusCode).toBe(200);
    }
  });

  it('scales ^max of a few pixels only up to the limits, rotated and mirrored too', async () => {
    for (const rotation of ['0', '90', '!180']) {
      const res = await get(`/iiif/3/${PAGE}/17,0,8,8/^max/${rotation}/default.png`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      // sqrt(600000 / 64) = 96.8: 8 px become 774, not the 1000 x 1000 the image's own area would allow.
      expect(await sizeOf(res.rawPayload)).toEqual({ width: 774, height: 774 });
    }
  });

  it('fits max and !w,h (with or without ^) inside the limits', async () => {
    const full = await get(`/iiif/3/${PAGE}/full/max/0/default.jpg`);
    expect(await sizeOf(full.rawPayload)).toEqual({ width: 654, height: 916 });
    const confined = await get(`/iiif/3/${PAGE}/0,0,100,100/^!5000,5000/0/default.jpg`);
    expect(await sizeOf(confined.rawPayload)).toEqual({ width: 774, height: 774 });
    const plain = await get(`/iiif/3/${PAGE}/full/!900,2000/0/default.jpg`);
    expect(await sizeOf(plain.rawPayload)).toEqual({ width: 654, height: 916 });
  });

  it.each([
    ['an upscale past maxArea', '0,0,8,8/^5000,5000/0/default.png'],
    ['an upscale past maxWidth', '0,0,8,8/^801,1/0/default.png'],
    ['a plain size past maxWidth', 'full/900,/0/default.jpg'],
    ['a plain size past maxHeight', 'full/,1100/0/default.jpg'],
    ['a percentage past maxArea', 'full/pct:90/0/default.jpg'],
    ['an upscaled percentage past the limits', '0,0,100,100/^pct:10000/0/default.jpg'],
  ])('refuses %s with 400 and says why', async (_label, params) => {
    const res = await get(`/iiif/3/${PAGE}/${params}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/larger than this server allows/);
  });
});

describe('IIIF render queue', () => {
  it('runs at most the configured number of tasks at once and refuses beyond the queue', async () => {
    const q = createRenderQueue(2, 1);
    let running = 0;
    let most = 0;
    const gates: Array<() => void> = [];
    const task = () =>
      q.run(async () => {
        most = Math.max(most, ++running);
        await new Promise<void>((r) => gates.push(r));
        running--;
        return 'done';
      });
    const started = [task(), task(), task()];
    await expect(task()).rejects.toBeInstanceOf(RenderQueueFullError);
    expect([q.active, q.waiting]).toEqual([2, 1]);
    while (gates.length || q.active) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(await Promise.all(started)).toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
  });

  it('answers 503 with Retry-After when too many renders wait, then serves again', async () => {
    const t = await withImages({ IIIF_RENDERS: '1', IIIF_RENDER_QUEUE: '1' });
    try {
      // Distinct renders (nothing cached, nothing shared), all at once.
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => t.app.inject({ url: `/iiif/3/${PAGE}/${i},0,8,8/^max/90/default.png` })));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 503).length).toBeGreaterThan(0);
      expect(codes.every((c) => c === 200 || c === 503)).toBe(true);
      for (const busy of answers.filter((r) => r.statusCode === 503)) {
        expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(busy.headers['cache-control']).toBe('no-store');
        expect(busy.json().error).toMatch(/busy/);
      }
      expect((await t.app.inject({ url: `/iiif/3/${PAGE}/100,0,8,8/^max/90/default.png` })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('IIIF routes with a query string', () => {
  let t: TestApp<unknown>;
  beforeAll(async () => {
    t = await withImages({});
  });
  afterAll(async () => t?.close());

  it.each([
    [`/iiif/3/${PAGE}/info.json?a=/b/c`, 200],
    [`/iiif/3/${PAGE}/info.json?x=/a/b/c/d/`, 200],
    [`/iiif/3/${PAGE}?x=/a/b/c/`, 303],
    [`/iiif/3/${PAGE}/full/!100,100/0/default.jpg?x=/a/b/c/`, 200],
  ])('%s answers %i', async (url, code) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(code);
    if (code === 303) expect(res.headers.location).toMatch(new RegExp(`/iiif/3/${PAGE}/info\\.json$`));
    if (url.includes('info.json')) expect(res.json().id).toMatch(/^http:\/\/.+\/iiif\/3\//);
  });
});
