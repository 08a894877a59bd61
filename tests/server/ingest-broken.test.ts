// A copy of the real Bee batch, broken on purpose one issue at a time: each problem is reported with its
// path and skipped, and everything else still loads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, readFileSync, rmSync, truncateSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { ingestBatch, type IngestReport } from '../../server/ingest';
import type { WordBox } from '../../server/store/types';
import { BEE_BATCH, copyBatch, MARC, tempDir, type BatchCopy } from './ingest-fixtures';

let copy: BatchCopy;
let dataDir: string;
let store: SqliteStore;
let report: IngestReport;

const edit = (file: string, fn: (s: string) => string) => writeFileSync(file, fn(readFileSync(file, 'utf8')));
const pageOf = (date: string) =>
  store.db.prepare('SELECT p.*, w.words FROM pages p JOIN page_words w ON w.page_id = p.id WHERE p.date_issued = ?').get(date) as
    | { uid: string; image_path: string | null; pdf_path: string | null; alto_path: string | null; width: number | null; ocr_text: string; words: string }
    | undefined;

beforeAll(async () => {
  copy = copyBatch(BEE_BATCH, 'batch_broken_ver01', 9);
  const [d03, d04, d05, , d07, d08, d09, d10, d11] = copy.issueDirs;
  // 03: malformed METS
  truncateSync(copy.metsFiles[0], Math.floor(statSync(copy.metsFiles[0]).size / 2));
  // 04: the PDF is missing (and there is no JP2): the page loads with its text, without an image
  unlinkSync(join(d04, '0011.pdf'));
  // 05: the METS points the ALTO outside the batch
  edit(copy.metsFiles[2], (s) => s.replace('xlink:href="0019.xml"', 'xlink:href="../../../../../../../../etc/passwd"'));
  // 06: the batch file points the issue's METS outside the batch
  edit(join(copy.dir, 'data/batch_1.xml'), (s) => s.replace('sn99021999/0020653817A/1887030601/1887030601_1.xml', '../../../outside/1887030601_1.xml'));
  // 07: truncated PDF
  truncateSync(join(d07, '0040.pdf'), Math.floor(statSync(join(d07, '0040.pdf')).size * 0.4));
  // 08: malformed ALTO
  truncateSync(join(d08, '0048.xml'), 500_000);
  // 09: a JPEG 2000 image is present (the reel's target image stands in for it): it is used
  copyFileSync(join(BEE_BATCH, 'data/sn99021999/0020653817A/0002.jp2'), join(d09, '0056.jp2'));
  // 10: Unicode in the OCR, one accent written decomposed (e + U+0301)
  edit(join(d10, '0064.xml'), (s) => {
    let n = 0;
    const repl = ['Müller', 'cafe\u0301', 'Straße', 'naïve', '📰'];
    return s.replace(/CONTENT="THE"/g, (m) => (n < repl.length ? `CONTENT="${repl[n++]}"` : m));
  });
  // 11: an unreadable JP2 (garbage): reported, and the PDF's image is used instead
  writeFileSync(join(d11, '0072.jp2'), Buffer.from('this is not a JPEG 2000 file'.repeat(100)));
  void d03;
  void d05;

  dataDir = tempDir('broken');
  store = createSqliteStore(dataDir);
  report = await ingestBatch(store, dataDir, copy.dir, { marcDir: MARC });
}, 180_000);

afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dirname(copy.dir), { recursive: true, force: true });
});

const skippedFor = (pathPart: string) => report.skipped.filter((s) => s.path.includes(pathPart));

describe('a batch with broken files', () => {
  it('loads every issue that has something usable and skips the two that do not', () => {
    expect(report.issues).toEqual({ total: 9, loaded: 7, alreadyLoaded: 0, skipped: 2 });
    expect(report.status).toBe('complete');
  });

  it('reports malformed METS with its path and skips the issue', () => {
    const [s] = skippedFor('1887030301_1.xml');
    expect(s.path).toBe('data/sn99021999/0020653817A/1887030301/1887030301_1.xml');
    expect(s.reason).toMatch(/^malformed XML: .+/);
    expect(pageOf('1887-03-03')).toBeUndefined();
  });

  it('reports a missing PDF and still loads the page text without an image', () => {
    expect(report.missingFiles).toContain('data/sn99021999/0020653817A/1887030401/0011.pdf');
    const p = pageOf('1887-03-04')!;
    expect(p.image_path).toBeNull();
    expect(p.pdf_path).toBeNull();
    expect(p.ocr_text.length).toBeGreaterThan(10_000);
    expect(report.warnings.some((w) => w.includes('1887030401') && /no page image/.test(w))).toBe(true);
  });

  it('refuses a METS href that leaves the batch folder, reading nothing outside it', () => {
    const [s] = skippedFor('etc/passwd');
    expect(s.reason).toMatch(/escapes the batch folder/);
    const p = pageOf('1887-03-05')!;
    expect(p.alto_path).toBeNull();
    expect(p.ocr_text).toBe('');
    expect(p.image_path).not.toBeNull(); // the rest of the page still loads
  });

  it('refuses an issue path in the batch file that leaves the batch folder', () => {
    const [s] = skippedFor('outside');
    expect(s.reason).toMatch(/escapes the batch folder/);
    expect(pageOf('1887-03-06')).toBeUndefined();
  });

  it('reports a truncated PDF and does not keep it', () => {
    const [s] = skippedFor('1887030701/0040.pdf');
    expect(s.reason).toMatch(/truncated/);
    const p = pageOf('1887-03-07')!;
    expect(p.pdf_path).toBeNull();
    expect(p.image_path).toBeNull();
    expect(p.ocr_text.length).toBeGreaterThan(10_000);
  });

  it('reports malformed ALTO and keeps the page image and PDF', () => {
    const [s] = skippedFor('1887030801/0048.xml');
    expect(s.reason).toMatch(/malformed XML/i);
    const p = pageOf('1887-03-08')!;
    expect(p.ocr_text).toBe('');
    expect(p.image_path).not.toBeNull();
    expect(p.pdf_path).not.toBeNull();
  });

  it('takes the page image from the JPEG 2000 file when there is one', () => {
    const p = pageOf('1887-03-09')!;
    expect(p.image_path).toMatch(/1887030901\/0056\.tif$/);
    expect(p.width).toBe(4628); // the JP2's size, not the PDF image's 2,8xx
    // Word boxes follow the image actually used.
    const words = JSON.parse(p.words) as WordBox[];
    expect(Math.max(...words.map((w) => w[1] + w[3]))).toBeLessThanOrEqual(4628);
  });

  it('falls back to the PDF image when the JPEG 2000 file is unreadable', () => {
    const [s] = skippedFor('1887031101/0072.jp2');
    expect(s.reason).toMatch(/unreadable image/);
    const p = pageOf('1887-03-11')!;
    expect(p.image_path).toMatch(/0072\.tif$/);
    expect(p.width).toBeGreaterThan(2000);
  });

  it('stores Unicode text composed (NFC), in the text and the words', () => {
    const p = pageOf('1887-03-10')!;
    for (const word of ['Müller', 'café', 'Straße', 'naïve', '📰']) expect(p.ocr_text).toContain(word);
    expect(p.ocr_text).not.toContain('cafe\u0301');
    const words = (JSON.parse(p.words) as WordBox[]).map((w) => w[0]);
    expect(words).toContain('café');
    expect(words).toContain('📰');
  });

  it('makes that text findable by the full-text index, accents folded', () => {
    const find = (q: string) => store.db.prepare('SELECT p.date_issued FROM pages_fts f JOIN pages p ON p.id = f.rowid WHERE pages_fts MATCH ?').pluck().all(q);
    expect(find('cafe')).toEqual(['1887-03-10']);
    expect(find('"café"')).toEqual(['1887-03-10']);
    expect(find('muller')).toEqual(['1887-03-10']);
  });
});
