// Issue #14.8: a page whose ALTO is malformed used to load with 0 words and count as loaded, silently.
// It is now reported as "loaded without text" (run report, saved batch report, admin batch list), and
// loading the batch again once the file is fixed loads that issue alone. After an interrupted run, the
// report saved with the batch covers the whole batch, not only the rerun.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { ingestBatch, type IngestReport } from '../../server/ingest';
import { formatReport } from '../../server/ingest/report';
import { BEE_BATCH, STAR_BATCH, copyBatch, tempDir, type BatchCopy } from './ingest-fixtures';

describe('a page whose ALTO is malformed', () => {
  let copy: BatchCopy;
  let dataDir: string;
  let store: SqliteStore;
  let first: IngestReport;
  let alto: string;

  beforeAll(async () => {
    copy = copyBatch(BEE_BATCH, 'batch_textless_ver01', 3);
    alto = join(
      copy.issueDirs[1],
      readdirSync(copy.issueDirs[1]).find((f) => /^\d{4}\.xml$/.test(f))!,
    );
    truncateSync(alto, 20_000);
    dataDir = tempDir('textless');
    store = createSqliteStore(dataDir);
    first = await ingestBatch(store, dataDir, copy.dir, { images: false });
  }, 120_000);
  afterAll(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dirname(copy.dir), { recursive: true, force: true });
  });

  const issueDir = () => relative(copy.dir, copy.issueDirs[1]);

  it('is reported as loaded without text, with its path and why', () => {
    expect(first.pages.withoutText).toBe(1);
    expect(first.withoutText).toHaveLength(1);
    expect(first.withoutText[0].path).toBe(`${issueDir()} page 1`);
    expect(first.withoutText[0].reason).toMatch(/unreadable ALTO .*malformed XML/i);
    expect(formatReport(first)).toMatch(/loaded without text \(1\): fix the ALTO file and load the batch again\n\s+\S+ page 1: unreadable ALTO/);
  });

  it('is in the report saved with the batch, which the admin batch list shows', async () => {
    const saved = (await store.ingest.getBatch('batch_textless_ver01'))!.report as unknown as IngestReport;
    expect(saved.pages.withoutText).toBe(1);
    expect(saved.withoutText.map((p) => p.path)).toEqual([`${issueDir()} page 1`]);
    const listed = (await store.ingest.listBatches()).find((b) => b.name === 'batch_textless_ver01')!;
    expect((listed.report as unknown as IngestReport).withoutText).toHaveLength(1);
  });

  it('loads that issue alone again once the ALTO is fixed, and the page gets its text', async () => {
    copyFileSync(join(BEE_BATCH, relative(copy.dir, alto)), alto);
    const again = await ingestBatch(store, dataDir, copy.dir, { images: false });
    expect(again.issues).toEqual({ total: 3, loaded: 1, alreadyLoaded: 2, skipped: 0 });
    expect(again.withoutText).toEqual([]);
    const words = store.db
      .prepare('SELECT word_count FROM pages WHERE uid = ?')
      .pluck()
      .get(first.withoutText[0].issue + '-seq1') as number;
    expect(words).toBeGreaterThan(100);
    const saved = (await store.ingest.getBatch('batch_textless_ver01'))!.report as unknown as IngestReport;
    expect(saved.withoutText).toEqual([]);
    expect(saved.issues.loaded).toBe(3);
    expect(saved.pages.loaded).toBe(3);
    // A third run loads nothing: the issue is no longer waiting for its text.
    expect((await ingestBatch(store, dataDir, copy.dir, { images: false })).issues.loaded).toBe(0);
  });
});

describe('the saved report after an interrupted run', () => {
  it('covers the whole batch, not only the rerun', async () => {
    const small = copyBatch(STAR_BATCH, 'batch_whole_ver01', 4);
    const dir = tempDir('whole');
    const store = createSqliteStore(dir);
    try {
      const controller = new AbortController();
      const stopped = await ingestBatch(store, dir, small.dir, {
        images: false,
        concurrency: 1,
        signal: controller.signal,
        onProgress: (p) => p.issuesDone >= 1 && controller.abort(),
      });
      expect(stopped.issues.loaded).toBe(1);
      const rerun = await ingestBatch(store, dir, small.dir, { images: false });
      expect(rerun.issues).toMatchObject({ loaded: 3, alreadyLoaded: 1 }); // what this run did
      const saved = (await store.ingest.getBatch('batch_whole_ver01'))!.report as unknown as IngestReport;
      const inStore = store.db.prepare('SELECT COUNT(*) AS pages, SUM(word_count) AS words FROM pages').get() as { pages: number; words: number };
      expect(saved.status).toBe('complete');
      expect(saved.issues).toMatchObject({ total: 4, loaded: 4 });
      expect(saved.pages.loaded).toBe(inStore.pages);
      expect(saved.pages.words).toBe(inStore.words);
      expect(saved.elapsedMs).toBeGreaterThanOrEqual(rerun.elapsedMs);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(dirname(small.dir), { recursive: true, force: true });
    }
  }, 120_000);
});
