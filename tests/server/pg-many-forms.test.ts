// An OCR-tolerant word searches up to 50 forms. PostgreSQL's planner estimates such a condition to match a large
// share of the pages and, not counting the cost of reading each page's tsvector, plans the count as a sequential
// scan (1.2 s at 100,000 pages against 20-30 ms from the full-text index). Statements over every match of a
// condition of many alternatives are planned without sequential scans (db.ts noSeqScan); plain words keep the
// planner's own choice.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type pg from 'pg';
import { createPostgresStore, type PostgresStore } from '../../server/store/postgres';
import { pgSearch } from '../../server/store/postgres/search';
import type { Pg, ReadOptions } from '../../server/store/postgres/db';
import { parseSearchParams } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import type { Store } from '../../server/store/types';
import { createDatabase } from '../support/pg-cluster';
import { layout, seedFixture, type Fixture } from './search-fixtures';

let store: PostgresStore;
let fx: Fixture;
const MISREADINGS = [
  'e1ection',
  'clection',
  'eiection',
  'electiou',
  'elcction',
  'eleetion',
  'electlon',
  'olection',
  'eloction',
  'elect1on',
  'electien',
  'elcetion',
];

beforeAll(async () => {
  store = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  fx = await seedFixture(store);
  const batch = await store.ingest.beginBatch('misreadings', null);
  for (const [i, form] of MISREADINGS.entries()) {
    const text = `the ${form} returns were counted`;
    await store.ingest.writeIssue(batch, {
      lccn: 'sn001',
      dateIssued: `1871-01-${String(i + 1).padStart(2, '0')}`,
      edition: 1,
      pages: [{ sequence: 1, number: '1', width: 1000, height: 1400, imagePath: null, pdfPath: null, altoPath: null, ocrText: text, words: layout(text) }],
    });
  }
  await store.ingest.finishBatch(batch, 'complete', {});
  await store.pg.q('ANALYZE pages');
});
afterAll(() => store.close());

/** The statements one search reads, with their options. */
async function statements(qs: string) {
  const seen: Array<{ sql: string; params: unknown[]; opts?: ReadOptions }> = [];
  const recording: Pg = {
    ...store.pg,
    read: <R extends pg.QueryResultRow>(sql: string, params: unknown[] = [], opts?: ReadOptions) => {
      seen.push({ sql, params, opts });
      return store.pg.read<R>(sql, params, opts);
    },
  };
  const r = await runSearch({ ...store, search: pgSearch(recording) } as Store, fx.sites.all, parseSearchParams(qs));
  return { r, seen };
}

const plan = async (s: { sql: string; params: unknown[] }, opts?: ReadOptions) =>
  (await store.pg.read<{ 'QUERY PLAN': string }>(`EXPLAIN ${s.sql}`, s.params, opts)).map((p) => p['QUERY PLAN']).join('\n');

describe('a search of many forms on PostgreSQL', () => {
  it('counts an OCR-tolerant word from the full-text index, not a sequential scan', async () => {
    const { r, seen } = await statements('k=election~&ord=k1');
    expect(r.expansions?.[0].words).toEqual(expect.arrayContaining(['election', ...MISREADINGS]));
    expect(r.total).toBe(2 + MISREADINGS.length);
    const overMatches = seen.filter((s) => s.opts?.noSeqScan);
    expect(overMatches.length).toBeGreaterThan(0);
    for (const s of overMatches) {
      expect(s.sql).toContain('tsv @@');
      // The planner would scan the table (it is small here, as the archive's heap is without its tsvectors) ...
      expect(await plan(s)).toMatch(/Seq Scan on pages/);
      // ... and with the option reads the full-text index instead.
      expect(await plan(s, s.opts)).not.toMatch(/Seq Scan on pages/);
    }
  });

  it('leaves the planner its own choice for a plain word', async () => {
    const { r, seen } = await statements('k=returns&ord=k1');
    expect(r.total).toBeGreaterThan(0);
    expect(seen.filter((s) => s.opts?.noSeqScan)).toEqual([]);
  });
});
