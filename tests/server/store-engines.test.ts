// One suite, both engines: every repository of the core store behaves the same on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { IssueInput, Store } from '../../server/store/types';
import { createDatabase } from '../support/pg-cluster';

type Engine = 'sqlite' | 'postgres';

async function openEngine(engine: Engine): Promise<Store> {
  if (engine === 'sqlite') return createSqliteStore(':memory:');
  return createPostgresStore(await createDatabase(inject('pgAdminUrl')));
}

const page = (sequence: number, words: string[]) => ({
  sequence,
  number: String(sequence),
  width: 1000,
  height: 1500,
  imagePath: `img/${sequence}.tif`,
  pdfPath: null,
  altoPath: null,
  ocrText: words.join(' '),
  words: words.map((w, i) => [w, 10 + i * 60, 20, 50, 18] as [string, number, number, number, number]),
});
const issue = (lccn: string, date: string, pages = 2): IssueInput => ({
  lccn,
  dateIssued: date,
  edition: 1,
  pages: Array.from({ length: pages }, (_, i) => page(i + 1, ['news', 'of', 'the', 'day', lccn, date])),
});

/** Loads the same small archive into a store and returns a summary of everything it answers. */
async function exercise(store: Store) {
  const out: Record<string, unknown> = {};
  const a = await store.sites.create({ slug: 'a', name: 'Site A', isDefault: true, origins: ['127.0.0.1', 'http://Archive.Example.org/'] });
  const b = await store.sites.create({ slug: 'b', name: 'Site B', origins: ['localhost'] });
  await store.sites.putSection(a.id, 'settings', { SiteTitle: 'A', ü: 'Zeitung über' });
  await store.sites.putSection(a.id, 'settings', { SiteTitle: 'A2' });
  out.sections = await store.sites.getSections(a.id);
  out.byExactOrigin = (await store.sites.findByOrigin('http://archive.example.org'))?.slug;
  out.byHost = (await store.sites.findByOrigin('http://localhost:9999'))?.slug;
  out.unknown = await store.sites.findByOrigin('http://elsewhere.example');
  out.default = (await store.sites.getDefault()).slug;

  const t1 = await store.ingest.upsertTitle({
    lccn: 'sn1',
    name: 'Evening Star',
    place: { country: 'United States', state: 'District of Columbia', county: null, city: 'Washington' },
    startYear: 1852,
    endYear: 1981,
    source: 'marc',
  });
  const t2 = await store.ingest.upsertTitle({
    lccn: 'sn2',
    name: 'Omaha Daily Bee',
    place: { country: 'United States', state: 'Nebraska', city: 'Omaha' },
    source: 'marc',
  });
  const t3 = await store.ingest.upsertTitle({
    lccn: 'sn3',
    name: 'Toronto Globe',
    place: { country: 'Canada', state: 'Ontario', city: 'Toronto' },
    source: 'lccn-only',
  });
  // A weaker record never overwrites a MARC one.
  await store.ingest.upsertTitle({ lccn: 'sn1', name: 'sn1', place: {}, source: 'lccn-only' });
  out.titleIds = [t1, t2, t3].map((id) => typeof id);
  out.lookup = (await store.ingest.titleIdByLccn('sn2')) === t2;

  const batch = await store.ingest.beginBatch('batch_one', '/x');
  const written = await store.ingest.writeIssue(batch, issue('sn1', '1861-04-12', 3));
  out.written = written;
  await store.ingest.writeIssue(batch, issue('sn1', '1905-01-02'));
  await store.ingest.writeIssue(batch, issue('sn2', '1887-03-03'));
  await store.ingest.writeIssue(batch, issue('sn3', '1887-05-05', 1));
  // Writing the same issue again replaces it (no duplicate pages).
  await store.ingest.writeIssue(batch, issue('sn2', '1887-03-03'));
  await store.ingest.finishBatch(batch, 'complete', { loaded: 4 });
  out.loaded = [...(await store.ingest.loadedIssueUids(batch))].sort();
  out.batch = { ...(await store.ingest.getBatch('batch_one')), startedAt: 'x', finishedAt: 'x', id: 0 };
  out.pageFiles = await store.ingest.pageFiles(written.pageUids[0]);
  out.noPage = await store.ingest.pageFiles('nope');

  out.allTitles = (await store.browse.titleCounts(a.id)).map((t) => ({ ...t, id: 0, cityId: 0 }));
  out.years = await store.browse.yearCounts(a.id);
  out.decade1880 = (await store.browse.titleCounts(a.id, { decades: [1880] })).map((t) => t.lccn);
  out.yearsOfSn1 = await store.browse.yearCounts(a.id, { titleIds: [t1] });
  await store.sites.setTitleIds(b.id, [t2, t3]);
  out.siteB = (await store.browse.titleCounts(b.id)).map((t) => t.lccn);
  out.siteBTitleIds = (await store.sites.getTitleIds(b.id)).length;
  const places = await store.browse.places(b.id);
  out.placesB = {
    countries: places.countries.map((c) => c.name),
    states: places.states.map((s) => s.name),
    cities: places.cities.map((c) => c.name),
    publications: places.publications.map((p) => p.name),
  };

  const v1 = await store.meta.dataVersion();
  out.bumped = (await store.meta.bumpDataVersion()) === v1 + 1;

  await store.contact.add({ siteId: a.id, name: 'Ann', email: 'ann@example.org', subject: 'Hello', message: 'A question ✉' });
  const msgs = await store.contact.list();
  await store.contact.markRead(msgs[0].id);
  out.messages = (await store.contact.list()).map((m) => ({ ...m, id: 0, siteId: 0, createdAt: 'x', readAt: m.readAt ? 'read' : null }));

  const u = await store.admin.createUser('Editor', 'scrypt$hash', 'editor');
  out.userByName = (await store.admin.userByName('editor'))?.username;
  await store.admin.recordLogin(u.id, false);
  out.failed = (await store.admin.userById(u.id))?.failedCount;
  await store.admin.createSession('tok', u.id, '2999-01-01T00:00:00.000Z');
  out.session = (await store.admin.sessionUser('tok', new Date().toISOString()))?.username;
  out.expired = await store.admin.sessionUser('tok', '3000-01-01T00:00:00.000Z');
  const job = await store.admin.createJob({ kind: 'batch', sourcePath: '/b', createdBy: 'Editor' });
  await store.admin.updateJob(job.id, { status: 'running', progress: { issuesDone: 1 } });
  out.requeued = await store.admin.requeueRunningJobs();
  out.next = { ...(await store.admin.nextQueuedJob()), id: 0, createdAt: 'x' };
  await store.admin.audit({ userId: u.id, username: 'Editor', action: 'test', detail: { a: 1 } });
  out.audit = (await store.admin.listAudit(5)).map((e) => ({ action: e.action, detail: e.detail }));
  await store.admin.audit({ userId: null, username: null, action: 'sign-in', target: 'Editor', ip: '10.0.0.1' });
  out.auditFull = { ...(await store.admin.listAudit(1))[0], id: 0, at: 'x' };
  out.hashOnLogin = (await store.admin.userByName('EDITOR'))?.passwordHash;
  out.listed = (await store.admin.listUsers()).map((x) => ({ ...x, id: 0, createdAt: 'x' }));
  await store.admin.updateJob(job.id, { status: 'failed', report: { issues: 2 }, error: 'disk full', finishedAt: '2026-01-02T03:04:05.000Z' });
  out.jobs = (await store.admin.listJobs(5)).map((j) => ({ ...j, id: 0, createdAt: 'x' }));

  out.purged = await store.ingest.purgeBatch('batch_one');
  out.afterPurge = (await store.browse.titleCounts(a.id)).length;
  out.purgeUnknown = await store.ingest.purgeBatch('batch_one');
  await store.sites.remove(b.id);
  out.sitesLeft = (await store.sites.list()).map((s) => s.slug);
  return out;
}

const engines: Engine[] = ['sqlite', 'postgres'];
const results: Partial<Record<Engine, Record<string, unknown>>> = {};

describe.each(engines)('core store on %s', (engine) => {
  let store: Store;
  beforeAll(async () => {
    store = await openEngine(engine);
    results[engine] = await exercise(store);
  });
  afterAll(async () => store?.close());

  it('picks sites by exact origin, then by bare host, else none', () => {
    const r = results[engine]!;
    expect(r.byExactOrigin).toBe('a');
    expect(r.byHost).toBe('b');
    expect(r.unknown).toBeNull();
    expect(r.default).toBe('a');
    expect(r.sections).toEqual({ settings: { SiteTitle: 'A2' } });
  });

  it('writes issues all at once, replaces a re-written issue and purges a batch', () => {
    const r = results[engine]!;
    expect(r.written).toEqual({ issueUid: 'sn1-1861-04-12-ed1', pageUids: ['sn1-1861-04-12-ed1-seq1', 'sn1-1861-04-12-ed1-seq2', 'sn1-1861-04-12-ed1-seq3'] });
    expect(r.loaded).toEqual(['sn1-1861-04-12-ed1', 'sn1-1905-01-02-ed1', 'sn2-1887-03-03-ed1', 'sn3-1887-05-05-ed1']);
    expect(r.pageFiles).toEqual({ uid: 'sn1-1861-04-12-ed1-seq1', width: 1000, height: 1500, imagePath: 'img/1.tif', pdfPath: null, altoPath: null });
    expect(r.noPage).toBeNull();
    expect(r.purged).toEqual({ issues: 4, pages: 8 });
    expect(r.afterPurge).toBe(0);
    expect(r.purgeUnknown).toBeNull();
  });

  it('counts pages per title, year and decade within a site collection', () => {
    const r = results[engine]!;
    expect(r.allTitles).toEqual([
      {
        id: 0,
        lccn: 'sn1',
        name: 'Evening Star',
        startYear: 1852,
        endYear: 1981,
        cityId: 0,
        pages: 5,
        firstYear: 1861,
        lastYear: 1905,
        thumbPageUid: 'sn1-1861-04-12-ed1-seq1',
      },
      {
        id: 0,
        lccn: 'sn2',
        name: 'Omaha Daily Bee',
        startYear: null,
        endYear: null,
        cityId: 0,
        pages: 2,
        firstYear: 1887,
        lastYear: 1887,
        thumbPageUid: 'sn2-1887-03-03-ed1-seq1',
      },
      {
        id: 0,
        lccn: 'sn3',
        name: 'Toronto Globe',
        startYear: null,
        endYear: null,
        cityId: 0,
        pages: 1,
        firstYear: 1887,
        lastYear: 1887,
        thumbPageUid: 'sn3-1887-05-05-ed1-seq1',
      },
    ]);
    expect(r.years).toEqual([
      { year: 1861, pages: 3 },
      { year: 1887, pages: 3 },
      { year: 1905, pages: 2 },
    ]);
    expect(r.decade1880).toEqual(['sn2', 'sn3']);
    expect(r.yearsOfSn1).toEqual([
      { year: 1861, pages: 3 },
      { year: 1905, pages: 2 },
    ]);
    expect(r.siteB).toEqual(['sn2', 'sn3']);
    expect(r.placesB).toEqual({
      countries: ['Canada', 'United States'],
      states: ['Nebraska', 'Ontario'],
      cities: ['Omaha', 'Toronto'],
      publications: ['Omaha Daily Bee', 'Toronto Globe'],
    });
  });

  it('keeps accounts, sessions, jobs, audit and messages', () => {
    const r = results[engine]!;
    expect(r.userByName).toBe('Editor');
    expect(r.failed).toBe(1);
    expect(r.session).toBe('Editor');
    expect(r.expired).toBeNull();
    expect(r.requeued).toBe(1);
    expect(r.next).toMatchObject({ kind: 'batch', sourcePath: '/b', status: 'queued', progress: { issuesDone: 1 } });
    expect(r.audit).toEqual([{ action: 'test', detail: { a: 1 } }]);
    expect(r.auditFull).toEqual({ id: 0, at: 'x', userId: null, username: null, action: 'sign-in', target: 'Editor', detail: {}, ip: '10.0.0.1' });
    expect(r.hashOnLogin).toBe('scrypt$hash'); // only the login lookup carries the hash
    expect(r.listed).toEqual([{ id: 0, username: 'Editor', role: 'editor', failedCount: 1, createdAt: 'x', lastLoginAt: null }]);
    expect(r.jobs).toEqual([
      {
        id: 0,
        kind: 'batch',
        sourcePath: '/b',
        marcPath: null,
        status: 'failed',
        progress: { issuesDone: 1 },
        report: { issues: 2 },
        error: 'disk full',
        createdBy: 'Editor',
        createdAt: 'x',
        startedAt: null,
        finishedAt: '2026-01-02T03:04:05.000Z',
      },
    ]);
    expect(r.messages).toEqual([
      { id: 0, siteId: 0, name: 'Ann', email: 'ann@example.org', subject: 'Hello', message: 'A question ✉', createdAt: 'x', readAt: 'read' },
    ]);
    expect(r.bumped).toBe(true);
    expect(r.sitesLeft).toEqual(['a']);
  });
});

describe('both engines', () => {
  it('answer exactly the same', () => {
    expect(results.postgres).toEqual(results.sqlite);
  });
});
