// Moving an archive from SQLite to PostgreSQL keeps everything: same sites, titles, pages and answers.
import { describe, expect, inject, it } from 'vitest';
import { createSqliteStore } from '../../server/store/sqlite';
import { createPostgresStore } from '../../server/store/postgres';
import { copySqliteToPostgres, sqliteTablesInOrder } from '../../server/store/copy';
import type { Store } from '../../server/store/types';
import { createDatabase } from '../support/pg-cluster';

async function load(store: Store) {
  const site = await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['127.0.0.1'] });
  await store.sites.putSection(site.id, 'settings', { SiteTitle: 'Main archive — über' });
  for (let t = 1; t <= 3; t++) {
    await store.ingest.upsertTitle({
      lccn: `sn${t}`,
      name: `Title ${t}`,
      place: { country: 'United States', state: `State ${t}`, city: `City ${t}` },
      source: 'marc',
    });
  }
  const batch = await store.ingest.beginBatch('b1', null);
  for (let i = 0; i < 30; i++) {
    const lccn = `sn${(i % 3) + 1}`;
    await store.ingest.writeIssue(batch, {
      lccn,
      dateIssued: `${1850 + i * 3}-0${(i % 9) + 1}-1${i % 9}`,
      edition: 1,
      pages: [1, 2].map((sequence) => ({
        sequence,
        width: 800,
        height: 1200,
        imagePath: null,
        pdfPath: null,
        altoPath: null,
        ocrText: `page ${sequence} of issue ${i} Zeitung`,
        words: [['page', 1, 2, 3, 4]],
      })),
    });
  }
  await store.ingest.finishBatch(batch, 'complete', { loaded: 30 });
  await store.admin.createUser('admin', 'scrypt$x', 'admin');
  await store.contact.add({ siteId: site.id, name: 'A', email: 'a@b.c', subject: 's', message: 'm' });
}

async function answers(store: Store) {
  const site = await store.sites.getDefault();
  return {
    site: { ...site, updatedAt: 'x' },
    sections: await store.sites.getSections(site.id),
    titles: await store.browse.titleCounts(site.id),
    years: await store.browse.yearCounts(site.id, { decades: [1870, 1880] }),
    places: await store.browse.places(site.id),
    batches: (await store.ingest.listBatches()).map((b) => ({ ...b, startedAt: 'x', finishedAt: 'x' })),
    users: (await store.admin.listUsers()).map((u) => ({ ...u, createdAt: 'x' })),
    messages: (await store.contact.list()).map((m) => ({ ...m, createdAt: 'x' })),
  };
}

describe('copying SQLite to PostgreSQL', () => {
  it('orders tables parents first', () => {
    const s = createSqliteStore(':memory:');
    const order = sqliteTablesInOrder(s.db);
    expect(order.indexOf('sites')).toBeLessThan(order.indexOf('site_sections'));
    expect(order.indexOf('titles')).toBeLessThan(order.indexOf('issues'));
    expect(order.indexOf('issues')).toBeLessThan(order.indexOf('pages'));
    expect(order.indexOf('pages')).toBeLessThan(order.indexOf('page_words'));
    expect(order.some((t) => /fts/.test(t))).toBe(false);
  });

  it('copies everything and the PostgreSQL store answers the same; new rows get fresh ids', async () => {
    const src = createSqliteStore(':memory:');
    await load(src);
    const url = await createDatabase(inject('pgAdminUrl'));
    const dst = await createPostgresStore(url);
    const progress: string[] = [];
    const summary = await copySqliteToPostgres(src.db, dst.pg, { chunk: 7, onProgress: (p) => progress.push(`${p.table}:${p.done}/${p.total}`) });
    expect(summary.pages).toBe(60);
    expect(summary.page_words).toBe(60);
    expect(progress).toContain('pages:60/60');
    expect(await answers(dst)).toEqual(await answers(src));
    // The indexes dropped for the copy are back, the phrase pairs' without statistics (ANALYZE would compute
    // every sampled page's pairs).
    const pairs = await dst.pg.q<{ target: number }>(
      "SELECT a.attstattarget AS target FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid WHERE c.relname = 'pages_pairs'",
    );
    expect(pairs).toEqual([{ target: 0 }]);
    // Sequences were moved past the copied ids.
    const site = await dst.sites.create({ slug: 'second', name: 'Second', origins: ['localhost'] });
    expect(site.id).toBe(2);
    // A second copy into a database that holds an archive is refused.
    await expect(copySqliteToPostgres(src.db, dst.pg)).rejects.toThrow(/already holds an archive/);
    await dst.close();
    await src.close();
  });

  it('keeps every character of text as it was: tabs, line ends, backslashes, quotes, NULL look-alikes, unicode', async () => {
    const tricky = 'tab\there\nnew line\r\ncrlf back\\slash \\N \\. "quoted" \'apos\' ünïcödé 東京 🗞️ end\\';
    const src = createSqliteStore(':memory:');
    const site = await src.sites.create({ slug: 'main', name: `Site ${tricky}`, isDefault: true, origins: ['127.0.0.1'] });
    await src.sites.putSection(site.id, 'settings', { SiteTitle: tricky });
    await src.ingest.upsertTitle({
      lccn: 'sn1',
      name: tricky,
      publisher: null,
      placeOfPublication: '',
      place: { country: 'C', state: 'S', city: 'Ci' },
      source: 'marc',
    });
    const batch = await src.ingest.beginBatch('b\\1\t', null);
    await src.ingest.writeIssue(batch, {
      lccn: 'sn1',
      dateIssued: '1880-01-02',
      edition: 1,
      pages: [
        {
          sequence: 1,
          width: 800,
          height: 1200,
          imagePath: null,
          pdfPath: null,
          altoPath: null,
          ocrText: `Zeitung ${tricky}`,
          words: [
            [tricky, 1, 2, 3, 4],
            ['\\N', 5, 6, 7, 8],
          ],
        },
      ],
    });
    const dst = await createPostgresStore(await createDatabase(inject('pgAdminUrl')));
    await copySqliteToPostgres(src.db, dst.pg);
    const queries = [
      'SELECT name FROM sites ORDER BY id',
      'SELECT data FROM site_sections ORDER BY section',
      'SELECT name, publisher, place_of_publication FROM titles ORDER BY id',
      'SELECT name, source_path FROM batches ORDER BY id',
      'SELECT uid, ocr_text, reel, image_path FROM pages ORDER BY id',
      'SELECT words FROM page_words ORDER BY page_id',
    ];
    for (const sql of queries) {
      const a = src.db.prepare(sql).all();
      const b = await dst.pg.q(sql);
      expect(b, sql).toEqual(a);
    }
    const [{ ocr_text: text }] = await dst.pg.q<{ ocr_text: string }>('SELECT ocr_text FROM pages');
    expect(text).toContain('tab\there\nnew line\r\n');
    expect(text.endsWith('end\\')).toBe(true);
    const [title] = await dst.pg.q<{ publisher: string | null; place_of_publication: string | null }>('SELECT publisher, place_of_publication FROM titles');
    expect(title).toEqual({ publisher: null, place_of_publication: '' });
    // The derived search text was computed from the copied text: a word of it is found.
    expect(await dst.pg.q("SELECT id FROM pages WHERE tsv @@ to_tsquery('simple', 'unicode')")).toHaveLength(1);
    // Copying again with force adds nothing that is already there, and keeps what is.
    await copySqliteToPostgres(src.db, dst.pg, { force: true });
    for (const sql of queries) expect(await dst.pg.q(sql), sql).toEqual(src.db.prepare(sql).all());
    await dst.close();
    await src.close();
  });
});
