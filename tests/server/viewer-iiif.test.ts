import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import type { Store } from '../../server/store';
import type { WordBox } from '../../server/store/types';
import { parseManifest, parseSearchResults } from '../../src/viewer/universal/iiif-manifest';

let app: FastifyInstance;
let store: Store;
const LCCN = 'sn00000002';
const ISSUE = `${LCCN}-1901-06-01-ed1`;
const words: WordBox[] = [
  ['Evening', 10, 10, 100, 30],
  ['Star', 120, 10, 60, 30],
  ['the', 10, 50, 40, 30],
  ['star', 60, 50, 50, 30],
];

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'viewer-iiif-'));
  store = createSqliteStore(dataDir);
  await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['http://localhost', 'archive.test'] });
  await store.ingest.upsertTitle({ lccn: LCCN, name: 'Evening Test', place: {}, source: 'demo' });
  const batch = await store.ingest.beginBatch('b', null);
  const page = (sequence: number, w: WordBox[], withFiles: boolean) => ({
    sequence,
    number: String(sequence),
    width: 2000,
    height: 3000,
    imagePath: `img/${sequence}.tif`,
    pdfPath: withFiles ? `p/${sequence}.pdf` : null,
    altoPath: withFiles ? `p/${sequence}.xml` : null,
    ocrText: w.map((x) => x[0]).join(' '),
    words: w,
  });
  await store.ingest.writeIssue(batch, { lccn: LCCN, dateIssued: '1901-06-01', edition: 1, pages: [page(1, words, true), page(2, words.slice(2), false)] });
  app = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir: join(dataDir, 'none') }, store);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await store.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'archive.test' } });
const isLangMap = (v: unknown) =>
  typeof v === 'object' && v !== null && Object.values(v).every((a) => Array.isArray(a) && a.every((s) => typeof s === 'string'));
const isUri = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s]+$/.test(v);

describe('IIIF Presentation 3 manifest', () => {
  it('has the shape the Presentation 3 specification requires', async () => {
    const res = await get(`/iiif/presentation/${ISSUE}/manifest.json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/ld\+json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const m = JSON.parse(res.body);
    // Manifest: @context (3), id (URI), type, label (language map), items (canvases).
    expect(m['@context']).toBe('http://iiif.io/api/presentation/3/context.json');
    expect(m.id).toBe(`http://archive.test/iiif/presentation/${ISSUE}/manifest.json`);
    expect(m.type).toBe('Manifest');
    expect(isLangMap(m.label)).toBe(true);
    expect(m.label.en[0]).toBe('Evening Test, June 1, 1901');
    for (const md of m.metadata) expect(isLangMap(md.label) && isLangMap(md.value)).toBe(true);
    expect(m.items).toHaveLength(2);
    const ids = new Set<string>();
    for (const canvas of m.items) {
      // Canvas: id, type, label, width+height integers, items = AnnotationPage(s) of painting annotations.
      expect(isUri(canvas.id)).toBe(true);
      expect(ids.has(canvas.id)).toBe(false);
      ids.add(canvas.id);
      expect(canvas.type).toBe('Canvas');
      expect(isLangMap(canvas.label)).toBe(true);
      expect(Number.isInteger(canvas.width) && Number.isInteger(canvas.height)).toBe(true);
      const [annoPage] = canvas.items;
      expect(annoPage.type).toBe('AnnotationPage');
      expect(isUri(annoPage.id)).toBe(true);
      const [anno] = annoPage.items;
      expect(anno).toMatchObject({ type: 'Annotation', motivation: 'painting', target: canvas.id });
      expect(isUri(anno.id)).toBe(true);
      expect(anno.body).toMatchObject({ type: 'Image', format: 'image/jpeg', width: 2000, height: 3000 });
      expect(anno.body.service[0]).toMatchObject({ type: 'ImageService3', profile: 'level2' });
      expect(anno.body.service[0].id).toMatch(/^http:\/\/archive\.test\/iiif\/3\/sn00000002-1901-06-01-ed1-seq\d$/);
    }
    expect(m.items[0].seeAlso[0]).toMatchObject({ type: 'Dataset', format: 'application/xml' });
    expect(m.items[0].rendering[0]).toMatchObject({ type: 'Text', format: 'application/pdf' });
    expect(m.items[1].seeAlso).toBeUndefined();
    expect(m.service[0]).toEqual({ id: `http://archive.test/iiif/search/${ISSUE}`, type: 'SearchService2' });
  });

  it('answers 404 for an unknown issue', async () => {
    expect((await get('/iiif/presentation/nope/manifest.json')).statusCode).toBe(404);
  });
});

describe('IIIF Content Search 2.0', () => {
  it('answers highlighting annotations targeting canvas regions', async () => {
    const res = await get(`/iiif/search/${ISSUE}?q=star`);
    expect(res.statusCode).toBe(200);
    const page = JSON.parse(res.body);
    expect(page['@context']).toBe('http://iiif.io/api/search/2/context.json');
    expect(page.type).toBe('AnnotationPage');
    const targets = page.items.map((a: { target: string }) => a.target);
    const canvas1 = `http://archive.test/iiif/presentation/${ISSUE}/canvas/${ISSUE}-seq1`;
    const canvas2 = `http://archive.test/iiif/presentation/${ISSUE}/canvas/${ISSUE}-seq2`;
    expect(targets).toEqual([`${canvas1}#xywh=120,10,60,30`, `${canvas1}#xywh=60,50,50,30`, `${canvas2}#xywh=60,50,50,30`]);
    for (const a of page.items) expect(a).toMatchObject({ type: 'Annotation', motivation: 'highlighting' });
    // The canvases the search points at are the manifest's.
    const manifest = JSON.parse((await get(`/iiif/presentation/${ISSUE}/manifest.json`)).body);
    expect(manifest.items.map((c: { id: string }) => c.id)).toEqual([canvas1, canvas2]);
  });

  it('searches a quoted q as a phrase, with the words around each hit as a TextQuoteSelector', async () => {
    const page = JSON.parse((await get(`/iiif/search/${ISSUE}?q=${encodeURIComponent('"evening star"')}`)).body);
    expect(page.items).toHaveLength(2);
    expect(page.partOf.total).toBe(1);
    const [context] = page.annotations[0].items;
    expect(context.motivation).toBe('contextualizing');
    expect(context.target.map((t: { source: string }) => t.source)).toEqual(page.items.map((a: { id: string }) => a.id));
    expect(context.target[0].selector[0]).toEqual({ type: 'TextQuoteSelector', prefix: '', exact: 'Evening Star', suffix: ' the star' });
  });

  it('is read by the light IIIF viewer: canvases, image services, search service and grouped hits', async () => {
    const manifest = parseManifest(JSON.parse((await get(`/iiif/presentation/${ISSUE}/manifest.json`)).body));
    expect(manifest.label).toBe('Evening Test, June 1, 1901');
    expect(manifest.searchService).toBe(`http://archive.test/iiif/search/${ISSUE}`);
    expect(manifest.canvases.map((c) => [c.width, c.height, c.service])).toEqual([
      [2000, 3000, `http://archive.test/iiif/3/${ISSUE}-seq1`],
      [2000, 3000, `http://archive.test/iiif/3/${ISSUE}-seq2`],
    ]);
    expect(manifest.canvases[0].rendering[0].format).toBe('application/pdf');
    const hits = parseSearchResults(JSON.parse((await get(`/iiif/search/${ISSUE}?q=${encodeURIComponent('"evening star"')}`)).body));
    expect(hits).toEqual([
      { canvasId: manifest.canvases[0].id, boxes: [[10, 10, 100, 30], [120, 10, 60, 30]], text: 'Evening Star', prefix: '', suffix: ' the star' },
    ]);
  });

  it('answers an empty page for no q and 404 for an unknown issue', async () => {
    expect(JSON.parse((await get(`/iiif/search/${ISSUE}`)).body).items).toEqual([]);
    expect((await get('/iiif/search/nope?q=x')).statusCode).toBe(404);
  });
});
