// `npm run ingest` killed (SIGKILL) in the middle of a batch: no half issue is ever visible, and running
// it again completes the batch from where it stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { ingestBatch } from '../../server/ingest';
import { copyBatch, STAR_BATCH, tempDir, type BatchCopy } from './ingest-fixtures';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let copy: BatchCopy;
let dataDir: string;
let killedAt = -1;

/** Starts the real CLI on the batch and SIGKILLs it as soon as the first issue is committed. */
async function killMidBatch(): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/ingest/cli.ts', copy.dir], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, NO_COLOR: '1' },
    stdio: 'ignore',
  });
  const dbFile = join(dataDir, 'archive.sqlite');
  const deadline = Date.now() + 90_000;
  try {
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 15));
      if (child.exitCode !== null) throw new Error(`ingest exited (${child.exitCode}) before it could be killed`);
      if (!existsSync(dbFile)) continue;
      let n = 0;
      try {
        const db = new Database(dbFile, { readonly: true, fileMustExist: true });
        n = db.prepare('SELECT COUNT(*) FROM issues').pluck().get() as number;
        db.close();
      } catch {
        continue; // the schema is still being created
      }
      if (n >= 1) {
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
        return n;
      }
    }
    throw new Error('no issue was committed in time');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

beforeAll(async () => {
  copy = copyBatch(STAR_BATCH, 'batch_kill_ver01', 15);
  dataDir = tempDir('kill');
  killedAt = await killMidBatch();
}, 180_000);

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dirname(copy.dir), { recursive: true, force: true });
});

describe('a kill during ingest', () => {
  let store: SqliteStore;
  beforeAll(() => {
    store = createSqliteStore(dataDir);
  });
  afterAll(() => store.close());

  it('stopped part-way, with only whole issues in the store', () => {
    const issues = store.db.prepare('SELECT COUNT(*) FROM issues').pluck().get() as number;
    expect(issues).toBeGreaterThanOrEqual(killedAt);
    expect(issues).toBeLessThan(15);
    // Every committed issue has its page, with words and its image file on disk.
    const rows = store.db
      .prepare(
        'SELECT i.uid, COUNT(p.id) AS pages, COUNT(w.page_id) AS words, MIN(p.image_path) AS image FROM issues i LEFT JOIN pages p ON p.issue_id = i.id LEFT JOIN page_words w ON w.page_id = p.id GROUP BY i.id',
      )
      .all() as { uid: string; pages: number; words: number; image: string }[];
    for (const r of rows) {
      expect(r.pages, r.uid).toBe(1);
      expect(r.words, r.uid).toBe(1);
      expect(existsSync(join(dataDir, r.image)), r.uid).toBe(true);
    }
    expect(store.db.prepare('SELECT COUNT(*) FROM pages WHERE issue_id NOT IN (SELECT id FROM issues)').pluck().get()).toBe(0);
    expect(store.db.prepare('SELECT status FROM batches').pluck().get()).toBe('loading');
  });

  it('resumes on the next run and completes the batch', async () => {
    const before = store.db.prepare('SELECT COUNT(*) FROM issues').pluck().get() as number;
    const report = await ingestBatch(store, dataDir, copy.dir, { images: false });
    expect(report.issues).toEqual({ total: 15, loaded: 15 - before, alreadyLoaded: before, skipped: 0 });
    expect(store.db.prepare('SELECT COUNT(*) FROM pages').pluck().get()).toBe(15);
    expect(store.db.prepare('SELECT status FROM batches').pluck().get()).toBe('complete');
    // Half-written files a kill can leave behind are cleared.
    const files = readdirSync(join(dataDir, 'batches'), { recursive: true }) as string[];
    expect(files.filter((f) => f.includes('.part'))).toEqual([]);
  });
});

describe('a cancelled ingest (the admin area aborts its signal)', () => {
  it('stops after the issues in progress, says so, and a re-run completes', async () => {
    const small = copyBatch(STAR_BATCH, 'batch_abort_ver01', 4);
    const dir = tempDir('abort');
    const store = createSqliteStore(dir);
    try {
      const controller = new AbortController();
      const stopped = await ingestBatch(store, dir, small.dir, {
        images: false,
        concurrency: 1,
        signal: controller.signal,
        onProgress: (p) => p.issuesDone >= 1 && controller.abort(),
      });
      expect(stopped.aborted).toBe(true);
      expect(stopped.issues.loaded).toBe(1);
      expect((await store.ingest.getBatch('batch_abort_ver01'))?.status).toBe('failed');
      const done = await ingestBatch(store, dir, small.dir, { images: false });
      expect(done.issues).toEqual({ total: 4, loaded: 3, alreadyLoaded: 1, skipped: 0 });
      expect((await store.ingest.getBatch('batch_abort_ver01'))?.status).toBe('complete');
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(dirname(small.dir), { recursive: true, force: true });
    }
  });
});

describe('the command line', () => {
  it('prints usage and fails on a folder that is not a batch', () => {
    const empty = tempDir('empty');
    const data = tempDir('cli');
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/ingest/cli.ts', empty], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: data },
        encoding: 'utf8',
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/No batch\.xml or batch_1\.xml found/);
      const usage = spawnSync(process.execPath, ['--import', 'tsx', 'server/ingest/cli.ts', '--bogus'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: data },
        encoding: 'utf8',
      });
      expect(usage.status).toBe(2);
      expect(usage.stderr).toMatch(/Unknown option --bogus[\s\S]*npm run ingest -- --purge <batch name>/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
      rmSync(data, { recursive: true, force: true });
    }
  });
});
