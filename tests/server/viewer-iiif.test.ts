// The IIIF documents of a small archive, on SQLite and on PostgreSQL: manifests with their search
// services, canvases that dereference, OCR text pages, Content Search 1.0 and 2.0 answered by each
// engine's search, autocomplete, and the Collections from the site down to the issues.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../server/store';
import type { WordBox } from '../../server/store/types';
import { parseManifest, parseSearchResults } from '../../src/viewer/universal/iiif-manifest';
import { ENGINE_NAMES, archiveOnBothEngines, getAsSite, pageOf } from '../support/iiif-archive';

const LCCN = 'sn00000002';
const ISSUE = `${LCCN}-1901-06-01-ed1`;
const LATER = `${LCCN}-1902-01-04-ed1`;
const words: WordBox[] = [
  ['Evening', 10, 10, 100, 30],
  ['Star', 120, 10, 60, 30],
  ['the', 10, 50, 40, 30],
  ['star', 60, 50, 50, 30],
  ['Stärke', 120, 50, 80, 30],
];

async function seed(store: Store) {
  await store.sites.create({ slug: 'main', name: 'Main Archive', isDefault: true, origins: ['http://localhost', 'archive.test'] });
  await store.ingest.upsertTitle({ lccn: LCCN, name: 'Evening Test', place: {}, source: 'demo' });
  const batch = await store.ingest.beginBatch('b', null);
  const page = (sequence: number, w: WordBox[], withFiles: boolean) => pageOf(sequence, w, { width: 2000, height: 3000 }, withFiles);
  await store.ingest.writeIssue(batch, { lccn: LCCN, dateIssued: '1901-06-01', edition: 1, pages: [page(1, words, true), page(2, words.slice(2), false)] });
  await store.ingest.writeIssue(batch, { lccn: LCCN, dateIssued: '1902-01-04', edition: 1, pages: [page(1, [['Morning', 5, 5, 50, 20]], false)] });
}

const engines = archiveOnBothEngines('viewer-iiif-', seed);

const isLangMap = (v: unknown) =>
  typeof v === 'object' && v !== null && Object.values(v).every((a) => Array.isArray(a) && a.every((s) => typeof s === 'string'));
const canvas1 = `http://archive.test/iiif/presentation/${ISSUE}/canvas/${ISSUE}-seq1`;
const canvas2 = `http://archive.test/iiif/presentation/${ISSUE}/canvas/${ISSUE}-seq2`;

describe.each(ENGINE_NAMES)('IIIF on %s', (engine) => {
  const get = (url: string) => getAsSite(engines[engine].app, url);
  const json = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    return JSON.parse(res.body);
  };

  describe('Presentation 3 manifest', () => {
    it('has the shape the Presentation 3 specification requires, with thumbnail and rights', async () => {
      const res = await get(`/iiif/presentation/${ISSUE}/manifest.json`);
      expect(res.headers['content-type']).toMatch(/application\/ld\+json/);
      const m = JSON.parse(res.body);
      // The Presentation 3 context comes last, after the text granularity extension's.
      expect(m['@context'].at(-1)).toBe('http://iiif.io/api/presentation/3/context.json');
      expect(m.id).toBe(`http://archive.test/iiif/presentation/${ISSUE}/manifest.json`);
      expect(m.type).toBe('Manifest');
      expect(m.label.en[0]).toBe('Evening Test, June 1, 1901');
      expect(m.rights).toBe('http://creativecommons.org/publicdomain/mark/1.0/');
      expect(m.thumbnail[0]).toMatchObject({
        id: `http://archive.test/iiif/3/${ISSUE}-seq1/full/!200,300/0/default.jpg`,
        type: 'Image',
        width: 200,
        height: 300,
      });
      expect(m.navDate).toBe('1901-06-01T00:00:00Z');
      expect(m.partOf).toEqual([{ id: `http://archive.test/iiif/collection/${LCCN}/1901`, type: 'Collection' }]);
      for (const md of m.metadata) expect(isLangMap(md.label) && isLangMap(md.value)).toBe(true);
      expect(m.items.map((c: { id: string }) => c.id)).toEqual([canvas1, canvas2]);
      for (const canvas of m.items) {
        expect(canvas).toMatchObject({ type: 'Canvas', width: 2000, height: 3000 });
        const [anno] = canvas.items[0].items;
        expect(anno).toMatchObject({ type: 'Annotation', motivation: 'painting', target: canvas.id });
        expect(anno.body).toMatchObject({ type: 'Image', format: 'image/jpeg', width: 2000, height: 3000 });
        expect(anno.body.service[0]).toMatchObject({ type: 'ImageService3', profile: 'level2' });
        expect(canvas.annotations).toEqual([{ id: `${canvas.id}/text`, type: 'AnnotationPage', label: expect.anything() }]);
      }
      expect(m.items[0].seeAlso[0]).toMatchObject({ type: 'Dataset', format: 'application/xml' });
      expect(m.items[1].seeAlso).toBeUndefined();
    });

    it('declares Content Search 1.0 and 2.0 by profile, each with its autocomplete service', async () => {
      const m = await json(`/iiif/presentation/${ISSUE}/manifest.json`);
      expect(m.service).toEqual([
        {
          id: `http://archive.test/iiif/search/v1/${ISSUE}`,
          type: 'SearchService1',
          profile: 'http://iiif.io/api/search/1/search',
          service: [
            { id: `http://archive.test/iiif/autocomplete/v1/${ISSUE}`, type: 'AutoCompleteService1', profile: 'http://iiif.io/api/search/1/autocomplete' },
          ],
        },
        {
          id: `http://archive.test/iiif/search/${ISSUE}`,
          type: 'SearchService2',
          profile: 'http://iiif.io/api/search/2/search',
          service: [
            { id: `http://archive.test/iiif/autocomplete/${ISSUE}`, type: 'AutoCompleteService2', profile: 'http://iiif.io/api/search/2/autocomplete' },
          ],
        },
      ]);
    });

    it('serves each canvas at its id, and 404 for unknown issues and pages', async () => {
      const m = await json(`/iiif/presentation/${ISSUE}/manifest.json`);
      const canvas = await json(canvas2.replace('http://archive.test', ''));
      expect(canvas['@context'].at(-1)).toBe('http://iiif.io/api/presentation/3/context.json');
      const { '@context': _context, ...rest } = canvas;
      expect(rest).toEqual(m.items[1]);
      expect((await get('/iiif/presentation/nope/manifest.json')).statusCode).toBe(404);
      expect((await get(`/iiif/presentation/${ISSUE}/canvas/nope`)).statusCode).toBe(404);
      expect((await get(`/iiif/presentation/${ISSUE}/canvas/${LATER}-seq1`)).statusCode).toBe(404);
    });

    it('gives each canvas its OCR text as supplementing annotations: lines, or words on request', async () => {
      const lines = await json(`/iiif/presentation/${ISSUE}/canvas/${ISSUE}-seq1/text`);
      expect(lines).toMatchObject({ id: `${canvas1}/text`, type: 'AnnotationPage' });
      expect(lines.items.map((a: { body: { value: string }; target: string }) => [a.body.value, a.target])).toEqual([
        ['Evening Star', `${canvas1}#xywh=10,10,170,30`],
        ['the star Stärke', `${canvas1}#xywh=10,50,190,30`],
      ]);
      for (const a of lines.items)
        expect(a).toMatchObject({
          type: 'Annotation',
          motivation: 'supplementing',
          textGranularity: 'line',
          body: { type: 'TextualBody', format: 'text/plain' },
        });
      const wordPage = await json(`/iiif/presentation/${ISSUE}/canvas/${ISSUE}-seq1/text?granularity=word`);
      expect(wordPage.id).toBe(`${canvas1}/text?granularity=word`);
      expect(wordPage.items).toHaveLength(5);
      expect(wordPage.items[1]).toMatchObject({ textGranularity: 'word', body: { value: 'Star' }, target: `${canvas1}#xywh=120,10,60,30` });
      expect(new Set(wordPage.items.map((a: { id: string }) => a.id)).size).toBe(5);
      expect((await get(`/iiif/presentation/${ISSUE}/canvas/${ISSUE}-seq1/text?granularity=letter`)).statusCode).toBe(400);
    });
  });

  describe('Content Search', () => {
    it('2.0: highlighting annotations on word boxes, found by the search engine with its word folding', async () => {
      const page = await json(`/iiif/search/${ISSUE}?q=STAR`);
      expect(page['@context']).toBe('http://iiif.io/api/search/2/context.json');
      expect(page.type).toBe('AnnotationPage');
      expect(page.items.map((a: { target: string }) => a.target)).toEqual([
        `${canvas1}#xywh=120,10,60,30`,
        `${canvas1}#xywh=60,50,50,30`,
        `${canvas2}#xywh=60,50,50,30`,
      ]);
      for (const a of page.items) expect(a).toMatchObject({ type: 'Annotation', motivation: 'highlighting' });
      expect(page.partOf.total).toBe(3);
      expect(page.ignored).toBeUndefined();
      // Diacritics fold as in the site search: "starke" finds "Stärke".
      const folded = await json(`/iiif/search/${ISSUE}?q=starke`);
      expect(folded.items.map((a: { body: { value: string } }) => a.body.value)).toEqual(['Stärke', 'Stärke']);
    });

    it('2.0: a quoted q is one phrase, with the words around it as a TextQuoteSelector', async () => {
      const page = await json(`/iiif/search/${ISSUE}?q=${encodeURIComponent('"evening star"')}`);
      expect(page.items).toHaveLength(2);
      expect(page.partOf.total).toBe(1);
      const [context] = page.annotations[0].items;
      expect(context.motivation).toBe('contextualizing');
      expect(context.target.map((t: { source: string }) => t.source)).toEqual(page.items.map((a: { id: string }) => a.id));
      expect(context.target[0].selector[0]).toEqual({ type: 'TextQuoteSelector', prefix: '', exact: 'Evening Star', suffix: ' the star Stärke' });
    });

    it('1.0: resources on canvas regions and hits with match, before and after, as Mirador reads them', async () => {
      const list = await json(`/iiif/search/v1/${ISSUE}?q=star`);
      expect(list['@type']).toBe('sc:AnnotationList');
      expect(list['@context']).toContain('http://iiif.io/api/search/1/context.json');
      expect(list.within).toEqual({ '@type': 'sc:Layer', total: 3 });
      expect(list.resources.map((r: { on: string }) => r.on)).toEqual([
        `${canvas1}#xywh=120,10,60,30`,
        `${canvas1}#xywh=60,50,50,30`,
        `${canvas2}#xywh=60,50,50,30`,
      ]);
      expect(list.resources[0]).toMatchObject({
        '@type': 'oa:Annotation',
        motivation: 'sc:painting',
        resource: { '@type': 'cnt:ContentAsText', chars: 'Star' },
      });
      expect(list.hits[1]).toEqual({
        '@type': 'search:Hit',
        annotations: [list.resources[1]['@id']],
        match: 'star',
        before: 'Evening Star the ',
        after: ' Stärke',
      });
    });

    it('lists the parameters it does not filter on as ignored (1.0: within.ignored)', async () => {
      const v2 = await json(`/iiif/search/${ISSUE}?q=star&motivation=painting&user=x`);
      expect(v2.ignored).toEqual(['motivation', 'user']);
      expect(v2.items).toHaveLength(3);
      const v1 = await json(`/iiif/search/v1/${ISSUE}?q=star&date=1901-01-01T00:00:00Z/1902-01-01T00:00:00Z`);
      expect(v1.within.ignored).toEqual(['date']);
    });

    it('is read by the light IIIF viewer: canvases, image services, search service and grouped hits', async () => {
      const manifest = parseManifest(await json(`/iiif/presentation/${ISSUE}/manifest.json`));
      expect(manifest.searchService).toBe(`http://archive.test/iiif/search/${ISSUE}`);
      expect(manifest.canvases.map((c) => [c.width, c.height, c.service])).toEqual([
        [2000, 3000, `http://archive.test/iiif/3/${ISSUE}-seq1`],
        [2000, 3000, `http://archive.test/iiif/3/${ISSUE}-seq2`],
      ]);
      const hits = parseSearchResults(await json(`/iiif/search/${ISSUE}?q=${encodeURIComponent('"evening star"')}`));
      expect(hits).toEqual([
        {
          canvasId: manifest.canvases[0].id,
          boxes: [
            [10, 10, 100, 30],
            [120, 10, 60, 30],
          ],
          text: 'Evening Star',
          prefix: '',
          suffix: ' the star Stärke',
        },
      ]);
    });

    it('answers nothing for no q or another issue’s word, and 404 for an unknown issue', async () => {
      expect((await json(`/iiif/search/${ISSUE}`)).items).toEqual([]);
      expect((await json(`/iiif/search/${ISSUE}?q=morning`)).items).toEqual([]);
      expect((await json(`/iiif/search/${LATER}?q=morning`)).items).toHaveLength(1);
      expect((await get('/iiif/search/nope?q=x')).statusCode).toBe(404);
      expect((await get('/iiif/search/v1/nope?q=x')).statusCode).toBe(404);
    });

    it('autocompletes the issue’s folded words, most frequent first, in both versions', async () => {
      const v1 = await json(`/iiif/autocomplete/v1/${ISSUE}?q=St`);
      expect(v1['@type']).toBe('search:TermList');
      expect(v1.terms).toEqual([
        { match: 'star', url: `http://archive.test/iiif/search/v1/${ISSUE}?q=star`, count: 3 },
        { match: 'starke', url: `http://archive.test/iiif/search/v1/${ISSUE}?q=starke`, count: 2 },
      ]);
      expect((await json(`/iiif/autocomplete/v1/${ISSUE}?q=st&min=3`)).terms.map((t: { match: string }) => t.match)).toEqual(['star']);
      const v2 = await json(`/iiif/autocomplete/${ISSUE}?q=eve&user=x`);
      expect(v2).toMatchObject({ type: 'TermPage', ignored: ['user'] });
      expect(v2.items).toEqual([
        { value: 'evening', total: 1, service: [{ id: `http://archive.test/iiif/search/${ISSUE}?q=evening`, type: 'SearchService2' }] },
      ]);
      expect((await get(`/iiif/autocomplete/${ISSUE}?q=st&min=zero`)).statusCode).toBe(400);
      expect((await get('/iiif/autocomplete/nope?q=st')).statusCode).toBe(404);
    });
  });

  describe('Collections', () => {
    it('walk from the site to its titles, their years and the issue manifests, with navDate at every level', async () => {
      const top = await json('/iiif/collection');
      expect(top).toMatchObject({
        id: 'http://archive.test/iiif/collection',
        type: 'Collection',
        label: { en: ['Main Archive'] },
        navDate: '1901-01-01T00:00:00Z',
      });
      expect(top.items).toEqual([
        expect.objectContaining({
          id: `http://archive.test/iiif/collection/${LCCN}`,
          type: 'Collection',
          label: { en: ['Evening Test'] },
          navDate: '1901-01-01T00:00:00Z',
        }),
      ]);
      const title = await json(`/iiif/collection/${LCCN}`);
      expect(title.items.map((c: { id: string; navDate: string }) => [c.id, c.navDate])).toEqual([
        [`http://archive.test/iiif/collection/${LCCN}/1901`, '1901-01-01T00:00:00Z'],
        [`http://archive.test/iiif/collection/${LCCN}/1902`, '1902-01-01T00:00:00Z'],
      ]);
      const year = await json(`/iiif/collection/${LCCN}/1901`);
      expect(year.items).toEqual([
        {
          id: `http://archive.test/iiif/presentation/${ISSUE}/manifest.json`,
          type: 'Manifest',
          label: { en: ['Evening Test, June 1, 1901'] },
          navDate: '1901-06-01T00:00:00Z',
          thumbnail: [{ id: `http://archive.test/iiif/3/${ISSUE}-seq1/full/!200,300/0/default.jpg`, type: 'Image', format: 'image/jpeg' }],
        },
      ]);
      // Every reference resolves, down to the manifest.
      expect((await json(year.items[0].id.replace('http://archive.test', ''))).id).toBe(year.items[0].id);
    });

    it('answers 404 for an unknown title or a year without issues, 400 for a bad year', async () => {
      expect((await get('/iiif/collection/sn99999999')).statusCode).toBe(404);
      expect((await get(`/iiif/collection/${LCCN}/1950`)).statusCode).toBe(404);
      expect((await get(`/iiif/collection/${LCCN}/latest`)).statusCode).toBe(400);
    });
  });
});
