// The app the route fuzzers run against: the default fixture, a built-app stand-in (so static and SPA
// routes exist), a real scan behind the first pages (so IIIF edge values reach the image pipeline), a clip.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { makeTestApp, tempDir, type FixtureIds, type TestApp } from '../helpers';
import { tokenHash } from '../../../server/admin/auth';
import type { SqliteStore } from '../../../server/store/sqlite';

export interface FuzzTarget {
  t: TestApp<FixtureIds>;
  /** Values real data has (page and issue ids, a clip id, section names...), so handlers run deep. */
  real: string[];
  xsrf: string;
  /** A fresh admin session straight in the store: fuzzed requests may end sessions (password changes). */
  adminCookie(): Promise<string>;
}

export async function fuzzTarget(): Promise<FuzzTarget> {
  const dist = tempDir('archive-fuzz-dist-');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Archive</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  const t = await makeTestApp(undefined, { adminPassword: 'fuzzing admin password', distDir: dist });
  const adminId = (await t.store.admin.userByName('admin'))!.id;
  mkdirSync(join(t.dataDir, 'images'), { recursive: true });
  await sharp({ create: { width: 1000, height: 1400, channels: 3, background: '#c0c0c0' } })
    .greyscale()
    .tiff()
    .toFile(join(t.dataDir, 'images', 'p1.tif'));
  // Long index words: a wildcard pattern that backtracks (a*?*?...z) costs exponential time on them.
  const long = ['a' + 'b'.repeat(29), 'a' + 'e'.repeat(29), 'p' + 'a'.repeat(29) + 'ge'];
  await t.store.ingest.writeIssue(await t.store.ingest.beginBatch('fuzz-long-words', null), {
    lccn: 'sn83045462',
    dateIssued: '1999-12-31',
    edition: 1,
    pages: [
      {
        sequence: 1,
        width: null,
        height: null,
        imagePath: null,
        pdfPath: null,
        altoPath: null,
        ocrText: long.join(' '),
        words: long.map((w, i) => [w, 10 + i * 50, 10, 40, 12]),
      },
    ],
  });
  const db = (t.store as SqliteStore).db;
  const pages = db.prepare('SELECT uid FROM pages LIMIT 3').pluck().all() as string[];
  const issues = db.prepare('SELECT uid FROM issues LIMIT 2').pluck().all() as string[];
  const clip = await t.store.viewer.createClip({ pageUid: pages[0], x: 1, y: 1, w: 20, h: 20, caption: 'c' });
  const real = [
    ...pages,
    ...issues,
    clip!.id,
    '1',
    '2',
    'banner',
    'settings',
    'menus',
    'pdf',
    'alto',
    'text',
    'admin',
    'sn83045462',
    'http://127.0.0.1:8080',
    '1850',
    'full',
    'max',
    '0',
    'default.jpg',
  ];
  const res = await t.app.inject({ url: '/Api/Site/Directory' });
  const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return {
    t,
    real,
    xsrf,
    async adminCookie() {
      const token = randomBytes(24).toString('base64url');
      await t.store.admin.createSession(tokenHash(token), adminId, new Date(Date.now() + 3600_000).toISOString());
      return token;
    },
  };
}
