// The offline outbox's server half on both engines: a clip and a Contact Us message sent with the app's
// clientId are stored once however many times they arrive (a retry after a lost answer, the page and the
// service worker at once), and every repeat gets the first answer (same share link, same message id).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store } from '../../server/store/types';
import type { ClipResponse } from '../../contract/viewer';
import { createDatabase } from '../support/pg-cluster';

type Engine = 'sqlite' | 'postgres';
const engines = {} as Record<Engine, { app: FastifyInstance; store: Store; pageUid: string; dataDir: string }>;

async function seed(store: Store): Promise<string> {
  await store.sites.create({ slug: 'chronicle', name: 'The Chronicle Archive', isDefault: true, origins: ['archive.test'] });
  await store.ingest.upsertTitle({
    lccn: 'sn00000009',
    name: 'The Outbox Gazette',
    place: { country: 'United States', state: 'Ohio', city: 'Akron' },
    source: 'demo',
  });
  const batch = await store.ingest.beginBatch('batch_outbox', null);
  const page = {
    sequence: 1,
    number: '1',
    width: 1000,
    height: 1400,
    imagePath: 'images/1.tif',
    pdfPath: null,
    altoPath: null,
    ocrText: 'news',
    words: [['news', 10, 10, 40, 12]] as [string, number, number, number, number][],
  };
  const { pageUids } = await store.ingest.writeIssue(batch, { lccn: 'sn00000009', dateIssued: '1901-03-12', edition: 1, pages: [page] });
  return pageUids[0];
}

async function open(engine: Engine, store: Store) {
  const dataDir = mkdtempSync(join(tmpdir(), 'outbox-test-'));
  const pageUid = await seed(store);
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), DEMO: '0' }), store);
  await app.ready();
  engines[engine] = { app, store, pageUid, dataDir };
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

/** POST like the app's sendJson: the XSRF cookie from a GET, echoed in the header. */
async function post(engine: Engine, url: string, payload: object, ip: string) {
  const { app } = engines[engine];
  const first = await app.inject({ method: 'GET', url: '/Api/Site/Directory', remoteAddress: ip });
  const token = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return app.inject({
    method: 'POST',
    url,
    payload,
    cookies: { 'XSRF-TOKEN': token },
    headers: { host: 'archive.test', 'x-xsrf-token': token },
    remoteAddress: ip,
  });
}

const message = {
  name: 'Ada Reader',
  email: 'ada@example.org',
  subject: 'Written offline',
  message: 'Page 3 of 12 March 1901 is rotated.',
  url: 'http://archive.test',
};

describe.each(['sqlite', 'postgres'] as const)('outbox writes on %s', (engine) => {
  it('a clip sent twice with one clientId is stored once and both answers carry the same share link', async () => {
    const { pageUid } = engines[engine];
    const clientId = randomUUID();
    const body = { pageUid, x: 10, y: 20, w: 300, h: 200, caption: 'Sent from the outbox', clientId };
    const first = await post(engine, '/Api/Viewer/Clip', body, '10.1.0.1');
    expect(first.statusCode).toBe(201);
    const again = await post(engine, '/Api/Viewer/Clip', body, '10.1.0.1');
    expect(again.statusCode).toBe(first.statusCode);
    const a = first.json<ClipResponse>();
    const b = again.json<ClipResponse>();
    expect(b.id).toBe(a.id);
    expect(b.url).toBe(a.url);
    expect(a.url).toBe(`http://archive.test/clipsocialsharing?clip=${a.id}`);
    // Another clientId (or none) is another clip.
    const other = (await post(engine, '/Api/Viewer/Clip', { ...body, clientId: randomUUID() }, '10.1.0.1')).json<ClipResponse>();
    const plain = (await post(engine, '/Api/Viewer/Clip', { ...body, clientId: undefined }, '10.1.0.1')).json<ClipResponse>();
    expect(new Set([a.id, other.id, plain.id]).size).toBe(3);
  });

  it('concurrent repeats of one clip (page and service worker at once) still make one clip', async () => {
    const { pageUid } = engines[engine];
    const body = { pageUid, x: 1, y: 1, w: 50, h: 50, caption: 'race', clientId: randomUUID() };
    const answers = await Promise.all([1, 2, 3].map(() => post(engine, '/Api/Viewer/Clip', body, '10.1.0.2')));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((r) => r.json<ClipResponse>().id)).size).toBe(1);
  });

  it('a Contact Us message sent twice with one clientId is stored once; the repeat gets the same 201 answer', async () => {
    const { store } = engines[engine];
    const clientId = randomUUID();
    const before = (await store.contact.list()).length;
    const first = await post(engine, '/Api/Site/Contact', { ...message, clientId }, '10.2.0.1');
    const again = await post(engine, '/Api/Site/Contact', { ...message, clientId }, '10.2.0.2');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await store.contact.list()).length).toBe(before + 1);
    await post(engine, '/Api/Site/Contact', { ...message, clientId: randomUUID() }, '10.2.0.3');
    expect((await store.contact.list()).length).toBe(before + 2);
  });

  it('refuses a clientId that is not a UUID with a clear 400', async () => {
    const { pageUid } = engines[engine];
    const clip = await post(engine, '/Api/Viewer/Clip', { pageUid, x: 1, y: 1, w: 50, h: 50, caption: '', clientId: 'not-a-uuid' }, '10.3.0.1');
    expect(clip.statusCode).toBe(400);
    expect(clip.json().error).toMatch(/clientId must be a UUID/);
    const msg = await post(engine, '/Api/Site/Contact', { ...message, clientId: 42 }, '10.3.0.2');
    expect(msg.statusCode).toBe(400);
  });
});
