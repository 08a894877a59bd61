import { copyFile, mkdir, readFile, rename } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import type { Store } from '../store/types';
import { batchFilesDir } from './ingest-batch';
import { readMarcDir } from './marc';
import { dataRelative, resolveInside, safeName } from './paths';
import { parseWebVtt } from './webvtt';

const MEDIA_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.flac': 'audio/flac',
  '.webm': 'audio/webm',
};

/** Duration of a PCM WAV file from its header (byte rate and data chunk size), or null. */
export function wavDuration(buf: Buffer): number | null {
  if (buf.length < 44 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WAVE') return null;
  let byteRate = 0;
  for (let at = 12; at + 8 <= buf.length;) {
    const id = buf.toString('latin1', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    if (id === 'fmt ') byteRate = buf.readUInt32LE(at + 16);
    if (id === 'data') return byteRate ? Math.min(size, buf.length - at - 8) / byteRate : null;
    at += 8 + size + (size % 2);
  }
  return null;
}

export interface AudioItemMeta {
  title?: string;
  lccn?: string;
  date?: string;
  media?: string;
  transcript?: string;
  [key: string]: unknown;
}

/** True when the folder is an audio item (it has item.json) rather than an NDNP batch. */
export const isAudioItem = (dir: string) => existsSync(join(dir, 'item.json'));

/**
 * Loads an audio item folder (item.json, the media file, a WebVTT transcript): the media is copied into
 * DATA_DIR, the cues stored so the transcript is searchable. The item is its own batch (purge by folder name).
 */
export async function ingestAudio(store: Store, dataDir: string, itemDir: string, opts: { marcDir?: string } = {}) {
  const root = resolve(itemDir);
  const uid = safeName(basename(root));
  const meta = JSON.parse(await readFile(join(root, 'item.json'), 'utf8')) as AudioItemMeta;
  const mediaSrc = resolveInside(root, root, String(meta.media ?? 'audio.wav'));
  if (!existsSync(mediaSrc)) throw new Error(`Media file missing: ${mediaSrc}`);
  const vttSrc = meta.transcript ? resolveInside(root, root, String(meta.transcript)) : null;
  const cues = vttSrc && existsSync(vttSrc) ? parseWebVtt(await readFile(vttSrc, 'utf8')) : [];
  const warnings: string[] = [];
  if (!cues.length) warnings.push('No transcript cues: the item will not be found by text search');

  const lccn = typeof meta.lccn === 'string' ? meta.lccn : null;
  if (lccn && opts.marcDir) {
    const rec = readMarcDir(resolve(opts.marcDir), warnings).get(lccn);
    if (rec) await store.ingest.upsertTitle(rec);
  }
  if (lccn && (await store.ingest.titleIdByLccn(lccn)) === null) warnings.push(`Title ${lccn} is not loaded: the item is stored without a title link`);

  const batchId = await store.ingest.beginBatch(uid, root);
  const outDir = batchFilesDir(dataDir, uid);
  await mkdir(outDir, { recursive: true });
  const dest = join(outDir, basename(mediaSrc));
  await copyFile(mediaSrc, `${dest}.part`);
  await rename(`${dest}.part`, dest);
  if (vttSrc && existsSync(vttSrc)) await copyFile(vttSrc, join(outDir, basename(vttSrc)));
  const media = await readFile(mediaSrc);
  const ext = extname(mediaSrc).toLowerCase();
  const duration = (ext === '.wav' ? wavDuration(media) : null) ?? (cues.length ? cues[cues.length - 1].end : null);
  await store.ingest.writeAudio(batchId, {
    uid,
    lccn,
    label: String(meta.title ?? uid),
    dateIssued: typeof meta.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(meta.date) ? meta.date : null,
    mediaPath: dataRelative(dataDir, dest),
    mediaType: MEDIA_TYPES[ext] ?? 'application/octet-stream',
    duration,
    cues,
    meta,
  });
  const report = { batch: uid, kind: 'audio', uid, cues: cues.length, duration, warnings };
  await store.ingest.finishBatch(batchId, 'complete', report);
  return report;
}
