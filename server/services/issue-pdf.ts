// One PDF of a whole issue (issue #36), written page by page: each page's PDF (or, for a page without one,
// its image on a page of its own) is read, copied into the output's object table, written out and dropped
// before the next page is read, so memory holds one page at a time whatever the issue's length. The page
// tree, catalogue and cross-reference table (a few bytes a page) are written last.
import { readFile } from 'node:fs/promises';
import { PDFDocument, PDFHexString, PDFName, PDFRef, type PDFObject } from '@cantoo/pdf-lib';

/** What one page of the issue is made from: its PDF's bytes, or a JPEG of its image and the page's size in points. */
export type PageSource = { pdf: () => Promise<Uint8Array | null>; jpeg: () => Promise<{ data: Uint8Array; width: number; height: number } | null> };

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** A one-page PDF of a JPEG, fitted to the image's aspect at 72 points an inch of a 1200-pixel-wide page. */
async function imagePagePdf(jpeg: { data: Uint8Array; width: number; height: number }): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const image = await doc.embedJpg(jpeg.data);
  const w = 612;
  const h = Math.round((w * jpeg.height) / jpeg.width);
  doc.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
  return doc.save({ useObjectStreams: false });
}

/**
 * Yields the PDF's bytes. A page with neither a readable PDF nor an image is left out (the issue page
 * says which pages have files); an issue with no page at all gives a PDF of no pages, which callers avoid.
 */
export async function* issuePdf(pages: PageSource[], info: { title: string }): AsyncGenerator<Buffer> {
  const out = await PDFDocument.create({ updateMetadata: false });
  const ctx = out.context;
  // The output's own catalogue and page tree from create() are never written: ours are, at the end.
  const skipped = new Set(ctx.enumerateIndirectObjects().map(([ref]) => ref.objectNumber));
  for (const n of skipped) ctx.delete(PDFRef.of(n));
  const pagesRef = ctx.nextRef();
  const offsets = new Map<number, number>();
  const kids: PDFRef[] = [];
  let at = 0;
  const emit = (b: Buffer) => {
    at += b.length;
    return b;
  };
  yield emit(Buffer.concat([latin1('%PDF-1.7\n%'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]), latin1('\n')]));

  const writeObject = (ref: PDFRef, obj: PDFObject): Buffer => {
    const body = Buffer.alloc(obj.sizeInBytes());
    obj.copyBytesInto(body, 0);
    offsets.set(ref.objectNumber, at);
    return emit(Buffer.concat([latin1(`${ref.objectNumber} ${ref.generationNumber} obj\n`), body, latin1('\nendobj\n')]));
  };

  for (const page of pages) {
    let bytes = await page.pdf().catch(() => null);
    let src = bytes ? await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false }).catch(() => null) : null;
    if (!src) {
      const jpeg = await page.jpeg().catch(() => null);
      bytes = jpeg ? await imagePagePdf(jpeg) : null;
      src = bytes ? await PDFDocument.load(bytes, { updateMetadata: false }) : null;
    }
    if (!src) continue;
    const copied = await out.copyPages(src, src.getPageIndices());
    for (const p of copied) {
      p.node.set(PDFName.of('Parent'), pagesRef);
      kids.push(p.ref);
    }
    const chunks: Buffer[] = [];
    for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
      chunks.push(writeObject(ref, obj));
      ctx.delete(ref);
    }
    yield Buffer.concat(chunks);
  }

  const catalogRef = ctx.nextRef();
  const pagesDict = ctx.obj({ Type: 'Pages', Kids: kids, Count: kids.length });
  const catalog = ctx.obj({ Type: 'Catalog', Pages: pagesRef });
  const infoRef = ctx.nextRef();
  const infoDict = ctx.obj({ Producer: 'Newspaper archive', Title: PDFHexString.fromText(info.title) });
  const tail = [writeObject(pagesRef, pagesDict), writeObject(catalogRef, catalog), writeObject(infoRef, infoDict)];
  const size = ctx.largestObjectNumber + 1;
  const xrefAt = at;
  const rows = ['xref', `0 ${size}`, '0000000000 65535 f '];
  for (let n = 1; n < size; n++) {
    const o = offsets.get(n);
    rows.push(o === undefined ? '0000000000 00000 f ' : `${String(o).padStart(10, '0')} 00000 n `);
  }
  tail.push(
    latin1(
      `${rows.join('\n')}\ntrailer\n<< /Size ${size} /Root ${catalogRef.objectNumber} 0 R /Info ${infoRef.objectNumber} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    ),
  );
  yield Buffer.concat(tail);
}

/** A page's PDF read from disk, or null. */
export const readPdf = (path: string | null) => async () => (path ? new Uint8Array(await readFile(path)) : null);
