// Moving an archive from SQLite to PostgreSQL keeps its visitor corrections (issue #23): the history, the
// site policies and blocks, and the corrected words stay searchable and boxed on the new engine.
import { expect, inject, it } from 'vitest';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import { copySqliteToPostgres } from '../../server/store/copy';
import { CorrectionService } from '../../server/services/corrections/service';
import { runSearch } from '../../server/services/search/service';
import { parseSearchParams } from '../../contract/search/query';
import { createDatabase } from '../support/pg-cluster';

it('copies corrections, policies and blocks; PostgreSQL finds and boxes the corrected word', async () => {
  const src = createSqliteStore(':memory:');
  const site = await src.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['127.0.0.1'] });
  await src.ingest.upsertTitle({ lccn: 'sn1', name: 'Title', place: { country: 'C', state: 'S', city: 'Ci' }, source: 'marc' });
  const batch = await src.ingest.beginBatch('b1', null);
  const { pageUids } = await src.ingest.writeIssue(batch, {
    lccn: 'sn1',
    dateIssued: '1890-01-02',
    edition: 1,
    pages: [
      {
        sequence: 1,
        width: 800,
        height: 1200,
        imagePath: null,
        pdfPath: null,
        altoPath: null,
        ocrText: 'tbe Mavor spoke',
        words: [
          ['tbe', 100, 150, 60, 30],
          ['Mavor', 170, 150, 100, 30],
          ['spoke', 280, 150, 100, 30],
        ],
      },
    ],
  });
  const uid = pageUids[0];
  const lite = new CorrectionService(src);
  const sender = { address: '10.0.0.1', account: null, siteId: site.id };
  expect((await lite.submit(uid, { lineId: 'L1', text: 'the Mayor spoke', baseVersion: 0, displayName: 'Ada' }, sender)).status).toBe(201);
  await src.corrections.setPolicy(site.id, { publish: 'afterApproval', requireAccount: true });
  await src.corrections.addBlock({ kind: 'address', value: '10.6.6.6', reason: 'spam' }, 'admin');

  const dst = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
  const summary = await copySqliteToPostgres(src.db, dst.pg);
  expect(summary.corrections).toBe(1);
  const pg = new CorrectionService(dst);
  expect(await pg.history(uid)).toEqual(await lite.history(uid));
  expect(await dst.corrections.policy(site.id)).toEqual({ publish: 'afterApproval', requireAccount: true });
  expect((await dst.corrections.blocks()).map((b) => b.value)).toEqual(['10.6.6.6']);
  const search = async (store: typeof src | typeof dst) => {
    const r = await runSearch(store, site.id, parseSearchParams('k=mayor&ord=k1'));
    return r.results.map((x) => ({ page: x.pageUid, boxes: x.boxes }));
  };
  expect(await search(dst)).toEqual([{ page: uid, boxes: [[175, 150, 93, 30]] }]);
  expect(await search(dst)).toEqual(await search(src));
  await dst.close();
  await src.close();
});
