// The OCR's confusions learned from the archive (issue #22): an archive whose OCR reads s as x learns it, and
// then business~ finds "buxinexx" (three plain edits, beyond the listed confusions' budget) and "busi ness" (a
// word read as two), on SQLite and PostgreSQL alike, through the API too (the learning bumps the search version,
// so cached answers made with the old table are not served).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import { runSearch } from '../../server/services/search/service';
import { parseSearchParams, type SearchResponse } from '../../contract/search/query';
import type { OcrConfusions } from '../../contract/search/confusions';
import type { Store } from '../../server/store/types';
import { createDatabase } from '../support/pg-cluster';
import { layout } from './search-fixtures';

/** Words with an s, from the dictionary (fixed order): the archive's text. */
const WORDS = (createRequire(import.meta.url)('an-array-of-english-words') as string[])
  .filter((w) => /^[a-z]{6,9}$/.test(w) && w.includes('s') && !w.includes('x'))
  .filter((_, i) => i % 97 === 0)
  .slice(0, 240);

/** Forty pages: each word on five of them, each of its misreadings (one s read as x) on one. */
function pages(): string[] {
  const text: string[][] = Array.from({ length: 40 }, () => []);
  WORDS.forEach((w, i) => {
    for (let k = 0; k < 5; k++) text[(i + k * 8) % 40].push(w);
    [...w].forEach((ch, at) => ch === 's' && text[(i * 3 + at) % 40].push(w.slice(0, at) + 'x' + w.slice(at + 1)));
  });
  for (let k = 0; k < 6; k++) text[k].push('business');
  return text.map((t) => t.join(' '));
}

async function seed(store: Store) {
  await store.ingest.upsertTitle({
    lccn: 'sn0001',
    name: 'Misread Gazette',
    place: { country: 'United States', state: 'Ohio', city: 'Dayton' },
    source: 'demo',
  });
  await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['http://main.test'] });
  const batch = await store.ingest.beginBatch('batch_misread', null);
  const texts = [...pages(), 'the buxinexx of the day', 'the busi ness of the day'];
  for (const [i, text] of texts.entries())
    await store.ingest.writeIssue(batch, {
      lccn: 'sn0001',
      dateIssued: new Date(Date.UTC(1890, 0, 1 + i)).toISOString().slice(0, 10),
      edition: 1,
      pages: [{ sequence: 1, number: '1', width: 1000, height: 1400, imagePath: null, pdfPath: null, altoPath: null, ocrText: text, words: layout(text) }],
    });
  await store.ingest.finishBatch(batch, 'complete', {});
}

const stores: Record<'sqlite' | 'postgres', Store> = {} as never;
beforeAll(async () => {
  stores.sqlite = createSqliteStore(':memory:');
  stores.postgres = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  await Promise.all(Object.values(stores).map(seed));
}, 120_000);
afterAll(async () => Promise.all(Object.values(stores).map((s) => s?.close())));

const search = async (store: Store, qs: string) => runSearch(store, (await store.sites.getDefault()).id, parseSearchParams(`${qs}&sort=date`));
/** The snippets of an answer's pages as plain text. */
const pageTexts = (r: SearchResponse) => r.results.map((x) => x.snippet.replace(/<\/?mark>/g, ''));
const price = (t: OcrConfusions, from: string, to: string) => t.confusions.find(([x, y]) => x === from && y === to)?.[2];

describe('OCR confusions learned from the archive, both engines', () => {
  it('are not there before the first learning: the listed confusions serve, and buxinexx is too far', async () => {
    for (const store of Object.values(stores)) {
      expect(await store.search.ocrConfusions()).toBeNull();
      const r = await search(store, 'k=business~&ord=k1');
      expect(r.expansions![0].words).not.toContain('buxinexx');
      expect(pageTexts(r).some((t) => t.includes('buxinexx'))).toBe(false);
    }
  });

  it('are learned the same on both engines, s read as x among them', async () => {
    const [a, b] = await Promise.all([stores.sqlite.search.learnOcrConfusions(), stores.postgres.search.learnOcrConfusions()]);
    expect(a.evidence).toBeGreaterThan(200);
    expect(b.confusions).toEqual(a.confusions);
    expect(b.evidence).toBe(a.evidence);
    expect(price(a, 's', 'x')).toBeLessThan(0.3);
    expect(await stores.sqlite.search.ocrConfusions()).toEqual(a);
    expect((await stores.postgres.search.ocrConfusions())?.confusions).toEqual(a.confusions);
  });

  it('find the misreading and the split reading, with the same answers on both engines', async () => {
    const [a, b] = await Promise.all([search(stores.sqlite, 'k=business~&ord=k1'), search(stores.postgres, 'k=business~&ord=k1')]);
    expect(a.expansions![0].words).toEqual(expect.arrayContaining(['business', 'buxinexx', 'busi ness']));
    expect(b.expansions).toEqual(a.expansions);
    expect(b.total).toBe(a.total);
    expect(b.results.map((r) => r.pageUid)).toEqual(a.results.map((r) => r.pageUid));
    expect(b.results.map((r) => r.boxes)).toEqual(a.results.map((r) => r.boxes));
    const texts = pageTexts(a);
    expect(texts.some((t) => t.includes('buxinexx'))).toBe(true);
    // The split reading's page is found, and both halves are boxed for the viewer.
    const split = a.results.find((r) => /\bbusi\b/.test(r.snippet.replace(/<\/?mark>/g, '')))!;
    expect(split.snippet).toMatch(/<mark>busi<\/mark> <mark>ness<\/mark>/);
    expect(split.boxes).toHaveLength(2);
    // The visitor can set the split reading aside.
    const without = await search(stores.postgres, 'k=business~&fzx=busi ness,busi,ness&ord=k1');
    expect(without.expansions![0].words).not.toContain('busi ness');
    expect(pageTexts(without).some((t) => /\bbusi\b/.test(t))).toBe(false);
  });
});

describe('GET /Api/Search/OcrConfusions and the answers the API caches', () => {
  let app: FastifyInstance;
  let dataDir: string;
  const store = createSqliteStore(':memory:');
  beforeAll(async () => {
    await seed(store);
    dataDir = mkdtempSync(join(tmpdir(), 'ocr-confusions-api-'));
    app = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir: join(dataDir, 'dist') }, store);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const get = async (url: string) => app.inject({ method: 'GET', url });

  it('answers null before the learning, the table after, and searches answered before are answered again', async () => {
    expect((await get('/Api/Search/OcrConfusions')).json()).toBeNull();
    const before = (await get('/Api/Search?k=business~&ord=k1&url=http://main.test')).json() as SearchResponse;
    expect(before.expansions![0].words).not.toContain('buxinexx');
    await store.search.learnOcrConfusions();
    const res = await get('/Api/Search/OcrConfusions');
    expect(res.statusCode).toBe(200);
    const table = res.json() as OcrConfusions;
    expect(price(table, 's', 'x')).toBeLessThan(0.3);
    const after = (await get('/Api/Search?k=business~&ord=k1&url=http://main.test')).json() as SearchResponse;
    expect(after.expansions![0].words).toContain('buxinexx');
    expect(after.total).toBeGreaterThan(before.total);
  });
});
