// Issue #34 (11): a hostile batch cannot make ingest decode without limit. Page images whose headers declare
// more pixels than the cap are refused before decoding, page by page in the report (the JP2 falls back to
// the PDF's image), and an ALTO or METS declaring its own entities ("billion laughs") is reported, not
// expanded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { ingestBatch, type IngestReport } from '../../server/ingest';
import { ImageTooLargeError, jp2DeclaredSize, runCapped } from '../../server/ingest/limits';
import { readAlto } from '../../server/ingest/alto';
import { BEE_BATCH, copyBatch, MARC, tempDir, type BatchCopy } from './ingest-fixtures';

const REEL_JP2 = join(BEE_BATCH, 'data/sn99021999/0020653817A/0002.jp2'); // 4628 x 8288
const MB = 1024 * 1024;

/** The reel's JP2 with its image header and codestream SIZ both claiming `side` x `side` pixels. */
function hugeJp2(side: number): Buffer {
  const b = Buffer.from(readFileSync(REEL_JP2));
  const ihdr = b.indexOf('ihdr', 0, 'latin1');
  b.writeUInt32BE(side, ihdr + 4);
  b.writeUInt32BE(side, ihdr + 8);
  const siz = b.indexOf(Buffer.from([0xff, 0x4f, 0xff, 0x51]));
  b.writeUInt32BE(side, siz + 8);
  b.writeUInt32BE(side, siz + 12);
  return b;
}

const laughs = (root: string) => {
  let ents = '<!ENTITY lol "lol">';
  for (let i = 1; i <= 9; i++) ents += `<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`;
  return `<?xml version="1.0"?>\n<!DOCTYPE ${root} [${ents}]>\n`;
};

let copy: BatchCopy;
let small: BatchCopy;
let dataDir: string;
let store: SqliteStore;
let report: IngestReport;
let strict: IngestReport;

beforeAll(async () => {
  copy = copyBatch(BEE_BATCH, 'batch_limits_ver01', 4);
  const [d03, d04, d05, d06] = copy.issueDirs;
  // 03: a real JP2 over the cap (38 Mpx > 12): refused, the PDF's 10 Mpx image is used instead.
  copyFileSync(REEL_JP2, join(d03, '0003.jp2'));
  // 04: a JP2 whose headers claim 100,000 x 100,000 pixels: refused before vips or openjpeg see it.
  writeFileSync(join(d04, '0011.jp2'), hugeJp2(100_000));
  // 05: a billion-laughs METS.
  const mets = readFileSync(copy.metsFiles[2], 'utf8').replace(/^<\?xml[^>]*>\s*/, '');
  writeFileSync(copy.metsFiles[2], laughs('mets') + mets.replace(/<mets([^>]*)>/, (_m, attrs: string) => `<mets${attrs}><!-- &lol9; -->`));
  // 06: a billion-laughs ALTO, referencing the entity in a word.
  const alto = readFileSync(join(d06, '0027.xml'), 'utf8').replace(/^<\?xml[^>]*>\s*/, '');
  writeFileSync(join(d06, '0027.xml'), laughs('alto') + alto.replace(/CONTENT="[^"]*"/, 'CONTENT="&lol9;"'));
  void d05;

  dataDir = tempDir('limits');
  store = createSqliteStore(dataDir);
  report = await ingestBatch(store, dataDir, copy.dir, { marcDir: MARC, limits: { maxImagePixels: 12_000_000, maxFileBytes: 256 * MB } });

  // A cap below the PDF's image too: the page is loaded without an image, both refusals reported.
  small = copyBatch(BEE_BATCH, 'batch_limits_small_ver01', 1);
  copyFileSync(REEL_JP2, join(small.issueDirs[0], '0003.jp2'));
  const strictStore = createSqliteStore(join(dataDir, 'strict'));
  strict = await ingestBatch(strictStore, join(dataDir, 'strict'), small.dir, { marcDir: MARC, limits: { maxImagePixels: 1_000_000, maxFileBytes: 256 * MB } });
  await strictStore.close();
}, 240_000);

afterAll(async () => {
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
  for (const c of [copy, small]) if (c) rmSync(dirname(c.dir), { recursive: true, force: true });
});

const skippedFor = (r: IngestReport, part: string) => r.skipped.filter((s) => s.path.includes(part));
const imageOf = (date: string) =>
  store.db.prepare('SELECT image_path, width, height FROM pages WHERE date_issued = ?').get(date) as
    { image_path: string | null; width: number | null } | undefined;

describe('page image limits', () => {
  it('reads the size a JPEG 2000 declares without decoding it', async () => {
    expect(await jp2DeclaredSize(REEL_JP2)).toEqual({ width: 4628, height: 8288 });
    const f = join(dirname(copy.dir), 'huge.jp2');
    writeFileSync(f, hugeJp2(100_000));
    expect(await jp2DeclaredSize(f)).toEqual({ width: 100_000, height: 100_000 });
  });

  it('refuses a JP2 over the cap, says so for its page, and uses the PDF image instead', () => {
    const [s] = skippedFor(report, '0003.jp2');
    expect(s.reason).toMatch(/^image over the limits: The JPEG 2000 image is 4628 x 8288 pixels \(38 Mpx\), over the 12 Mpx limit \(INGEST_MAX_IMAGE_PIXELS\)/);
    expect(imageOf('1887-03-03')).toMatchObject({ width: 2776 });
    expect(imageOf('1887-03-03')!.image_path).toMatch(/0003\.tif$/);
  });

  it('refuses a JP2 declaring 100,000 x 100,000 pixels before decoding it', () => {
    const [s] = skippedFor(report, '0011.jp2');
    expect(s.reason).toMatch(/100000 x 100000 pixels \(10000 Mpx\), over the 12 Mpx limit/);
    expect(imageOf('1887-03-04')!.image_path).toMatch(/0011\.tif$/);
  });

  it('loads a page without its image when the PDF image is over the cap too, each refusal reported', () => {
    expect(skippedFor(strict, '0003.jp2')[0].reason).toMatch(/^image over the limits: .*4628 x 8288/);
    expect(skippedFor(strict, '0003.pdf')[0].reason).toMatch(/^image over the limits: The PDF's page image is 2776 x 3606 pixels/);
    expect(strict.pages).toMatchObject({ loaded: 1, withImage: 0, withoutImage: 1 });
  });
});

describe('conversion tools under a file-size cap', () => {
  it('stops a tool that writes past the cap, and says a missing tool is missing', async () => {
    const f = join(dirname(copy.dir), 'big.bin');
    const dd = runCapped('dd', ['if=/dev/zero', `of=${f}`, 'bs=1000', 'count=50'], { timeout: 10_000, maxFileBytes: 4000 });
    await expect(dd).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(dd).rejects.toThrow(/dd was stopped: it wrote a file over the 4000 bytes limit \(INGEST_MAX_FILE_MB\)/);
    await expect(runCapped('no-such-conversion-tool', [], { timeout: 10_000, maxFileBytes: 4000 })).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('entity expansion ("billion laughs")', () => {
  it('reports a METS that declares entities and skips its issue', () => {
    const [s] = skippedFor(report, '1887030501_1.xml');
    expect(s.reason).toMatch(/declares its own entities/);
    expect(imageOf('1887-03-05')).toBeUndefined();
  });

  it('reports an ALTO that declares entities and loads its page without text', () => {
    expect(skippedFor(report, '0027.xml')[0].reason).toMatch(/declares its own entities/);
    const textless = report.withoutText.find((t) => t.path.includes('1887030601'));
    expect(textless?.reason).toMatch(/declares its own entities/);
    expect(report.issues).toMatchObject({ total: 4, loaded: 3, skipped: 1 });
  });

  it('never expands an entity the ALTO declares', async () => {
    const f = join(dirname(copy.dir), 'laughs.xml');
    writeFileSync(f, `${laughs('alto')}<alto><Layout><Page><TextLine><String CONTENT="&lol9;"/></TextLine></Page></Layout></alto>`);
    await expect(readAlto(f)).rejects.toThrow(/declares its own entities/);
  });
});
