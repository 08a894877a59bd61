// GET /Api/Search/Trend and /Api/Search/Export (issue #37) on both engines: the trend adds up to the search's
// total and each year to the search filtered to it; the export holds exactly the search's pages in its order,
// read back by real CSV, RIS and BibTeX parsers; over the limit, bad parameters and other sites' titles.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import { Cite, plugins } from '@citation-js/core';
import '@citation-js/plugin-ris';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store } from '../../server/store/types';
import type { SearchResponse } from '../../contract/search/query';
import type { TrendResponse } from '../../contract/search/research';
import { createDatabase } from '../support/pg-cluster';
import { seedResearch, type ResearchFixture } from './research-fixture';

type Engine = 'sqlite' | 'postgres';
const engines = {} as Record<Engine, { store: Store; app: FastifyInstance; fx: ResearchFixture }>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'research-'));
  const config = { ...loadConfig({ NODE_ENV: 'test', EXPORT_MAX_ROWS: '160' }), dataDir, distDir: join(dataDir, 'dist') };
  for (const engine of ['sqlite', 'postgres'] as const) {
    const store = engine === 'sqlite' ? createSqliteStore(':memory:') : await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
    const fx = await seedResearch(store);
    const app = await buildApp(config, store);
    await app.ready();
    engines[engine] = { store, app, fx };
  }
}, 120_000);
afterAll(async () => {
  for (const e of Object.values(engines)) {
    await e.app.close();
    await e.store.close();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const QUERIES = [
  'k=election',
  'k=election council&ord=k1',
  'e=civil war&ord=e1',
  'o=steamer harvest&ord=o1',
  'k=election&n=railroad&ord=k1,n1',
  'k=telegra*',
  'k=senate~',
  'k=telegram&fz=1',
  'k="civil market"~6',
  'k=election&d=01/01/1870-12/31/1884&m=between',
  'k=river&co=1',
  '', // a browse: every page
  'bdd=1880',
];

const ORIGIN = 'http://all.test';
const getJson = async <T>(engine: Engine, path: string): Promise<T> => {
  const res = await engines[engine].app.inject({ url: path, headers: { host: 'all.test' } });
  expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json() as T;
};
const search = (engine: Engine, qs: string) => getJson<SearchResponse>(engine, `/Api/Search?${qs}&url=${ORIGIN}`);
const trend = (engine: Engine, qs: string) => getJson<TrendResponse>(engine, `/Api/Search/Trend?${qs}&url=${ORIGIN}`);
const exported = (engine: Engine, qs: string) => engines[engine].app.inject({ url: `/Api/Search/Export?${qs}&url=${ORIGIN}`, headers: { host: 'all.test' } });

/** Every page uid of a search, page by page, as the results screen lists them. */
async function allUids(engine: Engine, qs: string): Promise<string[]> {
  const out: string[] = [];
  for (let p = 1; ; p++) {
    const r = await search(engine, `${qs}&p=${p}`);
    out.push(...r.results.map((x) => x.pageUid));
    if (p * r.pageSize >= r.total) return out;
  }
}
const uidOf = (url: string) => decodeURIComponent(new URL(url).searchParams.get('page')!);

describe.each(['sqlite', 'postgres'] as const)('research data on %s', (engine) => {
  it('the trend: the periods add up to the total, and each year is the search filtered to that year', async () => {
    let checkedYears = 0;
    for (const qs of QUERIES) {
      const [s, t] = await Promise.all([search(engine, qs), trend(engine, `${qs}&by=year`)]);
      expect(t.total, qs).toBe(s.total);
      expect(
        t.points.reduce((n, p) => n + p.count, 0),
        qs,
      ).toBe(s.total);
      for (const p of t.points) expect(p.held, `${qs} ${p.period}`).toBeGreaterThanOrEqual(p.count);
      // A few years with matches (and one without) against the search filtered to the year (by=YYYY).
      const years = [...t.points.filter((p) => p.count > 0).slice(0, 3), ...t.points.filter((p) => p.count === 0).slice(0, 1)];
      for (const p of years) {
        const one = await search(engine, `${qs}&by=${p.period}`);
        expect(one.total, `${qs} in ${p.period}`).toBe(p.count);
        checkedYears++;
      }
    }
    expect(checkedYears).toBeGreaterThan(20);
  });

  it('the held pages are the archive within the filters: a browse matches every page held', async () => {
    const t = await trend(engine, 'by=year');
    expect(t.points.every((p) => p.count === p.held)).toBe(true);
    const words = await trend(engine, 'k=election&by=year');
    expect(words.points.map((p) => [p.period, p.held])).toEqual(t.points.map((p) => [p.period, p.held]));
  });

  it('months add up to the total and, within a year, to that year', async () => {
    for (const qs of ['k=election', 'e=civil war&ord=e1', 'k=telegra*', '']) {
      const [years, months] = await Promise.all([trend(engine, `${qs}&by=year`), trend(engine, `${qs}&by=month`)]);
      expect(months.by).toBe('month');
      expect(
        months.points.reduce((n, p) => n + p.count, 0),
        qs,
      ).toBe(years.total);
      for (const y of years.points) {
        const inYear = months.points.filter((m) => m.period.startsWith(`${y.period}-`));
        expect(
          inYear.reduce((n, m) => n + m.count, 0),
          `${qs} ${y.period}`,
        ).toBe(y.count);
        expect(inYear.reduce((n, m) => n + m.held, 0)).toBe(y.held);
        expect(inYear.every((m) => /^\d{4}-(0[1-9]|1[0-2])$/.test(m.period))).toBe(true);
      }
    }
  });

  it('split by title: at most 8 titles and Other, each period split exactly', async () => {
    const t = await trend(engine, 'split=title');
    expect(t.series!.length).toBe(9);
    expect(t.series![8]).toEqual({ titleId: 0, name: 'Other' });
    for (const p of t.points) expect(p.split!.reduce((a, b) => a + b, 0)).toBe(p.count);
    const s = await search(engine, '');
    const top = s.facets.titles.slice(0, 8).map((f) => f.count);
    expect(t.series!.slice(0, 8).map((x) => t.points.reduce((n, p) => n + p.split![t.series!.indexOf(x)], 0))).toEqual(top);
  });

  it("answers for the site's titles only", async () => {
    const few = engines[engine].fx.sites.few;
    expect(few).toBeGreaterThan(0);
    const t = await getJson<TrendResponse>(engine, '/Api/Search/Trend?split=title&url=http://few.test');
    const s = await getJson<SearchResponse>(engine, '/Api/Search?url=http://few.test');
    expect(t.total).toBe(s.total);
    expect(t.series!.length).toBeLessThanOrEqual(2);
    const res = await engines[engine].app.inject({ url: '/Api/Search/Export?format=jsonl&url=http://few.test' });
    const rows = res.body
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l) as { title: string });
    expect(rows.length).toBe(s.total);
    expect(new Set(rows.map((r) => r.title)).size).toBeLessThanOrEqual(2);
  });

  it.each(['k=election', 'k=election&sort=date-desc', 'o=steamer harvest&ord=o1', 'k=telegra*&sort=date', 'e=civil war&ord=e1'])(
    'the CSV export of %s: every page of the search in its order, read back by csv-parse',
    async (qs) => {
      const res = await exported(engine, `${qs}&format=csv`);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="search-export-\d+\.csv"$/);
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])); // the BOM
      const records = parseCsv(res.rawPayload, { bom: true, relax_column_count: true }) as string[][];
      const [provenance, header, ...rows] = records;
      expect(provenance).toHaveLength(1);
      expect(provenance[0]).toMatch(
        /^# Export of All titles: search http:\/\/all\.test\/search\?.* \| exported \d{4}-\d\d-\d\dT.* \| data version \d+ \| \d+ rows$/,
      );
      expect(header).toEqual(['title', 'lccn', 'date', 'edition', 'page', 'sequence', 'url', 'manifest', 'image', 'matches', 'snippet']);
      const uids = await allUids(engine, qs);
      expect(uids.length).toBeGreaterThan(20);
      expect(rows.length).toBe(uids.length);
      expect(provenance[0]).toContain(`| ${uids.length} rows`);
      expect(rows.map((r) => uidOf(r[6]))).toEqual(uids);
      for (const r of rows) {
        expect(r).toHaveLength(11);
        expect(r[1]).toMatch(/^sn9\d{4}$/);
        expect(r[2]).toMatch(/^\d{4}-\d\d-\d\d$/);
        expect(r[7]).toMatch(/^http:\/\/all\.test\/iiif\/presentation\/sn9\d{4}-\d{4}-\d\d-\d\d-ed[12]\/manifest\.json$/);
        expect(r[8]).toMatch(/^http:\/\/all\.test\/iiif\/3\/.+\/full\/max\/0\/default\.jpg$/);
        expect(r[9].length).toBeGreaterThan(0); // the matching words
        expect(r[10]).not.toMatch(/<mark>|&amp;|&quot;/); // plain text
      }
    },
  );

  it('CSV fields with commas, quotes, line breaks and accents come back as written, and text=1 adds the OCR text', async () => {
    const res = await exported(engine, 'o=said café line braces&ord=o1&text=1');
    const [, header, ...rows] = parseCsv(res.rawPayload, { bom: true, relax_column_count: true }) as string[][];
    expect(header.at(-1)).toBe('text');
    const texts = rows.map((r) => r[11]);
    expect(texts.some((t) => t.includes('"Quoted," said he'))).toBe(true);
    expect(texts.some((t) => t.includes('naïve café, Zürich'))).toBe(true);
    expect(texts.some((t) => t.includes('line one\nline two'))).toBe(true);
    expect(rows.some((r) => r[0] === 'The "Daily", Chronicle')).toBe(true);
    expect(rows.some((r) => r[9].split(' ').includes('café'))).toBe(true);
  });

  it('RIS: read back by citation-js, one NEWS record a page after the provenance record', async () => {
    const qs = 'e=civil war&ord=e1';
    const res = await exported(engine, `${qs}&format=ris`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-research-info-systems/);
    const parsed = plugins.input.chain(res.body) as Array<{ type: string; title?: string; URL?: string; 'container-title'?: string; issued?: unknown }>;
    const [head, ...records] = parsed;
    expect(head.title).toMatch(/^Export provenance: All titles/);
    const uids = await allUids(engine, qs);
    expect(records.map((r) => uidOf(r.URL!))).toEqual(uids);
    for (const r of records) {
      expect(r.type).toBe('article-newspaper');
      expect(r['container-title']).toBeTruthy();
      expect(r.issued).toBeTruthy();
    }
    expect(new Cite(res.body).data.length).toBe(uids.length + 1);
  });

  it('BibTeX: read back by @retorquere/bibtex-parser without errors, braces and percent signs escaped', async () => {
    const qs = 'o=braces election&ord=o1';
    const res = await exported(engine, `${qs}&format=bibtex&text=1`);
    expect(res.statusCode).toBe(200);
    const lib = parseBibtex(res.body);
    expect(lib.errors).toEqual([]);
    expect(lib.comments.join(' ')).toMatch(/Export of All titles: search http:\/\/all\.test\/search\?.* \| \d+ rows/);
    const uids = await allUids(engine, qs);
    expect(lib.entries.map((e) => uidOf(e.fields.url as string))).toEqual(uids);
    expect(new Set(lib.entries.map((e) => e.key)).size).toBe(uids.length);
    const withBraces = lib.entries.find((e) => String(e.fields.annote ?? '').includes('braces {and} 50% & $5 #1 under_score'));
    expect(withBraces, 'the OCR text with braces, read back as written').toBeDefined();
  });

  it('JSON Lines: a provenance line, then one object a page', async () => {
    const res = await exported(engine, 'k=telegra*&format=jsonl');
    const [first, ...lines] = res.body.trimEnd().split('\n');
    const { provenance } = JSON.parse(first) as { provenance: { rows: number; dataVersion: number; query: string; exportedAt: string } };
    expect(provenance.rows).toBe(lines.length);
    expect(provenance.query).toBe('k=telegra*');
    expect(provenance.dataVersion).toBe(await engines[engine].store.meta.dataVersion());
    const row = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(Object.keys(row)).toEqual(['title', 'lccn', 'date', 'edition', 'page', 'sequence', 'url', 'manifest', 'image', 'matches', 'snippet']);
    expect((row.matches as string[]).every((w) => w.toLowerCase().startsWith('telegra'))).toBe(true);
  });

  it('over the limit the operator set: a 400 that says so and how to narrow', async () => {
    expect((await search(engine, '')).total).toBeGreaterThan(160);
    const res = await exported(engine, 'format=csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^This search matches \d+ pages; an export holds at most 160\. Narrow it/);
  });

  it.each([
    ['/Api/Search/Export?k=a&format=xls', /'format' must be/],
    ['/Api/Search/Export?k=a&text=yes', /'text' must be/],
    ['/Api/Search/Trend?k=a&per=week', /'per' must be/],
    ['/Api/Search/Trend?k=a&split=place', /'split' must be/],
    ['/Api/Search/Trend?k=a&by=1887&by=month', /'by' must be given once/],
    ['/Api/Search/Trend?k=a&d=13/45/1887', /date/i],
    ['/Api/Search/Export?ord=k9', /./],
  ])('%s: a 400 with a clear message', async (url, message) => {
    const res = await engines[engine].app.inject({ url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(message);
  });
});
