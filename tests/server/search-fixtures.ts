// Fixture pages with known words for the search tests, written through the real ingest repository so the
// FTS triggers index them exactly as ingest would.
import type { Store } from '../../server/store';
import type { WordBox } from '../../server/store/types';

export interface Fixture {
  titles: { star: number; bee: number; courrier: number };
  sites: { all: number; beeOnly: number };
  /** Page uid by short name. */
  uid: Record<string, string>;
}

/** Words laid out left to right, 10 per line, 100 px apart: box of word i is predictable. */
export const layout = (text: string): WordBox[] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => [w, (i % 10) * 100, Math.floor(i / 10) * 50, 90, 40]);

const PAGES: Array<{ name: string; lccn: string; date: string; seq?: number; text: string; words?: WordBox[] }> = [
  { name: 'p1', lccn: 'sn001', date: '1860-01-02', text: 'the quick brown fox jumps over the lazy dog' },
  { name: 'p2', lccn: 'sn001', date: '1865-05-10', text: 'brown dogs and a quick fox were seen near the brown house' },
  {
    name: 'p3',
    lccn: 'sn002',
    date: '1887-03-03',
    text: 'Über alles the Telegram arrived',
    // ingest's hyphenation convention: one word, the second half's box as a 6th element
    words: [
      ['Über', 0, 0, 90, 40],
      ['alles', 100, 0, 90, 40],
      ['the', 200, 0, 90, 40],
      ['Telegram', 300, 0, 60, 40, [0, 50, 40, 40]] as unknown as WordBox,
      ['arrived', 100, 50, 90, 40],
    ],
  },
  { name: 'p4', lccn: 'sn002', date: '1887-03-04', text: 'uber cafe naïve election returns <script>alert(1)</script> & more' },
  { name: 'p5', lccn: 'sn003', date: '1901-07-14', text: 'la fête nationale quick celebration' },
  { name: 'p6', lccn: 'sn001', date: '1920-11-15', text: 'election returns from the quick count' },
];

export async function seedFixture(store: Store): Promise<Fixture> {
  const star = await store.ingest.upsertTitle({
    lccn: 'sn001',
    name: 'Evening Star',
    place: { country: 'United States', state: 'District of Columbia', city: 'Washington' },
    source: 'demo',
  });
  const bee = await store.ingest.upsertTitle({
    lccn: 'sn002',
    name: 'Omaha Daily Bee',
    place: { country: 'United States', state: 'Nebraska', city: 'Omaha' },
    source: 'demo',
  });
  const courrier = await store.ingest.upsertTitle({
    lccn: 'sn003',
    name: 'Le Courrier',
    place: { country: 'France', state: 'Île-de-France', city: 'Paris' },
    source: 'demo',
  });
  const batch = await store.ingest.beginBatch('batch_search_fixture', null);
  const uid: Record<string, string> = {};
  for (const p of PAGES) {
    const words = p.words ?? layout(p.text);
    const r = await store.ingest.writeIssue(batch, {
      lccn: p.lccn,
      dateIssued: p.date,
      edition: 1,
      pages: [{ sequence: p.seq ?? 1, number: '1', width: 1000, height: 1400, imagePath: null, pdfPath: null, altoPath: null, ocrText: p.text, words }],
    });
    uid[p.name] = r.pageUids[0];
  }
  // 25 pages of one word for paging: Bee, 1888, one issue with 25 pages.
  const filler = await store.ingest.writeIssue(batch, {
    lccn: 'sn002',
    dateIssued: '1888-06-01',
    edition: 1,
    pages: Array.from({ length: 25 }, (_, i) => ({
      sequence: i + 1,
      number: String(i + 1),
      width: 1000,
      height: 1400,
      imagePath: null,
      pdfPath: null,
      altoPath: null,
      ocrText: `filler page ${i + 1}`,
      words: layout(`filler page ${i + 1}`),
    })),
  });
  filler.pageUids.forEach((u, i) => (uid[`f${i + 1}`] = u));
  await store.ingest.finishBatch(batch, 'complete', {});
  const all = (await store.sites.create({ slug: 'all', name: 'All titles', isDefault: true, origins: ['http://all.test'] })).id;
  const beeOnly = (await store.sites.create({ slug: 'bee', name: 'Bee only', origins: ['http://bee.test'] })).id;
  await store.sites.setTitleIds(beeOnly, [bee]);
  return { titles: { star, bee, courrier }, sites: { all, beeOnly }, uid };
}
