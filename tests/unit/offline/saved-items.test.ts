// The /saved screen's data (src/saved/saved-items.ts), the worker's offline search over the pages kept in
// IndexedDB (workers/archive-api.ts searchDevicePages, reading the app's real Dexie database through
// fake-indexeddb), and a kiosk's visitor reset of saved items and the outbox.
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { ArchiveDatabase } from '../../../device-db/database';
import { DB_NAME, type OutboxRecord, type SavedIssue } from '../../../device-db/schema';
import { keepSeen, keepTiles } from '../../../device-db/seen-store';
import { forgetVisitorRecords, onForgetVisitor } from '../../../src/shared/db/visitor-traces';
import { formatBytes, issueDetail, readSavedItems, removeSavedItem } from '../../../src/saved/saved-items';
import { forgetOutboxVisitor } from '../../../device-db/outbox';
import { createArchiveApi } from '../../../workers/archive-api';
import type { ViewerPageResponse, ViewerWord } from '../../../contract/viewer';

const SITE = 'http://a.test';
let db: ArchiveDatabase;
afterEach(async () => {
  db?.close();
  await Dexie.delete(DB_NAME);
});
const open = async () => {
  db = new ArchiveDatabase(DB_NAME);
  await db.open();
  return db;
};

const words = (text: string): ViewerWord[] => text.split(' ').map((w, i) => [w, i * 100, 0, 90, 40]);
const page = (uid: string, text: string, extra: Partial<ViewerPageResponse> = {}): ViewerPageResponse =>
  ({
    uid,
    issueUid: uid.replace(/-seq\d+$/, ''),
    title: 'The Harvest Gazette',
    date: '1890-05-12',
    sequence: Number(/seq(\d+)/.exec(uid)?.[1] ?? 1),
    number: null,
    place: 'Springfield',
    width: 1000,
    height: 1400,
    words: words(text),
    ...extra,
  }) as ViewerPageResponse;

const keepPage = (p: ViewerPageResponse, pinned = false) =>
  keepSeen(db, SITE, 'page', p.uid, { page: p, hits: {} }, { pinned, label: `${p.title}, page ${p.sequence}`, href: `/viewer?page=${p.uid}` });

const issue = (state: SavedIssue['state'], pages: string[], done: string[]): SavedIssue => ({
  issueUid: 'iss1',
  state,
  pages,
  done,
  withPdfs: false,
  estimatedBytes: 5000,
  bytes: 0,
  title: 'The Harvest Gazette',
  date: '1890-05-12',
  href: `/viewer?page=${pages[0]}`,
});

describe('saved items', () => {
  it('lists a half-saved issue as partly saved, never as saved', () => {
    expect(issueDetail({ state: 'saving', pages: ['a', 'b', 'c'], done: ['a'] })).toBe('Partly saved (1 of 3 pages)');
    expect(issueDetail({ state: 'saved', pages: ['a', 'b', 'c'], done: ['a', 'b', 'c'] })).toBe('3 pages');
  });

  it('lists issues, pages outside them and searches with their sizes; viewed pages are only counted', async () => {
    await open();
    await keepPage(page('iss1-seq1', 'harvest moon'), true);
    await keepPage(page('iss1-seq2', 'county fair'), true);
    await keepTiles(db, SITE, 'iss1-seq1', 'archive-iiif-v2', { 'http://a.test/iiif/3/iss1-seq1/0,0,512,512/512,/0/default.jpg': 40_000 }, { pinned: true });
    await keepSeen(db, SITE, 'issue', 'iss1', issue('saving', ['iss1-seq1', 'iss1-seq2', 'iss1-seq3'], ['iss1-seq1', 'iss1-seq2']), { pinned: true });
    await keepPage(page('iss2-seq4', 'the election'), true);
    await keepPage(page('iss3-seq1', 'only read'));
    await keepSeen(
      db,
      SITE,
      'search',
      'k=harvest',
      { query: 'k=harvest&ord=k1', response: { total: 3 } },
      { pinned: true, label: 'harvest', href: '/search?k=harvest&ord=k1' },
    );
    await keepSeen(db, SITE, 'search', 'k=seen', { query: 'k=seen&ord=k1', response: { total: 1 } }); // seen, not saved
    await keepSeen(db, 'http://other.test', 'search', 'k=x', { query: 'k=x', response: { total: 1 } }, { pinned: true });

    const saved = await readSavedItems(db, SITE);
    expect(saved.issues).toHaveLength(1);
    expect(saved.issues[0]).toMatchObject({ key: 'iss1', detail: 'Partly saved (2 of 3 pages)', partly: true, href: '/viewer?page=iss1-seq1' });
    // The issue counts its pages' data and tiles.
    expect(saved.issues[0].bytes).toBeGreaterThan(40_000);
    expect(saved.pages.map((p) => p.key)).toEqual(['iss2-seq4']);
    expect(saved.pages[0]).toMatchObject({ href: '/viewer?page=iss2-seq4', name: 'The Harvest Gazette, page 4' });
    expect(saved.searches.map((s) => s.href)).toEqual(['/search?k=harvest&ord=k1']);
    expect(saved.viewedPages).toBe(1);
  });

  it('removing an issue removes its pinned pages and their tile ledgers; other records stay', async () => {
    await open();
    await keepPage(page('iss1-seq1', 'harvest moon'), true);
    await keepPage(page('iss1-seq2', 'county fair'), true);
    await keepTiles(db, SITE, 'iss1-seq1', 'archive-iiif-v2', { 'http://a.test/t1.jpg': 1000 }, { pinned: true });
    await keepSeen(db, SITE, 'issue', 'iss1', issue('saved', ['iss1-seq1', 'iss1-seq2'], ['iss1-seq1', 'iss1-seq2']), { pinned: true });
    await keepPage(page('iss2-seq1', 'the election'), true);

    expect(await removeSavedItem(db, SITE, { kind: 'issue', key: 'iss1' })).toBe(4);
    const left = (await db.seen.toArray()).map((r) => `${r.kind}:${r.key}`);
    expect(left).toEqual(['page:iss2-seq1']);
    expect(await removeSavedItem(db, SITE, { kind: 'page', key: 'iss2-seq1' })).toBe(1);
    expect(await db.seen.count()).toBe(0);
  });

  it('removing an issue removes its issue page kept with it (issue #36); another issue’s page stays', async () => {
    await open();
    const uid = 'sn99021999-1887-03-03-ed1';
    await keepPage(page(`${uid}-seq1`, 'harvest moon'), true);
    await keepSeen(db, SITE, 'issue', uid, { ...issue('saved', [`${uid}-seq1`], [`${uid}-seq1`]), issueUid: uid }, { pinned: true });
    await keepSeen(db, SITE, 'run', 'Issues/sn99021999/1887-03-03/1', { uid }, { pinned: true });
    await keepSeen(db, SITE, 'run', 'Issues/sn99021999/1887-03-04/1', { uid: 'other' }, { pinned: true });

    expect(await removeSavedItem(db, SITE, { kind: 'issue', key: uid })).toBe(3);
    const left = (await db.seen.toArray()).map((r) => `${r.kind}:${r.key}`);
    expect(left).toEqual(['run:Issues/sn99021999/1887-03-04/1']);
  });

  it('removing an issue leaves the pages a saved search kept with it ("Save these results for offline")', async () => {
    await open();
    await keepPage(page('iss1-seq1', 'harvest moon'), true);
    await keepPage(page('iss1-seq2', 'county fair'), true);
    await keepTiles(db, SITE, 'iss1-seq2', 'archive-iiif-v2', { 'http://a.test/t2.jpg': 1000 }, { pinned: true });
    await keepSeen(db, SITE, 'issue', 'iss1', issue('saved', ['iss1-seq1', 'iss1-seq2'], ['iss1-seq1', 'iss1-seq2']), { pinned: true });
    await keepSeen(db, SITE, 'search', 'k=fair', { query: 'k=fair', response: { total: 1 }, savedPages: ['iss1-seq2'] }, { pinned: true });
    // A search only seen (not saved) protects nothing.
    await keepSeen(db, SITE, 'search', 'k=moon', { query: 'k=moon', response: { total: 1 }, savedPages: ['iss1-seq1'] });
    expect((await readSavedItems(db, SITE)).pages).toEqual([]);

    await removeSavedItem(db, SITE, { kind: 'issue', key: 'iss1' });
    const left = (await db.seen.toArray()).map((r) => `${r.kind}:${r.key}`).sort();
    expect(left).toEqual(['page:iss1-seq2', 'search:k=fair', 'search:k=moon', 'tiles:iss1-seq2']);
    expect((await readSavedItems(db, SITE)).pages.map((p) => p.key)).toEqual(['iss1-seq2']);
  });

  it('formats sizes the way people read them', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1_500)).toBe('1.5 KB');
    expect(formatBytes(12_345_678)).toBe('12 MB');
    expect(formatBytes(2_500_000_000)).toBe('2.5 GB');
  });
});

describe('offline search in the worker over the pages in IndexedDB', () => {
  it('searches pinned and viewed pages of the site, and rebuilds its index when pages come and go', async () => {
    await open();
    await keepPage(page('iss1-seq1', 'the harvest moon rose over the county fair'), true);
    await keepPage(page('iss1-seq2', 'washing machines for sale'));
    await keepPage(page('other-seq1', 'harvest festival'));
    await keepSeen(db, SITE, 'page', 'hits-only', { page: null, hits: {} }); // hits came before the page
    await keepSeen(db, 'http://other.test', 'page', 'x', { page: page('x', 'harvest everywhere'), hits: {} });
    const api = createArchiveApi();

    let r = await api.searchDevicePages(SITE, 'k=harvest&ord=k1');
    expect(r.pages).toBe(3);
    expect(r.response.results.map((x) => x.pageUid).sort()).toEqual(['iss1-seq1', 'other-seq1']);
    expect(r.response.results.find((x) => x.pageUid === 'iss1-seq1')!.snippet).toContain('<mark>harvest</mark> moon');

    r = await api.searchDevicePages(SITE, 'k=wash*&n=fair&ord=k1,n1');
    expect(r.response.results.map((x) => x.pageUid)).toEqual(['iss1-seq2']);
    expect(r.response.expansions?.[0]).toMatchObject({ term: 'wash*', words: ['washing'] });

    await keepPage(page('new-seq1', 'a harvest supper'));
    r = await api.searchDevicePages(SITE, 'k=harvest&ord=k1');
    expect(r.pages).toBe(4);
    expect(r.response.total).toBe(3);

    await db.seen.delete([SITE, 'page', 'iss1-seq1']);
    r = await api.searchDevicePages(SITE, 'k=harvest&ord=k1');
    expect(r.pages).toBe(3);
    expect(r.response.results.map((x) => x.pageUid).sort()).toEqual(['new-seq1', 'other-seq1']);
  });

  it('filters by the names of the chosen titles (kept pages carry names, not ids)', async () => {
    await open();
    await keepPage(page('a-seq1', 'harvest'));
    await keepPage(page('b-seq1', 'harvest', { title: 'Evening Star' }));
    const api = createArchiveApi();
    const r = await api.searchDevicePages(SITE, 'k=harvest&ord=k1&t=7', { 7: 'evening star' });
    expect(r.response.results.map((x) => x.pageUid)).toEqual(['b-seq1']);
  });

  it('answers with no pages when the database does not exist yet', async () => {
    const r = await createArchiveApi().searchDevicePages('http://never.test', 'k=harvest&ord=k1');
    expect(r.pages).toBe(0);
  });
});

describe('kiosk: forgetting the visitor', () => {
  it('clears saved issues, pages and searches (pinned) of the site', async () => {
    await open();
    await keepPage(page('iss1-seq1', 'harvest'), true);
    await keepSeen(db, SITE, 'issue', 'iss1', issue('saved', ['iss1-seq1'], ['iss1-seq1']), { pinned: true });
    await keepTiles(db, SITE, 'iss1-seq1', 'archive-iiif-v2', { 'http://a.test/t.jpg': 10 }, { pinned: true });
    await keepPage({ ...page('z-seq1', 'other site') }, true);
    await keepSeen(db, 'http://other.test', 'page', 'keep', { page: null, hits: {} }, { pinned: true });
    expect(await forgetVisitorRecords(db, SITE)).toEqual([]);
    expect((await db.seen.toArray()).map((r) => r.site)).toEqual(['http://other.test']);
  });

  it('hides waiting outbox items (still sent, never lost) and drops sent ones, through the visitor-trace clearers', async () => {
    await open();
    const base = { site: SITE, kind: 'clip' as const, body: {}, createdAt: 1, attempts: 0, claimedAt: null, lastError: null, sentAt: null, result: null };
    const items: OutboxRecord[] = [
      { ...base, clientId: 'waiting', state: 'pending' },
      { ...base, clientId: 'sent', state: 'sent', sentAt: 2, result: { url: 'x' } },
      { ...base, clientId: 'refused', state: 'failed', lastError: 'no' },
      { ...base, clientId: 'elsewhere', site: 'http://other.test', state: 'sent' },
    ];
    await db.outbox.bulkPut(items);
    const off = onForgetVisitor('outbox', (site) => forgetOutboxVisitor({ db, table: db.outbox }, site));
    try {
      expect(await forgetVisitorRecords(db, SITE)).toEqual([]);
    } finally {
      off();
    }
    const left = await db.outbox.toArray();
    expect(left.map((r) => [r.clientId, r.state, !!r.hidden]).sort()).toEqual([
      ['elsewhere', 'sent', false],
      ['waiting', 'pending', true],
    ]);
  });
});
