// The crawler files and suggestions on both engines: SQLite and PostgreSQL cut the same keyset chunks, list
// the same titles, issues and pages per site, carry each row's load time, and find the same words.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store } from '../../server/store/types';
import { buildSitemapFile, buildSitemapIndex, SITEMAP_KINDS } from '../../server/services/sitemap';
import { suggestions } from '../../server/services/opensearch';
import { tokenize } from '../../contract/search/tokens';
import { createDatabase } from '../support/pg-cluster';
import { seedFixture, type FixtureIds } from './helpers';

const engines = {} as Record<'sqlite' | 'postgres', { store: Store; ids: FixtureIds }>;
const ORIGIN = 'https://archive.example';
const xml = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

beforeAll(async () => {
  const lite = createSqliteStore(':memory:');
  const pg = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  engines.sqlite = { store: lite, ids: await seedFixture(lite) };
  engines.postgres = { store: pg, ids: await seedFixture(pg) };
}, 120_000);
afterAll(async () => {
  await engines.sqlite?.store.close();
  await engines.postgres?.store.close();
});

/** Every URL of a site's sitemap as the service writes it, file by file, with `size` URLs a file. */
async function sitemap(engine: 'sqlite' | 'postgres', site: 'siteA' | 'siteB', size: number) {
  const { store, ids } = engines[engine];
  const row = (await store.sites.get(ids[site]))!;
  const index = xml.parse(await buildSitemapIndex(store, row, ORIGIN, size)).sitemapindex.sitemap as { loc: string; lastmod?: string }[];
  const files = [];
  for (const f of index) {
    const name = f.loc.slice(`${ORIGIN}/sitemaps/`.length);
    const body = await buildSitemapFile(store, row, ORIGIN, name, size);
    const urls = xml.parse(body!).urlset.url as { loc: string; lastmod?: string }[];
    files.push({ name: name.replace(/-\d+\.xml$/, ''), locs: urls.map((u) => u.loc), lastmods: urls.map((u) => u.lastmod) });
  }
  return files;
}

describe('sitemaps on SQLite and PostgreSQL', () => {
  it.each([
    ['siteA', 50_000],
    ['siteA', 4],
    ['siteB', 3],
  ] as const)('%s, %i URLs a file: the same files and URLs, each with a load time', async (site, size) => {
    const [a, b] = [await sitemap('sqlite', site, size), await sitemap('postgres', site, size)];
    expect(b.map((f) => f.locs)).toEqual(a.map((f) => f.locs));
    expect(b.map((f) => f.name)).toEqual(a.map((f) => f.name));
    for (const f of [...a, ...b].filter((x) => x.name !== 'static.xml')) {
      expect(f.locs.length).toBeLessThanOrEqual(size);
      expect(f.lastmods.every((m) => typeof m === 'string' && /^\d{4}-\d\d-\d\dT/.test(m))).toBe(true);
    }
    const kinds = new Set(a.map((f) => f.name));
    for (const k of SITEMAP_KINDS) expect(kinds.has(k)).toBe(true);
  });

  it('the chunks count the same rows and cut at the same keys', async () => {
    for (const kind of SITEMAP_KINDS) {
      const [a, b] = await Promise.all((['sqlite', 'postgres'] as const).map((e) => engines[e].store.discovery.sitemapChunks(kind, [], 2)));
      expect(
        b.map((c) => c.count),
        kind,
      ).toEqual(a.map((c) => c.count));
      expect(a.reduce((n, c) => n + c.count, 0)).toBeGreaterThan(2);
    }
  });
});

describe('suggestions and load times on both engines', () => {
  it('the pages holding a prefix hold a word with it, and the completions are the same', async () => {
    for (const engine of ['sqlite', 'postgres'] as const) {
      const texts = await engines[engine].store.discovery.textsWithPrefix('pag', [], 10);
      expect(texts.length, engine).toBeGreaterThan(0);
      expect(texts.every((t) => tokenize(t).some((w) => w.startsWith('pag')))).toBe(true);
    }
    const [a, b] = await Promise.all(
      (['sqlite', 'postgres'] as const).map(async (e) => suggestions(engines[e].store, await engines[e].store.sites.getDefault(), 'Te')),
    );
    expect(a).toEqual(['Te', ['text']]);
    expect(b).toEqual(a);
  });

  it('pagesLastmod gives the batch time of known pages only', async () => {
    for (const engine of ['sqlite', 'postgres'] as const) {
      const { store } = engines[engine];
      const finished = (await store.ingest.listBatches())[0].finishedAt;
      const map = await store.discovery.pagesLastmod(['sn83045462-1859-02-21-ed1-seq1', 'nope']);
      expect([...map], engine).toEqual([['sn83045462-1859-02-21-ed1-seq1', finished]]);
    }
  });
});
