// Downloads of a page's files and audio media:
//   GET /Api/Files/page/:uid/pdf | alto | text     (the page's PDF, its ALTO XML, its plain OCR text)
//   GET /Api/Files/audio/:uid[/media]              (an audio item's media, with Range for seeking)
//   GET /Api/Files/audio/:uid/vtt                  (its transcript as WebVTT, for captions and IIIF AV viewers)
// Files are served from DATA_DIR only, by the paths ingest stored; byte ranges are honoured for all.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, normalize } from 'node:path';
import { HttpError, notFound } from '../errors';
import { apiRoute } from './api-registry';
import { buildWebVtt } from '../presentation/audio-manifest';
import { CorrectionService } from '../services/corrections/service';
import { correctedAlto } from '../services/corrections/alto-corrected';

const CACHE = 'public, max-age=86400';

/**
 * What a HEAD answer sends: an empty stream. Fastify's HEAD route keeps the Content-Length we set when the
 * payload is a stream, but writes the length of a string or Buffer ('' = 0) over it.
 */
const headBody = () => Readable.from([]);

const downloadQuery = z.object({ download: z.string().max(10).optional().describe('Any value: answer as an attachment (Content-Disposition)') });
const PAGE_FILE = apiRoute({
  method: 'GET',
  path: '/Api/Files/page/:uid/:kind',
  tag: 'Files',
  summary: "A page's PDF, ALTO XML or plain OCR text (byte ranges; HEAD gives the length)",
  params: z.object({
    uid: z.string().min(1).max(300).describe('Page id: {lccn}-{YYYY-MM-DD}-ed{edition}-seq{sequence}'),
    kind: z.string().regex(/^(pdf|alto|text)$/i, "Unknown file kind: use 'pdf', 'alto' or 'text'"),
  }),
  query: downloadQuery.extend({
    version: z
      .enum(['original', 'corrected'])
      .optional()
      .describe(
        "alto and text (issue #23): 'corrected' gives the page with visitors' published corrections (ALTO: the String CONTENT of corrected lines rewritten; text: each corrected line in place of its OCR line); default the original",
      ),
  }),
  responses: {
    200: { description: 'The file', contentType: 'application/octet-stream' },
    206: { description: 'The requested byte range' },
    404: { description: 'No such page, or it has no such file' },
    416: { description: 'Requested range not satisfiable' },
  },
  example: '/Api/Files/page/sn99021999-1887-03-03-ed1-seq1/pdf',
});
const audioParams = z.object({ uid: z.string().min(1).max(300).describe('Audio item id') });
const audioResponses = {
  200: { description: 'The audio media', contentType: 'application/octet-stream' },
  206: { description: 'The requested byte range' },
  404: { description: 'No such audio item' },
};
const audioRoute = (path: string, summary: string) =>
  apiRoute({ method: 'GET', path, tag: 'Files', summary, params: audioParams, query: downloadQuery, responses: audioResponses });
const AUDIO = audioRoute('/Api/Files/audio/:uid', "An audio item's media (byte ranges for seeking)");
const AUDIO_MEDIA = audioRoute('/Api/Files/audio/:uid/media', 'The same media under the path the IIIF AV manifest links');
const AUDIO_VTT = apiRoute({
  method: 'GET',
  path: '/Api/Files/audio/:uid/vtt',
  tag: 'Files',
  summary: "An audio item's transcript as WebVTT (text/vtt)",
  params: audioParams,
  query: downloadQuery,
  responses: { 200: { description: 'text/vtt' }, 404: { description: 'No such audio item' } },
});

/** Parses a single 'bytes=' range against a file size; null = ignore (serve whole), 'unsatisfiable' = 416. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = header.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (!m[1] && !m[2])) return null; // several ranges or another unit: the whole file is a valid answer
  let start: number;
  let end: number;
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  }
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

async function sendFile(req: FastifyRequest, reply: FastifyReply, dataDir: string, relPath: string | null, type: string, filename: string) {
  if (!relPath) throw notFound('This file is not available for this item');
  const rel = normalize(relPath);
  if (isAbsolute(rel) || rel.startsWith('..')) throw notFound('This file is not available for this item');
  const abs = join(dataDir, rel);
  const info = await stat(abs).catch(() => null);
  if (!info?.isFile()) throw notFound('This file is not available for this item');
  const etag = `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  reply
    .header('cache-control', CACHE)
    .header('etag', etag)
    .header('last-modified', info.mtime.toUTCString())
    .header('accept-ranges', 'bytes')
    .header('access-control-allow-origin', '*')
    .header('content-disposition', `${(req.query as { download?: string }).download ? 'attachment' : 'inline'}; filename="${filename}"`)
    .type(type);
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  const range = parseRange(req.headers.range, info.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${info.size}`);
    throw new HttpError(416, 'Requested range not satisfiable');
  }
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(req.method === 'HEAD' ? headBody() : createReadStream(abs, { start: range.start, end: range.end }));
  }
  reply.header('content-length', info.size);
  return reply.send(req.method === 'HEAD' ? headBody() : createReadStream(abs));
}

const safeFile = (uid: string) => uid.replace(/[^A-Za-z0-9._-]/g, '_');

export default async function fileRoutes(app: FastifyInstance) {
  const dataDir = app.config.dataDir;
  const corrections = new CorrectionService(app.store);

  /** The ALTO with visitors' published corrections (built per request: it changes with every correction). */
  const sendCorrectedAlto = async (req: FastifyRequest, reply: FastifyReply, uid: string, altoPath: string | null) => {
    const abs = altoPath && !isAbsolute(altoPath) && !normalize(altoPath).startsWith('..') ? join(dataDir, altoPath) : null;
    const xml = abs ? await readFile(abs, 'utf8').catch(() => null) : null;
    if (xml === null) throw notFound('This page has no ALTO file.');
    return reply
      .header('cache-control', 'no-cache')
      .header('access-control-allow-origin', '*')
      .header('content-disposition', `${(req.query as { download?: string }).download ? 'attachment' : 'inline'}; filename="${safeFile(uid)}-corrected.xml"`)
      .type('application/xml; charset=utf-8')
      .send(correctedAlto(xml, await corrections.correctedLines(uid)));
  };

  /** The plain text with visitors' published corrections (built per request, as the corrected ALTO). */
  const sendCorrectedText = async (req: FastifyRequest, reply: FastifyReply, uid: string) =>
    reply
      .header('cache-control', 'no-cache')
      .header('access-control-allow-origin', '*')
      .header('content-disposition', `${(req.query as { download?: string }).download ? 'attachment' : 'inline'}; filename="${safeFile(uid)}-corrected.txt"`)
      .type('text/plain; charset=utf-8')
      .send(await corrections.correctedText(uid));

  app.get(PAGE_FILE.path, { compress: false }, async (req, reply) => {
    const { uid, kind } = PAGE_FILE.params!.parse(req.params);
    const { version } = PAGE_FILE.query!.parse(req.query);
    const k = kind.toLowerCase();
    const files = await app.store.ingest.pageFiles(uid);
    if (!files) throw notFound(`No page with id '${uid}'`);
    if (k === 'alto' && version === 'corrected') return sendCorrectedAlto(req, reply, uid, files.altoPath);
    if (k === 'text' && version === 'corrected') return sendCorrectedText(req, reply, uid);
    if (k === 'pdf') return sendFile(req, reply, dataDir, files.pdfPath, 'application/pdf', `${safeFile(uid)}.pdf`);
    if (k === 'alto') return sendFile(req, reply, dataDir, files.altoPath, 'application/xml; charset=utf-8', `${safeFile(uid)}.xml`);
    const text = await app.store.viewer.text(uid);
    if (text === null) throw notFound(`No page with id '${uid}'`);
    return reply
      .header('cache-control', CACHE)
      .header('access-control-allow-origin', '*')
      .header('content-disposition', `${(req.query as { download?: string }).download ? 'attachment' : 'inline'}; filename="${safeFile(uid)}.txt"`)
      .type('text/plain; charset=utf-8')
      .send(text);
  });

  const audio = async (req: FastifyRequest, reply: FastifyReply) => {
    const { uid } = AUDIO.params!.parse(req.params);
    AUDIO.query!.parse(req.query);
    const media = await app.store.ingest.audioMedia(uid);
    if (!media) throw notFound(`No audio item with id '${uid}'`);
    const ext = media.mediaPath.split('.').pop() ?? 'bin';
    return sendFile(req, reply, dataDir, media.mediaPath, media.mediaType, `${safeFile(uid)}.${ext}`);
  };
  app.get(AUDIO.path, { compress: false }, audio);
  app.get(AUDIO_MEDIA.path, { compress: false }, audio);
  app.get(AUDIO_VTT.path, async (req, reply) => {
    const { uid } = AUDIO_VTT.params!.parse(req.params);
    AUDIO_VTT.query!.parse(req.query);
    const item = await app.store.viewer.audio(uid);
    if (!item) throw notFound(`No audio item with id '${uid.slice(0, 100)}'`);
    return reply
      .header('cache-control', CACHE)
      .header('access-control-allow-origin', '*')
      .header('content-disposition', `inline; filename="${safeFile(uid)}.vtt"`)
      .type('text/vtt; charset=utf-8')
      .send(buildWebVtt(item));
  });
}
