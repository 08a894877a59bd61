// GET /media/*: site images (logos, hero and banner images, uploads) from DATA_DIR/media.
// The path is resolved strictly inside that folder: '..', dot-files, backslashes and NUL are refused
// (400), and a symlink leading outside is treated as absent (404).
import type { FastifyInstance } from 'fastify';
import { createReadStream, mkdirSync, realpathSync } from 'node:fs';
import { Readable } from 'node:stream';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { badRequest, notFound } from '../errors';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.json': 'application/json; charset=utf-8',
};

// A week: long enough to spare the network, short enough that a logo replaced under the same name shows.
// Revalidation with the ETag is cheap after that.
const CACHE_CONTROL = 'public, max-age=604800';

export default async function mediaRoutes(app: FastifyInstance) {
  const root = resolve(app.config.dataDir, 'media');
  mkdirSync(root, { recursive: true });
  const realRoot = realpathSync(root);

  app.get('/media/*', async (req, reply) => {
    const rel = (req.params as { '*': string })['*'] ?? '';
    if (rel === '' || rel.endsWith('/')) throw notFound('No such media file'); // folders are not listed
    const segments = rel.split('/');
    if (rel.length > 1000 || /[\u0000-\u001f\\]/.test(rel) || segments.some((s) => s === '..' || s === '.' || s.startsWith('.'))) {
      throw badRequest('Invalid media path');
    }
    const file = resolve(root, ...segments.filter(Boolean));
    if (!file.startsWith(root + sep)) throw badRequest('Invalid media path');
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      throw notFound('No such media file');
    }
    if (!real.startsWith(realRoot + sep)) throw notFound('No such media file');
    const info = await stat(real).catch(() => null);
    if (!info?.isFile()) throw notFound('No such media file');

    const etag = `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('etag', etag)
      .header('last-modified', info.mtime.toUTCString())
      // An uploaded SVG opened directly must not run script in our origin.
      .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.type(TYPES[extname(real).toLowerCase()] ?? 'application/octet-stream').header('content-length', info.size);
    if (req.method === 'HEAD') return reply.send(Readable.from([])); // a stream keeps our Content-Length; nothing would say 0
    return reply.send(createReadStream(real));
  });
}
