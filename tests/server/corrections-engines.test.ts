// Visitor OCR corrections (issue #23) through the real app on both engines: a corrected word is found by
// search and boxed in the viewer (the line's box divided among its words) while the OCR's word stays
// searchable; a staff revert takes it out of search again; conflicting edits get 409; a repeated clientId
// is stored once; a site that publishes after approval keeps the word out of search until approved.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { indexFingerprint } from '../../server/store/sqlite/rank-lists';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store, WordBox } from '../../server/store/types';
import type { CorrectionConflict, CorrectionCreated, PageCorrectionsResponse, PageLinesResponse } from '../../contract/corrections';
import type { ViewerPageResponse } from '../../contract/viewer';
import type { SearchResponse } from '../../contract/search/query';
import { createDatabase } from '../support/pg-cluster';
import { hashPassword } from '../../server/admin/auth';

type Engine = 'sqlite' | 'postgres';
const engines = {} as Record<Engine, { app: FastifyInstance; store: Store; pages: string[]; dataDir: string; siteId: number }>;

// Two OCR lines per page; the second line's "tbe" misreads "the" and "Mavor" misreads "Mayor".
const LINE1: WordBox[] = [
  ['COUNCIL', 100, 100, 140, 30],
  ['NEWS', 250, 100, 90, 30],
];
const LINE2: WordBox[] = [
  ['tbe', 100, 150, 60, 30],
  ['Mavor', 170, 150, 100, 30],
  ['spoke', 280, 150, 100, 30],
];
const ocrPage = (sequence: number) => ({
  sequence,
  number: String(sequence),
  width: 1000,
  height: 1400,
  imagePath: `images/${sequence}.tif`,
  pdfPath: null,
  altoPath: null,
  ocrText: 'COUNCIL NEWS\n\ntbe Mavor spoke',
  words: [...LINE1, ...LINE2],
});

async function seed(store: Store) {
  const site = await store.sites.create({ slug: 'chronicle', name: 'The Chronicle Archive', isDefault: true, origins: ['archive.test'] });
  await store.sites.create({ slug: 'strict', name: 'Strict Archive', origins: ['strict.test'] });
  await store.ingest.upsertTitle({
    lccn: 'sn00000023',
    name: 'The Proof Reader',
    place: { country: 'United States', state: 'Ohio', city: 'Akron' },
    source: 'demo',
  });
  const batch = await store.ingest.beginBatch('batch_corrections', null);
  const { pageUids } = await store.ingest.writeIssue(batch, { lccn: 'sn00000023', dateIssued: '1901-03-12', edition: 1, pages: [1, 2, 3, 4].map(ocrPage) });
  await store.admin.createUser('mod', await hashPassword('moderator-password-1'), 'admin');
  return { pages: pageUids, siteId: site.id };
}

async function open(engine: Engine, store: Store) {
  const dataDir = mkdtempSync(join(tmpdir(), 'corrections-test-'));
  const { pages, siteId } = await seed(store);
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), DEMO: '0' }),
    correctionLimits: { perAddress: 1000, perPage: 1000, windowMs: 60_000 },
  };
  const app = await buildApp(config, store);
  await app.ready();
  engines[engine] = { app, store, pages, dataDir, siteId };
}

beforeAll(async () => {
  await open('sqlite', createSqliteStore(':memory:'));
  await open('postgres', await createPostgresStore(await createDatabase(inject('pgAdminUrl'))));
}, 120_000);
afterAll(async () => {
  for (const e of Object.values(engines)) {
    await e.app.close();
    await e.store.close();
    rmSync(e.dataDir, { recursive: true, force: true });
  }
});

/** A visitor's request like the app makes it: the XSRF cookie from a GET echoed in the header. */
async function send(engine: Engine, method: 'POST' | 'PUT', url: string, payload: object, opts: { host?: string; cookies?: Record<string, string> } = {}) {
  const { app } = engines[engine];
  const first = await app.inject({ method: 'GET', url: '/Api/Site/Directory' });
  const token = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return app.inject({
    method,
    url,
    payload,
    cookies: { 'XSRF-TOKEN': token, ...opts.cookies },
    headers: { host: opts.host ?? 'archive.test', 'x-xsrf-token': token },
    remoteAddress: '10.9.0.1',
  });
}

async function signIn(engine: Engine): Promise<Record<string, string>> {
  const r = await send(engine, 'POST', '/Api/Admin/Login', { username: 'mod', password: 'moderator-password-1' });
  expect(r.statusCode).toBe(200);
  return { archive_session: r.cookies.find((c) => c.name === 'archive_session')!.value };
}

const get = async <T>(engine: Engine, url: string, host = 'archive.test') => {
  const r = await engines[engine].app.inject({ method: 'GET', url, headers: { host } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<T>();
};
const search = (engine: Engine, words: string) => get<SearchResponse>(engine, `/Api/Search?k=${encodeURIComponent(words)}&ord=k1`);
const found = async (engine: Engine, words: string) => (await search(engine, words)).results.map((r) => r.pageUid);
const correct = (engine: Engine, uid: string, body: object, host?: string) => send(engine, 'POST', `/Api/Viewer/Page/${uid}/Corrections`, body, { host });

describe.each(['sqlite', 'postgres'] as const)('corrections on %s', (engine) => {
  it('lists the page lines with stable ids, boxes, text and version 0', async () => {
    const uid = engines[engine].pages[0];
    const a = await get<PageLinesResponse>(engine, `/Api/Viewer/Page/${uid}/Lines`);
    expect(a.lines).toEqual([
      { id: 'L1', box: [100, 100, 240, 30], text: 'COUNCIL NEWS', original: 'COUNCIL NEWS', version: 0 },
      { id: 'L2', box: [100, 150, 280, 30], text: 'tbe Mavor spoke', original: 'tbe Mavor spoke', version: 0 },
    ]);
    expect(a.policy).toEqual({ publish: 'immediately', requireAccount: false, signedIn: false });
    expect(await get<PageLinesResponse>(engine, `/Api/Viewer/Page/${uid}/Lines`)).toEqual(a);
  });

  it('a corrected word is found by search and boxed in the viewer; the OCR word stays searchable; a revert removes it', async () => {
    const uid = engines[engine].pages[0];
    expect(await found(engine, 'mayor')).toEqual([]);
    const r = await correct(engine, uid, { lineId: 'L2', text: 'the Mayor spoke', baseVersion: 0, displayName: 'Ada' });
    expect(r.statusCode, r.body).toBe(201);
    const created = r.json<CorrectionCreated>();
    expect(created).toMatchObject({ lineId: 'L2', version: 1, state: 'published', text: 'the Mayor spoke' });
    expect(created.line).toMatchObject({ text: 'the Mayor spoke', original: 'tbe Mavor spoke', version: 1 });

    const hits = await search(engine, 'mayor');
    expect(hits.results.map((x) => x.pageUid)).toEqual([uid]);
    // "Mayor" is the 2nd of 3 words on a 280-px line: 15 characters and spaces, so about 4/15..9/15 of it.
    expect(hits.results[0].boxes).toEqual([[175, 150, 93, 30]]);
    expect(hits.results[0].snippet).toMatch(/<mark>Mayor<\/mark>/);
    expect(await found(engine, 'mavor')).toContain(uid); // the original OCR still matches old citations

    const page = await get<ViewerPageResponse>(engine, `/Api/Viewer/Page/${uid}`);
    expect(page.corrections).toEqual({ correctedLines: 1, contributors: 1 });
    expect(page.correctedWordsFrom).toBe(5);
    expect(page.words.slice(5)).toEqual([
      ['the', 100, 150, 56, 30],
      ['Mayor', 175, 150, 93, 30],
      ['spoke', 287, 150, 93, 30],
    ]);
    const inPage = await get<{ hits: { boxes: number[][] }[] }>(engine, `/Api/Viewer/Page/${uid}/search?q=mayor`);
    expect(inPage.hits.map((h) => h.boxes)).toEqual([[[175, 150, 93, 30]]]);

    const history = await get<PageCorrectionsResponse>(engine, `/Api/Viewer/Page/${uid}/Corrections`);
    expect(history).toMatchObject({ correctedLines: 1, contributors: 1 });
    expect(history.entries).toMatchObject([{ lineId: 'L2', version: 1, text: 'the Mayor spoke', author: 'Ada', state: 'published', revertOf: null }]);

    const cookies = await signIn(engine);
    const back = await send(engine, 'POST', '/Api/Admin/Corrections/Revert', { pageUid: uid, lineId: 'L2', version: 0 }, { cookies });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ id: 'L2', text: 'tbe Mavor spoke', version: 2 });
    expect(await found(engine, 'mayor')).toEqual([]);
    expect(await found(engine, 'mavor')).toContain(uid);
    const after = await get<ViewerPageResponse>(engine, `/Api/Viewer/Page/${uid}`);
    expect(after.words).toHaveLength(5);
    expect(after.corrections).toEqual({ correctedLines: 0, contributors: 1 });
    const audit = await engines[engine].app.inject({ method: 'GET', url: '/Api/Admin/Audit', cookies });
    expect(audit.json<{ action: string; target: string }[]>()[0]).toMatchObject({ action: 'correction.revert', target: `${uid}#L2` });
  });

  it('a word written into a line is found by wildcard, together with an OCR word of the page, and as a None word takes the page out; only search caches go stale', async () => {
    const { pages, store } = engines[engine];
    const uid = pages[0];
    const others = pages.filter((p) => p !== uid);
    const dataBefore = await store.meta.dataVersion();
    const searchBefore = await store.meta.searchVersion();
    expect(await found(engine, 'newsrooms')).toEqual([]); // asked once: a cached answer that must go stale
    const r = await correct(engine, uid, { lineId: 'L1', text: 'COUNCIL NEWSROOMS', baseVersion: 0 });
    expect(r.statusCode, r.body).toBe(201);
    expect(await found(engine, 'newsrooms')).toEqual([uid]);
    expect(await found(engine, 'newsr*')).toEqual([uid]);
    // One word in the corrected line, the other in the OCR of another line of the page.
    expect(await found(engine, 'newsrooms mavor')).toEqual([uid]);
    // "spoke" is on every page; None "newsrooms" takes out only the corrected one.
    const without = await get<SearchResponse>(engine, `/Api/Search?k=spoke&n=newsrooms&ord=k1`);
    expect(without.results.map((x) => x.pageUid).sort()).toEqual([...others].sort());
    // A correction bumps the text version (search answers and counts), not the data version (Home, sites).
    expect(await store.meta.dataVersion()).toBe(dataBefore);
    expect(await store.meta.searchVersion()).toBeGreaterThan(searchBefore);
    const cookies = await signIn(engine);
    const back = await send(engine, 'POST', '/Api/Admin/Corrections/Revert', { pageUid: uid, lineId: 'L1', version: 0 }, { cookies });
    expect(back.statusCode, back.body).toBe(200);
    expect(await found(engine, 'newsrooms')).toEqual([]);
    expect(await found(engine, 'newsr*')).toEqual([]);
    expect(await found(engine, 'council')).toContain(uid);
  });

  it('answers 409 with the current line when the line changed since baseVersion', async () => {
    const uid = engines[engine].pages[1];
    const first = await correct(engine, uid, { lineId: 'L1', text: 'COUNCIL NEWS.', baseVersion: 0 });
    expect(first.statusCode).toBe(201);
    const stale = await correct(engine, uid, { lineId: 'L1', text: 'COUNCIL NOTES', baseVersion: 0 });
    expect(stale.statusCode).toBe(409);
    const body = stale.json<CorrectionConflict>();
    expect(body.line).toMatchObject({ id: 'L1', text: 'COUNCIL NEWS.', version: 1, original: 'COUNCIL NEWS' });
    expect(body.yourText).toBe('COUNCIL NOTES');
    expect(body.error).toMatch(/changed this line/);
    // Choosing their own text: sent again on top of the current version.
    expect((await correct(engine, uid, { lineId: 'L1', text: 'COUNCIL NOTES', baseVersion: 1 })).statusCode).toBe(201);
  });

  it('stores a correction sent twice with one clientId once, and both answers agree', async () => {
    const uid = engines[engine].pages[2];
    const body = { lineId: 'L2', text: 'the Mavor spoke', baseVersion: 0, clientId: randomUUID() };
    const answers = await Promise.all([1, 2, 3].map(() => correct(engine, uid, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json<CorrectionCreated>().id)).size).toBe(1);
    const history = await get<PageCorrectionsResponse>(engine, `/Api/Viewer/Page/${uid}/Corrections`);
    expect(history.entries).toHaveLength(1);
  });

  it("keeps a correction out of search until a moderator approves it on an 'after approval' site", async () => {
    const { pages, store } = engines[engine];
    const uid = pages[3];
    const strict = (await store.sites.list()).find((s) => s.slug === 'strict')!;
    const cookies = await signIn(engine);
    const put = await send(engine, 'PUT', `/Api/Admin/Sites/${strict.id}/CorrectionPolicy`, { publish: 'afterApproval', requireAccount: false }, { cookies });
    expect(put.statusCode, put.body).toBe(200);
    const r = await correct(engine, uid, { lineId: 'L2', text: 'the Mayor spoke quietly', baseVersion: 0 }, 'strict.test');
    expect(r.statusCode, r.body).toBe(201);
    const created = r.json<CorrectionCreated>();
    expect(created.state).toBe('pending');
    expect(created.line).toMatchObject({ text: 'tbe Mavor spoke', version: 0, pending: true });
    expect(await found(engine, 'quietly')).toEqual([]);
    const history = await get<PageCorrectionsResponse>(engine, `/Api/Viewer/Page/${uid}/Corrections`);
    expect(history.entries).toEqual([]); // not public before a moderator has read it

    const queue = await engines[engine].app.inject({ method: 'GET', url: `/Api/Admin/Corrections?site=${strict.id}`, cookies });
    expect(queue.json().pending).toMatchObject([
      { id: created.id, pageUid: uid, text: 'the Mayor spoke quietly', original: 'tbe Mavor spoke', address: '10.9.0.1' },
    ]);
    const ok = await send(engine, 'POST', `/Api/Admin/Corrections/${created.id}/Approve`, {}, { cookies });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await found(engine, 'quietly')).toEqual([uid]);
    // Rejecting a published correction takes it back out.
    await send(engine, 'POST', `/Api/Admin/Corrections/${created.id}/Reject`, {}, { cookies });
    expect(await found(engine, 'quietly')).toEqual([]);
    // Both sites show every title (neither has a list), so the strict policy held for every page (issue #34.3).
    const lax = await send(engine, 'PUT', `/Api/Admin/Sites/${strict.id}/CorrectionPolicy`, { publish: 'immediately', requireAccount: false }, { cookies });
    expect(lax.statusCode, lax.body).toBe(200);
  });
});

describe('corrections on sqlite: what one costs the index', () => {
  it('writes the corrected line into its own small index and leaves the OCR index (and so its ranking lists) as it was', async () => {
    const { store, pages } = engines.sqlite;
    const db = (store as SqliteStore).db;
    const uid = pages[2];
    const ocrIndex = indexFingerprint(db);
    const r = await correct('sqlite', uid, { lineId: 'L1', text: 'COUNCIL NEWS.', baseVersion: 0 });
    expect(r.statusCode, r.body).toBe(201);
    expect(indexFingerprint(db)).toBe(ocrIndex);
    const rows = db
      .prepare('SELECT line_id AS lineId, text FROM correction_lines WHERE page_id = (SELECT id FROM pages WHERE uid = ?) ORDER BY line_id')
      .all(uid);
    expect(rows).toEqual([
      { lineId: 'L1', text: 'COUNCIL NEWS.' },
      { lineId: 'L2', text: 'the Mavor spoke' },
    ]);
  });
});
