import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { badRequest } from '../errors';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };

/**
 * Saves one uploaded image (logo, hero, banner) under DATA_DIR/media/uploads by content hash. The type is
 * decided by decoding the bytes, never by the file name or the browser's claim; SVG is refused (scripts).
 */
export async function saveUpload(req: FastifyRequest, dataDir: string): Promise<{ path: string; bytes: number; type: string; width: number; height: number }> {
  if (!req.isMultipart()) throw badRequest('Send the image as multipart/form-data in a field named "file".');
  // A body that only claims to be multipart (no parts, cut short, bad boundary) makes the parser throw a
  // plain Error: that is the client's mistake, so a 400, never a 500.
  const file = await req.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } }).catch((err: Error & { statusCode?: number }) => {
    if (err.statusCode && err.statusCode < 500) throw err;
    throw badRequest('The upload is not valid multipart/form-data: send the image in a field named "file".');
  });
  if (!file) throw badRequest('No file was sent.');
  const buf = await file.toBuffer().catch(() => {
    throw badRequest(`The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  });
  if (file.file.truncated) throw badRequest(`The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  let meta: Metadata;
  try {
    meta = await sharp(buf).metadata();
  } catch {
    throw badRequest('That file is not an image we can read (use PNG, JPEG, WebP or GIF).');
  }
  const ext = meta.format ? FORMATS[meta.format] : undefined;
  if (!ext) throw badRequest(`Images must be PNG, JPEG, WebP or GIF, not ${meta.format ?? 'unknown'}.`);
  if (!meta.width || !meta.height || meta.width > 12000 || meta.height > 12000) throw badRequest('The image must be at most 12000 pixels on each side.');
  const name = `${createHash('sha256').update(buf).digest('hex').slice(0, 24)}.${ext}`;
  const dir = join(dataDir, 'media', 'uploads');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), buf);
  return { path: `media/uploads/${name}`, bytes: buf.length, type: `image/${meta.format}`, width: meta.width, height: meta.height };
}
