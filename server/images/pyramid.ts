import { stat } from 'node:fs/promises';
import sharp from 'sharp';
import type { ImageRequest, Size } from './iiif-params';

/** One level of a pyramid: its size and where it is read (a TIFF page of a file). */
export interface Level extends Size {
  path: string;
  page: number;
  /** The level's file is made on first need (deferred.ts). */
  deferred?: boolean;
}

export interface PyramidInfo {
  path: string;
  mtimeMs: number;
  width: number;
  height: number;
  levels: Level[]; // level 0 = full size, each next one half the previous (as vips writes them)
}

const infos = new Map<string, PyramidInfo>();

/** Size and pyramid levels of an image file, cached by path and modification time. */
export async function pyramidInfo(path: string): Promise<PyramidInfo> {
  const st = await stat(path);
  const hit = infos.get(path);
  if (hit && hit.mtimeMs === st.mtimeMs) return hit;
  const meta = await sharp(path).metadata();
  if (!meta.width || !meta.height) throw new Error(`no image size in ${path}`);
  const levels: Level[] = [{ w: meta.width, h: meta.height, path, page: 0 }];
  // A pyramidal TIFF stores its levels as pages; a flat image has only level 0.
  if (meta.format === 'tiff' && (meta.pages ?? 1) > 1) {
    for (let page = 1; page < (meta.pages ?? 1); page++) {
      const m = await sharp(path, { page }).metadata();
      if (!m.width || !m.height || m.width >= levels[page - 1].w) break;
      levels.push({ w: m.width, h: m.height, path, page });
    }
  }
  const info = { path, mtimeMs: st.mtimeMs, width: meta.width, height: meta.height, levels };
  if (infos.size > 2000) infos.clear();
  infos.set(path, info);
  return info;
}

/**
 * A pyramid whose top levels are made on first need: `full` (not there yet, or there) is width x height;
 * the preview's levels follow, the preview being the full size halved a whole number of times.
 */
export async function deferredPyramidInfo(full: string, width: number, height: number, preview: string): Promise<PyramidInfo | null> {
  const p = await pyramidInfo(preview);
  const made = await stat(full).then(
    (st) => st.isFile(),
    () => false,
  );
  const halvings = Math.round(Math.log2(width / p.width));
  if (halvings < 1 || Math.abs(width / 2 ** halvings - p.width) > 1) return null;
  const top: Level[] = Array.from({ length: halvings }, (_, page) => ({
    w: Math.round(width / 2 ** page),
    h: Math.round(height / 2 ** page),
    path: full,
    page,
    deferred: !made,
  }));
  return { path: preview, mtimeMs: p.mtimeMs, width, height, levels: [...top, ...p.levels] };
}

/** The smallest pyramid level that still has at least the requested resolution. */
export function pickLevel(info: PyramidInfo, req: Pick<ImageRequest, 'region' | 'size'>): number {
  const want = Math.min(req.region.w / req.size.w, req.region.h / req.size.h);
  let best = 0;
  info.levels.forEach((lv, i) => {
    if (info.width / lv.w <= want * 1.0001 && info.height / lv.h <= want * 1.0001) best = i;
  });
  return best;
}

const MIME = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * Renders a IIIF image request from the pyramid: reads only the tiles of the best level (libvips decodes
 * on demand), scales to the exact size, then mirrors, rotates and applies the quality, in one pipeline.
 */
export async function renderImage(info: PyramidInfo, req: ImageRequest, level = pickLevel(info, req)): Promise<{ data: Buffer; type: string }> {
  const lv = info.levels[level];
  const fx = info.width / lv.w;
  const fy = info.height / lv.h;
  const left = Math.min(lv.w - 1, Math.round(req.region.x / fx));
  const top = Math.min(lv.h - 1, Math.round(req.region.y / fy));
  const width = Math.max(1, Math.min(lv.w - left, Math.round((req.region.x + req.region.w) / fx) - left));
  const height = Math.max(1, Math.min(lv.h - top, Math.round((req.region.y + req.region.h) / fy) - top));

  let img = sharp(lv.path, { page: lv.page }).extract({ left, top, width, height });
  if (width !== req.size.w || height !== req.size.h) img = img.resize(req.size.w, req.size.h, { fit: 'fill' });
  // Called after extract and resize, sharp mirrors and rotates the scaled region in the same streaming
  // pipeline: no whole decoded copy of the image is held in memory.
  if (req.mirror) img = img.flop();
  if (req.rotation) img = img.rotate(req.rotation);
  if (req.quality === 'gray') img = img.grayscale().toColourspace('b-w');
  else if (req.quality === 'bitonal') img = img.threshold(128).toColourspace('b-w');
  if (req.format === 'jpg') img = img.jpeg({ quality: 82 });
  else if (req.format === 'png') img = img.png({ compressionLevel: 6 });
  else img = img.webp({ quality: 80 });
  return { data: await img.toBuffer(), type: MIME[req.format] };
}
