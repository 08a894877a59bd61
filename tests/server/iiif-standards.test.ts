// Our IIIF documents as clients nobody here wrote read them, on real pages (two Bee issues) and the real
// audio item: the official Presentation 3 JSON schema (the IIIF validator's, vendored in
// tests/fixtures/iiif), @iiif/parser (the library behind many IIIF tools) and a WebVTT parser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { normalize } from '@iiif/parser';
import { presentation3StrictUpgrade } from '@iiif/parser/strict';
import { WebVTTParser } from 'webvtt-parser';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { ingestAudio, ingestBatch } from '../../server/ingest';
import { AUDIO_ITEM, BEE_BATCH, copyBatch, MARC, tempDir, type BatchCopy } from './ingest-fixtures';

const LCCN = 'sn99021999';
const ISSUE = 'sn99021999-1887-03-03-ed1';
const AUDIO = 'omaha-bee-1887-03-03';
const HOST = 'archive.test';
let app: FastifyInstance;
let store: SqliteStore;
let dataDir: string;
let copy: BatchCopy;

const schema = JSON.parse(readFileSync(new URL('../fixtures/iiif/iiif_3_0.json', import.meta.url), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false });
(addFormatsModule as unknown as (a: Ajv) => void)(ajv);
ajv.addSchema(schema);
const validator = (ref: string) => ajv.getSchema(`http://iiif.io/api/presentation/3/schema.json${ref}`) as ValidateFunction;
const expectValid = (validate: ValidateFunction, doc: unknown, what: string) => {
  const ok = validate(doc);
  expect(ok ? [] : validate.errors!.slice(0, 5).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`), what).toEqual([]);
};
const resource = validator('');
const annotationPage = validator('#/classes/annotationPage');
const canvasSchema = validator('#/classes/canvas');

beforeAll(async () => {
  dataDir = tempDir('iiif-standards');
  store = createSqliteStore(dataDir);
  await store.sites.create({ slug: 'main', name: 'Omaha Archive', isDefault: true, origins: [`http://${HOST}`] });
  copy = copyBatch(BEE_BATCH, 'batch_iiif_std_ver01', 2);
  await ingestBatch(store, dataDir, copy.dir, { marcDir: MARC });
  await ingestAudio(store, dataDir, AUDIO_ITEM);
  app = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir: join(dataDir, 'no-dist') }, store);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dirname(copy.dir), { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url: url.replace(`http://${HOST}`, ''), headers: { host: HOST } });
const json = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return JSON.parse(res.body);
};
const manifestUrl = `/iiif/presentation/${ISSUE}/manifest.json`;

describe('the official Presentation 3 JSON schema', () => {
  it('accepts the issue manifest, each canvas at its id and each OCR text page', async () => {
    const m = await json(manifestUrl);
    expectValid(resource, m, 'manifest');
    expect(m.items.length).toBeGreaterThan(0);
    for (const c of m.items) {
      const { '@context': _context, ...canvas } = await json(c.id);
      expectValid(canvasSchema, canvas, c.id);
      for (const url of [c.annotations[0].id, `${c.annotations[0].id}?granularity=word`]) {
        const page = await json(url);
        expectValid(annotationPage, page, url);
        expect(page.items.length, url).toBeGreaterThan(100);
      }
    }
  });

  it('accepts every Collection from the site down to the year of issues, and the audio manifest', async () => {
    const top = await json('/iiif/collection');
    expectValid(resource, top, 'top collection');
    const title = await json(top.items.find((t: { id: string }) => t.id.endsWith(`/${LCCN}`)).id);
    expectValid(resource, title, 'title collection');
    const year = await json(title.items[0].id);
    expectValid(resource, year, 'year collection');
    expect(year.items.map((i: { id: string }) => i.id)).toContain(`http://${HOST}${manifestUrl}`);
    expectValid(resource, await json(`/iiif/presentation/audio/${AUDIO}/manifest.json`), 'audio manifest');
  });

  it('accepts the annotations of a Content Search 2.0 answer', async () => {
    const answer = await json(`/iiif/search/${ISSUE}?q=omaha&motivation=painting`);
    expect(answer.items.length).toBeGreaterThan(0);
    expect(answer.ignored).toEqual(['motivation']);
    // The Presentation schema knows AnnotationPages; the Search API adds partOf (its AnnotationCollection
    // with the total), ignored and the contextualizing annotations, which it validates on their own.
    const { '@context': _c, partOf: _p, ignored: _i, annotations, ...page } = answer;
    expectValid(annotationPage, page, 'search results');
    expectValid(annotationPage, annotations[0], 'search contexts');
  });
});

describe('@iiif/parser', () => {
  it('normalizes the manifest into its canvases, image services and search services', async () => {
    const m = await json(manifestUrl);
    const { entities, resource: ref } = normalize(m) as unknown as {
      entities: Record<string, Record<string, { id: string; width?: number; height?: number; service?: { id: string }[]; annotations?: { id: string }[] }>>;
      resource: { id: string; type: string };
    };
    expect(ref).toEqual({ id: m.id, type: 'Manifest' });
    const canvases = Object.values(entities.Canvas);
    expect(canvases.map((c) => c.id).sort()).toEqual(m.items.map((c: { id: string }) => c.id).sort());
    for (const c of canvases) expect(c.width! * c.height!).toBeGreaterThan(0);
    expect(Object.keys(entities.AnnotationPage)).toEqual(expect.arrayContaining(m.items.map((c: { id: string }) => `${c.id}/text`)));
    const services = entities.Manifest[m.id].service!.map((s) => s.id);
    expect(services).toEqual([`http://${HOST}/iiif/search/v1/${ISSUE}`, `http://${HOST}/iiif/search/${ISSUE}`]);
  });

  it('finds nothing to fix in the manifests and collections (strict upgrader)', async () => {
    for (const url of [
      manifestUrl,
      `/iiif/presentation/audio/${AUDIO}/manifest.json`,
      '/iiif/collection',
      `/iiif/collection/${LCCN}`,
      `/iiif/collection/${LCCN}/1887`,
    ]) {
      const doc = await json(url);
      const state = { warnings: [] as string[] };
      presentation3StrictUpgrade(doc, state);
      expect(state.warnings, url).toEqual([]);
    }
  });
});

describe('what the manifest promises is what the server sends', () => {
  it('the painted image and the thumbnail come at the size declared (a 2776x3606 master at 2309x3000)', async () => {
    const m = await json(manifestUrl);
    const body = m.items[0].items[0].items[0].body;
    expect(m.items[0]).toMatchObject({ width: 2776, height: 3606 });
    expect(body).toMatchObject({ width: 2309, height: 3000 });
    for (const img of [body, m.thumbnail[0], m.items[0].thumbnail[0]]) {
      const res = await get(img.id);
      expect(res.statusCode, img.id).toBe(200);
      expect(await sharp(res.rawPayload).metadata(), img.id).toMatchObject({ width: img.width, height: img.height });
    }
  });

  it('Content Search finds real OCR words with boxes inside the canvas and the words around them (1.0)', async () => {
    const m = await json(manifestUrl);
    const sizes = new Map(m.items.map((c: { id: string; width: number; height: number }) => [c.id, c]));
    const list = await json(`/iiif/search/v1/${ISSUE}?q=omaha`);
    expect(list.hits.length).toBeGreaterThan(3);
    expect(list.within.total).toBe(list.hits.length);
    for (const r of list.resources) {
      const [canvasId, frag] = r.on.split('#xywh=');
      const [x, y, w, h] = frag.split(',').map(Number);
      const c = sizes.get(canvasId) as { width: number; height: number };
      expect(c, canvasId).toBeDefined();
      expect(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= c.width && y + h <= c.height, r.on).toBe(true);
      expect(r.resource.chars.toLowerCase()).toContain('omaha');
    }
    expect(list.hits.some((h: { before: string; after: string }) => h.before.trim() && h.after.trim())).toBe(true);
  });
});

describe('the audio item', () => {
  it('serves its transcript as WebVTT that a WebVTT parser reads without errors, cue for cue', async () => {
    const res = await get(`/Api/Files/audio/${AUDIO}/vtt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const entities = createRequire(import.meta.url)('webvtt-parser/html-entities.json');
    const tree = new WebVTTParser(entities).parse(res.body, 'subtitles');
    expect(tree.errors).toEqual([]);
    const item = (await json(`/Api/Viewer/Audio/${AUDIO}`)) as {
      cues: { start: number; end: number; text: string }[];
      transcriptUrl: string;
      manifest: string;
    };
    expect(item.transcriptUrl).toBe(`/Api/Files/audio/${AUDIO}/vtt`);
    expect(tree.cues.map((c) => [c.startTime, c.endTime, c.tree.children.map((n) => n.value ?? '').join('')])).toEqual(
      item.cues.map((c) => [c.start, c.end, c.text]),
    );
    expect((await get('/Api/Files/audio/nope/vtt')).statusCode).toBe(404);
  });

  it('has a Presentation 3 AV manifest: a timed canvas painted by the recording, with the WebVTT transcript', async () => {
    const m = await json(`/iiif/presentation/audio/${AUDIO}/manifest.json`);
    const [canvas] = m.items;
    expect(canvas.duration).toBeCloseTo(59.05, 1);
    const sound = canvas.items[0].items[0];
    expect(sound).toMatchObject({ motivation: 'painting', body: { type: 'Sound', format: 'audio/wav', id: `http://${HOST}/Api/Files/audio/${AUDIO}` } });
    const transcript = canvas.annotations[0].items[0];
    expect(transcript).toMatchObject({ motivation: 'supplementing', target: canvas.id, body: { type: 'Text', format: 'text/vtt' } });
    expect((await get(transcript.body.id)).headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect((await get(sound.body.id)).statusCode).toBe(200);
    expect((await get('/iiif/presentation/audio/nope/manifest.json')).statusCode).toBe(404);
  });
});
