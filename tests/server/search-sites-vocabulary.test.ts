// Issue #34.8, decided in docs/SECURITY.md ("Vocabulary across sites"): patterns and OCR-tolerant words are
// expanded from the whole archive's vocabulary, because every page and its text are public through every site's
// origin. This pins both halves on both engines: a site's expansion may list a word only another site's titles
// hold (its search finds no page for it), and the page holding that word is served, words and all, through this
// site's origin. If pages ever stop being public across sites, the second half fails: expand per site then.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store } from '../../server/store/types';
import type { SearchResponse } from '../../contract/search/query';
import type { ViewerPageResponse } from '../../contract/viewer';
import { seedFixture, type Fixture } from './search-fixtures';
import { createDatabase } from '../support/pg-cluster';

const engines = {} as Record<'sqlite' | 'postgres', { store: Store; fx: Fixture; app: FastifyInstance }>;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sites-vocab-'));
  const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir: dir, distDir: join(dir, 'dist') };
  for (const [name, store] of [
    ['sqlite', createSqliteStore(':memory:')],
    ['postgres', await createPostgresStore(await createDatabase(inject('pgAdminUrl')))],
  ] as const) {
    const fx = await seedFixture(store);
    engines[name] = { store, fx, app: await buildApp(config, store) };
  }
});
afterAll(async () => {
  for (const e of Object.values(engines)) {
    await e.app.close();
    await e.store.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

describe.each(['sqlite', 'postgres'] as const)('vocabulary across sites on %s (issue #34.8)', (engine) => {
  it("expands from the whole archive's vocabulary; the other site's page holding the word is public here", async () => {
    const { app, fx } = engines[engine];
    // "lazy" is printed only in the Evening Star (sn001), outside the Bee-only site's collection.
    const res = await app.inject({ method: 'GET', url: '/Api/Search?k=laz*&ord=k1&url=http://bee.test' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SearchResponse;
    expect(body.total).toBe(0);
    expect(body.expansions?.[0]).toMatchObject({ term: 'laz*', words: ['lazy'] });
    // The same word is readable through the Bee site's origin anyway: the page and its words are public.
    const page = await app.inject({ method: 'GET', url: `/Api/Viewer/Page/${fx.uid.p1}`, headers: { host: 'bee.test', origin: 'http://bee.test' } });
    expect(page.statusCode).toBe(200);
    expect((page.json() as ViewerPageResponse).words.map((w) => w[0])).toContain('lazy');
  });
});
