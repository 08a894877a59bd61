// Encodes rendered pixels with sharp. Files are written under a temporary name and renamed, so an
// interrupted start never leaves a half-written image behind a finished database row.
import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { Raster } from './raster';

/** 'a/b.tif' -> 'a/b.part.tif': keeps the extension so sharp still knows the format. */
const partName = (file: string) => file.replace(/(\.[a-z]+)?$/i, '.part$1');

/** The tiled pyramidal TIFF every page image uses (team rules: 256-px JPEG tiles). */
export async function writePyramidTiff(image: Sharp, file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const part = partName(file);
  await image.tiff({ tile: true, tileWidth: 256, tileHeight: 256, pyramid: true, compression: 'jpeg', quality: 82 }).toFile(part);
  await rename(part, file);
}

/** Writes any sharp pipeline's output atomically. */
export async function writeImage(image: Sharp, file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const part = partName(file);
  await image.toFile(part);
  await rename(part, file);
}

export const rasterImage = (raster: Raster): Sharp => sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: raster.channels } });
