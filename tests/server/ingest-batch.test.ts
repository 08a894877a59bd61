// Ingest of both real NDNP batches (shared corpus) into a temp DATA_DIR and SQLite store: titles from MARC,
// issues and pages, word boxes, hyphenation, files kept, re-run and purge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { ingestBatch, purgeBatch, type IngestReport } from '../../server/ingest';
import type { WordBox } from '../../server/store/types';
import { BEE_BATCH, MARC, STAR_BATCH, tempDir } from './ingest-fixtures';

let dataDir: string;
let store: SqliteStore;
let star: IngestReport;
let bee: IngestReport;

const STAR_DATES = [
  '1859-02-21',
  '1860-01-02',
  '1861-07-19',
  '1862-08-25',
  '1863-01-01',
  '1865-10-02',
  '1866-04-30',
  '1867-01-01',
  '1868-05-19',
  '1869-07-31',
  '1870-03-15',
  '1915-03-22',
  '1916-08-26',
  '1918-09-01',
  '1920-11-15',
];

beforeAll(async () => {
  dataDir = tempDir('batch');
  store = createSqliteStore(dataDir);
  // Text and words only for the larger batch (image conversion is the slow part; the Bee batch covers it).
  star = await ingestBatch(store, dataDir, STAR_BATCH, { marcDir: MARC, images: false });
  bee = await ingestBatch(store, dataDir, BEE_BATCH, { marcDir: MARC });
}, 180_000);

afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const q = <T>(sql: string, ...args: unknown[]) => store.db.prepare(sql).all(...args) as T[];

describe('titles from MARC records', () => {
  it('names and places each title as its catalogue record does', () => {
    const rows = q<{
      lccn: string;
      name: string;
      city: string;
      county: string | null;
      state: string;
      country: string;
      start_year: number;
      end_year: number;
      language: string;
      frequency: string;
    }>(
      `SELECT t.lccn, t.name, c.name AS city, c.county, s.name AS state, co.name AS country, t.start_year, t.end_year, t.language, t.frequency
       FROM titles t JOIN cities c ON c.id = t.city_id JOIN states s ON s.id = c.state_id JOIN countries co ON co.id = s.country_id ORDER BY t.lccn`,
    );
    expect(rows).toEqual([
      {
        lccn: 'sn83045462',
        name: 'Evening star',
        city: 'Washington',
        county: null,
        state: 'District of Columbia',
        country: 'United States',
        start_year: 1854,
        end_year: 1972,
        language: 'eng',
        frequency: 'Daily',
      },
      {
        lccn: 'sn99021999',
        name: 'Omaha daily bee',
        city: 'Omaha',
        county: 'Douglas',
        state: 'Nebraska',
        country: 'United States',
        start_year: 1870,
        end_year: 1922,
        language: 'eng',
        frequency: 'Daily',
      },
    ]);
    expect(star.titles).toEqual([{ lccn: 'sn83045462', name: 'Evening star', source: 'marc' }]);
  });
});

describe('issues and pages', () => {
  it('loads every issue of both batches with its date, and one page each', () => {
    expect(star.issues).toEqual({ total: 15, loaded: 15, alreadyLoaded: 0, skipped: 0 });
    expect(bee.issues).toEqual({ total: 9, loaded: 9, alreadyLoaded: 0, skipped: 0 });
    const starDates = q<{ date_issued: string }>(
      "SELECT i.date_issued FROM issues i JOIN titles t ON t.id = i.title_id WHERE t.lccn = 'sn83045462' ORDER BY 1",
    ).map((r) => r.date_issued);
    expect(starDates).toEqual(STAR_DATES);
    const beeDates = q<{ date_issued: string }>(
      "SELECT i.date_issued FROM issues i JOIN titles t ON t.id = i.title_id WHERE t.lccn = 'sn99021999' ORDER BY 1",
    ).map((r) => r.date_issued);
    expect(beeDates).toEqual(Array.from({ length: 9 }, (_, i) => `1887-03-${String(i + 3).padStart(2, '0')}`));
    expect(q<{ n: number }>('SELECT COUNT(*) AS n FROM pages')[0].n).toBe(24);
  });

  it('keeps volume, issue number, reel and sequence from the METS', () => {
    const [issue] = q<{ uid: string; volume: string; number: string; edition: number }>(
      "SELECT uid, volume, number, edition FROM issues WHERE date_issued = '1859-02-21'",
    );
    expect(issue).toEqual({ uid: 'sn83045462-1859-02-21-ed1', volume: '13', number: '1,887', edition: 1 });
    const [page] = q<{ uid: string; sequence: number; reel: string }>("SELECT uid, sequence, reel FROM pages WHERE date_issued = '1859-02-21'");
    expect(page).toEqual({ uid: 'sn83045462-1859-02-21-ed1-seq1', sequence: 1, reel: '00280654139' });
  });

  it('counts pages per decade as the browse lists will show them', () => {
    const decades = q<{ decade: number; n: number }>(
      "SELECT decade, COUNT(*) AS n FROM pages p JOIN titles t ON t.id = p.title_id WHERE t.lccn = 'sn83045462' GROUP BY decade ORDER BY decade",
    );
    expect(decades).toEqual([
      { decade: 1850, n: 1 },
      { decade: 1860, n: 9 },
      { decade: 1870, n: 1 },
      { decade: 1910, n: 3 },
      { decade: 1920, n: 1 },
    ]);
  });

  it('reports the JPEG 2000 files the METS names but the batch lacks, and takes the image from the PDF', () => {
    expect(star.missingFiles).toContain('data/sn83045462/00280654139/1859022101/0007.jp2');
    expect(star.missingFiles.some((f) => f.endsWith('.tif'))).toBe(false);
    expect(bee.missingFiles).toContain('data/sn99021999/0020653817A/1887030301/0003.jp2');
    expect(bee.pages).toMatchObject({ loaded: 9, withImage: 9, withoutImage: 0, skipped: 0 });
    expect(star.pages).toMatchObject({ loaded: 15, skipped: 0 });
    expect(star.skipped).toEqual([]);
  });

  it('saves the report with the batch', async () => {
    const row = await store.ingest.getBatch('batch_dlc_manyyears_ver01');
    expect(row?.status).toBe('complete');
    expect(row?.report).toMatchObject({ batch: 'batch_dlc_manyyears_ver01', issues: { loaded: 15 } });
  });
});

describe('in the archive', () => {
  it('shows the titles, places and years through the browse lists', async () => {
    const site = await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['http://archive.test'] });
    const places = await store.browse.places(site.id);
    expect(places.countries.map((c) => c.name)).toEqual(['United States']);
    expect(places.states.map((s) => s.name).sort()).toEqual(['District of Columbia', 'Nebraska']);
    expect(places.cities.map((c) => c.name).sort()).toEqual(['Omaha', 'Washington']);
    const titles = await store.browse.titleCounts(site.id);
    expect(titles.map((t) => [t.name, t.pages, t.firstYear, t.lastYear]).sort()).toEqual([
      ['Evening star', 15, 1859, 1920],
      ['Omaha daily bee', 9, 1887, 1887],
    ]);
    const years = await store.browse.yearCounts(site.id);
    expect(years.find((y) => y.year === 1887)?.pages).toBe(9);
    expect(years.reduce((n, y) => n + y.pages, 0)).toBe(24);
  });
});

describe('page files and words', () => {
  const page = (uid: string) =>
    q<{ id: number; width: number; height: number; image_path: string; pdf_path: string; alto_path: string; ocr_text: string; word_count: number }>(
      'SELECT * FROM pages WHERE uid = ?',
      uid,
    )[0];
  const wordsOf = (id: number) => JSON.parse(q<{ words: string }>('SELECT words FROM page_words WHERE page_id = ?', id)[0].words) as WordBox[];

  it('converts the PDF page image into a tiled pyramidal TIFF of the same size', async () => {
    const p = page('sn99021999-1887-03-03-ed1-seq1');
    expect(p.image_path).toBe('batches/batch_nbu_manyissues_ver01/data/sn99021999/0020653817A/1887030301/0003.tif');
    const meta = await sharp(join(dataDir, p.image_path)).metadata();
    expect(meta).toMatchObject({ format: 'tiff', width: 2776, height: 3606 });
    expect(meta.pages).toBeGreaterThanOrEqual(4); // the pyramid's levels
    expect([p.width, p.height]).toEqual([2776, 3606]);
  });

  it('keeps the PDF and the ALTO byte for byte', () => {
    const p = page('sn99021999-1887-03-03-ed1-seq1');
    const src = join(BEE_BATCH, 'data/sn99021999/0020653817A/1887030301');
    expect(readFileSync(join(dataDir, p.pdf_path)).equals(readFileSync(join(src, '0003.pdf')))).toBe(true);
    expect(readFileSync(join(dataDir, p.alto_path), 'utf8')).toBe(readFileSync(join(src, '0003.xml'), 'utf8'));
  });

  it('puts every word box inside its page', () => {
    for (const p of q<{ id: number; uid: string; width: number; height: number; word_count: number }>('SELECT id, uid, width, height, word_count FROM pages')) {
      const words = wordsOf(p.id);
      expect(words.length, p.uid).toBe(p.word_count);
      expect(words.length, p.uid).toBeGreaterThan(3000);
      const inside = (x: number, y: number, w: number, h: number) => x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= p.width && y + h <= p.height;
      // Collect the offenders (one expect per page: 200,000 expects would dominate the suite's time).
      const outside = words.filter(([text, x, y, w, h, rest]) => !text || !inside(x, y, w, h) || (rest && !inside(...rest)));
      expect(outside.slice(0, 3), p.uid).toEqual([]);
    }
  });

  it('places a known word where the ALTO says, scaled from 1/1200 inch to image pixels', () => {
    // ALTO: <String CONTENT="OMAHA" HEIGHT="800.0" WIDTH="3456.0" HPOS="7808.0" VPOS="808.0"/> on a 22204 x 28848 page.
    const p = page('sn99021999-1887-03-03-ed1-seq1');
    const omaha = wordsOf(p.id).find((w) => w[0] === 'OMAHA')!;
    const sx = 2776 / 22204;
    const sy = 3606 / 28848;
    expect(omaha.slice(1, 5)).toEqual([Math.round(7808 * sx), Math.round(808 * sy), Math.round(3456 * sx), Math.round(800 * sy)]);
  });

  it('joins words hyphenated across lines into one word with both halves boxed', () => {
    const p = page('sn83045462-1920-11-15-ed1-seq1');
    const words = wordsOf(p.id);
    // <String CONTENT="As" SUBS_TYPE="HypPart1" SUBS_CONTENT="Association"/><HYP/> ... <String CONTENT="sociation" SUBS_TYPE="HypPart2"/>
    const assoc = words.find((w) => w[0] === 'Association' && w[5]);
    expect(assoc).toBeDefined();
    expect(assoc![5]![1]).toBeGreaterThan(assoc![2]); // the second half sits on the next line
    expect(words.some((w) => w[0] === 'sociation')).toBe(false);
    expect(p.ocr_text).toContain('discussions');
    expect(p.ocr_text).not.toMatch(/\bsociation\b/);
  });

  it('joins HYP-marked words without SUBS_CONTENT (older ALTO) from their two parts', () => {
    const p = page('sn99021999-1887-03-03-ed1-seq1');
    const joined = wordsOf(p.id).filter((w) => w[5]);
    expect(joined.length).toBeGreaterThan(50);
    expect(joined.map((w) => w[0])).toContain('Telegram');
  });

  it('joins a line that ends in a hyphen with no HYP ("Tele-" then "cram"), in the words and in the indexed text', () => {
    // <String CONTENT="Tele-" .../></TextLine><TextLine ...><String CONTENT="cram" .../>: the OCR kept the hyphen.
    const p = page('sn99021999-1887-03-03-ed1-seq1');
    const word = wordsOf(p.id).find((w) => w[0] === 'Telecram');
    expect(word?.[5]).toBeDefined(); // both halves boxed
    expect(p.ocr_text).toMatch(/\bTelecram\b/);
    expect(p.ocr_text).not.toMatch(/\bTele- cram\b|\bTele-\n/);
  });
});

describe('running again and purging', () => {
  it('changes nothing when the same batch is loaded again', async () => {
    const before = q<{ uid: string; id: number; ocr_text: string }>('SELECT uid, id, ocr_text FROM pages ORDER BY id');
    const again = await ingestBatch(store, dataDir, STAR_BATCH, { marcDir: MARC, images: false });
    expect(again.issues).toEqual({ total: 15, loaded: 0, alreadyLoaded: 15, skipped: 0 });
    expect(q('SELECT uid, id, ocr_text FROM pages ORDER BY id')).toEqual(before);
  });

  it('removes a batch with its pages and files, leaving the other batch whole', async () => {
    const files = join(dataDir, 'batches/batch_nbu_manyissues_ver01');
    expect(existsSync(files)).toBe(true);
    expect(await purgeBatch(store, dataDir, 'batch_nbu_manyissues_ver01')).toEqual({ issues: 9, pages: 9 });
    expect(existsSync(files)).toBe(false);
    expect(q<{ n: number }>("SELECT COUNT(*) AS n FROM pages WHERE uid LIKE 'sn99021999-%'")[0].n).toBe(0);
    expect(q<{ n: number }>('SELECT COUNT(*) AS n FROM page_words')[0].n).toBe(15);
    expect(await store.ingest.getBatch('batch_nbu_manyissues_ver01')).toBeNull();
    expect(await purgeBatch(store, dataDir, 'batch_nbu_manyissues_ver01')).toBeNull();
  });
});
