// The save-for-offline loop (src/shared/save) against a real Dexie database (fake-indexeddb): pages are
// pinned as they are saved, the issue record says 'saving' until the last page, a lost connection or a
// cancel keeps what was saved and a resume starts after it, a full quota stops with the earlier pages kept,
// and what was saved is never evicted by the seen store's least-recently-used policy.
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { ArchiveDatabase } from '../../../device-db/database';
import { evictSeen, keepSeen, keepTiles, type SeenTiles } from '../../../device-db/seen-store';
import type { SavedIssue } from '../../../device-db/schema';
import { runSave } from '../../../src/shared/save/save-run';
import { beginIssueSave, issueTarget, readSavedIssue, type IssueSaveRequest } from '../../../src/shared/save/issue-record';
import { pinTiles, writePinned } from '../../../device-db/pinned-write';
import { levelsToKeep } from '../../../contract/iiif-tiles';
import { estimateSaveBytes } from '../../../src/shared/save/estimate';

const SITE = 'http://a';
let db: ArchiveDatabase;
afterEach(async () => {
  db?.close();
  await Dexie.delete(db.name);
});
const open = async () => {
  db = new ArchiveDatabase(`save-${Math.random().toString(36).slice(2)}`);
  await db.open();
  return db;
};

const PAGES = ['iss-seq1', 'iss-seq2', 'iss-seq3', 'iss-seq4'];
const request: IssueSaveRequest = {
  issueUid: 'iss',
  pages: PAGES,
  withPdfs: false,
  estimatedBytes: 4000,
  title: 'The Harvest Gazette',
  date: '1890-05-12',
  href: '/viewer?page=iss-seq1',
};

/** A page saver that keeps a pinned page record and ledger, like the browser's, and records what it was asked. */
function fakeSaver(opts: { failOn?: string; onSave?: (uid: string) => void } = {}) {
  const asked: string[] = [];
  const save = async (uid: string) => {
    asked.push(uid);
    opts.onSave?.(uid);
    if (uid === opts.failOn) throw new TypeError('Failed to fetch');
    await pinTiles(db, SITE, uid, 'archive-iiif-v2', { [`http://a/iiif/3/${uid}/0,0,256,256/256,/0/default.jpg`]: 500 });
    await writePinned(db, SITE, 'page', uid, { page: { uid }, hits: {} }, { label: `page ${uid}`, href: `/viewer?page=${uid}` });
    return 600;
  };
  return { asked, save };
}

const issueRecord = async () => (await readSavedIssue(db, SITE, 'iss')) as SavedIssue;

describe('saving an issue for offline', () => {
  it('saves every page pinned and marks the issue saved only at the end', async () => {
    await open();
    const saver = fakeSaver();
    const states: string[] = [];
    const issue = await beginIssueSave(db, SITE, request);
    const outcome = await runSave(issueTarget(db, SITE, issue, saver.save), new AbortController().signal, async () => {
      states.push((await issueRecord()).state);
    });
    expect(outcome).toEqual({ status: 'saved' });
    expect(saver.asked).toEqual(PAGES);
    const record = await db.seen.get([SITE, 'issue', 'iss']);
    expect(record?.pinned).toBe(1);
    expect((record?.value as SavedIssue).state).toBe('saved');
    expect((record?.value as SavedIssue).done).toEqual(PAGES);
    expect((record?.value as SavedIssue).bytes).toBe(2400);
    expect(record?.label).toBe('The Harvest Gazette, May 12, 1890');
    for (const uid of PAGES) {
      expect((await db.seen.get([SITE, 'page', uid]))?.pinned).toBe(1);
      expect((await db.seen.get([SITE, 'tiles', uid]))?.pinned).toBe(1);
    }
    // While pages were still coming the issue was never shown as saved.
    await new Promise((r) => setTimeout(r, 20));
    expect(states.slice(0, PAGES.length)).not.toContain('saved');
  });

  it('stops on a lost connection with the earlier pages kept, and resumes after them', async () => {
    await open();
    const first = fakeSaver({ failOn: 'iss-seq3' });
    const outcome = await runSave(issueTarget(db, SITE, await beginIssueSave(db, SITE, request), first.save), new AbortController().signal);
    expect(outcome.status).toBe('interrupted');
    expect((await issueRecord()).state).toBe('saving');
    expect((await issueRecord()).done).toEqual(['iss-seq1', 'iss-seq2']);
    expect(await db.seen.get([SITE, 'page', 'iss-seq3'])).toBeUndefined();

    const second = fakeSaver();
    const again = await beginIssueSave(db, SITE, request);
    expect(again.done).toEqual(['iss-seq1', 'iss-seq2']);
    expect(await runSave(issueTarget(db, SITE, again, second.save), new AbortController().signal)).toEqual({ status: 'saved' });
    expect(second.asked).toEqual(['iss-seq3', 'iss-seq4']);
    expect((await issueRecord()).state).toBe('saved');
    expect((await issueRecord()).bytes).toBe(2400);
  });

  it('cancel keeps what was fetched and leaves the issue saving', async () => {
    await open();
    const ctl = new AbortController();
    const saver = fakeSaver({ onSave: (uid) => uid === 'iss-seq2' && ctl.abort() });
    const outcome = await runSave(issueTarget(db, SITE, await beginIssueSave(db, SITE, request), saver.save), ctl.signal);
    expect(outcome).toEqual({ status: 'cancelled' });
    expect(saver.asked).toEqual(['iss-seq1', 'iss-seq2']);
    expect((await issueRecord()).state).toBe('saving');
    expect((await issueRecord()).done).toEqual(['iss-seq1']);
    expect((await db.seen.get([SITE, 'page', 'iss-seq1']))?.pinned).toBe(1);
  });

  it('a full quota stops the save: earlier pages stay saved, the issue stays saving, nothing half-written', async () => {
    await open();
    const saver = fakeSaver();
    const issue = await beginIssueSave(db, SITE, request);
    // The browser refuses every write once two pages are in (IndexedDB's own put throws, as a full disk does).
    const proto = globalThis.IDBObjectStore.prototype;
    const put = proto.put;
    let full = false;
    proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
    try {
      const outcome = await runSave(issueTarget(db, SITE, issue, saver.save), new AbortController().signal, (p) => {
        if (p.pagesDone === 2) full = true;
      });
      expect(outcome).toEqual({ status: 'quota' });
    } finally {
      proto.put = put;
    }
    const record = await issueRecord();
    expect(record.state).toBe('saving');
    expect(record.done).toEqual(['iss-seq1', 'iss-seq2']);
    expect((await db.seen.get([SITE, 'page', 'iss-seq2']))?.pinned).toBe(1);
    expect(await db.seen.get([SITE, 'page', 'iss-seq3'])).toBeUndefined();
    // Saving again with room continues after the pages kept.
    const resumed = fakeSaver();
    expect(await runSave(issueTarget(db, SITE, await beginIssueSave(db, SITE, request), resumed.save), new AbortController().signal)).toEqual({
      status: 'saved',
    });
    expect(resumed.asked).toEqual(['iss-seq3', 'iss-seq4']);
  });

  it('asking for PDFs after a save without them saves the pages again', async () => {
    await open();
    await runSave(issueTarget(db, SITE, await beginIssueSave(db, SITE, request), fakeSaver().save), new AbortController().signal);
    const withPdfs = await beginIssueSave(db, SITE, { ...request, withPdfs: true });
    expect(withPdfs.state).toBe('saving');
    expect(withPdfs.done).toEqual([]);
  });
});

describe('saved records and the seen store', () => {
  it('pinned pages, ledgers and issues are never evicted, however small the caps', async () => {
    await open();
    await writePinned(db, SITE, 'issue', 'iss', { state: 'saved' }, { now: 1 });
    await writePinned(db, SITE, 'page', 'saved-1', { page: { uid: 'saved-1' } }, { now: 1 });
    await pinTiles(db, SITE, 'saved-1', 'archive-iiif-v2', { 'http://a/iiif/3/saved-1/t.jpg': 5_000 });
    for (let i = 0; i < 5; i++)
      await keepSeen(db, SITE, 'page', `seen-${i}`, { page: { uid: `seen-${i}` } }, { now: 10 + i, limits: { maxEntries: 100, maxBytes: 1e9 } });
    const evicted = await evictSeen(db, { maxEntries: 1, maxBytes: 1 });
    expect(evicted.map((r) => r.key).sort()).toEqual(['seen-0', 'seen-1', 'seen-2', 'seen-3', 'seen-4']);
    const left = (await db.seen.toArray()).map((r) => `${r.kind}:${r.key}`).sort();
    expect(left).toEqual(['issue:iss', 'page:saved-1', 'tiles:saved-1']);
  });

  it('the ledger of a saved page stays pinned when the service worker adds tiles (zooming while saved)', async () => {
    await open();
    await pinTiles(db, SITE, 'p1', 'archive-iiif-v2', { 'http://a/iiif/3/p1/a.jpg': 100 });
    await keepTiles(db, SITE, 'p1', 'archive-iiif-v2', { 'http://a/iiif/3/p1/zoomed.jpg': 300 });
    const ledger = await db.seen.get([SITE, 'tiles', 'p1']);
    expect(ledger?.pinned).toBe(1);
    expect(Object.keys((ledger?.value as SeenTiles).tiles).sort()).toEqual(['http://a/iiif/3/p1/a.jpg', 'http://a/iiif/3/p1/zoomed.jpg']);
  });

  it('a saved page keeps its name and pin when the viewer keeps it again', async () => {
    await open();
    await writePinned(db, SITE, 'page', 'p1', { page: null, hits: {} }, { label: 'Gazette, May 12, 1890, Page 1', href: '/viewer?page=p1' });
    await keepSeen(db, SITE, 'page', 'p1', { page: { uid: 'p1' }, hits: {} });
    const record = await db.seen.get([SITE, 'page', 'p1']);
    expect(record?.pinned).toBe(1);
    expect(record?.label).toBe('Gazette, May 12, 1890, Page 1');
    expect(record?.href).toBe('/viewer?page=p1');
  });
});

describe('what a saved page keeps, and the estimate', () => {
  it('keeps the levels up to the fit level and two zoom levels above it', () => {
    const scales = [1 / 32, 1 / 16, 1 / 8, 1 / 4, 1 / 2, 1];
    expect(levelsToKeep(scales, 0.1)).toEqual([0, 1, 2, 3, 4]);
    expect(levelsToKeep(scales, 0.5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(levelsToKeep(scales, 1 / 32)).toEqual([0, 1, 2]);
    expect(levelsToKeep([], 0.5)).toEqual([]);
  });

  it('estimates pages × (data + tiles) plus the PDFs', () => {
    expect(estimateSaveBytes(10, { dataBytes: 50_000, tilesPerPage: 40, tileBytes: 20_000 })).toBe(8_500_000);
    expect(estimateSaveBytes(10, { dataBytes: 50_000, tilesPerPage: 40, tileBytes: 20_000 }, 1_000_000)).toBe(9_500_000);
  });
});

describe('the PDFs size and saved results', () => {
  it('sums the PDFs from HEAD answers: a page without one counts nothing, an unknown size makes it unknown', async () => {
    const { createServer } = await import('node:http');
    const { pdfBytes } = await import('../../../src/shared/save/estimate');
    const server = createServer((req, res) => {
      if (req.url === '/a.pdf') res.writeHead(200, { 'content-length': '1000' }).end();
      else if (req.url === '/b.pdf') res.writeHead(200, { 'content-length': '2500' }).end();
      else if (req.url === '/chunked.pdf') {
        res.writeHead(200, { 'transfer-encoding': 'chunked' });
        res.end();
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      expect(await pdfBytes([`${base}/a.pdf`, `${base}/b.pdf`, `${base}/none.pdf`])).toBe(3500);
      expect(await pdfBytes([`${base}/a.pdf`, `${base}/chunked.pdf`])).toBeNull();
    } finally {
      server.close();
    }
  });

  it('pins the answer on screen with its name, and saves its first N distinct pages', async () => {
    await open();
    const { beginResultsSave, resultPages } = await import('../../../src/shared/save/results-save');
    const result = (pageUid: string) => ({ pageUid }) as never;
    const response = { total: 4, page: 1, pageSize: 20, sort: 'relevance', results: ['p1', 'p2', 'p2', 'p3'].map(result), facets: {} } as never;
    expect(resultPages(response, 5)).toEqual(['p1', 'p2', 'p3']);
    const saver = fakeSaver();
    const target = await beginResultsSave(db, SITE, { key: 'k=harvest', query: 'k=harvest', response, label: 'harvest', count: 2 }, saver.save);
    expect(await runSave(target, new AbortController().signal)).toEqual({ status: 'saved' });
    expect(saver.asked).toEqual(['p1', 'p2']);
    const search = await db.seen.get([SITE, 'search', 'k=harvest']);
    expect(search?.pinned).toBe(1);
    expect(search?.label).toBe('harvest');
    expect(search?.href).toBe('/search?k=harvest');
    expect((search?.value as { query: string }).query).toBe('k=harvest');
  });
});
