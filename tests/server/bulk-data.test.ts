// Bulk data (issue #37) on both engines: after a real batch is ingested, its dump (OCR text per page and its
// ALTO, tar.gz, with SHA-256 manifests) is built in the background, not by a request; the manifests verify
// against the files (computed here); the dump is listed at /data/batches (HTML and JSON), in /Api/Data/
// Batches and in the Atom feed (parsed with feedsmith), per site; robots.txt and the sitemap point to it;
// bad parameters get a 400; purging the batch removes its dump.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { parseAtomFeed } from 'feedsmith';
import { Window } from 'happy-dom';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store } from '../../server/store/types';
import { ingestBatch, purgeBatch } from '../../server/ingest';
import { startDumpUpkeep } from '../../server/services/dumps/upkeep';
import { dumpDir } from '../../server/services/dumps/build';
import { DEFAULT_DATA_LICENCE } from '../../server/sites/defaults';
import { createDatabase } from '../support/pg-cluster';
import { copyBatch, MARC, STAR_BATCH } from './ingest-fixtures';
import { ORIGIN_A, ORIGIN_B, seedFixture, type FixtureIds } from './helpers';

const BATCH = 'batch_dump_ver01';
const HOST_A = new URL(ORIGIN_A).host;
const HOST_B = new URL(ORIGIN_B).host;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Listing {
  site: string;
  licence: string;
  batches: {
    batch: string;
    issues: number;
    pages: number;
    dateFirst: string;
    dateLast: string;
    titles: { lccn: string; name: string }[];
    bytes: number;
    files: { name: string; kind: string; bytes: number; sha256: string; url: string }[];
  }[];
}

/** Every member of a tar.gz, by name. */
async function untar(data: Buffer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const ex = extract();
  ex.on('entry', (header, stream, next) => {
    const parts: Buffer[] = [];
    stream.on('data', (c: unknown) => parts.push(c as Buffer));
    stream.on('end', () => {
      out.set(header.name, Buffer.concat(parts));
      next();
    });
  });
  const done = new Promise<void>((ok, fail) => {
    ex.on('finish', ok);
    ex.on('error', fail);
  });
  Readable.from(data).pipe(createGunzip()).pipe(ex);
  await done;
  return out;
}

/** "<sha256>  <path>" lines as a map of path to checksum. */
const manifest = (text: string) =>
  new Map(
    text
      .trim()
      .split('\n')
      .map((l) => [l.slice(66), l.slice(0, 64)] as [string, string]),
  );

describe.each(['sqlite', 'postgres'] as const)('bulk data on %s', (engine) => {
  let store: Store;
  let app: FastifyInstance;
  let dataDir: string;
  let ids: FixtureIds;
  let pagesLoaded = 0;
  let firstPage = '';
  const get = (url: string, host = HOST_A, headers: Record<string, string> = {}) => app.inject({ url, headers: { host, ...headers } });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `bulk-${engine}-`));
    store = engine === 'sqlite' ? createSqliteStore(':memory:') : await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
    ids = await seedFixture(store);
    const copy = copyBatch(STAR_BATCH, BATCH, 2);
    const report = await ingestBatch(store, dataDir, copy.dir, { marcDir: MARC, images: false });
    pagesLoaded = report.pages.loaded;
    firstPage = `${Object.keys(report.issueStats).sort()[0]}-seq1`;
    app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), DEMO: '0' }), store);
    await app.ready();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('no request builds a dump: before the background work runs, none is listed', async () => {
    const res = await get('/data/batches.json');
    expect(res.statusCode).toBe(200);
    expect((res.json() as Listing).batches).toEqual([]);
    expect(existsSync(dumpDir(dataDir, BATCH))).toBe(false);
  });

  it.runIf(engine === 'postgres')('several servers: while one builds, another builds nothing', async () => {
    const other = startDumpUpkeep(store, dataDir, { timer: false, log: () => {} });
    try {
      // This connection holds the builders' lock, as a server busy building would.
      const built = await store.dumps.whileBuilding(() => other.runOnce());
      expect(built).toBe(0);
      expect(await store.dumps.dump(BATCH)).toBeNull();
    } finally {
      await other.stop();
    }
  });

  it('is built in the background after ingest and listed with titles, dates, pages, sizes and checksums', async () => {
    const upkeep = startDumpUpkeep(store, dataDir, { intervalMs: 100, log: () => {} });
    try {
      const deadline = Date.now() + 120_000;
      let listed: Listing['batches'][number] | undefined;
      while (!listed && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        listed = ((await get('/data/batches.json')).json() as Listing).batches.find((b) => b.batch === BATCH);
      }
      expect(listed, 'the dump was never listed').toBeDefined();
    } finally {
      await upkeep.stop();
    }
    const body = (await get('/data/batches.json')).json() as Listing;
    const b = body.batches.find((x) => x.batch === BATCH)!;
    expect(b.pages).toBe(pagesLoaded);
    expect(b.issues).toBe(2);
    expect(b.titles).toEqual([{ lccn: 'sn83045462', name: expect.any(String) }]);
    expect(b.dateFirst <= b.dateLast).toBe(true);
    expect(b.dateFirst).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(b.files.map((f) => f.kind).sort()).toEqual(['alto', 'manifest', 'text']);
    expect(b.bytes).toBe(b.files.reduce((n, f) => n + f.bytes, 0));
    expect(body.licence).toBe(DEFAULT_DATA_LICENCE);
    // The API's list is the same document.
    expect((await get('/Api/Data/Batches')).json()).toEqual(body);
  }, 180_000);

  it("the SHA-256 manifests verify against the files, and the archives hold each page's text and ALTO", async () => {
    const b = ((await get('/data/batches.json')).json() as Listing).batches.find((x) => x.batch === BATCH)!;
    const files = new Map<string, Buffer>();
    for (const f of b.files) {
      const res = await get(new URL(f.url).pathname);
      expect(res.statusCode, f.url).toBe(200);
      expect(Number(res.headers['content-length'])).toBe(f.bytes);
      files.set(f.kind, res.rawPayload);
      expect(sha(res.rawPayload), f.name).toBe(f.sha256);
    }
    // The manifest beside the archives names each with its checksum.
    const outer = manifest(files.get('manifest')!.toString('utf8'));
    for (const f of b.files.filter((x) => x.kind !== 'manifest')) expect(outer.get(f.name)).toBe(sha(files.get(f.kind)!));
    // Inside each archive, a manifest of its members, checked against them.
    for (const kind of ['text', 'alto']) {
      const members = await untar(files.get(kind)!);
      const inner = [...members.keys()].find((k) => k.endsWith('/manifest-sha256.txt'))!;
      const sums = manifest(members.get(inner)!.toString('utf8'));
      expect(sums.size, kind).toBe(pagesLoaded);
      for (const [path, sum] of sums) expect(sha(members.get(`${inner.slice(0, -'manifest-sha256.txt'.length)}${path}`)!), path).toBe(sum);
      if (kind === 'text') {
        const [lccn, date, ed, seq] = firstPage.match(/^(sn\d+)-(\d{4}-\d{2}-\d{2})-ed(\d+)-seq(\d+)$/)!.slice(1);
        const text = members.get(`${BATCH}/text/${lccn}/${date}/ed-${ed}/seq-${seq}.txt`);
        expect(text?.toString('utf8')).toBe(await store.viewer.text(firstPage));
      } else {
        expect([...members.values()].some((x) => x.toString('utf8').includes('<alto'))).toBe(true);
      }
    }
  });

  it('/data/batches is an HTML page listing the batch with links to its files and the licence', async () => {
    const res = await get('/data/batches', HOST_A, { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const doc = new new Window().DOMParser().parseFromString(res.body, 'text/html');
    const row = [...doc.querySelectorAll('tbody tr')].find((r) => r.querySelector('th')?.textContent === BATCH)!;
    expect(row).toBeDefined();
    const links = [...row.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toHaveLength(3);
    expect(links.every((h) => h!.startsWith(`${ORIGIN_A}/data/batches/${BATCH}/`))).toBe(true);
    expect(row.textContent).toContain('sn83045462');
    expect(doc.body.textContent).toContain(DEFAULT_DATA_LICENCE);
    // Asking for JSON at the same address gives the JSON list.
    const json = await get('/data/batches', HOST_A, { accept: 'application/json' });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect((json.json() as Listing).batches.some((b) => b.batch === BATCH)).toBe(true);
  });

  it("the licence statement comes from the site's settings", async () => {
    const before = (await store.sites.getSections(ids.siteA)).settings;
    await store.sites.putSection(ids.siteA, 'settings', { ...(before as object), DataLicence: 'CC0: no rights reserved.' });
    try {
      expect(((await get('/data/batches.json')).json() as Listing).licence).toBe('CC0: no rights reserved.');
      expect((await get('/data/batches')).body).toContain('CC0: no rights reserved.');
    } finally {
      await store.sites.putSection(ids.siteA, 'settings', before);
    }
  });

  it('the Atom feed lists the batch with its files as enclosures', async () => {
    const res = await get('/data/batches.atom');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/atom\+xml/);
    const feed = parseAtomFeed(res.body);
    expect(feed.links?.find((l) => l.rel === 'self')?.href).toBe(`${ORIGIN_A}/data/batches.atom`);
    const entry = feed.entries?.find((e) => e.title?.value?.includes(BATCH));
    expect(entry?.rights?.value).toBe(DEFAULT_DATA_LICENCE);
    expect(entry).toBeDefined();
    const enclosures = (entry!.links ?? []).filter((l) => l.rel === 'enclosure');
    expect(enclosures).toHaveLength(3);
    const listed = ((await get('/data/batches.json')).json() as Listing).batches.find((b) => b.batch === BATCH)!;
    expect(enclosures.map((l) => [l.href, Number(l.length)]).sort()).toEqual(listed.files.map((f) => [f.url, f.bytes]).sort());
  });

  it('is per site: a site without the batch’s titles neither lists nor serves it', async () => {
    expect(((await get('/data/batches.json', HOST_B)).json() as Listing).batches.some((b) => b.batch === BATCH)).toBe(false);
    const file = ((await get('/data/batches.json')).json() as Listing).batches.find((b) => b.batch === BATCH)!.files[0];
    expect((await get(new URL(file.url).pathname, HOST_B)).statusCode).toBe(404);
    expect((await get(`/Api/Data/Batches/${BATCH}`, HOST_B)).statusCode).toBe(404);
    expect((await get(`/Api/Data/Batches/${BATCH}`)).statusCode).toBe(200);
  });

  it('robots.txt and the sitemap point harvesters to it', async () => {
    const robots = (await get('/robots.txt')).body;
    expect(robots).toContain(`${ORIGIN_A}/data/batches`);
    expect(robots.split('\n')).toContain('Allow: /data/');
    expect((await get('/sitemaps/static.xml')).body).toContain(`<loc>${ORIGIN_A}/data/batches</loc>`);
  });

  it('bad parameters get a 400 with a clear message; unknown batches and files a 404', async () => {
    const since = await get('/Api/Data/Batches?since=last-week');
    expect(since.statusCode).toBe(400);
    expect(since.json().error).toMatch(/'since' must be an ISO 8601 date/);
    expect((await get('/Api/Data/Batches?since=2000-01-01')).json().batches.length).toBeGreaterThan(0);
    expect((await get('/Api/Data/Batches?since=2999-01-01T00:00:00Z')).json().batches).toEqual([]);
    const badName = await get('/data/batches/bad%20name/x.tar.gz');
    expect(badName.statusCode).toBe(400);
    expect(badName.json().error).toMatch(/batch name/);
    expect((await get(`/data/batches/${BATCH}/other.tar.gz`)).statusCode).toBe(404);
    expect((await get('/data/batches/batch_none_ver01/manifest-sha256.txt')).statusCode).toBe(404);
  });

  it('purging the batch removes its dump: files, row and listing', async () => {
    const file = ((await get('/data/batches.json')).json() as Listing).batches.find((b) => b.batch === BATCH)!.files[0];
    await purgeBatch(store, dataDir, BATCH);
    expect(existsSync(dumpDir(dataDir, BATCH))).toBe(false);
    expect(await store.dumps.dump(BATCH)).toBeNull();
    expect(((await get('/data/batches.json')).json() as Listing).batches.some((b) => b.batch === BATCH)).toBe(false);
    expect((await get(new URL(file.url).pathname)).statusCode).toBe(404);
  });
});
