import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { checkDeclaredSize, DEFAULT_INGEST_LIMITS, jp2DeclaredSize, runCapped, type IngestLimits } from './limits';

/** The one image form pages are served from (team rule): 256-px tiles, a pyramid, JPEG inside TIFF. */
export const PYRAMID_TIFF = { tile: true, tileWidth: 256, tileHeight: 256, pyramid: true, compression: 'jpeg', quality: 82 } as const;

export type ImageSource = { kind: 'jp2'; path: string } | { kind: 'jpeg'; data: Buffer; path: string };

/** sharp cannot read JPEG 2000: Debian's vips (openjpeg) writes the same pyramid; opj_decompress is the fallback. */
async function jp2ToPyramid(src: string, out: string, limits: IngestLimits): Promise<void> {
  const declared = await jp2DeclaredSize(src);
  if (!declared) throw new Error('no image size in the JPEG 2000 headers (not a JPEG 2000 file?)');
  checkDeclaredSize('The JPEG 2000 image', declared.width, declared.height, limits);
  const capped = { timeout: 300_000, maxFileBytes: limits.maxFileBytes };
  try {
    await runCapped(
      'vips',
      ['tiffsave', src, out, '--tile', '--tile-width', '256', '--tile-height', '256', '--pyramid', '--compression', 'jpeg', '--Q', '82'],
      capped,
    );
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(
        `vips could not read the JPEG 2000 image: ${String((err as { stderr?: string }).stderr ?? err)
          .trim()
          .slice(0, 200)}`,
      );
  }
  const dir = await mkdtemp(join(tmpdir(), 'ingest-jp2-'));
  try {
    const flat = join(dir, 'page.tif');
    await runCapped('opj_decompress', ['-i', src, '-o', flat], capped);
    await sharp(flat, { limitInputPixels: limits.maxImagePixels }).tiff(PYRAMID_TIFF).toFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Writes the page's tiled pyramidal TIFF to `outPath` (atomically: a killed ingest never leaves half a file
 * under the final name) and returns the image size in pixels. Throws when the source cannot be decoded, and
 * ImageTooLargeError, before decoding anything, when its declared size is over the limits.
 */
export async function writePyramid(
  source: ImageSource,
  outPath: string,
  limits: IngestLimits = DEFAULT_INGEST_LIMITS,
): Promise<{ width: number; height: number }> {
  const tmp = `${outPath}.${process.pid}.part.tif`;
  try {
    if (source.kind === 'jp2') await jp2ToPyramid(source.path, tmp, limits);
    else {
      const declared = await sharp(source.data).metadata(); // the JPEG's frame header only
      checkDeclaredSize("The PDF's page image", declared.width ?? 0, declared.height ?? 0, limits);
      await sharp(source.data, { failOn: 'error', limitInputPixels: limits.maxImagePixels }).tiff(PYRAMID_TIFF).toFile(tmp);
    }
    const meta = await sharp(tmp).metadata();
    if (!meta.width || !meta.height) throw new Error('the converted image has no size');
    await rename(tmp, outPath);
    return { width: meta.width, height: meta.height };
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
