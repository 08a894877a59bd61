// Reading a title as a run (issue #36) on both engines: the title page's record and coverage, a year's
// calendar, an issue with its neighbours, the front pages of a day and of a month and day, the whole issue
// as one PDF that pdf.js opens, and what a wrong LCCN, date or edition gets. Per site: site A never shows
// site B's titles.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store } from '../../server/store/types';
import { readMarcFile } from '../../server/ingest/marc';
import type { FrontPagesResponse, IssueResponse, TitleIssuesResponse, TitleResponse } from '../../contract/runs';
import { createDatabase } from '../support/pg-cluster';
import { seedFixture, type FixtureIds } from './helpers';

const CORPUS = join(__dirname, '../../../shared/corpus/ndnp');
const BEE_MARC = join(CORPUS, 'marc/sn99021999/marc.xml');
const BEE_PDFS = ['0003', '0011', '0019'].map((n, i) =>
  join(CORPUS, `batch_nbu_manyissues_ver01/data/sn99021999/0020653817A/${['1887030301', '1887030401', '1887030501'][i]}/${n}.pdf`),
);
const FONTS = join(__dirname, '../../node_modules/pdfjs-dist/standard_fonts/');
const A = { host: '127.0.0.1:8080' };
const B = { host: 'localhost:8080' };

type Engine = 'sqlite' | 'postgres';
const apps = {} as Record<Engine, { app: FastifyInstance; store: Store; ids: FixtureIds; dataDir: string }>;

/** The fixture, the Bee's real MARC record, a second edition, and one issue made of real NDNP page PDFs and an image. */
async function seed(store: Store, dataDir: string) {
  const ids = await seedFixture(store);
  const [bee] = readMarcFile(BEE_MARC);
  await store.ingest.upsertTitle(bee);
  mkdirSync(join(dataDir, 'pdf'), { recursive: true });
  BEE_PDFS.forEach((src, i) => copyFileSync(src, join(dataDir, 'pdf', `p${i + 1}.pdf`)));
  await sharp({ create: { width: 600, height: 900, channels: 3, background: '#ddd' } })
    .jpeg()
    .toFile(join(dataDir, 'pdf', 'p4.jpg'));
  const batch = await store.ingest.beginBatch('batch_runs', null);
  const page = (sequence: number, files: { pdf?: string; image?: string }) => ({
    sequence,
    number: String(sequence),
    width: files.image ? 600 : null,
    height: files.image ? 900 : null,
    imagePath: files.image ?? null,
    pdfPath: files.pdf ?? null,
    altoPath: null,
    ocrText: 'real page',
    words: [],
  });
  await store.ingest.writeIssue(batch, {
    lccn: 'sn99021999',
    dateIssued: '1887-03-04',
    edition: 1,
    volume: '16',
    number: '219',
    pages: [
      page(1, { pdf: 'pdf/p1.pdf' }),
      { ...page(2, { pdf: 'pdf/p2.pdf' }), section: 'Section B' },
      page(3, { pdf: 'pdf/p3.pdf' }),
      page(4, { image: 'pdf/p4.jpg' }),
    ],
  });
  await store.ingest.writeIssue(batch, { lccn: 'sn99021999', dateIssued: '1887-03-04', edition: 2, pages: [page(1, { pdf: 'pdf/p1.pdf' })] });
  await store.ingest.finishBatch(batch, 'complete', {});
  return ids;
}

async function start(engine: Engine) {
  const dataDir = mkdtempSync(join(tmpdir(), `runs-${engine}-`));
  const store = engine === 'sqlite' ? createSqliteStore(':memory:') : await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  const ids = await seed(store, dataDir);
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), DEMO: '0' }), store);
  await app.ready();
  apps[engine] = { app, store, ids, dataDir };
}

beforeAll(async () => {
  await Promise.all([start('sqlite'), start('postgres')]);
}, 120_000);
afterAll(async () => {
  for (const e of Object.values(apps)) {
    await e.app.close();
    await e.store.close();
    rmSync(e.dataDir, { recursive: true, force: true });
  }
});

const get = (engine: Engine, url: string, headers = A) => apps[engine].app.inject({ method: 'GET', url, headers });
const both = async <T>(url: string, headers = A) => {
  const [a, b] = await Promise.all([get('sqlite', url, headers), get('postgres', url, headers)]);
  expect(b.statusCode, url).toBe(a.statusCode);
  expect(b.json(), url).toEqual(a.json());
  return { status: a.statusCode, body: a.json() as T };
};

describe('MARC fields ingest used to drop', () => {
  it('keeps subjects, later titles, the OCLC number, places and languages from a real record', () => {
    const [bee] = readMarcFile(BEE_MARC);
    expect(bee.details).toMatchObject({
      subjects: ['Omaha (Neb.) -- Newspapers', 'Nebraska -- Omaha'],
      succeeding: [{ name: 'Omaha morning bee', lccn: 'sn84024326', oclc: '10980616', relation: 'Continued by' }],
      preceding: [],
      oclc: '42958170',
      languages: ['eng'],
      places: ['Omaha, Douglas, Nebraska, United States'],
    });
    expect(bee.publisher).toBe('Edward Rosewater');
    expect(bee.frequency).toBe('Daily');
  });

  it('re-ingesting a MARC record updates the title in place', async () => {
    const store = createSqliteStore(':memory:');
    const [bee] = readMarcFile(BEE_MARC);
    const id = await store.ingest.upsertTitle(bee);
    const again = await store.ingest.upsertTitle({ ...bee, frequency: 'Weekly', details: { ...bee.details!, subjects: ['Omaha (Neb.)'] } });
    expect(again).toBe(id);
    const t = await store.runs.title(0, 'sn99021999');
    expect(t).toMatchObject({ id, frequency: 'Weekly', details: { subjects: ['Omaha (Neb.)'] } });
    await store.close();
  });
});

describe('title page API', () => {
  it('gives the record, the coverage per year with its gaps left out, first and last issue, and links', async () => {
    const { status, body } = await both<TitleResponse>('/Api/Titles/sn99021999');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      lccn: 'sn99021999',
      name: 'Omaha daily bee',
      hasRecord: true,
      publisher: 'Edward Rosewater',
      frequency: 'Daily',
      oclc: '42958170',
      subjects: ['Omaha (Neb.) -- Newspapers', 'Nebraska -- Omaha'],
      succeeding: [{ name: 'Omaha morning bee', lccn: 'sn84024326', held: false }],
      coverage: [
        { year: 1887, issues: 3, pages: 7 },
        { year: 1888, issues: 1, pages: 1 },
        { year: 1895, issues: 1, pages: 1 },
      ],
      firstIssue: { date: '1887-03-03', edition: 1 },
      lastIssue: { date: '1895-06-10', edition: 1 },
      issueCount: 5,
      pageCount: 9,
    });
    expect(body.links.iiifCollection).toBe('/iiif/collection/sn99021999');
    expect(body.links.search).toMatch(/^\/search\?.*t=\d+/);
  });

  it('a title tile names its title by id: the answer is the same title, with its LCCN; another site’s id is not found', async () => {
    const id = apps.sqlite.ids.titles.bee;
    const { body } = await both<TitleResponse>(`/Api/Titles/id-${id}`);
    expect([body.lccn, body.name]).toEqual(['sn99021999', 'Omaha daily bee']);
    expect((await both(`/Api/Titles/id-${apps.sqlite.ids.titles.gazette}`)).status).toBe(404);
  });

  it('says so for a title without a MARC record', async () => {
    const { body } = await both<TitleResponse>('/Api/Titles/sn83045462');
    expect(body).toMatchObject({ name: 'Evening Star', hasRecord: false, subjects: [], places: ['Washington, District of Columbia, United States'] });
  });

  it('an unknown LCCN, and a title of another site, are not found with a clear message', async () => {
    const unknown = await both<{ error: string }>('/Api/Titles/sn00000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/No title 'sn00000000'/);
    expect((await both('/Api/Titles/sn00000003')).status).toBe(404); // site B's Prairie Gazette
    expect((await both('/Api/Titles/sn00000003', B)).status).toBe(200);
  });
});

describe('calendar API', () => {
  it('lists a year’s issues with editions and page counts, and the neighbouring years with issues', async () => {
    const { body } = await both<TitleIssuesResponse>('/Api/Titles/sn99021999/Issues?year=1887');
    expect(body.issues).toEqual([
      { date: '1887-03-03', edition: 1, pages: 2 },
      { date: '1887-03-04', edition: 1, pages: 4 },
      { date: '1887-03-04', edition: 2, pages: 1 },
    ]);
    expect([body.prevYear, body.nextYear]).toEqual([null, 1888]);
    const mid = (await both<TitleIssuesResponse>('/Api/Titles/sn99021999/Issues?year=1890')).body;
    expect([mid.issues.length, mid.prevYear, mid.nextYear]).toEqual([0, 1888, 1895]);
  });

  it('a missing or malformed year is a 400', async () => {
    expect((await both('/Api/Titles/sn99021999/Issues')).status).toBe(400);
    expect((await both('/Api/Titles/sn99021999/Issues?year=18x7')).status).toBe(400);
  });
});

describe('issue API', () => {
  it('gives every page with its number and section, the other editions, the neighbours, volume and number, the PDF size and manifest', async () => {
    const { body } = await both<IssueResponse>('/Api/Issues/sn99021999/1887-03-04/1');
    expect(body.pages.map((p) => [p.sequence, p.number, p.section, p.hasPdf, p.hasImage])).toEqual([
      [1, '1', null, true, false],
      [2, '2', 'Section B', true, false],
      [3, '3', null, true, false],
      [4, '4', null, false, true],
    ]);
    expect(body).toMatchObject({
      volume: '16',
      number: '219',
      editions: [1, 2],
      prevIssue: { date: '1887-03-03', edition: 1 },
      nextIssue: { date: '1887-03-04', edition: 2 },
      pdf: { url: '/Api/Files/issue/sn99021999/1887-03-04/1/pdf' },
    });
    expect(body.pdf.bytes).toBeGreaterThan(100_000);
    expect(body.manifest).toBe('/iiif/presentation/sn99021999-1887-03-04-ed1/manifest.json');
    expect((await both<IssueResponse>('/Api/Issues/sn99021999/1887-03-04/ed-2')).body.prevIssue).toEqual({ date: '1887-03-04', edition: 1 });
  });

  it('an unknown date or edition is a 404 naming it; an impossible date a 400', async () => {
    const day = await both<{ error: string }>('/Api/Issues/sn99021999/1887-03-05/1');
    expect([day.status, day.body.error]).toEqual([404, "No issue of 'sn99021999' dated 1887-03-05 on this site."]);
    expect((await both<{ error: string }>('/Api/Issues/sn99021999/1887-03-04/3')).body.error).toMatch(/edition 3/);
    expect((await both<{ error: string }>('/Api/Issues/sn00000000/1887-03-04/1')).body.error).toMatch(/No title/);
    expect((await both('/Api/Issues/sn99021999/1887-02-30/1')).status).toBe(400);
    expect((await both('/Api/Issues/sn99021999/1887-03-04/first')).status).toBe(400);
    expect((await both('/Api/Issues/sn00000003/1910-10-10/1')).status).toBe(404); // another site's
  });
});

describe('front pages API', () => {
  it('a date gives the first page of each of the site’s issues that day, editions apart', async () => {
    const { body } = await both<FrontPagesResponse>('/Api/FrontPages?date=1887-03-04');
    expect(body.pages.map((p) => [p.lccn, p.edition, p.pages, p.pageUid])).toEqual([
      ['sn99021999', 1, 4, 'sn99021999-1887-03-04-ed1-seq1'],
      ['sn99021999', 2, 1, 'sn99021999-1887-03-04-ed2-seq1'],
    ]);
  });

  it('a month and day spans the years of the site’s titles only, and names the one a hundred years ago', async () => {
    const { body } = await both<FrontPagesResponse>('/Api/FrontPages?monthDay=05-05&year=2031');
    expect(body.pages.map((p) => p.date)).toEqual(['1931-05-05', '1932-05-05']); // not site B's 1915-05-05
    expect(body.hundredYearsAgo).toBe('1931-05-05');
    expect((await both<FrontPagesResponse>('/Api/FrontPages?monthDay=05-05&year=2030')).body.hundredYearsAgo).toBeNull();
    expect((await both<FrontPagesResponse>('/Api/FrontPages?monthDay=05-05', B)).body.pages.map((p) => p.date)).toEqual(['1915-05-05']);
  });

  it('asks for exactly one of date and monthDay', async () => {
    expect((await both('/Api/FrontPages')).status).toBe(400);
    expect((await both('/Api/FrontPages?date=1887-03-04&monthDay=03-04')).status).toBe(400);
    expect((await both('/Api/FrontPages?monthDay=02-30')).status).toBe(400);
  });

  it('On this day is an Atom feed of the front pages', async () => {
    const res = await get('sqlite', '/Api/FrontPages/feed.atom?monthDay=05-05');
    expect(res.headers['content-type']).toMatch(/atom\+xml/);
    expect(res.body).toContain('<title>Zephyr News, May 5, 1931</title>');
    expect(res.body).toContain('/issue/sn00000005/1931-05-05/ed-1');
  });
});

describe('whole-issue PDF', () => {
  it.each(['sqlite', 'postgres'] as const)('%s: one PDF with every page (real NDNP PDFs and a page drawn from its image) opens in pdf.js', async (engine) => {
    const res = await get(engine, '/Api/Files/issue/sn99021999/1887-03-04/1/pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const doc = await getDocument({ data: new Uint8Array(res.rawPayload), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl: FONTS }).promise;
    expect(doc.numPages).toBe(4);
    // The real pages keep their text layer: the copy is the page's own PDF, not a picture of it.
    const text = await (await doc.getPage(1)).getTextContent();
    expect(text.items.length).toBeGreaterThan(100);
    const last = await doc.getPage(4);
    expect(last.view[3] / last.view[2]).toBeCloseTo(900 / 600, 1);
    await doc.destroy();
  });

  it('an unknown issue is a 404', async () => {
    expect((await get('sqlite', '/Api/Files/issue/sn99021999/1887-03-05/1/pdf')).statusCode).toBe(404);
  });
});

describe('links into the run', () => {
  it('the sitemap lists each title’s page and each issue’s page', async () => {
    const titles = await get('sqlite', '/sitemaps/titles-0.xml');
    expect(titles.body).toContain('/title/sn99021999</loc>');
    expect(titles.body).not.toContain('/title/sn00000003<'); // site B's
    const issues = await get('postgres', '/sitemaps/issues-0.xml');
    expect(issues.body).toContain('/issue/sn99021999/1887-03-04/ed-2</loc>');
  });

  it.each(['sqlite', 'postgres'] as const)('%s: the sitemap lists each year’s calendar of the site’s titles, in files the index names', async (engine) => {
    const index = await get(engine, '/sitemap.xml');
    const files = [...index.body.matchAll(/<loc>[^<]*\/sitemaps\/(years-\d+\.xml)<\/loc>/g)].map((m) => m[1]);
    expect(files.length).toBeGreaterThan(0);
    const locs = (await Promise.all(files.map((f) => get(engine, `/sitemaps/${f}`)))).flatMap((r) =>
      [...r.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]),
    );
    const bee = locs.filter((l) => l.includes('/title/sn99021999/')).map((l) => l.replace(/^.*\/title\//, ''));
    expect(bee).toEqual(['sn99021999/1887', 'sn99021999/1888', 'sn99021999/1895']);
    expect(locs.some((l) => l.includes('sn00000003'))).toBe(false); // site B's
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('the IIIF manifest of an issue names the issue’s page as its homepage', async () => {
    const manifest = (await get('postgres', '/iiif/presentation/sn99021999-1887-03-04-ed2/manifest.json')).json() as {
      homepage: { id: string; format: string }[];
    };
    expect(manifest.homepage[0]).toMatchObject({ id: expect.stringMatching(/\/issue\/sn99021999\/1887-03-04\/ed-2$/), format: 'text/html' });
  });

  it('the IIIF collections of a title and a year name their pages as homepage', async () => {
    const title = (await get('sqlite', '/iiif/collection/sn99021999')).json() as { homepage: { id: string; format: string }[] };
    expect(title.homepage[0]).toMatchObject({ id: expect.stringMatching(/\/title\/sn99021999$/), format: 'text/html' });
    const year = (await get('postgres', '/iiif/collection/sn99021999/1887')).json() as { homepage: { id: string }[] };
    expect(year.homepage[0].id).toMatch(/\/title\/sn99021999\/1887$/);
  });
});
