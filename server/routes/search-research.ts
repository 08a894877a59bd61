// Research data (issue #37): GET /Api/Search/Trend and GET /Api/Search/Export take exactly the /search query
// string (read by the same parser as /Api/Search and the screen) plus their own parameters, for the
// request's site only (its collection, as a search has it).
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseSearchParams } from '../../contract/search/query';
import { DEFAULT_EXPORT_MAX_ROWS, parseExportOptions, parseTrendOptions, searchParamsOf, type ExportFormat } from '../../contract/search/research';
import { SiteResolver } from '../services/site-resolve';
import { canonicalOrigin } from '../services/canonical-origin';
import { exportText, prepareExport, runTrend, searchAddress } from '../services/search/research';
import { apiRoute } from './api-registry';
import { rawQuery, searchQuerySchema } from './search-schema';
import { SEARCH_CACHE_CONTROL } from './search';

const trendQuery = searchQuerySchema.extend({
  by: searchQuerySchema.shape.by.describe("The period: 'year' (default) or 'month'. A year (1887) is the search's one-year filter, as on /search"),
  per: z
    .enum(['year', 'month'], { error: "'per' must be year or month" })
    .optional()
    .describe('The period (same as by=year|month, for a query that also filters one year with by)'),
  split: z
    .enum(['title'], { error: "'split' must be title" })
    .optional()
    .describe('title: each period also split by title (the 8 with most matches, then Other)'),
});

const period = z.object({
  period: z.string().describe('YYYY or YYYY-MM'),
  count: z.number().int().describe('Matching pages in the period'),
  held: z.number().int().describe("Pages the archive holds in the period within the query's filters (the denominator)"),
  split: z.array(z.number().int()).optional().describe('With split=title: the counts of each of `series`'),
});
const trendResponse = z.object({
  by: z.enum(['year', 'month']),
  total: z.number().int().describe("The search's total: the periods' counts add up to it"),
  points: z.array(period),
  series: z.array(z.object({ titleId: z.number().int().describe('0 for Other'), name: z.string() })).optional(),
  notices: z.array(z.string()).optional(),
});

const TREND = apiRoute({
  method: 'GET',
  path: '/Api/Search/Trend',
  tag: 'Search',
  summary: 'A search over time: matching pages per year or month, with the pages held then (the denominator)',
  description:
    "Takes the /search parameters (as /Api/Search). Every period in which the site holds pages within the query's filters is listed, " +
    "oldest first, with 0 where none match; the counts add up to the search's total.",
  query: trendQuery,
  responses: { 200: { description: 'TrendResponse (contract/search/research.ts)', schema: trendResponse } },
  example: '/Api/Search/Trend?k=telegram&by=year',
});

const exportQuery = searchQuerySchema.extend({
  format: z
    .enum(['csv', 'jsonl', 'ris', 'bibtex'], { error: "'format' must be csv, jsonl, ris or bibtex" })
    .optional()
    .describe('csv (default), jsonl, ris, bibtex'),
  text: z.enum(['0', '1'], { error: "'text' must be 0 or 1" }).optional().describe("1: each row also carries the page's full OCR text"),
});

const EXPORT = apiRoute({
  method: 'GET',
  path: '/Api/Search/Export',
  tag: 'Search',
  summary: 'Every page a search matches, streamed in result order, as CSV, JSON Lines, RIS or BibTeX',
  description:
    'Takes the /search parameters (as /Api/Search; sort chooses the order). The first line or record states the query, the time, the ' +
    "archive's data version and the row count. One row a page: title, LCCN, date, edition, page number and sequence, the page's stable URL, " +
    'its IIIF manifest and image, the matching words, a snippet, and with text=1 the full OCR text. CSV is UTF-8 with a BOM, RFC 4180 quoted. ' +
    'A search matching more pages than the limit the operator set (EXPORT_MAX_ROWS, default 100,000) gets a 400 that says how to narrow it.',
  query: exportQuery,
  responses: {
    200: { description: 'The rows (text/csv, application/x-ndjson, application/x-research-info-systems or application/x-bibtex)', contentType: 'text/csv' },
  },
  example: '/Api/Search/Export?k=telegram&format=csv',
});

const MEDIA: Record<ExportFormat, { type: string; ext: string }> = {
  csv: { type: 'text/csv; charset=utf-8; header=present', ext: 'csv' },
  jsonl: { type: 'application/x-ndjson; charset=utf-8', ext: 'jsonl' },
  ris: { type: 'application/x-research-info-systems; charset=utf-8', ext: 'ris' },
  bibtex: { type: 'application/x-bibtex; charset=utf-8', ext: 'bib' },
};

export default async function researchRoutes(app: FastifyInstance) {
  const store = app.store;
  const sites = new SiteResolver(store);
  const maxRows = app.config.exportMaxRows ?? DEFAULT_EXPORT_MAX_ROWS;
  /** The site: the one `url` names (as /Api/Search reads it), else the request's own. */
  const siteOf = async (req: FastifyRequest, qs: URLSearchParams) => {
    const url = qs.get('url');
    return url ? sites.resolve(url, await store.meta.dataVersion()) : req.site.row;
  };

  app.get(TREND.path, async (req, reply) => {
    TREND.query!.parse(req.query);
    const qs = rawQuery(req.raw.url);
    const opts = parseTrendOptions(qs); // QueryError -> 400
    const query = parseSearchParams(searchParamsOf(qs));
    const site = await siteOf(req, qs);
    const trend = await runTrend(store, site.id, query, opts);
    return reply.header('cache-control', SEARCH_CACHE_CONTROL).type('application/json; charset=utf-8').send(JSON.stringify(trend));
  });

  app.get(EXPORT.path, async (req, reply) => {
    EXPORT.query!.parse(req.query);
    const qs = rawQuery(req.raw.url);
    const opts = parseExportOptions(qs);
    const search = searchParamsOf(qs);
    search.delete('url');
    search.delete('p');
    const query = parseSearchParams(search);
    const site = await siteOf(req, qs);
    const prepared = await prepareExport(store, site.id, query, maxRows); // over the limit: a 400 saying how to narrow
    const origin = canonicalOrigin(req);
    const media = MEDIA[opts.format];
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
    const body = Readable.from(
      exportText(store, prepared, { ...opts, origin, query: search.toString(), archive: site.name, searchUrl: searchAddress(origin, query) }),
      { objectMode: false },
    );
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="search-export-${stamp}.${media.ext}"`)
      .header('x-export-rows', String(prepared.total))
      .type(media.type)
      .send(body);
  });
}
