// A correction is stored per page and shown on every site that shows the page's title, so one site's
// policy must not be walked around through another origin (issue #34.3): the strictest policy of the sites
// showing the page applies whichever Host the correction came through, and it waits in those sites'
// queues. The public history names staff by role, never by account (issue #34.9). Both engines.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import { hashPassword } from '../../server/admin/auth';
import type { Store, WordBox } from '../../server/store/types';
import type { AdminCorrectionItem, CorrectionCreated, PageCorrectionsResponse, PageLinesResponse } from '../../contract/corrections';
import { createDatabase } from '../support/pg-cluster';

type Engine = 'sqlite' | 'postgres';
interface Opened {
  app: FastifyInstance;
  store: Store;
  dir: string;
  /** Pages of the lax site's title and of the strict site's title. */
  laxPages: string[];
  strictPages: string[];
  strictId: number;
  membersId: number;
}
const engines = {} as Record<Engine, Opened>;

const WORDS: WordBox[] = [
  ['tbe', 100, 150, 60, 30],
  ['Mavor', 170, 150, 100, 30],
  ['spoke', 280, 150, 100, 30],
];
const ocrPage = (sequence: number) => ({
  sequence,
  number: String(sequence),
  width: 1000,
  height: 1400,
  imagePath: null,
  pdfPath: null,
  altoPath: null,
  ocrText: 'tbe Mavor spoke',
  words: WORDS,
});
const place = { country: 'United States', state: 'Ohio', city: 'Akron' };

async function open(engine: Engine, store: Store) {
  const dir = mkdtempSync(join(tmpdir(), `corrections-sites-${engine}-`));
  // The lax site is the default (an unknown Host is answered as it) and shows one title; the strict site
  // shows another; the members site shows both.
  const lax = await store.sites.create({ slug: 'lax', name: 'Lax Archive', isDefault: true, origins: ['lax.test'] });
  const strict = await store.sites.create({ slug: 'strict', name: 'Strict Archive', origins: ['strict.test'] });
  const members = await store.sites.create({ slug: 'members', name: 'Members Archive', origins: ['members.test'] });
  const laxTitle = await store.ingest.upsertTitle({ lccn: 'sn00000031', name: 'The Lax Ledger', place, source: 'demo' });
  const strictTitle = await store.ingest.upsertTitle({ lccn: 'sn00000032', name: 'The Strict Standard', place, source: 'demo' });
  const membersTitle = await store.ingest.upsertTitle({ lccn: 'sn00000033', name: 'The Members Monitor', place, source: 'demo' });
  const batch = await store.ingest.beginBatch('batch_corrections_sites', null);
  const issue = (lccn: string) => store.ingest.writeIssue(batch, { lccn, dateIssued: '1901-03-12', edition: 1, pages: [1, 2, 3].map(ocrPage) });
  const laxPages = (await issue('sn00000031')).pageUids;
  const strictPages = (await issue('sn00000032')).pageUids;
  await issue('sn00000033');
  await store.ingest.finishBatch(batch, 'complete', {});
  await store.sites.setTitleIds(lax.id, [laxTitle]);
  await store.sites.setTitleIds(strict.id, [strictTitle]);
  await store.sites.setTitleIds(members.id, [membersTitle, strictTitle]);
  await store.corrections.setPolicy(strict.id, { publish: 'afterApproval', requireAccount: false });
  await store.admin.createUser('mod', await hashPassword('moderator-password-1'), 'admin');
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, DIST_DIR: join(dir, 'no-dist'), DEMO: '0' }),
    correctionLimits: { perAddress: 1000, perPage: 1000, windowMs: 60_000 },
  };
  const app = await buildApp(config, store);
  await app.ready();
  engines[engine] = { app, store, dir, laxPages, strictPages, strictId: strict.id, membersId: members.id };
}

beforeAll(async () => {
  await open('sqlite', createSqliteStore(':memory:'));
  await open('postgres', await createPostgresStore(await createDatabase(inject('pgAdminUrl'))));
}, 120_000);
afterAll(async () => {
  for (const e of Object.values(engines)) {
    await e.app.close();
    await e.store.close();
    rmSync(e.dir, { recursive: true, force: true });
  }
});

async function send(engine: Engine, method: 'POST' | 'PUT', url: string, payload: object, opts: { host?: string; cookies?: Record<string, string> } = {}) {
  const { app } = engines[engine];
  const first = await app.inject({ method: 'GET', url: '/Api/Site/Directory' });
  const token = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return app.inject({
    method,
    url,
    payload,
    cookies: { 'XSRF-TOKEN': token, ...opts.cookies },
    headers: { host: opts.host ?? 'lax.test', 'x-xsrf-token': token },
    remoteAddress: '10.9.0.7',
  });
}
async function signIn(engine: Engine): Promise<Record<string, string>> {
  const r = await send(engine, 'POST', '/Api/Admin/Login', { username: 'mod', password: 'moderator-password-1' });
  expect(r.statusCode).toBe(200);
  return { archive_session: r.cookies.find((c) => c.name === 'archive_session')!.value };
}
const correct = (engine: Engine, uid: string, body: object, opts?: { host?: string; cookies?: Record<string, string> }) =>
  send(engine, 'POST', `/Api/Viewer/Page/${uid}/Corrections`, body, opts);
const history = async (engine: Engine, uid: string) =>
  (await engines[engine].app.inject({ url: `/Api/Viewer/Page/${uid}/Corrections`, headers: { host: 'lax.test' } })).json<PageCorrectionsResponse>();

describe.each(['sqlite', 'postgres'] as const)('corrections across sites on %s', (engine) => {
  it('a page of a site that publishes after approval waits for approval through any other origin or an unknown Host', async () => {
    const { strictPages, strictId, app } = engines[engine];
    for (const [i, host] of ['lax.test', 'elsewhere.example', 'strict.test'].entries()) {
      const lines = await app.inject({ url: `/Api/Viewer/Page/${strictPages[i]}/Lines`, headers: { host } });
      expect(lines.json<PageLinesResponse>().policy, host).toMatchObject({ publish: 'afterApproval', requireAccount: false });
      const r = await correct(engine, strictPages[i], { lineId: 'L1', text: 'the Mayor spoke', baseVersion: 0 }, { host });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json<CorrectionCreated>().state, host).toBe('pending');
      expect((await history(engine, strictPages[i])).entries).toEqual([]);
    }
    // Each waits in the strict site's queue, whichever origin it came through.
    const cookies = await signIn(engine);
    const queue = await app.inject({ url: `/Api/Admin/Corrections?site=${strictId}`, cookies });
    expect(queue.json<{ pending: AdminCorrectionItem[] }>().pending.map((c) => c.pageUid)).toEqual(strictPages);
  });

  it('a page of a site that requires an account refuses anonymous visitors through a site that does not', async () => {
    const { strictPages, laxPages, membersId, app } = engines[engine];
    const cookies = await signIn(engine);
    const put = await send(engine, 'PUT', `/Api/Admin/Sites/${membersId}/CorrectionPolicy`, { publish: 'immediately', requireAccount: true }, { cookies });
    expect(put.statusCode, put.body).toBe(200);
    const anon = await correct(engine, strictPages[0], { lineId: 'L1', text: 'tbe Mayor spoke', baseVersion: 0 }, { host: 'lax.test' });
    expect(anon.statusCode).toBe(403);
    expect(anon.json().error).toMatch(/sign in/);
    // Pages only the lax site shows keep its policy: published at once, no account needed.
    const lax = await correct(engine, laxPages[0], { lineId: 'L1', text: 'the Mayor spoke', baseVersion: 0 }, { host: 'lax.test' });
    expect(lax.statusCode, lax.body).toBe(201);
    expect(lax.json<CorrectionCreated>().state).toBe('published');
    const queue = await app.inject({ url: `/Api/Admin/Corrections?site=${membersId}`, cookies });
    expect(queue.json<{ pending: AdminCorrectionItem[] }>().pending.map((c) => c.pageUid)).toEqual(strictPages);
  });

  it('the public history names a staff restore and a signed-in correction "staff", never the account', async () => {
    const { laxPages } = engines[engine];
    const uid = laxPages[1];
    const cookies = await signIn(engine);
    const own = await correct(engine, uid, { lineId: 'L1', text: 'the Mavor spoke', baseVersion: 0 }, { cookies });
    expect(own.statusCode, own.body).toBe(201);
    const visitor = await correct(engine, uid, { lineId: 'L1', text: 'the Mayor spoke', baseVersion: 1, displayName: 'Ada' });
    expect(visitor.statusCode, visitor.body).toBe(201);
    const revert = await send(engine, 'POST', '/Api/Admin/Corrections/Revert', { pageUid: uid, lineId: 'L1', version: 0 }, { cookies });
    expect(revert.statusCode, revert.body).toBe(200);
    const h = await history(engine, uid);
    expect(h.entries.map((e) => [e.version, e.author, e.revertOf])).toEqual([
      [3, 'staff', 0],
      [2, 'Ada', null],
      [1, 'staff', null],
    ]);
    expect(JSON.stringify(h)).not.toContain('mod');
    // Staff still see which account it was.
    const queue = await engines[engine].app.inject({ url: '/Api/Admin/Corrections', cookies });
    expect(queue.json<{ recent: AdminCorrectionItem[] }>().recent.find((c) => c.pageUid === uid && c.version === 3)).toMatchObject({
      author: 'mod',
      account: 'mod',
    });
  });
});
