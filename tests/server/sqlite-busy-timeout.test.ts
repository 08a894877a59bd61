// The ingest command waits for a running server's write instead of failing with "database is locked" after the
// five seconds a request waits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openSqlite, setSqliteBusyTimeout } from '../../server/store/sqlite/db';

const dirs: string[] = [];
afterEach(() => {
  setSqliteBusyTimeout(5000);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const busyTimeout = (ms?: number) => {
  const dir = mkdtempSync(join(tmpdir(), 'busy-'));
  dirs.push(dir);
  if (ms !== undefined) setSqliteBusyTimeout(ms);
  const db = openSqlite(join(dir, 'archive.sqlite'));
  try {
    return db.pragma('busy_timeout', { simple: true });
  } finally {
    db.close();
  }
};

test('a request waits five seconds for another connection’s write; a batch tool can wait longer', () => {
  expect(busyTimeout()).toBe(5000);
  expect(busyTimeout(120_000)).toBe(120_000);
});
