// An archive for the trend and export tests (issue #37): 10 titles, pages spread over 1860-1899 and the months
// of the year, with words every query kind finds (phrases, proximity, truncation, OCR misreadings, None words)
// and text that tests CSV and BibTeX quoting (commas, quotes, line breaks, accents, braces).
import type { Store } from '../../server/store';
import { layout } from './search-fixtures';

export interface ResearchFixture {
  sites: { all: number; few: number };
  titles: number[];
  pages: number;
}

/** A small deterministic generator (mulberry32): the same archive on every engine and run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['election', 'railroad', 'council', 'harvest', 'steamer', 'telegram', 'telegraph', 'senate', 'senator', 'washington', 'market', 'river'];
const ODD = ['"Quoted," said he', 'naïve café, Zürich', 'line one\nline two', 'braces {and} 50% & $5 #1 under_score', 'tel3gram'];

export async function seedResearch(store: Store): Promise<ResearchFixture> {
  const rnd = random(37);
  const titles: number[] = [];
  for (let i = 0; i < 10; i++)
    titles.push(
      await store.ingest.upsertTitle({
        lccn: `sn9${String(i).padStart(4, '0')}`,
        name: i === 3 ? 'The "Daily", Chronicle' : `Gazette ${String.fromCharCode(65 + i)}`,
        place: { country: 'United States', state: i < 5 ? 'Nebraska' : 'Ohio', city: i < 5 ? 'Omaha' : 'Columbus' },
        source: 'demo',
      }),
    );
  const batch = await store.ingest.beginBatch('batch_research_fixture', null);
  let pages = 0;
  for (let issue = 0; issue < 90; issue++) {
    const t = Math.floor(rnd() * rnd() * 10); // uneven: a few titles hold most pages
    const year = 1860 + Math.floor(rnd() * 40);
    const date = `${year}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
    const count = 1 + Math.floor(rnd() * 3);
    const list = [];
    for (let s = 1; s <= count; s++) {
      const words = Array.from({ length: 12 }, () => WORDS[Math.floor(rnd() * WORDS.length)]);
      if (rnd() < 0.3) words.splice(3, 0, 'civil', 'war');
      if (rnd() < 0.3) words.push(ODD[Math.floor(rnd() * ODD.length)]);
      const text = words.join(' ');
      list.push({
        sequence: s,
        number: s === 2 ? null : String(s),
        width: 1000,
        height: 1400,
        imagePath: null,
        pdfPath: null,
        altoPath: null,
        ocrText: text,
        words: layout(text),
      });
    }
    try {
      await store.ingest.writeIssue(batch, { lccn: `sn9${String(t).padStart(4, '0')}`, dateIssued: date, edition: 1 + (issue % 2), pages: list });
      pages += count;
    } catch {
      /* the same title, date and edition drawn twice: the first one stands */
    }
  }
  await store.ingest.finishBatch(batch, 'complete', {});
  const all = (await store.sites.create({ slug: 'all', name: 'All titles', isDefault: true, origins: ['http://all.test'] })).id;
  const few = (await store.sites.create({ slug: 'few', name: 'Two titles', origins: ['http://few.test'] })).id;
  await store.sites.setTitleIds(few, [titles[1], titles[2]]);
  return { sites: { all, few }, titles, pages };
}
