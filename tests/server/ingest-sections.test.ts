// A page's section label (issue #36: the issue page shows each page's number and section). NDNP METS may name
// it in the page's MODS as mods:detail type="section label"; the real batches here name none, so a copy of a
// real issue gets one added. Ingest keeps it on both engines, the issue API gives it, and pages without one
// stay null.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ingestBatch } from '../../server/ingest/ingest-batch';
import { readIssueMets } from '../../server/ingest/mets';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import type { Store } from '../../server/store/types';
import { createDatabase } from '../support/pg-cluster';
import { BEE_BATCH, MARC, copyBatch, tempDir } from './ingest-fixtures';

const copy = copyBatch(BEE_BATCH, 'batch_sections', 1);
const mets = copy.metsFiles[0];
// The first page's MODS part (the one with the page extent) gets a section label before its extent.
writeFileSync(
  mets,
  readFileSync(mets, 'utf8').replace(
    /(<mods:part>\s*)(<mods:extent unit="pages">\s*<mods:start>1<\/mods:start>)/,
    '$1<mods:detail type="section label"><mods:number>Sporting section</mods:number></mods:detail>$2',
  ),
);
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  rmSync(copy.dir, { recursive: true, force: true });
});

describe('section labels of pages', () => {
  it('the METS reader gives the page’s section label, and null where there is none', () => {
    const issue = readIssueMets(mets);
    expect(issue.pages[0].section).toBe('Sporting section');
    expect(issue.pages.slice(1).every((p) => p.section === null)).toBe(true);
  });

  it.each(['sqlite', 'postgres'] as const)('%s: ingest keeps it and the issue gives it with the page', async (engine) => {
    const dataDir = tempDir(`sections-${engine}`);
    dirs.push(dataDir);
    const store: Store = engine === 'sqlite' ? createSqliteStore(':memory:') : await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
    try {
      const report = await ingestBatch(store, dataDir, copy.dir, { marcDir: MARC, images: false });
      expect(report.issues.loaded).toBe(1);
      const { lccn, date, edition } = readIssueMets(mets);
      const issue = await store.runs.issue(0, lccn, date, edition);
      expect(issue!.pages.map((p) => p.section)).toEqual(issue!.pages.map((_, i) => (i === 0 ? 'Sporting section' : null)));
    } finally {
      await store.close();
    }
  });
});
