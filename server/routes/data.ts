// Bulk data for harvesters (issue #37): /data/batches (HTML, or JSON when asked for), /data/batches.json,
// the Atom feed /data/batches.atom, the dump files under /data/batches/<batch>/<file>, and the same list
// in the API (/Api/Data/Batches). Dumps are built in the background (services/dumps/upkeep.ts), never here.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../errors';
import { dumpDir } from '../services/dumps/build';
import { batchListing, DATA_FEED_PATH, DATA_JSON_PATH, DATA_PATH, listingFeed, listingHtml, siteDump } from '../services/dumps/listing';
import { apiRoute } from './api-registry';

const batchName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._-]+$/, 'A batch name has letters, digits, dots, dashes and underscores only.');
const fileName = z
  .string()
  .min(1)
  .max(250)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'A dump file name has letters, digits, dots, dashes and underscores only.');
const SINCE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const listQuery = z.object({
  since: z
    .string({ error: "'since' must be given once" })
    .max(40, "'since' is too long")
    .refine((v) => SINCE.test(v) && !Number.isNaN(Date.parse(v)), "'since' must be an ISO 8601 date or date and time, like 2026-11-01 or 2026-11-01T00:00:00Z")
    .transform((v) => new Date(v).toISOString())
    .optional()
    .describe('Only dumps built at or after this time (for incremental mirroring)'),
});

const fileSchema = z.object({ name: z.string(), kind: z.enum(['text', 'alto', 'manifest']), bytes: z.number().int(), sha256: z.string(), url: z.string() });
const batchSchema = z.object({
  batch: z.string(),
  loadedAt: z.string().describe('When the batch finished loading'),
  builtAt: z.string().describe('When its dump was built'),
  issues: z.number().int(),
  pages: z.number().int(),
  dateFirst: z.string().nullable(),
  dateLast: z.string().nullable(),
  titles: z.array(z.object({ lccn: z.string(), name: z.string() })),
  bytes: z.number().int().describe('Total size of the dump files'),
  files: z.array(fileSchema),
});
const listingSchema = z.object({
  site: z.string(),
  licence: z.string().describe("The licence statement from the site's settings"),
  updated: z.string().nullable(),
  html: z.string(),
  json: z.string(),
  feed: z.string(),
  batches: z.array(batchSchema),
});

const LIST = apiRoute({
  method: 'GET',
  path: '/Api/Data/Batches',
  tag: 'Discovery',
  summary: "Bulk data: the site's batches with their OCR dumps (plain text and ALTO tar.gz), sizes, SHA-256 checksums and licence",
  description: `The same list as ${DATA_JSON_PATH}; ${DATA_PATH} is its HTML page and ${DATA_FEED_PATH} its Atom feed.`,
  query: listQuery,
  responses: { 200: { description: 'The batch dumps', schema: listingSchema } },
  example: '/Api/Data/Batches',
});
const ONE = apiRoute({
  method: 'GET',
  path: '/Api/Data/Batches/:batch',
  tag: 'Discovery',
  summary: "One batch's dump: titles, dates, pages, files with sizes and SHA-256 checksums",
  params: z.object({ batch: batchName }),
  responses: { 200: { description: 'The batch dump', schema: batchSchema }, 404: { description: 'No dump of that batch on this site' } },
});

const LIST_CACHE = 'public, max-age=300';

export default async function dataRoutes(app: FastifyInstance) {
  const store = app.store;
  const listing = (req: FastifyRequest, since?: string) => batchListing(store, req.site.row, req.site.origin, since);
  const sendJson = async (req: FastifyRequest, reply: FastifyReply) => {
    const { since } = LIST.query!.parse(req.query);
    const body = await listing(req, since);
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', LIST_CACHE)
      .header('access-control-allow-origin', '*')
      .send(JSON.stringify(body));
  };

  app.get(LIST.path, sendJson);
  app.get(DATA_JSON_PATH, sendJson);

  app.get(ONE.path, async (req, reply) => {
    const { batch } = ONE.params!.parse(req.params);
    const all = await listing(req);
    const found = all.batches.find((b) => b.batch === batch);
    if (!found) throw notFound(`No dump of batch '${batch}' on this site.`);
    return reply.header('cache-control', LIST_CACHE).header('access-control-allow-origin', '*').send(found);
  });

  app.get(DATA_PATH, async (req, reply) => {
    // A client that asks for JSON (and not HTML) gets the JSON list at the same address.
    const accept = String(req.headers.accept ?? '');
    if (/application\/json/i.test(accept) && !/text\/html/i.test(accept)) return sendJson(req, reply);
    const { since } = LIST.query!.parse(req.query);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', LIST_CACHE)
      .header('vary', 'Accept')
      .send(listingHtml(await listing(req, since)));
  });

  app.get(DATA_FEED_PATH, async (req, reply) => {
    return reply
      .type('application/atom+xml; charset=utf-8')
      .header('cache-control', LIST_CACHE)
      .send(listingFeed(await listing(req)));
  });

  app.get(`${DATA_PATH}/:batch/:file`, async (req, reply) => {
    const { batch, file } = z.object({ batch: batchName, file: fileName }).parse(req.params);
    const dump = await siteDump(store, req.site.row, batch);
    const entry = dump?.files.find((f) => f.name === file);
    if (!dump || !entry) throw notFound(`No dump file '${file}' of batch '${batch}' on this site.`);
    const path = join(dumpDir(app.config.dataDir, dump.batch), entry.name);
    const info = await stat(path).catch(() => null);
    if (!info) throw notFound(`The dump file '${file}' is being rebuilt; try again shortly.`);
    reply
      .type(entry.kind === 'manifest' ? 'text/plain; charset=utf-8' : 'application/gzip')
      .header('content-length', String(info.size))
      .header('etag', `"${entry.sha256}"`)
      .header('cache-control', 'public, max-age=3600')
      .header('content-disposition', `attachment; filename="${entry.name}"`);
    if (req.headers['if-none-match'] === `"${entry.sha256}"`) return reply.status(304).send();
    if (req.method === 'HEAD') return reply.send();
    return reply.send(createReadStream(path));
  });
}
