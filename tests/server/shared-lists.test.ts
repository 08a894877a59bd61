// Shared research lists (issue #38 item 5) on both engines: a list shared with the app's clientId is stored
// once and read by anyone with its link (JSON, an HTML page, a IIIF Collection of its issues' manifests),
// only on the site it was shared from; its owner withdraws it with the delete token; hostile notes are
// shown as text; the limits answer 4xx with a clear message; a visitor reports it and staff remove it.
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
import type { SharedListCreated, SharedListRequest, SharedListResponse } from '../../contract/shared-lists';
import { createDatabase } from '../support/pg-cluster';
import { Session, signedInAdmin } from './session-client';

type Engine = 'sqlite' | 'postgres';
const PASSWORD = 'correct horse battery staple';
const A = 'archive.test';
const B = 'other.test';
const engines = {} as Record<Engine, { app: FastifyInstance; store: Store; pageUid: string; issueUid: string; dataDir: string }>;

async function seed(store: Store) {
  await store.sites.create({ slug: 'chronicle', name: 'The Chronicle Archive', isDefault: true, origins: [A] });
  await store.sites.create({ slug: 'other', name: 'The Other Archive', isDefault: false, origins: [B] });
  await store.ingest.upsertTitle({
    lccn: 'sn00000038',
    name: 'The List Gazette',
    place: { country: 'United States', state: 'Ohio', city: 'Akron' },
    source: 'demo',
  });
  const batch = await store.ingest.beginBatch('batch_lists', null);
  const page = (sequence: number) => ({
    sequence,
    number: String(sequence),
    width: 1000,
    height: 1400,
    imagePath: `images/${sequence}.tif`,
    pdfPath: null,
    altoPath: null,
    ocrText: 'harvest news',
    words: [['harvest', 10, 10, 40, 12]] as [string, number, number, number, number][],
  });
  const { pageUids } = await store.ingest.writeIssue(batch, { lccn: 'sn00000038', dateIssued: '1901-03-12', edition: 1, pages: [page(1), page(2)] });
  const issueUid = (await store.viewer.page(pageUids[0]))!.issueUid;
  return { pageUid: pageUids[0], issueUid };
}

async function open(engine: Engine, store: Store) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shared-lists-test-'));
  const ids = await seed(store);
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), DEMO: '0', ADMIN_PASSWORD: PASSWORD }),
    store,
  );
  await app.ready();
  engines[engine] = { app, store, dataDir, ...ids };
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

const HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes"';

function listBody(engine: Engine, over: Partial<SharedListRequest> = {}): SharedListRequest {
  const { pageUid } = engines[engine];
  return {
    clientId: randomUUID(),
    name: 'Harvest reports',
    description: 'Kansas, 1901',
    includeNotes: true,
    items: [
      {
        kind: 'page',
        ref: pageUid,
        title: 'The List Gazette',
        date: '1901-03-12',
        page: 'Page 1',
        snippet: '',
        region: null,
        href: `/viewer?page=${pageUid}`,
        note: HOSTILE,
        tags: ['wheat'],
      },
      {
        kind: 'clip',
        ref: `${pageUid}#xywh=10,10,200,100`,
        title: 'The List Gazette',
        date: '1901-03-12',
        page: 'Page 1',
        snippet: 'harvest',
        region: { x: 10, y: 10, w: 200, h: 100 },
        href: `/viewer?page=${pageUid}`,
        note: 'the headline',
        tags: [],
      },
      {
        kind: 'search',
        ref: 'k=harvest',
        title: 'harvest',
        date: '',
        page: '',
        snippet: '',
        region: null,
        href: '/search?k=harvest',
        note: 'all of them',
        tags: [],
      },
    ],
    ...over,
  };
}

/** A visitor's browser on `host` (its own address, so limits are per test). */
const visitor = (engine: Engine, ip: string) => new Session(engines[engine].app, ip);
const onSite = (host: string) => ({ host });

async function share(engine: Engine, body: SharedListRequest, ip = '203.0.113.1', host = A) {
  return visitor(engine, ip).send('POST', '/Api/Lists/Shared', body, onSite(host));
}

describe.each(['sqlite', 'postgres'] as const)('shared lists on %s', (engine) => {
  it('shares a list once per clientId, and anyone with the link reads it as JSON, HTML and a IIIF Collection', async () => {
    const { app, issueUid } = engines[engine];
    const body = listBody(engine);
    const res = await share(engine, body, '203.0.113.10');
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<SharedListCreated>();
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.url).toBe(`http://${A}/lists/shared/${created.id}`);
    expect(created.deleteToken.length).toBeGreaterThanOrEqual(40);
    // The outbox sends again after a lost answer: the same list, not a second one.
    const again = await share(engine, body, '203.0.113.10');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(created.id);

    // Another browser (no cookies) reads it.
    const json = await app.inject({ url: `/Api/Lists/Shared/${created.id}`, headers: onSite(A) });
    expect(json.statusCode).toBe(200);
    const list = json.json<SharedListResponse>();
    expect(list.items.map((i) => i.kind)).toEqual(['page', 'clip', 'search']);
    expect(list.items[0]).toMatchObject({ issueUid, note: HOSTILE, tags: ['wheat'] });
    expect(list.items[2].issueUid).toBeNull();

    const html = await app.inject({ url: `/lists/shared/${created.id}`, headers: { ...onSite(A), accept: 'text/html' } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('<h1>Harvest reports</h1>');
    expect(html.body).toContain('The Chronicle Archive');
    expect(html.body).toContain(`/lists/shared/${created.id}/collection.json`);
    expect(html.body).toContain('Report this list');

    const collection = await app.inject({ url: `/lists/shared/${created.id}/collection.json`, headers: onSite(A) });
    expect(collection.statusCode).toBe(200);
    expect(collection.headers['access-control-allow-origin']).toBe('*');
    const c = collection.json();
    expect(c).toMatchObject({
      '@context': 'http://iiif.io/api/presentation/3/context.json',
      type: 'Collection',
      id: created.collection,
      label: { en: ['Harvest reports'] },
    });
    // One manifest reference for the issue the page and the clip are in; the search is on the HTML page only.
    expect(c.items).toEqual([expect.objectContaining({ id: `http://${A}/iiif/presentation/${issueUid}/manifest.json`, type: 'Manifest' })]);
    const manifest = await app.inject({ url: `/iiif/presentation/${issueUid}/manifest.json`, headers: onSite(A) });
    expect(manifest.statusCode).toBe(200);
  });

  it('shows a hostile note as text: escaped in the HTML page, escaped HTML in the IIIF Collection', async () => {
    const { app } = engines[engine];
    const created = (await share(engine, listBody(engine, { name: '<b>bold</b> list' }), '203.0.113.11')).json<SharedListCreated>();
    const html = (await app.inject({ url: `/lists/shared/${created.id}`, headers: onSite(A) })).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(html).toContain('<h1>&lt;b&gt;bold&lt;/b&gt; list</h1>');
    const c = (await app.inject({ url: `/lists/shared/${created.id}/collection.json`, headers: onSite(A) })).json();
    expect(c.label.en[0]).toBe('<p>&lt;b&gt;bold&lt;/b&gt; list</p>');
    expect(c.items[0].summary.en[0]).toContain('&lt;script&gt;');
    expect(c.items[0].summary.en[0]).not.toContain('<script');
  });

  it('keeps no notes or tags when the owner leaves them out', async () => {
    const { app } = engines[engine];
    const created = (await share(engine, listBody(engine, { includeNotes: false }), '203.0.113.12')).json<SharedListCreated>();
    const list = (await app.inject({ url: `/Api/Lists/Shared/${created.id}`, headers: onSite(A) })).json<SharedListResponse>();
    expect(list.items.every((i) => i.note === '' && i.tags.length === 0)).toBe(true);
    const html = (await app.inject({ url: `/lists/shared/${created.id}`, headers: onSite(A) })).body;
    expect(html).not.toContain('the headline');
  });

  it('belongs to the site it was shared on: another site answers 404', async () => {
    const { app } = engines[engine];
    const created = (await share(engine, listBody(engine), '203.0.113.13')).json<SharedListCreated>();
    for (const url of [`/Api/Lists/Shared/${created.id}`, `/lists/shared/${created.id}`, `/lists/shared/${created.id}/collection.json`]) {
      expect((await app.inject({ url, headers: onSite(A) })).statusCode, url).toBe(200);
      expect((await app.inject({ url, headers: onSite(B) })).statusCode, url).toBe(404);
    }
  });

  it('is withdrawn with its delete token only; then its link answers 404', async () => {
    const { app } = engines[engine];
    const created = (await share(engine, listBody(engine), '203.0.113.14')).json<SharedListCreated>();
    const owner = visitor(engine, '203.0.113.14');
    const wrong = await owner.send('DELETE', `/Api/Lists/Shared/${created.id}`, { deleteToken: 'x'.repeat(43) }, onSite(A));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatch(/delete token/);
    // Another site's origin cannot withdraw it either (it does not exist there).
    expect((await owner.send('DELETE', `/Api/Lists/Shared/${created.id}`, { deleteToken: created.deleteToken }, onSite(B))).statusCode).toBe(404);
    const ok = await owner.send('DELETE', `/Api/Lists/Shared/${created.id}`, { deleteToken: created.deleteToken }, onSite(A));
    expect(ok.statusCode, ok.body).toBe(200);
    const page = await app.inject({ url: `/lists/shared/${created.id}`, headers: onSite(A) });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Shared list not found');
    expect((await app.inject({ url: `/lists/shared/${created.id}/collection.json`, headers: onSite(A) })).statusCode).toBe(404);
  });

  it('refuses what is over its limits or malformed with a clear 4xx, and stores nothing', async () => {
    const { store } = engines[engine];
    const before = (await store.sharedLists.list(1000)).length;
    const item = listBody(engine).items[0];
    const tooMany = await share(engine, listBody(engine, { items: Array.from({ length: 1001 }, () => ({ ...item, note: '' })) }), '203.0.113.20');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatch(/at most 1000 items/);
    const huge = await share(engine, listBody(engine, { items: Array.from({ length: 900 }, () => ({ ...item, note: 'n'.repeat(4000) })) }), '203.0.113.21');
    expect(huge.statusCode).toBe(413);
    const longNote = await share(engine, listBody(engine, { items: [{ ...item, note: 'n'.repeat(5001) }] }), '203.0.113.22');
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json().error).toMatch(/A note can be at most 5000 characters/);
    const elsewhere = await share(engine, listBody(engine, { items: [{ ...item, href: '//evil.example/x' }] }), '203.0.113.23');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toMatch(/address on this site/);
    const empty = await share(engine, listBody(engine, { items: [] }), '203.0.113.24');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/empty list/);
    const noToken = await visitor(engine, '203.0.113.25').raw('POST', '/Api/Lists/Shared', listBody(engine), onSite(A));
    expect(noToken.statusCode).toBe(403);
    expect((await store.sharedLists.list(1000)).length).toBe(before);
  });

  it('rate-limits shares per client address (an IPv6 /64 counts as one)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await share(engine, listBody(engine), `2001:db8:38:1::${i + 1}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another address is not held back.
    expect((await share(engine, listBody(engine), '198.51.100.38')).statusCode).toBe(201);
  });

  it('is reported from its page (same origin only) and removed by staff in /admin', async () => {
    const { app } = engines[engine];
    const created = (await share(engine, listBody(engine, { name: 'Reported list' }), '203.0.113.30')).json<SharedListCreated>();
    const reader = visitor(engine, '203.0.113.31');
    const report = (headers: Record<string, string>) =>
      reader.raw('POST', `/lists/shared/${created.id}/report`, '', { ...onSite(A), 'content-type': 'application/x-www-form-urlencoded', ...headers });
    expect((await report({ origin: 'https://evil.example' })).statusCode).toBe(403);
    const ok = await report({ origin: `http://${A}` });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/lists/shared/${created.id}?reported=1`);
    expect((await app.inject({ url: ok.headers.location as string, headers: onSite(A) })).body).toContain('Thank you');

    expect((await reader.send('DELETE', `/Api/Admin/SharedLists/${created.id}`)).statusCode).toBe(401);
    const staff = await signedInAdmin(app, PASSWORD, '203.0.113.32');
    const listed = (await staff.send('GET', '/Api/Admin/SharedLists?reported=1')).json();
    expect(listed).toEqual([expect.objectContaining({ id: created.id, name: 'Reported list', reports: 1, itemCount: 3 })]);
    expect((await staff.send('DELETE', `/Api/Admin/SharedLists/${created.id}`)).statusCode).toBe(200);
    expect((await app.inject({ url: `/lists/shared/${created.id}`, headers: onSite(A) })).statusCode).toBe(404);
    expect((await staff.send('DELETE', `/Api/Admin/SharedLists/${created.id}`)).statusCode).toBe(404);
    const audit = (await staff.send('GET', '/Api/Admin/Audit')).json() as { action: string; target: string }[];
    expect(audit).toContainEqual(expect.objectContaining({ action: 'sharedList.remove', target: created.id }));
  });
});
