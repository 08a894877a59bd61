// What one page of a batch may cost to convert. A batch is input from outside: a JPEG 2000 or PDF image
// whose header declares 100,000 x 100,000 pixels would otherwise be decoded (by vips, opj_decompress or
// pdfimages) until memory or the disk runs out. Declared sizes are read from the file headers before any
// decoding and pages beyond the cap are reported one by one; the helper tools also run with a cap on the
// size of any file they write.
import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { wholeFromEnv } from '../lib/env';

const execFileP = promisify(execFile);

export interface IngestLimits {
  /** Most pixels (width x height) a page image may declare (INGEST_MAX_IMAGE_PIXELS). */
  maxImagePixels: number;
  /** Largest PDF read, and largest file a conversion tool may write (INGEST_MAX_FILE_MB). */
  maxFileBytes: number;
}

export const DEFAULT_INGEST_LIMITS: IngestLimits = { maxImagePixels: 150_000_000, maxFileBytes: 1024 * 1024 * 1024 };

export function ingestLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): IngestLimits {
  return {
    maxImagePixels: wholeFromEnv(env, 'INGEST_MAX_IMAGE_PIXELS', DEFAULT_INGEST_LIMITS.maxImagePixels, 1, 2_000_000_000),
    maxFileBytes: wholeFromEnv(env, 'INGEST_MAX_FILE_MB', DEFAULT_INGEST_LIMITS.maxFileBytes / 1024 / 1024, 1, 1024) * 1024 * 1024,
  };
}

/** A page image over the limits: reported for its page, never decoded. */
export class ImageTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageTooLargeError';
  }
}

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${bytes} bytes`);
const mpx = (n: number) => `${(n / 1e6).toFixed(n < 1e7 ? 1 : 0)} Mpx`;

/** Throws ImageTooLargeError when a declared size is over the cap (or not a size at all). */
export function checkDeclaredSize(what: string, width: number, height: number, limits: IngestLimits): void {
  if (!(width > 0 && height > 0)) throw new ImageTooLargeError(`${what} declares no usable size (${width} x ${height})`);
  const pixels = width * height;
  if (pixels > limits.maxImagePixels)
    throw new ImageTooLargeError(
      `${what} is ${width} x ${height} pixels (${mpx(pixels)}), over the ${mpx(limits.maxImagePixels)} limit (INGEST_MAX_IMAGE_PIXELS): not converted`,
    );
}

/**
 * The size a JPEG 2000 file declares, read from its headers without decoding: the image header box (ihdr)
 * of a JP2 and the SIZ marker of its codestream (what the decoder really uses), the larger of the two on
 * each side. Also reads a bare codestream (.j2k). Null when neither is found.
 */
export async function jp2DeclaredSize(path: string): Promise<{ width: number; height: number } | null> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const read = async (pos: number, len: number) => {
      const buf = Buffer.alloc(Math.max(0, Math.min(len, size - pos)));
      if (buf.length) await fh.read(buf, 0, buf.length, pos);
      return buf;
    };
    const siz = async (pos: number) => {
      // SOC (FF4F), then SIZ (FF51): Lsiz, Rsiz, Xsiz, Ysiz, XOsiz, YOsiz.
      const b = await read(pos, 24);
      if (b.length < 24 || b.readUInt16BE(0) !== 0xff4f || b.readUInt16BE(2) !== 0xff51) return null;
      return { width: b.readUInt32BE(8) - b.readUInt32BE(16), height: b.readUInt32BE(12) - b.readUInt32BE(20) };
    };
    const bare = await siz(0);
    if (bare) return bare;
    let ihdr: { width: number; height: number } | null = null;
    let code: { width: number; height: number } | null = null;
    // Top-level boxes: length (4), type (4), an 8-byte length when the first is 1; 0 = to the end of the file.
    for (let pos = 0, boxes = 0; pos + 8 <= size && boxes < 10_000; boxes++) {
      const head = await read(pos, 16);
      let len = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      let body = pos + 8;
      if (len === 1) {
        if (head.length < 16) break;
        len = Number(head.readBigUInt64BE(8));
        body = pos + 16;
      } else if (len === 0) len = size - pos;
      if (len < body - pos) break;
      if (type === 'jp2h') {
        // The header box holds the image header box first: ihdr, HEIGHT (4), WIDTH (4).
        const h = await read(body, Math.min(len - (body - pos), 4096));
        const at = h.indexOf('ihdr', 0, 'latin1');
        if (at >= 4 && at + 12 <= h.length) ihdr = { height: h.readUInt32BE(at + 4), width: h.readUInt32BE(at + 8) };
      } else if (type === 'jp2c') {
        code = await siz(body);
        break;
      }
      pos += len;
    }
    if (!ihdr && !code) return null;
    return { width: Math.max(ihdr?.width ?? 0, code?.width ?? 0), height: Math.max(ihdr?.height ?? 0, code?.height ?? 0) };
  } finally {
    await fh.close();
  }
}

/**
 * Runs a conversion tool with a cap on the size of any file it writes (prlimit's RLIMIT_FSIZE: past it the
 * tool is stopped, not the disk filled). Where prlimit is not installed the tool runs without it: the
 * declared-size checks still hold.
 */
export async function runCapped(cmd: string, args: string[], options: { timeout: number; maxFileBytes: number }) {
  try {
    return await execFileP('prlimit', [`--fsize=${options.maxFileBytes}`, '--', cmd, ...args], { timeout: options.timeout });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { path?: string; signal?: string; stderr?: string };
    if (e.code === 'ENOENT' && e.path === 'prlimit') return execFileP(cmd, args, { timeout: options.timeout });
    // The tool is not installed: said the way execFile says it, so callers can fall back to another tool.
    if ((e.code as unknown) === 127 && /failed to execute/.test(String(e.stderr)))
      throw Object.assign(new Error(`${cmd} is not installed`), { code: 'ENOENT' });
    if (e.signal === 'SIGXFSZ')
      throw new ImageTooLargeError(`${cmd} was stopped: it wrote a file over the ${sizeOf(options.maxFileBytes)} limit (INGEST_MAX_FILE_MB)`);
    throw err;
  }
}
