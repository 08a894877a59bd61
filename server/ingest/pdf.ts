import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkDeclaredSize, DEFAULT_INGEST_LIMITS, ImageTooLargeError, runCapped, type IngestLimits } from './limits';

/** True when the buffer looks like a whole PDF: the header and an end-of-file marker near the end. */
export function isCompletePdf(buf: Buffer): boolean {
  if (buf.length < 32 || buf.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  return buf
    .subarray(Math.max(0, buf.length - 2048))
    .toString('latin1')
    .includes('%%EOF');
}

const isJpeg = (b: Buffer) => b.length > 4 && b[0] === 0xff && b[1] === 0xd8 && b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9;

/**
 * Takes the page image out of an NDNP PDF without decoding it: the largest DCTDecode (JPEG) image stream,
 * byte for byte. Returns null when none is found whole (e.g. a truncated file).
 */
export function embeddedJpeg(pdf: Buffer): Buffer | null {
  const text = pdf.toString('latin1'); // 1 byte = 1 char, so string offsets are byte offsets
  let best: Buffer | null = null;
  for (let at = text.indexOf('/DCTDecode'); at >= 0; at = text.indexOf('/DCTDecode', at + 10)) {
    const dictStart = text.lastIndexOf('obj', at);
    const streamAt = text.indexOf('stream', at);
    if (dictStart < 0 || streamAt < 0 || streamAt - at > 4096) continue;
    const dict = text.slice(dictStart, streamAt);
    let start = streamAt + 6;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const len = dict.match(/\/Length\s+(\d+)(\s+\d+\s+R)?/);
    let end: number;
    if (len && !len[2]) end = start + Number(len[1]);
    else {
      const e = text.indexOf('endstream', start);
      if (e < 0) continue;
      end = e;
    }
    if (end > pdf.length) continue; // truncated inside the stream
    let data = pdf.subarray(start, end);
    // Trim the line break some writers put before 'endstream'.
    while (
      data.length > 2 &&
      !(data[data.length - 2] === 0xff && data[data.length - 1] === 0xd9) &&
      (data[data.length - 1] === 0x0a || data[data.length - 1] === 0x0d)
    )
      data = data.subarray(0, data.length - 1);
    if (isJpeg(data) && (!best || data.length > best.length)) best = Buffer.from(data);
  }
  return best;
}

/**
 * Fallback for PDFs our scanner cannot read (object streams, odd filters): poppler's `pdfimages -j`. It
 * writes images that are not JPEG decoded (PPM), so the first page's images are listed first and their
 * declared sizes checked (ImageTooLargeError), and the tool runs with a cap on the files it writes.
 */
export async function pdfimagesJpeg(pdfPath: string, limits: IngestLimits = DEFAULT_INGEST_LIMITS): Promise<Buffer | null> {
  const dir = await mkdtemp(join(tmpdir(), 'ingest-pdfimages-'));
  const capped = { timeout: 60_000, maxFileBytes: limits.maxFileBytes };
  try {
    const { stdout } = await runCapped('pdfimages', ['-list', '-f', '1', '-l', '1', pdfPath], capped);
    // "page num type width height color ...", a dashed rule, then one row per image.
    for (const row of String(stdout).split('\n').slice(2)) {
      const cols = row.trim().split(/\s+/);
      if (cols.length < 5) continue;
      checkDeclaredSize(`An image inside the PDF (${cols[2]})`, Number(cols[3]), Number(cols[4]), limits);
    }
    await runCapped('pdfimages', ['-j', '-f', '1', '-l', '1', pdfPath, join(dir, 'img')], capped);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.jpg'));
    let best: Buffer | null = null;
    for (const f of files) {
      const b = await readFile(join(dir, f));
      if (isJpeg(b) && (!best || b.length > best.length)) best = b;
    }
    return best;
  } catch (err) {
    if (err instanceof ImageTooLargeError) throw err;
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
