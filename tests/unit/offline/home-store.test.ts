import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { ArchiveDatabase } from '../../../device-db/database';
import { readHomeDetail, readPlaces, readTitles, saveHomeDetail } from '../../../src/shared/db/home-store';
import { getStorageProblems } from '../../../device-db/problems';
import { homeDetail } from './fixtures';

let db: ArchiveDatabase;
afterEach(async () => {
  db?.close();
  await Dexie.delete(db.name);
});
const open = async () => {
  db = new ArchiveDatabase(`home-store-${Math.random().toString(36).slice(2)}`);
  await db.open();
  return db;
};

describe('saving and reading getDetail per site', () => {
  it('gives back the same answer it stored, stamped with fetchedAt', async () => {
    await open();
    const d = homeDetail();
    await saveHomeDetail(db, 'http://a', d, 1234);
    const back = await readHomeDetail(db, 'http://a');
    expect(back?.fetchedAt).toBe(1234);
    const { fetchedAt: _ignored, ...rest } = back!;
    expect(rest).toEqual(d);
    expect((await readTitles(db, 'http://a')).every((t) => t.fetchedAt === 1234)).toBe(true);
  });

  it('keeps two sites apart and replaces only the refreshed site', async () => {
    await open();
    await saveHomeDetail(
      db,
      'http://a',
      homeDetail({
        titles: [
          [1, 'A one'],
          [2, 'A two'],
        ],
      }),
      1,
    );
    await saveHomeDetail(db, 'http://b', homeDetail({ titles: [[1, 'B one']], solrtype: '7' }), 2);
    await saveHomeDetail(db, 'http://a', homeDetail({ titles: [[3, 'A three']] }), 3);
    expect((await readTitles(db, 'http://a')).map((t) => t.title)).toEqual(['A three']);
    expect((await readTitles(db, 'http://b')).map((t) => t.title)).toEqual(['B one']);
    const b = await readHomeDetail(db, 'http://b');
    expect(b?.model._searchModels.YearRangeWithTitlecountSolr7Sametitle.map((t) => t.title)).toEqual(['B one']);
    expect((await readPlaces(db, 'http://b')).countries).toHaveLength(1);
    expect(await readHomeDetail(db, 'http://c')).toBeUndefined();
  });

  it('reports a failed write to the person instead of swallowing it', async () => {
    await open();
    db.close();
    await expect(saveHomeDetail(db, 'http://a', homeDetail())).rejects.toThrow();
    expect(getStorageProblems().map((p) => p.kind)).toContain('failed');
  });
});

describe("a title's index letter", () => {
  it('is the same on the device, in the worker and on the sitemap (one rule: contract/fold.ts)', async () => {
    await open();
    const titles: Array<[number, string]> = [
      [1, 'Æolian Gazette'],
      [2, 'ßtraße Blatt'],
      [3, '"Freedom\'s journal"'],
      [4, 'Über Land'],
      [5, '1850 Courier'],
      [6, 'Ωmega'],
    ];
    await saveHomeDetail(db, 'http://a', homeDetail({ titles }), 1);
    const kept = await readTitles(db, 'http://a');
    expect(kept.map((t) => t.letter)).toEqual(['A', 'S', 'F', 'U', '#', 'M']);
    const { groupTitlesByInitial } = await import('../../../src/info/SitemapTitles');
    const groups = groupTitlesByInitial(kept);
    for (const t of kept) expect(groups.find(([, list]) => list.some((x) => x.TitleId === t.TitleId))?.[0]).toBe(t.letter);
  });
});
