// The IIIF server tests' fixture: a small archive seeded into SQLite and into PostgreSQL, each with the app
// built on it, answering as the site 'archive.test'. Each test file seeds its own titles and issues.
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store } from '../../server/store';
import type { PageInput, WordBox } from '../../server/store/types';
import { createDatabase } from './pg-cluster';

export type EngineName = 'sqlite' | 'postgres';
export const ENGINE_NAMES = ['sqlite', 'postgres'] as const;
export type Engines = Record<EngineName, { store: Store; app: FastifyInstance }>;

/** A page of an issue to write: its image at img/{sequence}.tif, its PDF and ALTO only when `withFiles`. */
export const pageOf = (sequence: number, words: WordBox[], size: { width: number; height: number }, withFiles = false): PageInput => ({
  sequence,
  number: String(sequence),
  width: size.width,
  height: size.height,
  imagePath: `img/${sequence}.tif`,
  pdfPath: withFiles ? `p/${sequence}.pdf` : null,
  altoPath: withFiles ? `p/${sequence}.xml` : null,
  ocrText: words.map((x) => x[0]).join(' '),
  words,
});

/**
 * Registers the file's beforeAll and afterAll: both engines seeded by `seed`, each app ready. The record
 * returned fills in beforeAll, so read it inside the tests.
 */
export function archiveOnBothEngines(tmpPrefix: string, seed: (store: Store) => Promise<void>): Engines {
  const engines = {} as Engines;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), tmpPrefix));
    const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir: join(dataDir, 'none') };
    for (const [kind, make] of [
      ['sqlite', async () => createSqliteStore(':memory:')],
      ['postgres', async () => createPostgresStore(await createDatabase(inject('pgAdminUrl')))],
    ] as const) {
      const store = await make();
      await seed(store);
      const app = await buildApp(config, store);
      await app.ready();
      engines[kind] = { store, app };
    }
  }, 120_000);
  afterAll(async () => {
    for (const e of Object.values(engines)) {
      await e?.app.close();
      await e?.store.close();
    }
  });
  return engines;
}

/** A GET to the app as the site 'archive.test'. */
export const getAsSite = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url, headers: { host: 'archive.test' } });
